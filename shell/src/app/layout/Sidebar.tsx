import { useEffect, useMemo, useRef } from 'react';
import { Link, NavLink } from 'react-router';
import { ADMIN_SIDEBAR, Badge, cx, EMPLOYEE_SIDEBAR, Icon, PEOPLE_NAV, ROUTES, SHELL_TEXT, UI_TEXT, useAuth, type NavGroup, type NavLinkItem } from '@embark/shared-ui';
import { usePeopleLinks } from './people-links';

/** The sidebar's element id, which the header's menu button controls. */
export const SIDEBAR_ID = 'app-sidebar';

export interface SidebarProps {
  isAdmin: boolean;
  /** The drawer is open (narrow screens only; wide screens always show the sidebar). */
  open: boolean;
  onClose: () => void;
}

/**
 * The sidebar, a `nav` named 'Main navigation': the admin or the non-admin variant. Either one gains
 * a 'People' group after its first one for someone who does work for others: 'Tasks for my hires'
 * while they own an open task for someone, 'My team' while they have direct reports.
 */
export function Sidebar({ isAdmin, open, onClose }: SidebarProps) {
  const closeButton = useRef<HTMLButtonElement>(null);
  const people = usePeopleLinks(useAuth().user?.id ?? null);
  const groups = useMemo(() => {
    const base = isAdmin ? ADMIN_SIDEBAR : EMPLOYEE_SIDEBAR;
    const items: NavLinkItem[] = [...(people.myTasks ? [PEOPLE_NAV.myTasks] : []), ...(people.team ? [PEOPLE_NAV.team] : [])];
    return items.length === 0 ? base : [...base.slice(0, 1), { label: PEOPLE_NAV.label, items }, ...base.slice(1)];
  }, [isAdmin, people.myTasks, people.team]);

  // Opening the drawer moves focus into it, so keyboard users land on what they just opened.
  useEffect(() => {
    if (open) closeButton.current?.focus();
  }, [open]);

  return (
    <nav id={SIDEBAR_ID} className={cx('shell-sidebar', open && 'is-open')} aria-label={UI_TEXT.mainNavigation}>
      {/* The nav is the full-height column; this panel inside it stays in view while the page scrolls. */}
      <div className="shell-sidebar__panel">
        <div className="shell-sidebar__top">
          <span className="shell-sidebar__title">{isAdmin ? 'Administration' : 'Onboarding'}</span>
          <button ref={closeButton} type="button" className="shell-icon-button shell-sidebar__close" aria-label={SHELL_TEXT.closeMenu} onClick={onClose}>
            <Icon name="close" size={20} />
          </button>
        </div>
        <div className="shell-sidebar__groups">
          {groups.map((group, i) => (
            <SidebarGroup key={group.label ?? `group-${i}`} group={group} />
          ))}
        </div>
        {isAdmin ? null : (
          <aside className="shell-help-card" aria-labelledby="shell-help-title">
            <span className="shell-help-card__icon" aria-hidden="true">
              <Icon name="help" size={18} />
            </span>
            <p id="shell-help-title" className="shell-help-card__title">
              {SHELL_TEXT.needHelpTitle}
            </p>
            <p className="shell-help-card__text">{SHELL_TEXT.needHelpText}</p>
            <Link to={ROUTES.policies} className="shell-help-card__link">
              {SHELL_TEXT.needHelpLink}
            </Link>
          </aside>
        )}
      </div>
    </nav>
  );
}

function SidebarGroup({ group }: { group: NavGroup }) {
  const headingId = group.label ? `sidebar-${group.label.toLowerCase().replace(/[^a-z]+/g, '-')}` : undefined;
  return (
    <div className="shell-nav-group">
      {group.label ? (
        <p id={headingId} className="shell-nav-group__label">
          {group.label}
        </p>
      ) : null}
      <ul aria-labelledby={headingId}>
        {group.items.map((item) => (
          <li key={`${item.kind}-${item.label}`}>
            {item.kind === 'link' ? (
              <NavLink to={item.to} end={item.end ?? false} className={({ isActive }) => cx('shell-nav-link', isActive && 'is-active')}>
                <Icon name={item.icon} size={18} />
                <span>{item.label}</span>
              </NavLink>
            ) : (
              <span className="shell-nav-link shell-nav-link--placeholder">
                <Icon name={item.icon} size={18} />
                <span>{item.label}</span>
                <Badge className="shell-nav-link__soon">{SHELL_TEXT.comingSoon}</Badge>
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
