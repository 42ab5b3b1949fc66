import { useCallback, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { cx, formatRelativeTime, Icon, NOTIFICATIONS_TEXT, SHELL_TEXT, useNotifications, usePathPopover, type PortalNotification } from '@embark/shared-ui';
import './notifications.css';

/**
 * The header's bell (docs/product.md#notifications): a dot while any notification is unread, a panel listing them
 * with 'Mark all as read'. The notifications (the server's and the derived ones) come from the
 * `NotificationsContext` contract (the shell's NotificationsProvider); without a provider the panel
 * says 'No notifications'.
 *
 * Keyboard: the button toggles the panel, Tab walks into it (it follows the button), Escape closes
 * it and returns focus to the button. The button's name says how many are unread, as the dot does.
 */
export function NotificationBell() {
  const { notifications, hasUnread, unreadCount: counted, markRead, markAllRead } = useNotifications();
  const { pathname } = useLocation();
  const { open, toggle, root, button, panelId } = usePathPopover(pathname);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const unreadCount = counted ?? notifications.filter((n) => n.status === 'unread').length;
  // Marking removes the button that was used; focus goes to the panel's heading, not the page.
  const keepFocusInPanel = useCallback(() => headingRef.current?.focus(), []);
  const markAllAndKeepFocus = () => {
    markAllRead();
    keepFocusInPanel();
  };

  return (
    <div className="shell-bell" ref={root}>
      <button
        ref={button}
        type="button"
        className="shell-icon-button shell-bell__button"
        aria-label={hasUnread ? NOTIFICATIONS_TEXT.bellUnread(unreadCount) : SHELL_TEXT.notifications}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <Icon name="bell" size={20} />
        {hasUnread ? <span className="shell-bell__dot" data-testid="unread-dot" aria-hidden="true" /> : null}
      </button>
      <div id={panelId} className="shell-popover shell-bell__panel" hidden={!open}>
        <div className="shell-bell__head">
          <h2 ref={headingRef} className="shell-bell__title" tabIndex={-1}>
            {SHELL_TEXT.notifications}
          </h2>
          {hasUnread ? (
            <button type="button" className="shell-link-button" onClick={markAllAndKeepFocus}>
              {SHELL_TEXT.markAllRead}
            </button>
          ) : null}
        </div>
        {notifications.length === 0 ? (
          <div className="shell-bell__empty">
            <span className="shell-bell__empty-icon" aria-hidden="true">
              <Icon name="bell" size={20} />
            </span>
            <p className="shell-bell__empty-title">{SHELL_TEXT.noNotifications}</p>
            <p className="shell-bell__empty-text">{SHELL_TEXT.noNotificationsHint}</p>
          </div>
        ) : (
          <ul className="shell-bell__list">
            {notifications.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                onRead={markRead}
                onMarkedWithButton={keepFocusInPanel}
              />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

interface NotificationItemProps {
  notification: PortalNotification;
  onRead: (id: string) => void;
  /** The item's own 'Mark as read' button was used (it disappears, so focus must move). */
  onMarkedWithButton: () => void;
}

function NotificationItem({ notification, onRead, onMarkedWithButton }: NotificationItemProps) {
  const unread = notification.status === 'unread';
  const body = (
    <>
      <span className="shell-bell__item-title">
        {notification.title}
        {unread ? <span className="ui-visually-hidden"> ({SHELL_TEXT.unread})</span> : null}
      </span>
      <span className="shell-bell__item-text">{notification.description}</span>
      <time className="shell-bell__item-time" dateTime={notification.timestamp}>
        {formatRelativeTime(notification.timestamp)}
      </time>
    </>
  );
  return (
    <li className={cx('shell-bell__item', unread && 'is-unread')}>
      {notification.href ? (
        <Link to={notification.href} className="shell-bell__item-body" onClick={() => onRead(notification.id)}>
          {body}
        </Link>
      ) : (
        <div className="shell-bell__item-body">{body}</div>
      )}
      {unread ? (
        <button
          type="button"
          className="shell-icon-button shell-bell__mark"
          // Several notifications share a title ('Task Completed'), so the name says which task.
          aria-label={`${SHELL_TEXT.markRead}: ${notification.title}, ${notification.description}`}
          onClick={() => {
            onRead(notification.id);
            onMarkedWithButton();
          }}
        >
          <Icon name="check" size={16} />
        </button>
      ) : null}
    </li>
  );
}
