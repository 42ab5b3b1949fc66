import { NOTIFICATIONS, STORAGE_KEYS } from '@embark/shared-ui';

/**
 * Which notifications a user has read (notifications are local only, docs/product.md#notifications). Kept per user in
 * localStorage, so it survives reloads and never leaks to another account on the same browser; the
 * end of a session removes it unless the user keeps drafts on this device (clearPrivateBrowserData).
 * Only the latest ids are kept: older ones belong to notifications long out of the top 3.
 */
export function readStateKey(userId: number): string {
  return `${STORAGE_KEYS.notificationsReadPrefix}${userId}`;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function loadReadIds(userId: number | null): string[] {
  if (userId === null) return [];
  try {
    const raw = storage()?.getItem(readStateKey(userId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    // Unreadable (hand-edited, another build's format): start with everything unread.
    return [];
  }
}

/** Adds `ids` to the user's read ids (oldest dropped past the limit); returns the new list. */
export function addReadIds(userId: number, current: readonly string[], ids: readonly string[]): string[] {
  const fresh = ids.filter((id) => !current.includes(id));
  if (fresh.length === 0) return [...current];
  const next = [...current, ...fresh].slice(-NOTIFICATIONS.readIdsKept);
  try {
    storage()?.setItem(readStateKey(userId), JSON.stringify(next));
  } catch {
    // Storage full or disabled: the read state still holds for this page.
  }
  return next;
}
