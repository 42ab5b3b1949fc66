import type { RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { BRAND, homePathFor, Icon, pageTitleFor, SHELL_TEXT, useAuth } from '@embark/shared-ui';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { BrandMark } from './BrandMark';
import { SIDEBAR_ID } from './Sidebar';
import { UserMenu } from './UserMenu';

export interface HeaderProps {
  menuButtonRef: RefObject<HTMLButtonElement | null>;
  sidebarOpen: boolean;
  onOpenSidebar: () => void;
}

/** The `/app` header: menu button (narrow screens), logo to the dashboard, page title, bell, user menu. */
export function Header({ menuButtonRef, sidebarOpen, onOpenSidebar }: HeaderProps) {
  const { pathname } = useLocation();
  const { isAdmin } = useAuth();
  return (
    <header className="shell-header">
      <button
        ref={menuButtonRef}
        type="button"
        className="shell-icon-button shell-menu-button"
        aria-label={SHELL_TEXT.openMenu}
        aria-expanded={sidebarOpen}
        aria-controls={SIDEBAR_ID}
        onClick={onOpenSidebar}
      >
        <Icon name="menu" size={22} />
      </button>
      <Link to={homePathFor(isAdmin)} className="shell-brand">
        <BrandMark className="shell-brand__mark" />
        <span>{BRAND.name}</span>
      </Link>
      <p className="shell-header__title">{pageTitleFor(pathname)}</p>
      <div className="shell-header__actions">
        <NotificationBell />
        <UserMenu />
      </div>
    </header>
  );
}
