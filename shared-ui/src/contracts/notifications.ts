import { createContext, useContext } from 'react';

/** A notification of the header, derived from the checklist (docs/product.md#notifications). */
export interface PortalNotification {
  id: string;
  /** 'Task Completed' or 'Next Task'. */
  title: string;
  description: string;
  /** ISO 8601; shown as relative time ('Just now', '5m ago', …). */
  timestamp: string;
  status: 'unread' | 'read';
  /** Where opening the notification leads, e.g. `/app/checklist/12`. */
  href?: string;
}

/**
 * What the header's bell reads. The shell's NotificationsProvider gives it (up to 3 notifications derived
 * from the user's checklist, read state kept locally); until a provider is mounted the bell shows
 * its empty state.
 */
export interface NotificationsApi {
  notifications: readonly PortalNotification[];
  /** The bell's dot shows while any notification is unread. */
  hasUnread: boolean;
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
