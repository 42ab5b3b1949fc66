/**
 * localStorage keys. One place, so shell and remotes agree. Every `embark.*` key is private unless
 * private-data.ts says otherwise: a new key is removed at the end of a session by default.
 */
export const STORAGE_KEYS = {
  authToken: 'embark.auth.token',
  authUser: 'embark.auth.user',
  viewedDocuments: 'embark.documents.viewed',
  /** Prefix; the full key is `${journalDraftPrefix}${userId}`. */
  journalDraftPrefix: 'embark.journal.drafts.',
  appInitialised: 'embark.app.initialised',
  authDebugLog: 'embark.auth.debugLog',
  /** Prefix; the full key is `${notificationsReadPrefix}${userId}`: ids of the header notifications read. */
  notificationsReadPrefix: 'embark.notifications.read.',
  /** Prefix; the full key is `${keepDraftsPrefix}${userId}`: the "Keep drafts on this device" choice. */
  keepDraftsPrefix: 'embark.prefs.keepDrafts.',
} as const;

/**
 * The session's items this page could not store (site data blocked, or storage full): kept in memory,
 * so a sign-in still works for this page until it is closed. Empty while storage works.
 */
const unstored = new Map<string, string>();

/** Writes (or, with null, removes) a session item; kept in memory for this page when storage refuses it. */
export function writeSessionItem(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
    unstored.delete(key);
  } catch (error) {
    if (value === null) unstored.delete(key);
    else unstored.set(key, value);
    console.warn('[embark] could not update the stored session; it is kept for this page only:', error);
  }
}

/** A session item: the one kept in memory when storage refused it, else storage's. Never throws. */
export function readSessionItem(key: string, storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): string | null {
  const kept = unstored.get(key);
  if (kept !== undefined) return kept;
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** The stored bearer token, or null. Never throws (storage can be disabled or full). */
export function readAuthToken(storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): string | null {
  const token = readSessionItem(STORAGE_KEYS.authToken, storage);
  return token && token.trim() !== '' ? token : null;
}

/** Request headers carrying the bearer token, or none when signed out. */
export function authHeaders(token: string | null | undefined): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
