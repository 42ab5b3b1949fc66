/**
 * The first script of every page, inlined into `index.html` at build time (as its source text, so
 * it must stay self-contained: no imports, no outer variables).
 *
 * `index.html` carries the landing page as static HTML. A guest opening `/` needs nothing else: the
 * page is complete without JavaScript, and this script only adds its two behaviours (the smooth
 * scroll to the demo area, inert footer links). The app's scripts load for every other path, and on
 * `/` for a visitor with a stored session (the app validates it and redirects to the dashboard).
 */
export interface LandingBootConfig {
  /** The app's entry scripts, in order. */
  scripts: readonly string[];
  /** localStorage key of the bearer token. */
  tokenKey: string;
  /** Whether the landing markup was prerendered into this document (false in development). */
  prerendered: boolean;
}

export function landingBoot(win: Window, doc: Document, config: LandingBootConfig): 'landing' | 'app' {
  let hasSession = false;
  try {
    hasSession = Boolean(win.localStorage.getItem(config.tokenKey));
  } catch {
    // Storage disabled: nobody can be signed in.
  }
  const path = win.location.pathname;
  const mode = config.prerendered && path === '/' && !hasSession ? 'landing' : 'app';
  doc.documentElement.classList.add(mode === 'landing' ? 'embark-landing' : 'embark-boot');

  if (mode === 'app') {
    // Fetch now; run once the document is parsed (the app mounts into #root).
    const start = () => {
      config.scripts.forEach((src) => {
        const script = doc.createElement('script');
        script.src = src;
        script.async = false;
        doc.body.appendChild(script);
      });
    };
    config.scripts.forEach((src) => {
      const link = doc.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = src;
      doc.head.appendChild(link);
    });
    if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', start, { once: true });
    else start();
    return mode;
  }

  // The static landing page's behaviours. (The React landing page does the same with its own handlers.)
  doc.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest('[data-scroll-to], [data-inert]') : null;
    if (!target || !target.closest('#static-landing')) return;
    if (target.hasAttribute('data-inert')) {
      event.preventDefault();
      return;
    }
    const section = doc.getElementById(target.getAttribute('data-scroll-to') ?? '');
    if (!section) return;
    const reduce = win.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    section.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    section.focus({ preventScroll: true });
  });
  return mode;
}
