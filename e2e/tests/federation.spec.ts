import { test, expect, type APIRequestContext, type Page, type Request } from './support/csp.js';
import path from 'node:path';
import { inlineHashesOfFile, remoteHeaders, shellHeaders } from '../../scripts/lib/security-headers.mjs';
import { startStaticServer } from '../../scripts/lib/static-server.mjs';
import { ports, repoRoot, urls } from '../stack.mjs';
import { signInAs, STORAGE_KEYS, type SignedIn } from './support/session.js';

/** Records every request the page makes, so a test can say which origins were contacted. */
function recordRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => seen.push(r));
  return seen;
}
const from = (requests: Request[], origin: string) => requests.filter((r) => r.url().startsWith(origin));

test('the landing page renders without loading any remote', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto('/');
  await expect(page.locator('a[href="/login"]').first()).toBeVisible();
  await expect(page.locator('a[href="/register"]').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(from(requests, urls.employee)).toHaveLength(0);
  expect(from(requests, urls.admin)).toHaveLength(0);
});

/** The signed-in user's remaining own tasks (what the dashboard counts), straight from PostgreSQL through the REST door. */
async function remainingTasks(request: APIRequestContext, session: SignedIn): Promise<number> {
  const res = await request.get(`${urls.gateway}/api/user-checklist-items/user/${session.user.id}`, {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(res.status()).toBe(200);
  const items = ((await res.json()) as Array<{ status: string; owner_type: string }>).filter((i) => i.owner_type === 'new_hire');
  expect(items.length).toBeGreaterThan(0);
  return items.filter((i) => i.status !== 'completed').length;
}

test('the employee dashboard shows PostgreSQL data through the employee remote and the shell Apollo client', async ({ page }) => {
  const session = await signInAs(page, 'employee');
  const remaining = await remainingTasks(page.request, session);
  const requests = recordRequests(page);
  await page.goto('/app/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('dash-remaining')).toContainText(String(remaining));
  expect(from(requests, `${urls.employee}/remoteEntry.js`)).toHaveLength(1);
  // Data goes through the shell's same-origin /graphql proxy, not to the gateway directly, and the
  // query the shell starts early is the page's own: asked once, even after the restored session's
  // initialisation has written its own (smaller) dashboard answer into the same cache.
  const operation = (name: string) => requests.filter((r) => r.url() === `${urls.shell}/graphql` && r.postDataJSON()?.operationName === name);
  // The restored session's initialisation starts once the page is idle.
  await expect.poll(() => operation('InitDashboard').length).toBe(1);
  // The initialisation leaves its marker once every step is done; a second ask would leave right
  // after the dashboard step's answer, so a moment of the page's own time later it has gone.
  await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key) !== null, STORAGE_KEYS.appInitialised)).toBe(true);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
  expect(operation('Dashboard')).toHaveLength(1);
  expect(from(requests, urls.gateway)).toHaveLength(0);
  // The runtime config came with the page.
  expect(from(requests, `${urls.shell}/runtime-config.json`)).toHaveLength(0);
});

test('a cold start asks for the dashboard while the session is being checked, not after', async ({ page }) => {
  await signInAs(page, 'employee');
  const order: string[] = [];
  page.on('request', (r) => {
    if (r.url() === `${urls.shell}/graphql` && r.postDataJSON()?.operationName === 'Dashboard') order.push('dashboard asked');
  });
  // The session check's answer is held back until the dashboard's query has been sent.
  await page.route('**/api/auth/me', async (route) => {
    await expect.poll(() => order, { timeout: 15_000 }).toContain('dashboard asked');
    order.push('session answered');
    await route.fallback();
  });
  await page.goto('/app/dashboard');
  await expect(page.getByTestId('dash-remaining')).toBeVisible();
  expect(order).toEqual(['dashboard asked', 'session answered']);
});

test('an employee never downloads any admin-mfe file', async ({ page }) => {
  await signInAs(page, 'employee');
  const requests = recordRequests(page);
  await page.goto('/app/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true }).first()).toBeVisible();
  await page.goto('/app/checklist');
  await expect(page.getByRole('heading', { name: 'My Checklist' }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(from(requests, urls.employee).length).toBeGreaterThan(0);
  expect(from(requests, urls.admin)).toHaveLength(0);
});

test('/app/admin loads the admin remote', async ({ page }) => {
  await signInAs(page, 'admin');
  const requests = recordRequests(page);
  await page.goto('/app/admin');
  await expect(page.getByRole('heading', { name: 'Administration' }).first()).toBeVisible();
  expect(from(requests, `${urls.admin}/remoteEntry.js`)).toHaveLength(1);
});

test('an unreachable employee remote shows the error screen, the shell keeps working, and Try Again recovers', async ({ page }) => {
  await signInAs(page, 'employee');
  await page.route(`${urls.employee}/**`, (route) => route.abort('connectionrefused'));
  await page.goto('/app/checklist');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  for (const name of ['Reload Page', 'Try Again', 'Go to Dashboard']) {
    await expect(page.getByRole('button', { name })).toBeVisible();
  }
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

  await page.unroute(`${urls.employee}/**`);
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { name: 'My Checklist' }).first()).toBeVisible();
});

test('the shell loads a remote from a URL given only at serve time, without a rebuild', async ({ page }) => {
  // The stored session is written on every origin the page opens, the moved shell's included.
  const session = await signInAs(page, 'employee');
  const remaining = await remainingTasks(page.request, session);
  const movedPort = ports.shell + 11;
  const movedShellPort = ports.shell + 10;
  const moved = await startStaticServer({
    name: 'employee-moved', root: path.join(repoRoot, 'employee-mfe', 'dist'), port: movedPort, cors: true, headers: remoteHeaders(),
  });
  // The Content-Security-Policy follows the runtime config: the moved origin is allowed, with no rebuild.
  const runtimeConfig = { remotes: { employee_mfe: `http://localhost:${movedPort}/remoteEntry.js`, admin_mfe: `${urls.admin}/remoteEntry.js` } };
  const shell = await startStaticServer({
    name: 'shell-moved', root: path.join(repoRoot, 'shell', 'dist'), port: movedShellPort, spa: true,
    proxyTarget: urls.gateway, runtimeConfig,
    headers: shellHeaders({ runtimeConfig, hashes: inlineHashesOfFile(path.join(repoRoot, 'shell', 'dist', 'index.html')) }),
  });
  try {
    const requests = recordRequests(page);
    const answer = await page.goto(`http://localhost:${movedShellPort}/app/dashboard`);
    expect(answer?.headers()['content-security-policy']).toContain(`script-src 'self' http://localhost:${movedPort} `);
    await expect(page.getByTestId('dash-remaining')).toContainText(String(remaining));
    expect(from(requests, `http://localhost:${movedPort}/remoteEntry.js`)).toHaveLength(1);
    expect(from(requests, urls.employee)).toHaveLength(0);
    // The static server wrote the moved config into the page; the file itself was not needed.
    expect(from(requests, `http://localhost:${movedShellPort}/runtime-config.json`)).toHaveLength(0);
  } finally {
    await Promise.all([moved.close(), shell.close()]);
  }
});

test('any other path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
});
