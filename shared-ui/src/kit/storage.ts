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

/** The stored bearer token, or null. Never throws (storage can be disabled or full). */
export function readAuthToken(storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): string | null {
  try {
    const token = storage?.getItem(STORAGE_KEYS.authToken) ?? null;
    return token && token.trim() !== '' ? token : null;
  } catch {
    return null;
  }
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
