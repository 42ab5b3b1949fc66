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

/**
 * `api` whose first `currentUser()` is a request started now, before the first render (the shell's
 * start, when a session is stored): the session check then runs beside the page's downloads instead
 * of after them. A valid answer is handed over once `ready` has settled too (the page's code is
 * there, remotes/early-start.ts); a refusal at once. Later calls ask again.
 */
export function withEarlyCurrentUser(api: SessionApi, ready: Promise<void> = Promise.resolve()): SessionApi {
  let early: Promise<SessionUser> | null = Promise.all([api.currentUser(), ready]).then(([user]) => user);
  early.catch(() => undefined); // the session check handles it; avoid an "unhandled rejection" meanwhile
  return {
    ...api,
    currentUser() {
      const taken = early;
      early = null;
      return taken ?? api.currentUser();
    },
  };
}
