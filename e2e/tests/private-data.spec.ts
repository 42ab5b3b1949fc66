// What a session leaves in the browser (docs/decisions.md, "What a session leaves in the browser"): a new hire
// writes a journal draft and opens a document, then signs out or has the session expire. Nothing
// private under `embark.*` may stay in localStorage or sessionStorage, unless the hire ticked "Keep
// drafts on this device": then the draft and the viewed marks stay, and still nothing else does.
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from './support/csp.js';
import { urls } from '../stack.mjs';
import type { SignedIn } from './support/session.js';

const PASSWORD = 'Private2025';

interface Hire extends SignedIn {
  email: string;
}

function uniqueEmail(tag: string): string {
  return `e2e-priv-${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
}

async function registerNewHire(request: APIRequestContext, tag: string): Promise<Hire> {
  const email = uniqueEmail(tag);
  const res = await request.post(`${urls.gateway}/api/auth/register`, { data: { name: `Robin ${tag}`, email, password: PASSWORD, role_id: 1 } });
  expect(res.status(), await res.text()).toBe(201);
  return { ...((await res.json()) as SignedIn), email };
}

/** Every `embark.*` entry of both storages, as `local:<key>` / `session:<key>` → value. */
async function embarkEntries(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    for (const [area, storage] of [
      ['local', window.localStorage],
      ['session', window.sessionStorage],
    ] as const) {
      for (let i = 0; i < storage.length; i += 1) {
        const key = storage.key(i);
        if (key?.startsWith('embark.')) out[`${area}:${key}`] = storage.getItem(key) ?? '';
      }
    }
    return out;
  });
}

async function embarkKeys(page: Page): Promise<string[]> {
  return Object.keys(await embarkEntries(page)).sort();
}

/** Document links open on other sites; answer them here, so the test needs no network. */
async function stubExternalSites(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => url.hostname !== 'localhost' && url.hostname !== '127.0.0.1',
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>External document</title><p>Document</p>' }),
  );
}

async function signInThroughTheForm(page: Page, hire: Hire): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(hire.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/app/dashboard');
}

const keepDrafts = (page: Page) => page.getByRole('checkbox', { name: 'Keep drafts on this device' });

interface Traces {
  hire: Hire;
  /** A word only the journal draft holds. */
  marker: string;
  /** The token of the browser's own session (the sign-in form's, not the registration's). */
  token: string;
}

/**
 * A new hire signs in through the form, opens the first document with a link and writes a journal
 * draft (ticking "Keep drafts on this device" when `keep`), staying in the editor.
 */
async function leaveTraces(page: Page, context: BrowserContext, request: APIRequestContext, tag: string, keep: boolean): Promise<Traces> {
  await stubExternalSites(context);
  const hire = await registerNewHire(request, tag);
  const marker = `${tag}${Date.now().toString(36)}`;
  await signInThroughTheForm(page, hire);

  await page.goto('/app/documents');
  const open = page.getByRole('button', { name: /^Open .+ \(opens in a new tab\)$/ }).first();
  const popupOpened = page.waitForEvent('popup');
  await open.click();
  await (await popupOpened).close();
  await expect(page.getByText(/^1 of \d+ documents opened$/)).toBeVisible();

  // Last, so the editor is still open when the session ends: leaving it writes the draft once more.
  await page.goto('/app/journal/new');
  await page.getByRole('textbox', { name: /^Entry/ }).fill(`My first week: ${marker}`);
  await expect(page.getByText(/^Draft saved/)).toBeVisible();
  if (keep) {
    await keepDrafts(page).check();
    await expect(keepDrafts(page)).toBeChecked();
  }

  // What there is to clear: the session, the draft, the viewed mark and the debug log.
  const entries = await embarkEntries(page);
  const token = entries['local:embark.auth.token'] ?? '';
  expect(token).not.toBe('');
  expect(entries[`local:embark.journal.drafts.${hire.user.id}`]).toContain(marker);
  expect(Object.keys(JSON.parse(entries['local:embark.documents.viewed'] ?? '{}') as object)).toEqual([String(hire.user.id)]);
  expect(entries['local:embark.auth.debugLog']).toContain(token.slice(-20));
  return { hire, marker, token };
}

/** Ends the browser's session on the server, as signing it out from another device would. */
async function endOnServer(request: APIRequestContext, token: string): Promise<void> {
  const res = await request.post(`${urls.gateway}/api/auth/logout`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('list', { name: 'Messages' }).getByText('You have been logged out successfully', { exact: true })).toBeVisible();
}

/** None of these `embark.*` values says who was here (name, email, token). */
function expectNoIdentity(entries: Record<string, string>, { hire, token }: Traces): void {
  const all = JSON.stringify(entries);
  for (const secret of [hire.email, hire.user.name, token.slice(-20)]) expect(all).not.toContain(secret);
}

test.describe('private data in the browser', () => {
  // Each test signs in through the form, writes, opens a document and signs out: a long walk.
  test.describe.configure({ timeout: 90_000 });

  test('sign-out leaves no embark.* key with private content', async ({ page, context, request }) => {
    const traces = await leaveTraces(page, context, request, 'wombat', false);

    await signOut(page);
    await expect.poll(() => embarkKeys(page)).toEqual([]);
    // A reload starts a new, anonymous debug log ('no session'); it says nothing of the hire.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    const after = await embarkEntries(page);
    for (const key of Object.keys(after)) expect(key).toBe('local:embark.auth.debugLog');
    expect(JSON.stringify(after)).not.toContain(traces.marker);
    expect(JSON.stringify(after)).not.toContain('tokenPreview');
    expectNoIdentity(after, traces);
  });

  test('with "Keep drafts on this device" ticked, the draft and viewed marks stay and nothing else', async ({ page, context, request }) => {
    const traces = await leaveTraces(page, context, request, 'numbat', true);

    await signOut(page);
    const id = traces.hire.user.id;
    await expect.poll(() => embarkKeys(page)).toEqual(['local:embark.documents.viewed', `local:embark.journal.drafts.${id}`, `local:embark.prefs.keepDrafts.${id}`]);
    const kept = await embarkEntries(page);
    expect(kept[`local:embark.journal.drafts.${id}`]).toContain(traces.marker);
    expect(kept[`local:embark.prefs.keepDrafts.${id}`]).toBe('true');
    expect(JSON.parse(kept['local:embark.documents.viewed'] ?? '{}')).toEqual({ [id]: [expect.any(Number)] });
    expectNoIdentity(kept, traces);

    // Back in on the same device, the draft is offered again and the choice is still ticked.
    await signInThroughTheForm(page, traces.hire);
    await page.goto('/app/journal/new');
    await expect(page.getByText(/^You have an unsaved draft from /)).toBeVisible();
    await expect(keepDrafts(page)).toBeChecked();
  });

  test('an expired session clears them as well', async ({ page, context, request }) => {
    const traces = await leaveTraces(page, context, request, 'quoll', false);
    await page.waitForLoadState('networkidle');

    await endOnServer(request, traces.token);
    // Away and back to the documents library, which asks the server each time it opens (GraphQL
    // pages may answer from their cache). A background refresh may be refused first: the same
    // expiry, a moment earlier.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav
      .getByRole('link', { name: 'Dashboard' })
      .click({ timeout: 5_000 })
      .then(() => nav.getByRole('link', { name: 'Documents' }).click({ timeout: 5_000 }))
      .catch(() => expect(page).toHaveURL('/login'));
    await expect(page.getByRole('list', { name: 'Messages' }).getByText('Your session has expired. Please log in again.', { exact: true })).toBeVisible();
    await expect(page).toHaveURL('/login');
    await expect.poll(() => embarkKeys(page)).toEqual([]);
  });

  test('a stored session refused on start clears them as well', async ({ page, context, request }) => {
    const traces = await leaveTraces(page, context, request, 'bilby', false);

    // The tab is closed; meanwhile the session ends. The next visit finds it refused.
    await page.goto('about:blank');
    await endOnServer(request, traces.token);
    await page.goto('/app/journal');
    await expect(page).toHaveURL('/login');
    await expect.poll(() => embarkKeys(page)).toEqual([]);
  });
});
