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
 * once and is then sent; when sending fails, the change is undone and the list loaded again, so the
 * bell tells the truth even when that load fails too (offline).
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

  /** Puts back what a failed mark took away: the notifications still read as of `readAt`, and the count. */
  const undo = useCallback(
    (ids: ReadonlySet<number>, readAt: string, unreadTaken: number) => {
      changes.current += 1;
      setState((s) =>
        s.userId !== userId ? s : { ...s, data: s.data.map((n) => (ids.has(n.id) && n.read_at === readAt ? { ...n, read_at: null } : n)), unread: s.unread + unreadTaken },
      );
      reload();
    },
    [userId, reload],
  );

  const markRead = useCallback(
    (id: number) => {
      const target = current.data.find((n) => n.id === id);
      if (!target || target.read_at !== null) return;
      changes.current += 1;
      const readAt = new Date().toISOString();
      const unreadTaken = Math.min(1, current.unread);
      setState({
        userId,
        data: current.data.map((n) => (n.id === id ? { ...n, read_at: readAt } : n)),
        unread: current.unread - unreadTaken,
      });
      serverNotificationsApi.markRead(id).catch(() => undo(new Set([id]), readAt, unreadTaken));
    },
    [current, userId, undo],
  );

  const markAllRead = useCallback(() => {
    if (current.unread === 0 && current.data.every((n) => n.read_at !== null)) return;
    changes.current += 1;
    const readAt = new Date().toISOString();
    const ids = new Set(current.data.filter((n) => n.read_at === null).map((n) => n.id));
    setState({ userId, data: current.data.map((n) => (n.read_at === null ? { ...n, read_at: readAt } : n)), unread: 0 });
    serverNotificationsApi.markAllRead().catch(() => undo(ids, readAt, current.unread));
  }, [current, userId, undo]);

  return { data: current.data, unread: current.unread, reload, markRead, markAllRead };
}
