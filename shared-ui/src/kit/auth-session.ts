/**
 * The stored session (auth token and user data, docs/product.md#sessions) and the two hooks every
 * client shares: "the server says this session is over" (401/403 on REST, UNAUTHENTICATED on
 * GraphQL) and "the session has ended" (sign-out or expiry, so caches can be dropped).
 */
import type { SessionUser } from '../contracts/session';
import { logAuthEvent } from './auth-debug-log';
import { clearPrivateBrowserData } from './private-data';
import { readAuthToken, readSessionItem, STORAGE_KEYS, writeSessionItem } from './storage';

/**
 * Sign-in and registration wait 50-100 ms after storing the token, so storage has settled before the
 * first guarded page reads it.
 */
export const SESSION_SETTLE_MS = 75;

export interface StoredSession {
  token: string | null;
  user: SessionUser | null;
}

export function readStoredSession(): StoredSession {
  return { token: readAuthToken(), user: readStoredUser() };
}

/** The stored user, or null when absent or not shaped like one (e.g. written by an old build). */
export function readStoredUser(): SessionUser | null {
  try {
    const raw = readSessionItem(STORAGE_KEYS.authUser);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isSessionUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'number' && typeof v.name === 'string' && typeof v.email === 'string' && typeof v.role_id === 'number';
}

export function storeSession(token: string, user: SessionUser): void {
  writeSessionItem(STORAGE_KEYS.authToken, token);
  writeSessionItem(STORAGE_KEYS.authUser, JSON.stringify(user));
}

export function storeSessionUser(user: SessionUser): void {
  writeSessionItem(STORAGE_KEYS.authUser, JSON.stringify(user));
}

/**
 * Swaps in the fresh token the gateway returns after a password or two-factor change: the change
 * revokes every earlier token of the account, this session's included, so the old one would now
 * answer 401. `replacing` is the token the change was sent with: when this browser no longer holds
 * it (signed out, or another user signed in, while the change was under way) nothing is stored, and
 * the answer is false: a late answer must not sign a shared computer back in. Without `replacing`
 * (a caller built before it existed) the token is stored as before.
 */
export function replaceSessionToken(token: string, reason: string, replacing?: string | null): boolean {
  if (replacing !== undefined && readAuthToken() !== replacing) return false;
  writeSessionItem(STORAGE_KEYS.authToken, token);
  logAuthEvent('session.token_replaced', { token, details: { reason } });
  return true;
}

/**
 * Removes the stored token, user and app-initialised marker, nothing else: for a stored session
 * that was never valid. A session that ends goes through endStoredSession, which clears more.
 */
export function clearStoredSession(): void {
  for (const key of [STORAGE_KEYS.authToken, STORAGE_KEYS.authUser, STORAGE_KEYS.appInitialised]) writeSessionItem(key, null);
}

/** Why the client believes the session is over. */
export interface SessionExpiredEvent {
  source: 'rest' | 'graphql';
  /** HTTP status, when there was one. */
  status?: number;
  /** GraphQL `extensions.code`, when that was the signal. */
  code?: string;
  /** Request path or GraphQL operation name, for the debug log. */
  target?: string;
  /**
   * The token the refused request carried (kept in memory only, never logged): a late answer to a
   * request of an earlier session must not end the session that replaced it.
   */
  token?: string;
}

export type SessionExpiryHandler = (event: SessionExpiredEvent) => void;
export type SessionEndedListener = () => void;

// Module state is page state: shared-ui is one Module Federation singleton (its subpaths too), so
// the shell and both remotes report to the handler the shell installed (docs/bundles.md).
let expiryHandler: SessionExpiryHandler | null = null;
const endedListeners = new Set<SessionEndedListener>();

/**
 * Installs the app's reaction to an expired session (the shell: clear, toast, go to /login).
 * Returns a function that removes it again, if it is still the installed one.
 */
export function setSessionExpiryHandler(handler: SessionExpiryHandler): () => void {
  expiryHandler = handler;
  return () => {
    if (expiryHandler === handler) expiryHandler = null;
  };
}

/** A 401 or 403 answer, from any client, ends the session (docs/product.md#session-expiry). */
export function endsSession(status: number): boolean {
  return status === 401 || status === 403;
}

/**
 * Ends the session in this browser (sign-out or expiry): the stored token and user go, the user's
 * private data goes unless they keep drafts on this device (private-data.ts), and every
 * session-ended listener (caches) runs.
 */
export function endStoredSession(): void {
  const userId = readStoredUser()?.id ?? null;
  clearStoredSession();
  clearPrivateBrowserData(userId);
  notifySessionEnded();
}

/**
 * Reports that the server refused this session. Without an installed handler (a remote running
 * alone in development) the stored session is still cleared, so the next request goes out anonymous.
 */
export function notifySessionExpired(event: SessionExpiredEvent): void {
  if (expiryHandler) {
    expiryHandler(event);
    return;
  }
  logAuthEvent('session.expired', { details: { source: event.source, status: event.status, code: event.code, target: event.target, handled: false } });
  endStoredSession();
}

/** Subscribes to the end of a session (sign-out or expiry), e.g. to drop a cache of user data. */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  endedListeners.add(listener);
  return () => {
    endedListeners.delete(listener);
  };
}

export function notifySessionEnded(): void {
  for (const listener of [...endedListeners]) {
    try {
      listener();
    } catch (error) {
      console.error('[embark] session-ended listener failed:', error);
    }
  }
}

