import { useContext } from 'react';
import { AuthContext, readStoredUser } from '@embark/shared-ui';

/**
 * Whose drafts these are: the shell's signed-in user, or (the standalone dev page has no
 * AuthProvider) the user stored with the session. Null when nobody is signed in.
 */
export function useCurrentUserId(): number | null {
  const auth = useContext(AuthContext);
  return auth?.user?.id ?? readStoredUser()?.id ?? null;
}
