import { apiClient, type ApiClient } from '@embark/shared-ui';

/** One active session of the signed-in user, as `GET /auth/sessions` answers it (docs/product.md#sessions). */
export interface ActiveSession {
  id: string;
  created_at: string;
  last_seen_at: string;
  user_agent: string | null;
  ip: string | null;
  /** The session making the request: this device. */
  current: boolean;
}

/**
 * The sessions calls of Profile → Security, over REST like the rest of the security section: they load
 * only with the Profile page (the GraphQL documents of every page ship with the dashboard's chunk).
 * An id that is not one of the user's active sessions answers 404.
 */
export function createSessionsApi(client: ApiClient = apiClient) {
  return {
    async list(): Promise<ActiveSession[]> {
      return (await client.get<{ data: ActiveSession[] }>('/auth/sessions')).data;
    },
    async revoke(id: string): Promise<void> {
      await client.delete<void>(`/auth/sessions/${encodeURIComponent(id)}`);
    },
    /** Ends every session but this one; answers how many ended. */
    async revokeOthers(): Promise<number> {
      return (await client.post<{ revoked: number }>('/auth/sessions/revoke-others')).revoked;
    },
  };
}

export type SessionsApi = ReturnType<typeof createSessionsApi>;

export const sessionsApi: SessionsApi = createSessionsApi();
