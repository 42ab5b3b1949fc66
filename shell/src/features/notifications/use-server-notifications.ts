import { useCallback, useEffect, useRef, useState } from 'react';
import { serverNotificationsApi, type ServerNotification } from './api/server-notifications';

interface ServerState {
  /** Whose notifications these are: a list loaded for another account is never shown. */
  userId: number | null;
  data: readonly ServerNotification[];
  unread: number;
}

const NONE: ServerState = { userId: null, data: [], unread: 0 };

export interface ServerNotifications {
  data: readonly ServerNotification[];
  unread: number;
  /** Loads the list again; a failure keeps what is shown (the bell is no place for an error). */
  reload: () => void;
  markRead: (id: number) => void;
  markAllRead: () => void;
}

/**
 * The user's notifications kept by the server, loaded when the user is known. Marking read shows at
 * once and is then sent; when sending fails, the list is loaded again so the bell tells the truth.
 */
export function useServerNotifications(userId: number | null): ServerNotifications {
  const [state, setState] = useState<ServerState>(NONE);
  // Bumped by every local change: a list that was on its way before it is older than the screen.
  const changes = useRef(0);

  const reload = useCallback(() => {
    if (userId === null) return;
    const startedAt = changes.current;
    serverNotificationsApi.list().then(
      (page) => {
        if (changes.current === startedAt) setState({ userId, ...page });
      },
      () => undefined,
    );
  }, [userId]);

  useEffect(() => {
    reload();
  }, [reload]);

  const current = state.userId === userId && userId !== null ? state : NONE;

  const markRead = useCallback(
    (id: number) => {
      const target = current.data.find((n) => n.id === id);
      if (!target || target.read_at !== null) return;
      changes.current += 1;
      const readAt = new Date().toISOString();
      setState({
        userId,
        data: current.data.map((n) => (n.id === id ? { ...n, read_at: readAt } : n)),
        unread: Math.max(0, current.unread - 1),
      });
      serverNotificationsApi.markRead(id).catch(reload);
    },
    [current, userId, reload],
  );

  const markAllRead = useCallback(() => {
    if (current.unread === 0 && current.data.every((n) => n.read_at !== null)) return;
    changes.current += 1;
    const readAt = new Date().toISOString();
    setState({ userId, data: current.data.map((n) => (n.read_at === null ? { ...n, read_at: readAt } : n)), unread: 0 });
    serverNotificationsApi.markAllRead().catch(reload);
  }, [current, userId, reload]);

  return { data: current.data, unread: current.unread, reload, markRead, markAllRead };
}
