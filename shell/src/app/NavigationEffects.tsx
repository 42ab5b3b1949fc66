import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { documentTitleFor } from '@embark/shared-ui';

/**
 * After each navigation: the document title from the route, and the page scrolled to the
 * top. (Breadcrumbs are derived from the path where they render; the drawer closes in the layout.)
 * The first render keeps the browser's own scroll position (a reload restores it).
 */
export function NavigationEffects() {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    document.title = documentTitleFor(pathname);
    if (previous.current !== null && previous.current !== pathname) window.scrollTo(0, 0);
    previous.current = pathname;
  }, [pathname]);

  return null;
}
