import { useCallback, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { ROUTES, useAuth, useDocumentTitle } from '@embark/shared-ui';
import { AUTH_TEXT, REGISTER_MESSAGES } from '@embark/shared-ui/page-text/auth';
import { AuthScreen, authApi, InitialisationFailed, landingPathFor, useSessionControl, type AuthApi, type Session } from '../../auth';
import { RegisterForm } from './components/RegisterForm';

export interface RegisterPageProps {
  /** The account calls (tests pass a fake). */
  api?: AuthApi;
}

/** `/register` (docs/product.md#registration): account creation; on success the new user lands in their area, welcomed. */
export default function RegisterPage({ api = authApi }: RegisterPageProps) {
  useDocumentTitle(AUTH_TEXT.registerHeading);
  const { status, user } = useAuth();
  const { establishSession } = useSessionControl();
  const navigate = useNavigate();
  const [initialisationFailed, setInitialisationFailed] = useState(false);
  const onRegistered = useCallback(
    async (session: Session) => {
      const established = await establishSession(session, REGISTER_MESSAGES.welcome(session.user.name));
      if (established.ok) return;
      // The account exists but its first session was refused and has been ended and announced:
      // signing in is the way on (registering again would only say the email is taken).
      if (established.sessionRefused) void navigate(ROUTES.login, { replace: true });
      else setInitialisationFailed(true);
    },
    [establishSession, navigate],
  );

  // Guests only: a signed-in user is sent on to their area.
  if (status === 'authenticated' && user) return <Navigate to={landingPathFor(user)} replace />;

  return (
    <AuthScreen>
      {initialisationFailed ? <InitialisationFailed flow="register" /> : <RegisterForm api={api} onRegistered={onRegistered} />}
    </AuthScreen>
  );
}
