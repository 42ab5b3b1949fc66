import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { ROUTES } from '@embark/shared-ui';
import { REGISTER_MESSAGES } from '@embark/shared-ui/page-text/auth';
import type { Session } from '../auth-api';
import { useSessionControl } from '../session-control';

/**
 * A new account's first session (registration, an accepted invitation): signed in and welcomed
 * with the registration toast (docs/product.md#registration). When the user's data cannot be loaded
 * the screen shows the initialisation failure; when the new session is refused at once it has been
 * ended and announced, and signing in is the way on (the account exists).
 */
export function useNewAccountSession(): { initialisationFailed: boolean; start(session: Session): Promise<void> } {
  const { establishSession } = useSessionControl();
  const navigate = useNavigate();
  const [initialisationFailed, setInitialisationFailed] = useState(false);
  const start = useCallback(
    async (session: Session) => {
      const established = await establishSession(session, REGISTER_MESSAGES.welcome(session.user.name));
      if (established.ok) return;
      if (established.sessionRefused) void navigate(ROUTES.login, { replace: true });
      else setInitialisationFailed(true);
    },
    [establishSession, navigate],
  );
  return { initialisationFailed, start };
}
