// The learning journal in a real browser (docs/product.md#journal): a new hire completes a task, writes a reflection from it, reloads in the
// middle of the draft and gets it back, saves, searches for it, tags it, filters by the tag and
// deletes it. Every test registers its own user; what the screens show is checked against the REST
// door, never against the UI alone.
import { expect, test, type APIRequestContext, type Page } from './support/csp.js';
import { urls } from '../stack.mjs';
import { useSession, type SignedIn } from './support/session.js';
import { seriousViolations } from './support/axe.js';

const PASSWORD = 'Reflect2025';

interface ChecklistEntry {
  id: number;
  title: string;
  item_order: number;
}

interface EntryJson {
  id: number;
  title: string;
  content: string;
  visibility: string;
  tags: string[];
  linked_task_ids: string;
  taskContext: { taskId: number; taskTitle: string } | null;
}

function uniqueEmail(tag: string): string {
  return `e2e-jrn-${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
}

async function registerNewHire(request: APIRequestContext, tag: string): Promise<SignedIn> {
  const res = await request.post(`${urls.gateway}/api/auth/register`, {
    data: { name: `Jordan ${tag}`, email: uniqueEmail(tag), password: PASSWORD, role_id: 1 },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as SignedIn;
}

const auth = (session: SignedIn) => ({ Authorization: `Bearer ${session.token}` });

/** The new hire's first task, completed through `POST /api/tasks/{id}/complete`. */
async function completeFirstTask(request: APIRequestContext, session: SignedIn): Promise<ChecklistEntry> {
  const list = await request.get(`${urls.gateway}/api/user-checklist-items/user/${session.user.id}`, { headers: auth(session) });
  expect(list.status(), await list.text()).toBe(200);
  const [task] = ((await list.json()) as ChecklistEntry[]).sort((a, b) => a.item_order - b.item_order || a.id - b.id);
  if (!task) throw new Error('the new hire has no checklist');
  const done = await request.post(`${urls.gateway}/api/tasks/${task.id}/complete`, {
    headers: auth(session),
    data: { notes: 'Done in the e2e run', completedAt: new Date().toISOString() },
  });
  expect(done.ok(), await done.text()).toBe(true);
  return task;
}

async function entryViaApi(request: APIRequestContext, session: SignedIn, id: number): Promise<{ status: number; body: EntryJson }> {
  const res = await request.get(`${urls.gateway}/api/journal-entries/${id}`, { headers: auth(session) });
  return { status: res.status(), body: (await res.json()) as EntryJson };
}

const toasts = (page: Page) => page.getByRole('list', { name: 'Messages' });
const contentBox = (page: Page) => page.getByRole('textbox', { name: /^Entry/ });
const entryList = (page: Page) => page.getByRole('list', { name: 'Journal entries' });

test.describe('learning journal', () => {
  test('writes a reflection on a completed task, recovers its draft after a reload, finds it, tags it and deletes it', async ({ page, request }) => {
    test.setTimeout(90_000);
    const session = await registerNewHire(request, 'flow');
    const task = await completeFirstTask(request, session);
    await useSession(page, session);
    // A word no other entry has, to search for.
    const marker = `quokka${Date.now().toString(36)}`;

    // From the completed task's page to the editor, which starts from the reflection template (docs/product.md#journal).
    await page.goto(`/app/checklist/${task.id}`);
    await page.getByRole('link', { name: 'Write a reflection' }).click();
    await expect(page).toHaveURL(new RegExp(`/app/journal/new\\?taskId=${task.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'New Journal Entry' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(`Reflection on: ${task.title}`);
    await expect(contentBox(page)).toHaveValue(/^## What I learned\n\n\n## Key insights\n\n\n## How this relates to my role\n/);
    await expect(page.getByRole('radio', { name: /Private/ })).toBeChecked();
    await expect(page.getByRole('button', { name: `Remove the link to ${task.title}` })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Write, wait for the draft to be stored, and reload in the middle of it.
    const reflection = `## What I learned\nThe ${marker} rule: report phishing at once.\n\n## Key insights\nAsk early.\n\n## How this relates to my role\nI handle customer email.`;
    await contentBox(page).fill(reflection);
    await expect(page.getByText(/^Draft saved/)).toBeVisible();
    await page.reload();
    await expect(page.getByText('You have an unsaved draft from Just now.')).toBeVisible();
    await page.getByRole('button', { name: 'Restore draft' }).click();
    await expect(contentBox(page)).toHaveValue(reflection);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(`Reflection on: ${task.title}`);

    // Save it with a first tag: it opens, and the server holds what the screen shows.
    await page.getByRole('textbox', { name: 'Tags' }).fill('security');
    await page.getByRole('button', { name: 'Save entry' }).click();
    await expect(toasts(page).getByText('Journal entry saved')).toBeVisible();
    await expect(page).toHaveURL(/\/app\/journal\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByRole('heading', { level: 1, name: `Reflection on: ${task.title}` })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'What I learned' })).toBeVisible();
    await expect(page.getByRole('link', { name: task.title })).toHaveAttribute('href', `/app/checklist/${task.id}`);
    const saved = await entryViaApi(request, session, id);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      title: `Reflection on: ${task.title}`,
      content: reflection,
      visibility: 'private',
      tags: ['security'],
      linked_task_ids: String(task.id),
      taskContext: { taskId: task.id, taskTitle: task.title },
    });
    expect(await seriousViolations(page)).toEqual([]);

    // Saved: the draft is gone, so a new entry starts clean.
    await page.goto('/app/journal/new');
    await expect(contentBox(page)).toHaveValue('');
    await expect(page.getByText(/unsaved draft/)).toHaveCount(0);

    // Search for it from the list (as the user types), and miss with other words.
    await page.goto('/app/journal');
    await expect(page.getByRole('heading', { level: 1, name: 'My Journal' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill(marker.slice(0, -2));
    await expect(entryList(page).getByRole('link', { name: `Reflection on: ${task.title}` })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`q=${marker.slice(0, -2)}`));
    await expect(page.getByText('Showing 1–1 of 1 entry')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill('nothing-like-this-anywhere');
    await expect(page.getByText('No entries match')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(entryList(page).getByRole('link', { name: `Reflection on: ${task.title}` })).toBeVisible();

    // Tag it: edit the entry, add a tag, and filter the list by it from the popular tags.
    await entryList(page).getByRole('link', { name: `Reflection on: ${task.title}` }).click();
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/app/journal/${id}\\?mode=edit$`));
    await page.getByRole('textbox', { name: 'Tags' }).fill('security, first week');
    await page.getByRole('button', { name: 'Save entry' }).click();
    await expect(toasts(page).getByText('Journal entry updated')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['security', 'first week']);
    expect((await entryViaApi(request, session, id)).body.tags).toEqual(['security', 'first week']);
    await page.getByRole('link', { name: 'Back to My Journal' }).click();
    await page.getByRole('button', { name: /^first week ?, 1 entry$/ }).click();
    await expect(page).toHaveURL(/tag=first\+week|tag=first%20week/);
    await expect(entryList(page).getByRole('link', { name: `Reflection on: ${task.title}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Journal statistics' })).toContainText('1');

    // Delete it, after confirming.
    await entryList(page).getByRole('link', { name: `Reflection on: ${task.title}` }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this entry?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete entry' }).click();
    await expect(toasts(page).getByText('Journal entry deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/app\/journal$/);
    await expect(page.getByText('No journal entries yet')).toBeVisible();
    expect((await entryViaApi(request, session, id)).status).toBe(404);
  });

  test("another user's entry is not found, in the browser and through the API", async ({ page, request }) => {
    const author = await registerNewHire(request, 'author');
    const other = await registerNewHire(request, 'other');
    const created = await request.post(`${urls.gateway}/api/journal-entries`, {
      headers: auth(author),
      data: { title: 'Only mine', content: 'Private thoughts', tags: 'private' },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as EntryJson;
    expect((await entryViaApi(request, other, id)).status).toBe(404);

    await useSession(page, other);
    await page.goto(`/app/journal/${id}`);
    await expect(page.getByText('This journal entry could not be found')).toBeVisible();
    await expect(page.getByText('Private thoughts')).toHaveCount(0);
    const search = await request.get(`${urls.gateway}/api/journal-entries/search?q=${encodeURIComponent('Private thoughts')}`, { headers: auth(other) });
    expect(((await search.json()) as { total: number }).total).toBe(0);
  });
});
