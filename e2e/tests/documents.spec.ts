// The documents screens in a real browser (docs/documents.md): the document library of the user's role (browse, filter, open in
// a new tab, viewed locally and on the server, the retry path with the documents endpoint failing),
// the company policies (acknowledge, with its timestamp) and the documents on task detail. Expected
// data comes from the REST door (GET /api/documents, /api/documents/special), never from the UI.
// Read-only tests use the demo employee; tests that change a user's state register their own new hire.
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from './support/csp.js';
import { urls } from '../stack.mjs';
import { signInAs, STORAGE_KEYS, useSession, type SignedIn } from './support/session.js';
import { seriousViolations } from './support/axe.js';

interface ApiDocument {
  id: number;
  title: string;
  url: string | null;
  document_class_id: number;
  document_class_name: string;
  is_company_policy: boolean;
  viewed: boolean;
}

interface ApiPolicy extends ApiDocument {
  version: number;
  acknowledged: boolean;
  acknowledgement: { version: number; acknowledged_at: string } | null;
}

const auth = (session: SignedIn) => ({ Authorization: `Bearer ${session.token}` });

async function libraryOf(request: APIRequestContext, session: SignedIn, query = ''): Promise<{ data: ApiDocument[]; total: number }> {
  const res = await request.get(`${urls.gateway}/api/documents?limit=100${query}`, { headers: auth(session) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { data: ApiDocument[]; total: number };
}

async function policiesOf(request: APIRequestContext, session: SignedIn): Promise<ApiPolicy[]> {
  const res = await request.get(`${urls.gateway}/api/documents/special`, { headers: auth(session) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as ApiPolicy[];
}

/** A new hire (role 1, Employee): the role's library, nothing viewed or acknowledged yet. */
async function registerNewHire(request: APIRequestContext, tag: string): Promise<SignedIn> {
  const email = `e2e-docs-${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
  const res = await request.post(`${urls.gateway}/api/auth/register`, { data: { name: `Dana ${tag}`, email, password: 'Onboard2025', role_id: 1 } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as SignedIn;
}

/** The documents' links are public sites: answer them locally so tests never depend on the internet. */
async function stubExternalSites(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => url.hostname !== 'localhost' && url.hostname !== '127.0.0.1',
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>External document</title><p>Document</p>' }),
  );
}

/** GET /api/documents?… (the library list), not /api/documents/special or /api/document-classes. */
const DOCUMENTS_LIST = /\/api\/documents\?/;
const toasts = (page: Page) => page.getByRole('list', { name: 'Messages' });
const library = (page: Page) => page.getByRole('list', { name: 'Documents', exact: true });
const cardTitles = (page: Page) => library(page).getByRole('heading', { level: 3 }).allTextContents();
const card = (page: Page, title: string) => library(page).getByRole('listitem', { name: title, exact: true });
const byName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true });

test.describe('documents and company policies', () => {
  test("browses exactly the role's library, with type colours, recent documents and no accessibility violations", async ({ page, request }) => {
    const session = await signInAs(page, 'employee');
    const { data, total } = await libraryOf(request, session);
    expect(total, 'the demo seed gives role 1 a library').toBeGreaterThan(5);
    expect(data.map((d) => d.title)).not.toContain('Software Engineer');

    await page.goto('/app/documents');
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
    await expect(page.getByText(`Showing ${total} of ${total} documents`)).toBeVisible();
    await expect.poll(() => cardTitles(page)).toEqual(data.map((d) => d.title).sort(byName));

    // One colour class per document type, with the type written out (docs/product.md#documents).
    for (const [title, slug] of [
      ['Code of Conduct', 'policy'],
      ['Security Awareness Course', 'training'],
      ['Operations Associate', 'job-description'],
    ] as const) {
      await expect(card(page, title)).toHaveClass(new RegExp(`doc-type--${slug}`));
    }
    await expect(card(page, 'Code of Conduct').getByText('Company policy')).toBeVisible();
    // The demo employee opened the Code of Conduct (seeded on the server).
    await expect(card(page, 'Code of Conduct').getByText('Viewed')).toBeVisible();
    const viewed = data.filter((d) => d.viewed).length;
    await expect(page.getByText(`${viewed} of ${total} documents opened`)).toBeVisible();

    const recent = page.getByRole('list', { name: 'Recent documents' });
    await expect(recent.getByRole('listitem')).toHaveCount(5);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('filters by category and view status, sorts, and keeps the filters in the URL', async ({ page, request }) => {
    const session = await signInAs(page, 'employee');
    const { data, total } = await libraryOf(request, session);
    const training = data.filter((d) => d.document_class_name === 'Training').map((d) => d.title).sort(byName);
    expect(training.length).toBeGreaterThan(0);

    await page.goto('/app/documents');
    await page.getByLabel('Category').selectOption({ label: 'Training' });
    await expect(page.getByText(`Showing ${training.length} of ${total} documents`)).toBeVisible();
    await expect.poll(() => cardTitles(page)).toEqual(training);
    await expect(page).toHaveURL(/category=3/);

    await page.getByLabel('Category').selectOption({ label: 'All categories' });
    await page.getByLabel('View status').selectOption({ label: 'Viewed' });
    const viewed = data.filter((d) => d.viewed).map((d) => d.title).sort(byName);
    await expect.poll(() => cardTitles(page)).toEqual(viewed);
    await page.getByLabel('View status').selectOption({ label: 'Not viewed yet' });
    await expect(page.getByText(`Showing ${total - viewed.length} of ${total} documents`)).toBeVisible();

    await page.getByLabel('Sort by').selectOption({ label: 'Newest first' });
    const newest = (await libraryOf(request, session, '&sort=date')).data.filter((d) => !d.viewed).map((d) => d.title);
    await expect.poll(() => cardTitles(page)).toEqual(newest);
    await expect(page).toHaveURL(/status=unviewed&sort=date/);

    // The filtered view survives a reload (it lives in the URL).
    await page.reload();
    await expect(page.getByLabel('View status')).toHaveValue('unviewed');
    await expect.poll(() => cardTitles(page)).toEqual(newest);

    await page.getByLabel('Search').fill('no document is called this');
    await expect(page.getByText('No documents match these filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page.getByText(`Showing ${total} of ${total} documents`)).toBeVisible();
  });

  test('opens a document in a new tab and marks it viewed, in the browser and on the server', async ({ page, context, request }) => {
    await stubExternalSites(context);
    const session = await registerNewHire(request, 'open');
    const doc = (await libraryOf(request, session)).data.find((d) => d.title === 'Security Awareness Course');
    if (!doc?.url) throw new Error('the demo library has the Security Awareness Course with a link');
    expect(doc.viewed).toBe(false);

    await useSession(page, session);
    await page.goto('/app/documents');
    const item = card(page, doc.title);
    await expect(item.getByText('New')).toBeVisible();
    const popupOpened = page.waitForEvent('popup');
    await item.getByRole('button', { name: `Open ${doc.title} (opens in a new tab)` }).click();
    const popup = await popupOpened;
    await popup.waitForLoadState();
    expect(popup.url()).toBe(doc.url);
    // No way back to the portal from the opened site.
    expect(await popup.evaluate(() => window.opener === null)).toBe(true);
    await popup.close();

    await expect(item.getByText('Viewed')).toBeVisible();
    await expect(page.getByText(/^1 of \d+ documents opened$/)).toBeVisible();
    await expect.poll(async () => (await libraryOf(request, session)).data.find((d) => d.id === doc.id)?.viewed).toBe(true);
    const stored = await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.viewedDocuments);
    expect(JSON.parse(stored ?? '{}')).toEqual({ [session.user.id]: [doc.id] });

    // Still viewed after a reload, and counted by the "Viewed" filter.
    await page.reload();
    await page.getByLabel('View status').selectOption({ label: 'Viewed' });
    await expect.poll(() => cardTitles(page)).toEqual([doc.title]);

    // A document without a link says so and opens nothing.
    await page.getByLabel('View status').selectOption({ label: 'All documents' });
    const noLink = (await libraryOf(request, session)).data.find((d) => d.url === null);
    if (!noLink) throw new Error('the demo library has a document without a link');
    await card(page, noLink.title).getByRole('button', { name: 'Open' }).click();
    await expect(toasts(page).getByText('No URL available for this document')).toBeVisible();
    expect(context.pages()).toHaveLength(1);
  });

  test('retries loading when the documents endpoint fails twice, then shows the library', async ({ page, request }) => {
    const session = await signInAs(page, 'employee');
    const { total } = await libraryOf(request, session);
    let calls = 0;
    const startedAt: number[] = [];
    await page.route(DOCUMENTS_LIST, async (route) => {
      calls += 1;
      startedAt.push(Date.now());
      if (calls <= 2) await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Service temporarily unavailable' }) });
      else await route.continue();
    });

    await page.goto('/app/documents');
    await expect(toasts(page).getByText('Having trouble loading documents, retrying...')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading documents' })).toBeVisible();
    await expect(page.getByText(`Showing ${total} of ${total} documents`)).toBeVisible({ timeout: 15_000 });
    expect(calls).toBe(3);
    // Backoff 1 s, then 2 s (timer slack allowed).
    expect((startedAt[1] ?? 0) - (startedAt[0] ?? 0)).toBeGreaterThanOrEqual(900);
    expect((startedAt[2] ?? 0) - (startedAt[1] ?? 0)).toBeGreaterThanOrEqual(1_900);
    await expect(toasts(page).getByText(/Unable to load documents/)).toHaveCount(0);
  });

  test('gives up with the documents failure message when the endpoint keeps failing', async ({ page }) => {
    await signInAs(page, 'employee');
    let calls = 0;
    await page.route(DOCUMENTS_LIST, (route) => {
      calls += 1;
      return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Internal server error' }) });
    });
    await page.goto('/app/documents');
    const message = 'Unable to load documents: Server error (500). Please try again later.';
    await expect(page.getByRole('main').getByRole('alert').getByText(message)).toBeVisible({ timeout: 15_000 });
    await expect(toasts(page).getByText(message)).toBeVisible();
    expect(calls).toBe(4);

    await page.unroute(DOCUMENTS_LIST);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(library(page)).toBeVisible();
  });

  test('acknowledges a company policy and shows when', async ({ page, context, request }) => {
    // A journey over several pages (and an axe scan): more than the default budget on a loaded 2-core runner.
    test.slow();
    await stubExternalSites(context);
    const session = await registerNewHire(request, 'ack');
    const before = await policiesOf(request, session);
    expect(before.map((p) => p.title)).toEqual(expect.arrayContaining(['Code of Conduct', 'Information Security Policy', 'Remote Work Policy']));
    expect(before.every((p) => !p.acknowledged)).toBe(true);

    await useSession(page, session);
    await page.goto('/app/policies');
    await expect(page.getByRole('heading', { level: 1, name: 'Company Policies' })).toBeVisible();
    await expect(page.getByText(`0 of ${before.length} policies acknowledged`)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const policy = page.getByRole('listitem', { name: 'Information Security Policy' });
    // Reading it opens the policy in a new tab and counts as viewed.
    const popupOpened = page.waitForEvent('popup');
    await policy.getByRole('button', { name: 'Read policy: Information Security Policy (opens in a new tab)' }).click();
    await (await popupOpened).close();

    await policy.getByRole('button', { name: 'Acknowledge Information Security Policy' }).click();
    await expect(toasts(page).getByText('You acknowledged "Information Security Policy"')).toBeVisible();
    await expect(policy.getByText(/^Acknowledged on /)).toBeVisible();
    await expect(policy.getByRole('button', { name: /^Acknowledge/ })).toHaveCount(0);
    await expect(page.getByText(`1 of ${before.length} policies acknowledged`)).toBeVisible();

    const after = (await policiesOf(request, session)).find((p) => p.title === 'Information Security Policy');
    expect(after).toMatchObject({ acknowledged: true, acknowledgement: { version: after?.version } });
    expect(after?.viewed).toBe(true);
    // The time shown is the one the server recorded.
    const shown = await policy.locator('time').last().getAttribute('datetime');
    expect(shown).toBe(after?.acknowledgement?.acknowledged_at);

    await page.reload();
    await expect(page.getByRole('listitem', { name: 'Information Security Policy' }).getByText(/^Acknowledged on /)).toBeVisible();

    // Acknowledging it completed the policy task that carries it, and only that one.
    await page.goto('/app/checklist');
    const tasks = page.getByRole('list', { name: 'Checklist tasks' });
    await expect(tasks.getByRole('listitem').filter({ hasText: 'Information security policy' })).toContainText('Completed');
    await expect(tasks.getByRole('listitem').filter({ hasText: 'Read and acknowledge the Code of Conduct' })).not.toContainText('Completed');
  });

  test("task detail lists the documents linked to the task, from the server", async ({ page, request }) => {
    const session = await signInAs(page, 'employee');
    const res = await request.get(`${urls.gateway}/api/documents/checklist-item/4`, { headers: auth(session) });
    expect(res.status()).toBe(200);
    const linked = ((await res.json()) as ApiDocument[]).map((d) => d.title);
    expect(linked).toEqual(['Code of Conduct']);

    await page.goto('/app/checklist/4');
    const documents = page.getByRole('complementary', { name: 'Linked documents' });
    await expect(documents.getByRole('link', { name: /Code of Conduct/ })).toBeVisible();
  });
});
