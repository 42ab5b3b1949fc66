/**
 * What of a user stays in this browser once their session ends (docs/product.md#sessions). Every
 * `embark.*` key is private by default and goes at sign-out or expiry; the exceptions:
 * - the "Keep drafts on this device" choice itself (per user; it holds no content), and
 * - when that choice is on, the user's journal drafts, viewed-document marks and read-notification
 *   marks.
 * The auth debug log always goes. The classification of each key is in docs/decisions.md.
 */
import { STORAGE_KEYS } from './storage';

type KeyStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

const KEEP_ON = 'true';

function keepDraftsKey(userId: number): string {
  return `${STORAGE_KEYS.keepDraftsPrefix}${userId}`;
}

function localStore(): KeyStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function sessionStore(): KeyStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Whether the user chose "Keep drafts on this device" in this browser (off when unreadable). */
export function readKeepDrafts(userId: number): boolean {
  try {
    return localStore()?.getItem(keepDraftsKey(userId)) === KEEP_ON;
  } catch {
    return false;
  }
}

/** Records the choice; off removes the key, so nothing of the user is left once their data goes. */
export function writeKeepDrafts(userId: number, on: boolean): void {
  try {
    const storage = localStore();
    if (on) storage?.setItem(keepDraftsKey(userId), KEEP_ON);
    else storage?.removeItem(keepDraftsKey(userId));
  } catch {
    // Storage disabled or full: the choice holds for nothing, and drafts go at sign-out (the safe side).
  }
}

/** The user id of a per-user key under `prefix`, or null when the key is not one. */
function userIdOf(key: string, prefix: string): number | null {
  if (!key.startsWith(prefix)) return null;
  const rest = key.slice(prefix.length);
  return /^[1-9]\d{0,15}$/.test(rest) ? Number(rest) : null;
}

/** Per-user keys kept for a user who chose to keep their drafts. */
const KEPT_PER_USER = [STORAGE_KEYS.journalDraftPrefix, STORAGE_KEYS.notificationsReadPrefix] as const;

/** Whether `key` may outlive the session; `keeps` answers a user's "Keep drafts" choice. */
function survives(key: string, keeps: (userId: number) => boolean): boolean {
  if (userIdOf(key, STORAGE_KEYS.keepDraftsPrefix) !== null) return true;
  return KEPT_PER_USER.some((prefix) => {
    const userId = userIdOf(key, prefix);
    return userId !== null && keeps(userId);
  });
}

/** The viewed-document marks (one key, a map by user id) without the users who did not keep theirs. */
function keptViewedMarks(raw: string | null, keeps: (userId: number) => boolean): string | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    const kept = Object.entries(parsed as Record<string, unknown>).filter(([user]) => /^[1-9]\d{0,15}$/.test(user) && keeps(Number(user)));
    return kept.length > 0 ? JSON.stringify(Object.fromEntries(kept)) : null;
  } catch {
    return null;
  }
}

/**
 * Removes every `embark.*` key of `storage` (none without one) but those in `spared` and those
 * `survives` keeps. Never throws: when storage is disabled mid-way, what could be removed is removed.
 */
function sweep(storage: KeyStorage | null, keeps: (userId: number) => boolean, spared: ReadonlySet<string> = new Set()): void {
  if (!storage) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key?.startsWith('embark.') && !spared.has(key)) keys.push(key);
    }
    for (const key of keys) {
      if (key === STORAGE_KEYS.viewedDocuments) {
        const kept = keptViewedMarks(storage.getItem(key), keeps);
        if (kept === null) storage.removeItem(key);
        else storage.setItem(key, kept);
      } else if (!survives(key, keeps)) {
        storage.removeItem(key);
      }
    }
  } catch {
    // Nothing else can be done here.
  }
}

/**
 * Removes the private `embark.*` data from localStorage and sessionStorage when a session ends
 * (sign-out or expiry). The argument names the user whose session ended (null when that cannot be
 * told), but the sweep covers every user: on a shared computer a session that ended while no page
 * was open, or under an older build, left its data behind too. Each user's "Keep drafts on this
 * device" choice is honoured. Never throws.
 */
export function clearPrivateBrowserData(_userId: number | null): void {
  for (const storage of [localStore(), sessionStore()]) sweep(storage, readKeepDrafts);
}

/**
 * Removes one user's private data while another user's session stays stored: their session ended
 * here after someone else had signed in in another tab. Swept as at any session's end, every
 * `embark.*` key private by default, except what is the stored session's: its token, its user, its
 * initialisation marker, and the per-user keys and viewed marks of every other user. The ended
 * user's own go unless they keep drafts on this device. The debug log goes too, the other session's
 * entries with it (the log is one key). This tab's sessionStorage was never the other user's, so it
 * is swept as at any sign-out. `null`: whose session ended cannot be told; no per-user key of anyone
 * is taken then. Never throws.
 */
export function clearPrivateBrowserDataOf(userId: number | null): void {
  const storage = localStore();
  const spared = new Set<string>([STORAGE_KEYS.authToken, STORAGE_KEYS.authUser]);
  if (markerUserId(storage) !== userId) spared.add(STORAGE_KEYS.appInitialised);
  sweep(storage, (id) => userId === null || id !== userId || readKeepDrafts(id), spared);
  sweep(sessionStore(), readKeepDrafts);
}

/** The user id the stored initialisation marker (`{"userId": n, …}`) names, or null. */
function markerUserId(storage: KeyStorage | null): number | null {
  try {
    const raw = storage?.getItem(STORAGE_KEYS.appInitialised);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    const id = parsed !== null && typeof parsed === 'object' ? (parsed as { userId?: unknown }).userId : undefined;
    return typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}
