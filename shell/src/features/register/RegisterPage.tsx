import { useCallback } from 'react';
import { Navigate } from 'react-router';
import { LoadingState, ROUTES, useAuth, useDocumentTitle } from '@embark/shared-ui';
import { ACCOUNT_TEXT, AUTH_TEXT, REGISTRATION_POLICY_TEXT } from '@embark/shared-ui/page-text/auth';
import { accountApi, AuthNotice, AuthScreen, authApi, InitialisationFailed, landingPathFor, useLoaded, useNewAccountSession, type AccountApi, type AuthApi } from '../../auth';
import { RegisterForm } from './components/RegisterForm';

export interface RegisterPageProps {
  /** The account calls (tests pass a fake). */
  api?: AuthApi;
  /** Who may register (tests pass a fake). */
  account?: AccountApi;
}

/**
 * `/register` (docs/product.md#registration): account creation; on success the new user lands in their area, welcomed.
 * Who may register is asked first: invitation only shows that instead of a form that could only fail;
 * company domains shows the form with the domains. When the policy cannot be read the form is shown
 * (the server still decides).
 */
export default function RegisterPage({ api = authApi, account = accountApi }: RegisterPageProps) {
  useDocumentTitle(AUTH_TEXT.registerHeading);
  const { status, user } = useAuth();
  const { initialisationFailed, start } = useNewAccountSession();
  const loadPolicy = useCallback(() => account.registrationPolicy(), [account]);
  const { state: policy } = useLoaded(loadPolicy);

  // Guests only: a signed-in user is sent on to their area.
  if (status === 'authenticated' && user) return <Navigate to={landingPathFor(user)} replace />;

  const known = policy.status === 'loaded' ? policy.value : null;
  let content;
  if (initialisationFailed) content = <InitialisationFailed flow="register" />;
  else if (policy.status === 'loading') content = <LoadingState label={REGISTRATION_POLICY_TEXT.checking} />;
  else if (known?.mode === 'invite') {
    content = (
      <AuthNotice
        heading={AUTH_TEXT.registerHeading}
        tone="warning"
        message={REGISTRATION_POLICY_TEXT.inviteOnly}
        help={REGISTRATION_POLICY_TEXT.inviteOnlyHelp}
        action={{ to: ROUTES.login, label: ACCOUNT_TEXT.goToSignIn }}
      />
    );
  } else content = <RegisterForm api={api} onRegistered={start} domains={known?.mode === 'domains' ? known.domains : undefined} />;

  return <AuthScreen>{content}</AuthScreen>;
}
