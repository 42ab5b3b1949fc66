// The checklist screens in a real browser (docs/checklist-screens.md): complete a task from the dashboard and watch the numbers change
// to what the server holds; filter the checklist; open a task and set it back; the sections. Every
// test registers its own new hire, so tests never depend on each other or on the demo accounts.
// Expected numbers come from the REST door (GET /user-checklist-items/user/{id}), never from the UI.
import { expect, test, type APIRequestContext, type Page } from './support/csp.js';
import { urls } from '../stack.mjs';
import { useSession, type SignedIn } from './support/session.js';
import { seriousViolations } from './support/axe.js';

const PASSWORD = 'Onboard2025';

/** The REST shape of a checklist entry, as far as these tests read it. */
interface ChecklistEntry {
  id: number;
  title: string;
  type: string;
  priority: string;
  item_order: number;
  status: string | null;
  completed?: boolean;
  completed_at: string | null;
  dueDate: string;
  daysUntilDue: number;
  isOverdue: boolean;
  owner_type: string;
}

function uniqueEmail(tag: string): string {
  return `e2e-ckl-${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** A new hire (role 1, Employee): a clean checklist with no progress. */
async function registerNewHire(request: APIRequestContext, tag: string): Promise<SignedIn> {
  const res = await request.post(`${urls.gateway}/api/auth/register`, {
    data: { name: `Casey ${tag}`, email: uniqueEmail(tag), password: PASSWORD, role_id: 1 },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as SignedIn;
}

const auth = (session: SignedIn) => ({ Authorization: `Bearer ${session.token}` });

async function checklistOf(request: APIRequestContext, session: SignedIn): Promise<ChecklistEntry[]> {
  const res = await request.get(`${urls.gateway}/api/user-checklist-items/user/${session.user.id}`, { headers: auth(session) });
  expect(res.status(), await res.text()).toBe(200);
  const items = (await res.json()) as ChecklistEntry[];
  return [...items].sort((a, b) => a.item_order - b.item_order || a.id - b.id);
}

const isDone = (item: ChecklistEntry) => item.completed === true || item.status === 'completed' || item.status === 'complete';
/** The hire's own task; the demo seed also gives role 1 tasks the IT team and the buddy do, which the hire only sees. */
const isOwn = (item: ChecklistEntry) => item.owner_type === 'new_hire';
/** Open and in Upcoming Tasks' window: overdue or due within 7 days. */
const isUpcoming = (item: ChecklistEntry) => !isDone(item) && (item.isOverdue || item.daysUntilDue <= 7);

async function completeViaApi(request: APIRequestContext, session: SignedIn, itemId: number): Promise<void> {
  const res = await request.post(`${urls.gateway}/api/user-checklist-items/user/${session.user.id}/item/${itemId}`, {
    headers: auth(session),
    data: { status: 'completed' },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Days from today (the browser's calendar, same machine) to a YYYY-MM-DD date. */
function daysUntil(date: string): number {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number) as [number, number, number];
  const today = new Date();
  return Math.round((new Date(y, m - 1, d).getTime() - new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime()) / 86_400_000);
}

const percent = (done: number, total: number) => (total > 0 ? Math.round((100 * done) / total) : 0);
const toasts = (page: Page) => page.getByRole('list', { name: 'Messages' });
const taskList = (page: Page) => page.getByRole('list', { name: 'Checklist tasks' });

async function expectDashboardNumbers(page: Page, done: number, total: number): Promise<void> {
  await expect(page.getByTestId('dash-percentage')).toHaveText(`${percent(done, total)}%`);
  await expect(page.getByTestId('dash-completed')).toHaveText(String(done));
  await expect(page.getByTestId('dash-remaining-count')).toHaveText(String(total - done));
  await expect(page.getByRole('progressbar', { name: 'Onboarding Progress' })).toHaveAttribute('aria-valuenow', String(percent(done, total)));
}

test.describe('checklist, dashboard and sections', () => {
  test('completes a task from the dashboard and the numbers change to what the server holds', async ({ page, request }) => {
    const session = await registerNewHire(request, 'dash');
    const before = await checklistOf(request, session);
    // The numbers count the hire's own tasks (docs/product.md#progress).
    const own = before.filter(isOwn);
    const total = own.length;
    expect(total, 'the demo seed gives role 1 a checklist').toBeGreaterThan(1);
    expect(before.length, 'the demo seed gives role 1 tasks others do').toBeGreaterThan(total);
    const done = own.filter(isDone).length;

    await useSession(page, session);
    await page.goto('/app/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Your Next Step')).toBeVisible();
    await expectDashboardNumbers(page, done, total);
    await expect(page.getByTestId('dash-remaining')).toHaveText(`${total - done} tasks remaining`);
    expect(await seriousViolations(page)).toEqual([]);

    const upcoming = page.getByRole('region', { name: 'Upcoming Tasks' });
    await expect(upcoming.getByRole('listitem')).toHaveCount(Math.min(3, before.filter(isUpcoming).length));
    const button = upcoming.getByRole('button', { name: /^Mark ".+" as complete$/ }).first();
    const label = (await button.getAttribute('aria-label')) ?? '';
    const title = label.replace(/^Mark "(.+)" as complete$/, '$1');
    // By keyboard: the button is a real button, Enter presses it.
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveText(/Completing/);

    await expectDashboardNumbers(page, done + 1, total);
    await expect(page.getByTestId('dash-remaining')).toHaveText(`${total - done - 1} ${total - done - 1 === 1 ? 'task' : 'tasks'} remaining`);
    await expect(page.getByRole('region', { name: 'Recent Activity' }).getByText(title, { exact: true })).toBeVisible();

    // The pressed button left with its task; focus waits on the list's heading, not the page top.
    await expect(upcoming.getByRole('heading', { name: 'Upcoming Tasks' })).toBeFocused();

    const after = await checklistOf(request, session);
    expect(after.filter(isDone).map((item) => item.title)).toEqual([title]);
    // The dashboard and the server agree after a reload too.
    await page.reload();
    await expectDashboardNumbers(page, done + 1, total);
  });

  test('completing the last task on the dashboard shows the congratulations toast and the certificate link', async ({ page, request }) => {
    const session = await registerNewHire(request, 'finish');
    const all = await checklistOf(request, session);
    // Completion is the hire's own tasks; others' tasks about them stay open and do not hold it back.
    const items = all.filter(isOwn);
    const othersUpcoming = all.filter((item) => !isOwn(item) && isUpcoming(item));
    // The task left open is the one due first: Upcoming Tasks lists only tasks due within the next 7 days.
    const last = [...items].sort((a, b) => a.dueDate.localeCompare(b.dueDate))[0];
    if (!last) throw new Error('empty checklist');
    for (const item of items) if (item.id !== last.id) await completeViaApi(request, session, item.id);

    await useSession(page, session);
    await page.goto('/app/dashboard');
    await expectDashboardNumbers(page, items.length - 1, items.length);
    await page.getByRole('button', { name: `Mark "${last.title}" as complete` }).click();

    await expect(toasts(page).getByText("Congratulations! You've completed all onboarding tasks!")).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Orientation Complete!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Your Certificate' })).toHaveAttribute('href', '/app/profile');
    await expectDashboardNumbers(page, items.length, items.length);
    const upcoming = page.getByRole('region', { name: 'Upcoming Tasks' });
    if (othersUpcoming.length === 0) {
      await expect(upcoming.getByText('All caught up!')).toBeVisible();
    } else {
      // Only others' tasks are left in the window: listed read-only, nothing for the hire to press.
      await expect(upcoming.getByRole('listitem')).toHaveCount(Math.min(3, othersUpcoming.length));
      await expect(upcoming.getByRole('button', { name: /^Mark ".+" as complete$/ })).toHaveCount(0);
    }
    expect((await checklistOf(request, session)).filter(isOwn).every(isDone)).toBe(true);

    // Opening the dashboard already at 100 % is no occasion for the toast.
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Orientation Complete!' })).toBeVisible();
    await page.waitForTimeout(500);
    await expect(toasts(page).getByText("Congratulations! You've completed all onboarding tasks!")).toHaveCount(0);
  });

  test('filters the checklist by status, type, due date and priority', async ({ page, request }) => {
    // A journey over several pages (and an axe scan): more than the default budget on a loaded 2-core runner.
    test.slow();
    const session = await registerNewHire(request, 'filter');
    const initial = await checklistOf(request, session);
    const first = initial.find(isOwn);
    if (!first) throw new Error('empty checklist');
    await completeViaApi(request, session, first.id);
    const items = await checklistOf(request, session);
    const titlesOf = (list: ChecklistEntry[]) => list.map((item) => item.title);

    await useSession(page, session);
    await page.goto('/app/checklist');
    await expect(page.getByRole('heading', { level: 1, name: 'My Checklist' })).toBeVisible();
    // Default: every task, item_order ascending.
    await expect(taskList(page).getByRole('link')).toHaveText(titlesOf(items));
    await expect(page.getByText(`Showing ${items.length} of ${items.length} tasks`)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const status = page.getByLabel('Status');
    await status.selectOption('completed');
    await expect(taskList(page).getByRole('link')).toHaveText(titlesOf(items.filter(isDone)));
    await expect(page).toHaveURL(/\/app\/checklist\?status=completed$/);
    await expect(taskList(page).getByRole('listitem').first()).toContainText('Completed');

    await status.selectOption('pending');
    const pending = items.filter((item) => !isDone(item));
    await expect(taskList(page).getByRole('link')).toHaveText(titlesOf(pending));

    const type = pending[0]?.type ?? 'form';
    await page.getByLabel('Type').selectOption(type);
    const pendingOfType = pending.filter((item) => item.type === type);
    await expect(taskList(page).getByRole('link')).toHaveText(titlesOf(pendingOfType));

    const priority = pendingOfType[0]?.priority ?? 'high';
    await page.getByLabel('Priority').selectOption(priority);
    await expect(taskList(page).getByRole('link')).toHaveText(titlesOf(pendingOfType.filter((item) => item.priority === priority)));

    // Due this week: due from today up to 7 days ahead (a new hire has nothing overdue yet).
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page).toHaveURL(/\/app\/checklist$/);
    await page.getByLabel('Due date').selectOption('week');
    const thisWeek = items.filter((item) => {
      const days = daysUntil(item.dueDate);
      return days >= 0 && days <= 7;
    });
    if (thisWeek.length > 0) {
      await expect(taskList(page).getByRole('link')).toHaveText(titlesOf(thisWeek));
    } else {
      await expect(page.getByText('No tasks match these filters')).toBeVisible();
    }
    await page.getByLabel('Due date').selectOption('overdue');
    const overdue = items.filter((item) => !isDone(item) && daysUntil(item.dueDate) < 0);
    if (overdue.length > 0) await expect(taskList(page).getByRole('link')).toHaveText(titlesOf(overdue));
    else await expect(page.getByText('No tasks match these filters')).toBeVisible();

    // The filters survive a reload (they live in the URL).
    await page.reload();
    await expect(page.getByLabel('Due date')).toHaveValue('overdue');
  });

  test('opens a completed task and sets it back, which clears its completion', async ({ page, request }) => {
    const session = await registerNewHire(request, 'setback');
    const target = (await checklistOf(request, session)).find(isOwn);
    if (!target) throw new Error('empty checklist');
    await completeViaApi(request, session, target.id);

    await useSession(page, session);
    await page.goto('/app/checklist');
    await taskList(page).getByRole('link', { name: target.title, exact: true }).click();
    await expect(page).toHaveURL(`/app/checklist/${target.id}`);
    await expect(page.getByRole('heading', { level: 1, name: target.title })).toBeVisible();
    await expect(page.getByText(/^Completed (just now|\d+ minutes? ago)$/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Write a reflection' })).toHaveAttribute('href', `/app/journal/new?taskId=${target.id}`);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Set back to pending' }).click();
    await expect(page.getByRole('button', { name: 'Mark as complete' })).toBeVisible();
    await expect(toasts(page).getByText(`"${target.title}" is pending again`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Write a reflection' })).toHaveCount(0);

    const entry = (await checklistOf(request, session)).find((item) => item.id === target.id);
    expect(entry && isDone(entry)).toBe(false);
    expect(entry?.completed_at ?? null).toBeNull();

    // Back on the list (served from the updated cache) the task reads as open again.
    await page.getByRole('link', { name: 'Back to checklist' }).click();
    await expect(taskList(page).getByRole('listitem').filter({ hasText: target.title }).first()).not.toContainText('Completed');
  });

  test('the sections group the checklist by type with the right counts', async ({ page, request }) => {
    const session = await registerNewHire(request, 'sections');
    const first = (await checklistOf(request, session)).find(isOwn);
    if (!first) throw new Error('empty checklist');
    await completeViaApi(request, session, first.id);
    // A section's progress counts the hire's own tasks (docs/product.md#progress).
    const items = (await checklistOf(request, session)).filter(isOwn);

    await useSession(page, session);
    await page.goto('/app/sections');
    const names: Record<string, string> = { form: 'Forms', policy: 'Policies', sop: 'SOPs', training: 'Trainings', meeting: 'Meetings' };
    for (const [type, name] of Object.entries(names)) {
      const inSection = items.filter((item) => item.type === type);
      const section = page.getByRole('region', { name });
      await expect(section.getByText(`${inSection.filter(isDone).length} of ${inSection.length} completed`)).toBeVisible();
      await expect(section.getByRole('progressbar', { name: `${name} progress` })).toHaveAttribute(
        'aria-valuenow',
        String(percent(inSection.filter(isDone).length, inSection.length)),
      );
    }
    expect(await seriousViolations(page)).toEqual([]);
  });
});
