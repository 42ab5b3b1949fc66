import { useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@apollo/client/react';
import { AuthContext, NotificationsContext, type NotificationsApi } from '@embark/shared-ui';
import { ShellChecklistDocument } from '../../__generated__/graphql';
import { serverIdOf, toPortalNotification } from './api/server-notifications';
import { deriveNotifications } from './derive-notifications';
import { addReadIds, loadReadIds, readStateKey } from './read-state';
import { useRefreshCadence } from './use-refresh-cadence';
import { useServerNotifications } from './use-server-notifications';
import { useAfterFirstPaint } from '../../app/after-first-paint';

interface ReadState {
  userId: number | null;
  ids: readonly string[];
}

/**
 * Provides the header's notifications (the `NotificationsContext` contract): the ones the server
 * keeps for the user (newest first, read state on the server), then the ones derived from the
 * signed-in user's checklist in the shared Apollo cache, with their read state kept locally per user.
 *
 * Fresh without polling: a task completed through GraphQL anywhere (dashboard, checklist, task page)
 * updates the normalised cache entry and so the bell at once; a change made elsewhere (another tab,
 * the REST API, a reminder) shows after the next navigation (at most every 30 s), or when the tab
 * comes back.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const user = useContext(AuthContext)?.user ?? null;
  // The bell's data (its checklist, the server's list, their refresh) starts for the user once the
  // first frame is drawn (useAfterFirstPaint); until then it shows no notifications.
  const userId = useAfterFirstPaint() ? (user?.id ?? null) : null;
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

  // The first checklist answer comes from the cache the sign-in initialisation filled (or a first
  // request); the server's list loads when the user is known. Then both refresh together.
  const server = useServerNotifications(userId);
  const { reload: reloadServer } = server;
  const refresh = useCallback(() => {
    // A failed refresh keeps the last list; the bell is no place for an error.
    refetch().catch(() => undefined);
    reloadServer();
  }, [refetch, reloadServer]);
  useRefreshCadence(refresh, userId !== null);

  const since = user?.created_at ?? null;
  // The bell must never take the header down: an answer without the list (a failed or partial
  // result) reads as no notifications.
  const tasks = Array.isArray(data?.myChecklist) ? data.myChecklist : null;
  const derived = useMemo(
    () => (userId === null || tasks === null ? [] : deriveNotifications(tasks, { readIds: new Set(readIds), since })),
    [tasks, readIds, since, userId],
  );
  const notifications = useMemo(() => [...server.data.map(toPortalNotification), ...derived], [server.data, derived]);

  const markIds = useCallback(
    (ids: readonly string[]) => {
      if (userId === null || ids.length === 0) return;
      setRead({ userId, ids: addReadIds(userId, readIds, ids) });
    },
    [userId, readIds],
  );

  const { unread: serverUnread, markRead: markServerRead, markAllRead: markAllServerRead } = server;
  const api = useMemo<NotificationsApi>(() => {
    const derivedUnread = derived.filter((n) => n.status === 'unread').length;
    return {
      notifications,
      // The server counts unread notifications beyond the ones it lists.
      unreadCount: serverUnread + derivedUnread,
      hasUnread: serverUnread + derivedUnread > 0,
      markRead: (id) => {
        const serverId = serverIdOf(id);
        if (serverId === null) markIds([id]);
        else markServerRead(serverId);
      },
      markAllRead: () => {
        markIds(derived.map((n) => n.id));
        markAllServerRead();
      },
    };
  }, [notifications, derived, serverUnread, markIds, markServerRead, markAllServerRead]);

  return <NotificationsContext.Provider value={api}>{children}</NotificationsContext.Provider>;
}
