import { Link, NavLink, Outlet } from 'react-router';
import { BRAND, ROUTES, UI_TEXT } from '@embark/shared-ui';
import './app-layout.css';

const NAV_ITEMS = [
  { to: ROUTES.dashboard, label: 'Dashboard' },
  { to: ROUTES.checklist, label: 'My Checklist' },
  { to: ROUTES.admin, label: 'Administration' },
] as const;

/** Header, sidebar navigation, main area and footer of `/app`; the mounted remote renders in <main>. */
export function AppLayout() {
  return (
    <div className="shell-layout">
      <a className="shell-skip-link" href="#main-content">
        {UI_TEXT.skipToContent}
      </a>
      <header className="shell-header">
        <Link to={ROUTES.dashboard} className="shell-brand">
          <span className="shell-brand__mark" aria-hidden="true">
            E
          </span>
          {BRAND.name}
        </Link>
      </header>
      <nav className="shell-sidebar" aria-label={UI_TEXT.mainNavigation}>
        <ul>
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={({ isActive }) => (isActive ? 'shell-nav-link is-active' : 'shell-nav-link')}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main-content" className="shell-main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="shell-footer">
        © {BRAND.footerYear} {BRAND.name}
      </footer>
    </div>
  );
}
