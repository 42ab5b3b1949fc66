/**
 * The calls of a session already held: who is signed in, and signing out. The shell's first paint
 * carries these; the sign-in calls are `auth-api.ts`, loaded with the sign-in screens only
 * (docs/bundles.md).
 */
import { apiClient, isSessionUser, type ApiClient, type SessionUser } from '@embark/shared-ui';

/** Options of the public account calls: a refusal there is an answer, not an expired session. */
export const PUBLIC = { reportSessionExpiry: false } as const;

export function createSessionApi(client: ApiClient = apiClient) {
  return {
    /** `GET /auth/me`. The caller decides what a refusal means, so it is not reported as expiry here. */
    async currentUser(): Promise<SessionUser> {
      const user = await client.get<unknown>('/auth/me', PUBLIC);
      if (!isSessionUser(user)) throw new Error('GET /auth/me did not return a user');
      return user;
    },

    /** Revokes the token on the server (docs/product.md#sessions). */
    async signOut(): Promise<void> {
      await client.post<unknown>('/auth/logout', undefined, PUBLIC);
    },
  };
}

export type SessionApi = ReturnType<typeof createSessionApi>;

export const sessionApi: SessionApi = createSessionApi();
