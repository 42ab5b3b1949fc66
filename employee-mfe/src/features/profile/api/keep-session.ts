import { replaceSessionToken } from '@embark/shared-ui';

/**
 * Security changes (two-factor, a new password) revoke the account's earlier tokens, this session's
 * included, and answer with a fresh one: it is stored at once, or the next request would be refused
 * as an expired session (docs/auth-client.md).
 */
export function keepSession(answer: { token?: unknown }, reason: string): void {
  if (typeof answer.token === 'string' && answer.token !== '') replaceSessionToken(answer.token, reason);
}
