import { useCallback, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth, useDocumentTitle } from '@embark/shared-ui';
import { AUTH_TEXT } from '@embark/shared-ui/page-text/auth';
import { AuthScreen, authApi, InitialisationFailed, landingPathFor, useSessionControl, type AuthApi, type Session, type SignInResult, type TwoFactorChallenge } from '../../auth';
import { CredentialsForm } from './components/CredentialsForm';
import { TwoFactorForm } from './components/TwoFactorForm';
import './login.css';

type Step = { name: 'credentials'; focus: 'email' | 'password'; error?: string } | { name: 'twoFactor'; challenge: TwoFactorChallenge };

export interface LoginPageProps {
  /** The account calls (tests pass a fake). */
  api?: AuthApi;
}

/** The confirmation another screen hands over with the navigation (`state.notice`), if any. */
function noticeOf(state: unknown): string | null {
  const notice = typeof state === 'object' && state !== null ? (state as { notice?: unknown }).notice : undefined;
  return typeof notice === 'string' && notice !== '' ? notice : null;
}

/**
 * `/login` (docs/product.md#sessions): email and password, then the two-factor step when the account needs it; the
 * way to 'Forgot password?'; a confirmation handed over by the screen before (a password just reset).
 */
export default function LoginPage({ api = authApi }: LoginPageProps) {
  useDocumentTitle(AUTH_TEXT.signIn);
  const notice = noticeOf(useLocation().state);
  const { status, user } = useAuth();
  const { establishSession } = useSessionControl();
  const [email, setEmail] = useState('');
  const [step, setStep] = useState<Step>({ name: 'credentials', focus: 'email' });
  const [initialisationFailed, setInitialisationFailed] = useState(false);

  const signIn = useCallback(
    async (session: Session) => {
      const established = await establishSession(session, AUTH_TEXT.welcomeBack(session.user.name));
      if (established.ok) return;
      // A refused session has already been ended and announced: back to the credentials for another try.
      if (established.sessionRefused) setStep({ name: 'credentials', focus: 'password' });
      else setInitialisationFailed(true);
    },
    [establishSession],
  );

  const onSignedIn = useCallback(
    async (result: SignInResult) => {
      if (result.kind === 'twoFactor') setStep({ name: 'twoFactor', challenge: result.challenge });
      else await signIn(result.session);
    },
    [signIn],
  );

  // Guests only: a signed-in user is sent on to their area.
  if (status === 'authenticated' && user) return <Navigate to={landingPathFor(user)} replace />;

  return (
    <AuthScreen>
      {initialisationFailed ? (
        <InitialisationFailed flow="login" />
      ) : step.name === 'credentials' ? (
        <CredentialsForm api={api} email={email} onEmailChange={setEmail} onSignedIn={onSignedIn} initialFocus={step.focus} notice={notice} error={step.error} />
      ) : (
        <TwoFactorForm
          api={api}
          challenge={step.challenge}
          onVerified={signIn}
          onBack={() => setStep({ name: 'credentials', focus: 'password' })}
          onSignInOver={(message) => setStep({ name: 'credentials', focus: 'password', error: message })}
        />
      )}
    </AuthScreen>
  );
}
