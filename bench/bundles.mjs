// Bundle weight as a browser really fetches it: load each page in Chromium from the
// production builds, collect every JavaScript response, and gzip its body (level 9)
// so the figure does not depend on the server's compression settings.
import zlib from 'node:zlib';
import { table, verdict } from './lib/report.mjs';
import { round } from './lib/stats.mjs';

const BUDGETS_KB = { landing: 100, employeeDashboard: 185, adminIndex: null };

/**
 * Shared singletons, each recognised by a string only its own production module contains (the
 * definition, not a use: react-dom reads React's internals, react defines them), so the files
 * holding each tell how many copies a page fetched: the target is exactly one.
 */
export const SINGLETON_MARKERS = {
  react: /__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE\s*=(?!=)/,
  'react-dom': /__DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE\s*=(?!=)/,
  'react-dom/client': /__reactContainer\$/,
  '@apollo/client': /__APOLLO_CLIENT__/,
  '@apollo/client/react': /Symbol\.for\(\s*["']__APOLLO_CONTEXT__["']\s*\)/,
  // shared-ui's index, by its REST client's error class: a second copy would break `instanceof`.
  '@embark/shared-ui': /\bname\s*=\s*["']ApiError["']/,
};

/** Same keys as shared-ui's STORAGE_KEYS: the shell restores this session on start. */
const STORAGE = { token: 'embark.auth.token', user: 'embark.auth.user' };

/** Signs a demo account in through the REST API; the guarded pages need a session. */
export async function signIn(gatewayUrl, email, password) {
  const res = await fetch(`${gatewayUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await res.json();
  if (res.status !== 200 || !body.token) throw new Error(`bench sign-in failed for ${email}: ${res.status}`);
  return { token: body.token, user: body.user };
}

/** A fresh browser context (empty cache), signed in as `session` when given (the shell restores it on start). */
export async function contextFor(browser, session) {
  const context = await browser.newContext();
  if (session) {
    await context.addInitScript(([keys, token, user]) => {
      globalThis.localStorage.setItem(keys.token, token);
      globalThis.localStorage.setItem(keys.user, user);
    }, [STORAGE, session.token, JSON.stringify(session.user)]);
  }
  return context;
}

/** The element each page shows once it is really there (not its skeleton). */
export const READY = {
  landing: (page) => page.locator('main').first().waitFor(),
  employeeDashboard: (page) => page.getByTestId('dash-remaining').waitFor(),
  adminIndex: (page) => page.getByRole('heading', { name: 'Administration' }).first().waitFor(),
};

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {{ shell: string, employee: string, admin: string }} origins
 * @param {{ employee: { token: string, user: object }, admin: { token: string, user: object } }} sessions
 */
export async function measureBundles(browser, origins, sessions) {
  async function visit(path, ready, session) {
    const context = await contextFor(browser, session);
    const page = await context.newPage();
    const pending = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script' || !response.ok()) return;
      pending.push(response.body().then((body) => {
        const text = body.toString('latin1');
        const packages = Object.keys(SINGLETON_MARKERS).filter((name) => SINGLETON_MARKERS[name].test(text));
        return { url: response.url(), gzip: zlib.gzipSync(body, { level: 9 }).length, packages };
      }).catch(() => null));
    });
    await page.goto(origins.shell + path, { waitUntil: 'networkidle' });
    await ready(page);
    await page.waitForLoadState('networkidle');
    const files = (await Promise.all(pending)).filter(Boolean);
    await context.close();
    const byOrigin = { shell: 0, employee: 0, admin: 0, other: 0 };
    for (const f of files) {
      const origin = new URL(f.url).origin;
      const key = origin === new URL(origins.shell).origin ? 'shell'
        : origin === new URL(origins.employee).origin ? 'employee'
        : origin === new URL(origins.admin).origin ? 'admin' : 'other';
      byOrigin[key] += f.gzip;
    }
    const singletons = Object.fromEntries(Object.keys(SINGLETON_MARKERS).map((name) => [name, files.filter((f) => f.packages.includes(name)).map((f) => f.url)]));
    const list = files.map((f) => ({ url: f.url, gzip: f.gzip, packages: f.packages })).sort((a, b) => b.gzip - a.gzip);
    return { files: files.length, totalBytes: files.reduce((n, f) => n + f.gzip, 0), byOrigin, singletons, list };
  }

  const landing = await visit('/', READY.landing);
  const employeeDashboard = await visit('/app/dashboard', READY.employeeDashboard, sessions.employee);
  const adminIndex = await visit('/app/admin', READY.adminIndex, sessions.admin);
  return { landing, employeeDashboard, adminIndex, budgetsKb: BUDGETS_KB };
}

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/** Benchmark 3 (docs/performance.md): the table (ratios against React's own weight), the admin leak and the singleton counts. */
export function reportBundles(report, bundles) {
  // The baseline: what any React page costs, the react + react-dom files the dashboard fetched
  // (the landing page is prerendered and fetches no script at all, so it cannot be one).
  const framework = new Set(['react', 'react-dom', 'react-dom/client']);
  const baseline = bundles.employeeDashboard.list.filter((f) => f.packages.some((p) => framework.has(p))).reduce((n, f) => n + f.gzip, 0);
  bundles.reactFloorBytes = baseline;
  const pages = [
    ['landing page (/)', 'landing', bundles.budgetsKb.landing],
    ['employee dashboard (/app/dashboard)', 'employeeDashboard', bundles.budgetsKb.employeeDashboard],
    ['admin index (/app/admin)', 'adminIndex', bundles.budgetsKb.adminIndex],
  ];
  console.info('\n### 3. Bundles: JavaScript fetched to reach each page (gzip -9 of each response body, production builds)\n');
  console.info(`baseline: react + react-dom as fetched = ${kb(baseline)} KB gzip\n`);
  table(['page', 'files', 'shell KB', 'employee-mfe KB', 'admin-mfe KB', 'total KB', '× react+react-dom', 'target KB', 'met'], pages.map(([name, key, budget]) => {
    const m = bundles[key];
    return [name, m.files, kb(m.byOrigin.shell), kb(m.byOrigin.employee), kb(m.byOrigin.admin), kb(m.totalBytes), round(m.totalBytes / baseline), budget ?? '–', budget === null ? '–' : verdict(m.totalBytes <= budget * 1024)];
  }));
  for (const [name, key, budget] of pages) {
    if (budget !== null) report.check({ item: 3, figure: `JS gzip to reach the ${name} (${round(bundles[key].totalBytes / baseline)}× react + react-dom)`, value: kb(bundles[key].totalBytes), unit: 'KB', target: `≤ ${budget} KB`, met: bundles[key].totalBytes <= budget * 1024 });
  }
  report.check({ item: 3, figure: `JS gzip to reach the admin index (/app/admin) (${round(bundles.adminIndex.totalBytes / baseline)}× react + react-dom)`, value: kb(bundles.adminIndex.totalBytes), unit: 'KB', target: '– (reported)', met: null });

  const adminLeak = bundles.employeeDashboard.byOrigin.admin;
  console.info(`\nadmin-mfe bytes fetched by an employee: ${adminLeak} (target 0: ${verdict(adminLeak === 0)})`);
  report.check({ item: 3, figure: 'admin-mfe bytes fetched by an employee', value: adminLeak, unit: 'B', target: '0', met: adminLeak === 0 });

  console.info('\nCopies of each shared singleton fetched (files holding its defining marker):\n');
  const names = Object.keys(SINGLETON_MARKERS);
  table(['page', ...names], pages.map(([name, key]) => [name, ...names.map((n) => bundles[key].singletons[n].length)]));
  for (const [name, key] of pages.slice(1)) {
    const counts = names.map((n) => `${n} ${bundles[key].singletons[n].length}`);
    const once = names.every((n) => bundles[key].singletons[n].length === 1);
    report.check({ item: 3, figure: `react, react-dom, @apollo/client, shared-ui loaded once on the ${name}`, value: counts.join(', '), target: 'each exactly 1', met: once });
  }
  const landingMax = Math.max(...names.map((n) => bundles.landing.singletons[n].length));
  report.check({ item: 3, figure: 'no shared singleton loaded twice on the landing page', value: `max ${landingMax}`, target: '≤ 1 each', met: landingMax <= 1 });
  report.section('bundles', bundles);
}
