import { useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { BRAND, SHELL_TEXT, SIDEBAR_AUTO_CLOSE_WIDTH_PX, UI_TEXT, useAuth, useDismiss } from '@embark/shared-ui';
import { Breadcrumbs } from './Breadcrumbs';
import { Header } from './Header';
import { Sidebar, SIDEBAR_ID } from './Sidebar';
import './app-layout.css';

/**
 * The `/app` layout: header, sidebar, breadcrumbs, the page (a remote) and the footer.
 *
 * Narrow screens (< 1025 px) hide the sidebar behind the header's 'Open menu' button.
 * The open drawer closes on Escape, on navigation (it is open only for the path it was opened on)
 * and when the window grows to 1025 px or more.
 */
export function AppLayout() {
  const { pathname } = useLocation();
  const { isAdmin } = useAuth();
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const sidebarOpen = openedAt === pathname;
  const menuButton = useRef<HTMLButtonElement>(null);
  const main = useRef<HTMLElement>(null);
  // Left by navigation while open: a link followed in the drawer.
  const leftOpen = openedAt !== null && !sidebarOpen;

  const closeSidebar = useCallback(() => setOpenedAt(null), []);
  // Closed from inside (its × or the backdrop): the drawer hides with the keyboard's place, so it goes
  // back to the button that opened it, as Escape does.
  const dismissSidebar = useCallback(() => {
    setOpenedAt(null);
    menuButton.current?.focus();
  }, []);
  const openSidebar = useCallback(() => setOpenedAt(pathname), [pathname]);

  useDismiss(sidebarOpen, closeSidebar, { returnFocusTo: menuButton });

  // The drawer hides with the keyboard's place on the link just followed: the page it opened takes it.
  useEffect(() => {
    if (leftOpen && document.getElementById(SIDEBAR_ID)?.contains(document.activeElement)) main.current?.focus();
  }, [leftOpen]);

  useEffect(() => {
    if (!sidebarOpen) return undefined;
    const onResize = () => {
      if (window.innerWidth >= SIDEBAR_AUTO_CLOSE_WIDTH_PX) setOpenedAt(null);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [sidebarOpen]);

  return (
    <div className="shell-layout">
      <a className="shell-skip-link" href="#main-content">
        {UI_TEXT.skipToContent}
      </a>
      <Header menuButtonRef={menuButton} sidebarOpen={sidebarOpen} onOpenSidebar={openSidebar} />
      <Sidebar isAdmin={isAdmin} open={sidebarOpen} onClose={dismissSidebar} />
      {sidebarOpen ? <div className="shell-backdrop" aria-hidden="true" onClick={dismissSidebar} /> : null}
      <div className="shell-content">
        <main ref={main} id="main-content" className="shell-main" tabIndex={-1}>
          <Breadcrumbs pathname={pathname} />
          <Outlet />
        </main>
        <footer className="shell-footer">
          <span>
            © {BRAND.footerYear} {BRAND.name}
          </span>
          <span className="shell-footer__note">{SHELL_TEXT.footerNote}</span>
        </footer>
      </div>
    </div>
  );
}
