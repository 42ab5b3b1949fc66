import { useEffect } from 'react';
import { BRAND } from './messages';

/** `Dashboard — Embark`; the fallback title when there is no page title. */
export function formatDocumentTitle(pageTitle?: string | null): string {
  const title = pageTitle?.trim();
  return title ? `${title} — ${BRAND.name}` : BRAND.defaultTitle;
}

/** Sets `document.title` for the page while it is mounted. */
export function useDocumentTitle(pageTitle?: string | null): void {
  useEffect(() => {
    document.title = formatDocumentTitle(pageTitle);
  }, [pageTitle]);
}
