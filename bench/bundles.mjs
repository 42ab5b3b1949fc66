// Bundle weight as a browser really fetches it: load each page in Chromium from the
// production builds, collect every JavaScript response, and gzip its body (level 9)
// so the figure does not depend on the server's compression settings.
import zlib from 'node:zlib';

const BUDGETS_KB = { landing: 100, employeeDashboard: 200, adminIndex: null };

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {{ shell: string, employee: string, admin: string }} origins
 */
export async function measureBundles(browser, origins) {
  async function visit(path, ready) {
    const context = await browser.newContext();
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
  const employeeDashboard = await visit('/app/dashboard', (page) => page.getByRole('heading', { name: 'Dashboard' }).first().waitFor());
  const adminIndex = await visit('/app/admin', (page) => page.getByRole('heading', { name: 'Administration' }).first().waitFor());
  return { landing, employeeDashboard, adminIndex, budgetsKb: BUDGETS_KB };
}
