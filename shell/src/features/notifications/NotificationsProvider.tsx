import { useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@apollo/client/react';
import { useLocation } from 'react-router';
import { AuthContext, NOTIFICATIONS, NotificationsContext, type NotificationsApi } from '@embark/shared-ui';
import { ShellChecklistDocument } from '../../__generated__/graphql';
import { deriveNotifications } from './derive-notifications';
import { addReadIds, loadReadIds, readStateKey } from './read-state';

interface ReadState {
  userId: number | null;
  ids: readonly string[];
}

/**
 * Provides the header's notifications (the `NotificationsContext` contract): derived from the
 * signed-in user's checklist in the shared Apollo cache, with the read state kept locally per user.
 *
 * Fresh without polling: a task completed through GraphQL anywhere (dashboard, checklist, task page)
 * updates the normalised cache entry and so the bell at once; a change made elsewhere (another tab,
 * the REST API) shows after the next navigation (at most every 30 s), or when the tab comes back.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const user = useContext(AuthContext)?.user ?? null;
  const userId = user?.id ?? null;
  const { pathname } = useLocation();
  const { data, refetch } = useQuery(ShellChecklistDocument, { skip: userId === null, fetchPolicy: 'cache-first' });

  // Reading storage during render only when the user changes (React's "adjust state on a prop
  // change" pattern), so the first paint already knows what was read.
  const [read, setRead] = useState<ReadState>(() => ({ userId, ids: loadReadIds(userId) }));
  let readIds = read.ids;
  if (read.userId !== userId) {
    readIds = loadReadIds(userId);
    setRead({ userId, ids: readIds });
  }

  // Another tab marked something read: follow it.
  useEffect(() => {
    if (userId === null) return undefined;
    const onStorage = (event: StorageEvent) => {
      if (event.key === readStateKey(userId) || event.key === null) setRead({ userId, ids: loadReadIds(userId) });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [userId]);

  // Refetch on navigation and when the tab becomes visible again, at most every 30 s. The first
  // answer comes from the cache the sign-in initialisation filled (or a first request).
  const lastRefresh = useRef(Date.now());
  const refresh = useCallback(() => {
    if (userId === null || Date.now() - lastRefresh.current < NOTIFICATIONS.refetchMinIntervalMs) return;
    lastRefresh.current = Date.now();
    // A failed refresh keeps the last list; the bell is no place for an error.
    refetch().catch(() => undefined);
  }, [refetch, userId]);
  useEffect(() => {
    refresh();
  }, [pathname, refresh]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refresh]);

  const since = user?.created_at ?? null;
  // The bell must never take the header down: an answer without the list (a failed or partial
  // result) reads as no notifications.
  const tasks = Array.isArray(data?.myChecklist) ? data.myChecklist : null;
  const notifications = useMemo(
    () => (userId === null || tasks === null ? [] : deriveNotifications(tasks, { readIds: new Set(readIds), since })),
    [tasks, readIds, since, userId],
  );

  const markIds = useCallback(
    (ids: readonly string[]) => {
      if (userId === null || ids.length === 0) return;
      setRead({ userId, ids: addReadIds(userId, readIds, ids) });
    },
    [userId, readIds],
  );

  const api = useMemo<NotificationsApi>(
    () => ({
      notifications,
      hasUnread: notifications.some((n) => n.status === 'unread'),
      markRead: (id) => markIds([id]),
      markAllRead: () => markIds(notifications.map((n) => n.id)),
    }),
    [notifications, markIds],
  );

  return <NotificationsContext.Provider value={api}>{children}</NotificationsContext.Provider>;
}
