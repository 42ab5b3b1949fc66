// The production serving path (project "production-path"): Debian's nginx with the docker/nginx
// templates, rendered as the image renders them, serving the built bundles in front of the built
// gateway (../nginx-stack.mjs). baseURL is the nginx shell.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './support/csp.js';
import { inlineHashesOfFile, remoteHeaders, shellHeaders } from '../../scripts/lib/security-headers.mjs';
import { distDir, nginxAccessLog, nginxErrorLog, nginxRuntimeConfig } from '../nginx-stack.mjs';
import { urls } from '../stack.mjs';
import { DEMO, STORAGE_KEYS, useSession, type SignedIn } from './support/session.js';

const shell = urls.nginx.shell;
const HASHED = /^[\w-]+\.[0-9a-f]{8,}\.js$/;
const expectedShell = shellHeaders({ runtimeConfig: nginxRuntimeConfig, hashes: inlineHashesOfFile(path.join(distDir('shell'), 'index.html')) });
const expectedRemote = { ...remoteHeaders(), 'Access-Control-Allow-Origin': shell };

/** A content-hashed script of a bundle, straight from its build output. */
function hashedChunk(app: string): string {
  const name = fs.readdirSync(distDir(app)).find((file) => HASHED.test(file));
  if (!name) throw new Error(`no hashed chunk in ${app}/dist`);
  return name;
}

async function expectHeaders(request: APIRequestContext, url: string, expected: Record<string, string>, status = 200): Promise<string> {
  const res = await request.get(url);
  expect(res.status(), url).toBe(status);
  const actual = res.headers();
  for (const [name, value] of Object.entries(expected)) expect(actual[name.toLowerCase()], `${name} on ${url}`).toBe(value);
  return res.text();
}

/** Signs in through nginx's /api proxy, as the browser does. */
async function signInThroughNginx(request: APIRequestContext, who: keyof typeof DEMO): Promise<SignedIn> {
  const res = await request.post(`${shell}/api/auth/login`, { data: DEMO[who] });
  expect(res.status()).toBe(200);
  return (await res.json()) as SignedIn;
}

test.describe('nginx serves every location with every security header', () => {
  test('the shell: pages, SPA fallback, runtime config, hashed chunks and missing files', async ({ request }) => {
    const index = await expectHeaders(request, `${shell}/`, { ...expectedShell, 'Cache-Control': 'no-cache' });
    expect(index).toContain('<div id=root>');
    // The runtime config is also written into the page, as a data block the CSP does not govern.
    const inline = /<script type="application\/json" id="embark-runtime-config">([^<]*)<\/script>/.exec(index);
    expect(JSON.parse(inline?.[1] ?? 'null')).toEqual(nginxRuntimeConfig);
    // Client-side routes fall back to index.html.
    for (const route of ['/app/dashboard', '/app/admin/users', '/login', '/no/such/page']) {
      expect(await expectHeaders(request, `${shell}${route}`, expectedShell), route).toBe(index);
    }
    const config = await expectHeaders(request, `${shell}/runtime-config.json`, { ...expectedShell, 'Cache-Control': 'no-store' });
    expect(JSON.parse(config)).toEqual(nginxRuntimeConfig);
    await expectHeaders(request, `${shell}/${hashedChunk('shell')}`, { ...expectedShell, 'Cache-Control': 'public, max-age=31536000, immutable' });
    // A missing hashed chunk is a 404 (a broken deploy shows), still with the headers.
    await expectHeaders(request, `${shell}/main.0123456789abcdef.js`, expectedShell, 404);
  });

  for (const [app, origin] of [['employee-mfe', urls.nginx.employee], ['admin-mfe', urls.nginx.admin]] as const) {
    test(`${app}: remoteEntry.js, a hashed chunk and a missing file`, async ({ request }) => {
      await expectHeaders(request, `${origin}/remoteEntry.js`, { ...expectedRemote, 'Cache-Control': 'no-cache' });
      await expectHeaders(request, `${origin}/${hashedChunk(app)}`, { ...expectedRemote, 'Cache-Control': 'public, max-age=31536000, immutable' });
      await expectHeaders(request, `${origin}/missing.js`, expectedRemote, 404);
    });
  }

  test('/api and /graphql reach the gateway through nginx, with the API’s own headers', async ({ request }) => {
    const session = await signInThroughNginx(request, 'employee');
    const me = await request.get(`${shell}/api/auth/me`, { headers: { Authorization: `Bearer ${session.token}` } });
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ email: DEMO.employee.email });
    // The gateway's stricter policy, once: nginx adds none of the page's to API answers.
    expect(me.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
    expect(me.headers()['x-content-type-options']).toBe('nosniff');
    const graphql = await request.post(`${shell}/graphql`, {
      headers: { Authorization: `Bearer ${session.token}` },
      data: { query: '{ me { email } }' },
    });
    expect(graphql.status()).toBe(200);
    expect(await graphql.json()).toEqual({ data: { me: { email: DEMO.employee.email } } });
  });
});

test('the access log keeps no link secret: no query string, token path segments masked', async ({ request }) => {
  // Shaped like the gateway's link tokens (base64url of random bytes), with a letter for certain.
  const secret = () => `k${crypto.randomBytes(32).toString('base64url')}`;
  const [reset, invite, invitation] = [secret(), secret(), secret()];
  await expectHeaders(request, `${shell}/reset-password?token=${reset}`, expectedShell);
  await expectHeaders(request, `${shell}/accept-invite?token=${invite}`, expectedShell);
  // Proxied: the gateway answers (no such invitation, or a guess too many from this address), not nginx.
  const proxied = (await request.get(`${shell}/api/invitations/${invitation}`)).status();
  expect([404, 429]).toContain(proxied);

  const log = () => (fs.existsSync(nginxAccessLog('shell')) ? fs.readFileSync(nginxAccessLog('shell'), 'utf8') : '');
  // nginx writes a line once its answer is sent: wait for the last one.
  await expect.poll(log).toMatch(new RegExp(`"GET /api/invitations/\\S+ HTTP/1.1" ${proxied} `));
  const written = log();
  for (const token of [reset, invite, invitation]) expect(written).not.toContain(token);
  expect(written).toContain(`"GET /api/invitations/:token HTTP/1.1" ${proxied} `);
  expect(written).toContain('"GET /reset-password HTTP/1.1" 200 ');
  expect(written).toContain('"GET /accept-invite HTTP/1.1" 200 ');
});

test("the error log keeps no invitation token: nginx's own refusal of a body too large", async ({ request }) => {
  const token = `k${crypto.randomBytes(32).toString('base64url')}`;
  const tooLarge = 'x'.repeat(3 * 1024 * 1024);
  const headers = { 'content-type': 'application/json' };
  expect((await request.post(`${shell}/api/invitations/${token}/accept`, { data: tooLarge, headers })).status()).toBe(413);
  // The same refusal on another API route is in the log, request line and all: the log is the one nginx writes to.
  const marker = `/api/auth/login?probe=${crypto.randomBytes(6).toString('hex')}`;
  expect((await request.post(`${shell}${marker}`, { data: tooLarge, headers })).status()).toBe(413);
  const log = () => (fs.existsSync(nginxErrorLog('shell')) ? fs.readFileSync(nginxErrorLog('shell'), 'utf8') : '');
  await expect.poll(log).toContain(`request: "POST ${marker} HTTP/1.1"`);
  expect(log()).not.toContain(token);
});

/** Opens a screen with a full load from nginx and waits until it has settled (its heading shown, its requests done). */
async function visit(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await settled(page, route);
}

/** Moves to a screen inside the loaded app, as a link would (the router follows history), and waits until it has settled. */
async function navigate(page: Page, route: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await settled(page, route);
}

async function settled(page: Page, route: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('h1').first(), route).toBeVisible({ timeout: 30_000 });
}

test.describe('no screen breaks the Content-Security-Policy', () => {
  // Many screens per test, each settled until its requests are done.
  test.describe.configure({ timeout: 120_000 });

  test('a guest’s screens', async ({ page, cspViolations }) => {
    for (const route of ['/', '/login', '/register', '/forgot-password', '/reset-password?token=x', '/accept-invite?token=x', '/no/such/page']) {
      await visit(page, route);
      expect(cspViolations, route).toEqual([]);
    }
  });

  test('every screen of an employee, signed in through the form', async ({ page, cspViolations }) => {
    // The shell reads its runtime config from the page nginx wrote it into.
    const configRequests: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/runtime-config.json') configRequests.push(r.url());
    });
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(DEMO.employee.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.employee.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.authToken);
    const entry = await page.request.post(`${shell}/api/journal-entries`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { title: 'Week one', content: 'Met the team.' },
    });
    expect(entry.status()).toBe(201);
    const { id } = (await entry.json()) as { id: number };

    const routes = ['/app/checklist', '/app/sections', '/app/journal', '/app/journal/new', `/app/journal/${id}`,
      '/app/documents', '/app/policies', '/app/profile', '/app/profile/certificate', '/app/no-such-screen', '/app/dashboard'];
    for (const route of routes) {
      await navigate(page, route);
      expect(cspViolations, route).toEqual([]);
    }
    await navigate(page, '/app/checklist');
    await page.locator('a.ckl-item__title').first().click();
    await expect(page).toHaveURL(/\/app\/checklist\/\d+$/);
    await page.waitForLoadState('networkidle');
    expect(cspViolations, 'a task').toEqual([]);
    expect(configRequests).toEqual([]);
  });

  test('every screen of an administrator', async ({ page, cspViolations }) => {
    await useSession(page, await signInThroughNginx(page.request, 'admin'));
    await visit(page, '/app/admin');
    const routes = ['/app/admin/users', '/app/admin/roles', '/app/admin/checklist-items', '/app/admin/documents',
      '/app/admin/role-checklists', '/app/admin/user-roles', '/app/admin/document-checklist', '/app/admin/settings',
      '/app/profile'];
    for (const route of routes) {
      await navigate(page, route);
      expect(cspViolations, route).toEqual([]);
    }
  });

  test('an injected inline script and inline handler are blocked', async ({ page, cspViolations }) => {
    await visit(page, '/login');
    const ran = await page.evaluate(async () => {
      const flags = window as unknown as Record<string, boolean>;
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.append(script);
      const image = document.createElement('img');
      image.setAttribute('onerror', 'window.__handler = true');
      image.src = '/missing.png';
      document.body.append(image);
      await new Promise((resolve) => setTimeout(resolve, 500));
      return { script: flags.__injected === true, handler: flags.__handler === true };
    });
    expect(ran).toEqual({ script: false, handler: false });
    const provoked = (v: { sample: string }) => ['window.__injected = true;', 'window.__handler = true'].includes(v.sample);
    await expect.poll(() => cspViolations.filter(provoked).map((v) => `${v.directive} ${v.blocked} ${v.sample}`).sort()).toEqual([
      'script-src-attr inline window.__handler = true',
      'script-src-elem inline window.__injected = true;',
    ]);
    // Both were provoked on purpose; anything else still fails the test.
    const unexpected = cspViolations.filter((v) => !provoked(v));
    cspViolations.splice(0, cspViolations.length, ...unexpected);
  });
});
