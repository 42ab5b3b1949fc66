// The shell's session: provider, account calls and the sign-in screens' building blocks.
export { AuthProvider } from './AuthProvider';
export { initialiseSession, runAppInitialisation, SessionController } from './session-controller';
export type { AuthState, RunInitialisation, SessionEnvironment } from './session-controller';
export { authApi, createAuthApi } from './auth-api';
export { registerErrorMessage, signInErrorMessage, twoFactorErrorMessage } from './auth-errors';
export type { AuthApi, RegistrationInput, Session, SignInResult } from './auth-api';
export { landingPathFor } from './landing';
export { useSessionControl, SessionControlContext } from './session-control';
export type { EstablishedSession, SessionControl } from './session-control';
export { AuthScreen } from './ui/AuthScreen';
export { TextField, PasswordField, SelectField } from './ui/fields';
export { FormAlert } from './ui/FormAlert';
export { AuthForm } from './ui/AuthForm';
export { useAccountSubmit, useTouchedFields } from './ui/account-form';
export { InitialisationFailed } from './ui/InitialisationFailed';
