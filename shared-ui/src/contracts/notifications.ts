import { createContext, useContext } from 'react';

/** A notification of the header: derived from the checklist (docs/product.md#notifications), or kept by the server. */
export interface PortalNotification {
  id: string;
  /** 'Task Completed' or 'Next Task' when derived; the server's own title otherwise. */
  title: string;
  description: string;
  /** ISO 8601; shown as relative time ('Just now', '5m ago', …). */
  timestamp: string;
  status: 'unread' | 'read';
  /** Where opening the notification leads, e.g. `/app/checklist/12`. */
  href?: string;
}

/**
 * What the header's bell reads. The shell's NotificationsProvider gives it (the server's notifications,
 * then up to 3 derived from the user's checklist, read state kept locally); until a provider is
 * mounted the bell shows its empty state.
 */
export interface NotificationsApi {
  notifications: readonly PortalNotification[];
  /** The bell's dot shows while any notification is unread. */
  hasUnread: boolean;
  /** How many are unread, when more are unread than listed; else the unread ones listed are counted. */
  unreadCount?: number;
  markRead(id: string): void;
  markAllRead(): void;
}

const NO_NOTIFICATIONS: NotificationsApi = {
  notifications: [],
  hasUnread: false,
  markRead: () => undefined,
  markAllRead: () => undefined,
};

export const NotificationsContext = createContext<NotificationsApi | null>(null);

/** The notifications, or an empty list when no provider is mounted. */
export function useNotifications(): NotificationsApi {
  return useContext(NotificationsContext) ?? NO_NOTIFICATIONS;
}
