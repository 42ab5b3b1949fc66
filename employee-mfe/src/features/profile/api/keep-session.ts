import { readAuthToken, replaceSessionToken, type ApiClient } from '@embark/shared-ui';

/**
 * Sends a security change (two-factor, a new password) and keeps the session going: the change
 * revokes the account's earlier tokens, this session's included, and answers with a fresh one,
 * stored at once or the next request would be refused as an expired session (docs/auth-client.md).
 * When this browser signed out (or another user signed in) while the change was under way, the
 * fresh token is not stored but ended on the server: nobody here holds that session any more.
 */
export async function keepingSession<T extends { token?: unknown }>(client: ApiClient, reason: string, send: () => Promise<T>): Promise<T> {
  // Read in the same turn as `send` reads it for the request.
  const sentWith = readAuthToken();
  const answer = await send();
  const { token } = answer;
  // `=== false`: an older shell's shared-ui stores the token and answers nothing, which is not a refusal.
  if (typeof token === 'string' && token !== '' && replaceSessionToken(token, reason, sentWith) === false) {
    // Best-effort: if this fails the session still ends at its idle timeout.
    void client
      .post<unknown>('/auth/logout', undefined, { headers: { Authorization: `Bearer ${token}` }, reportSessionExpiry: false })
      .catch(() => undefined);
  }
  return answer;
}
