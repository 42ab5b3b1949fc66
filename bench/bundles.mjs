// Bundle weight as a browser really fetches it: load each page in Chromium from the
// production builds, collect every JavaScript response, and gzip its body (level 9)
// so the figure does not depend on the server's compression settings.
import zlib from 'node:zlib';

const BUDGETS_KB = { landing: 100, employeeDashboard: 200, adminIndex: null };

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

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {{ shell: string, employee: string, admin: string }} origins
 * @param {{ employee: { token: string, user: object }, admin: { token: string, user: object } }} sessions
 */
export async function measureBundles(browser, origins, sessions) {
  async function visit(path, ready, session) {
    const context = await browser.newContext();
    if (session) {
      await context.addInitScript(([keys, token, user]) => {
        globalThis.localStorage.setItem(keys.token, token);
        globalThis.localStorage.setItem(keys.user, user);
      }, [STORAGE, session.token, JSON.stringify(session.user)]);
    }
    const page = await context.newPage();
    const pending = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script' || !response.ok()) return;
      pending.push(response.body().then((body) => ({ url: response.url(), gzip: zlib.gzipSync(body, { level: 9 }).length })).catch(() => null));
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
    return { files: files.length, totalBytes: files.reduce((n, f) => n + f.gzip, 0), byOrigin };
  }

  const landing = await visit('/', (page) => page.locator('main').first().waitFor());
  const employeeDashboard = await visit('/app/dashboard', (page) => page.getByTestId('dash-remaining').waitFor(), sessions.employee);
  const adminIndex = await visit('/app/admin', (page) => page.getByRole('heading', { name: 'Administration' }).first().waitFor(), sessions.admin);
  return { landing, employeeDashboard, adminIndex, budgetsKb: BUDGETS_KB };
}
