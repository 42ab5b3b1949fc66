// Build-time entry (Node, see shell/webpack.config.mjs): the landing page as static HTML and the
// inline boot script's source, written into index.html so a first visit to `/` paints without
// JavaScript. Never part of the browser bundle.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { STORAGE_KEYS } from '@embark/shared-ui';
// The design system's styles, explicitly: shared-ui's index (which imports them in the browser) is
// skipped by tree shaking here, as only named exports are used.
import '@embark/shared-ui/styles/tokens.css';
import '@embark/shared-ui/styles/base.css';
import '@embark/shared-ui/styles/components.css';
import { landingBoot, type LandingBootConfig } from './landing-boot';
import { LandingPage } from './LandingPage';

/** The landing page's markup, exactly as the React page renders it. */
export function renderLandingMarkup(): string {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={['/']}>
      <LandingPage />
    </MemoryRouter>,
  );
}

/** The inline script that starts every page (see landing-boot.ts), ready to sit in a <script>. */
export function bootScript(scripts: readonly string[], prerendered: boolean): string {
  const config: LandingBootConfig = { scripts, tokenKey: STORAGE_KEYS.authToken, prerendered };
  // `</` cannot appear inside an inline script; the JSON escapes it.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `(${landingBoot.toString()})(window,document,${json});`;
}
