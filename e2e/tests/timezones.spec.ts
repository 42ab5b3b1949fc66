// One "today" for everyone (docs/product.md#due-dates, #overdue): the server decides due dates and
// overdue in the company's time zone, and every screen shows its answer, whatever the browser's zone.
// Two browsers, at UTC−8 (Los Angeles) and UTC+10 (Guam, no daylight saving), each with its clock
// set so that its own calendar reads another day than the company's, read a hire's due dates and
// states on the checklist, on each task's page and, for the hire's manager, on 'Tasks for my hires',
// and find exactly what GET /api/user-checklist-items and GET /api/my-tasks answer.
import { expect, test, type APIRequestContext, type Page } from './support/csp.js';
import { urls } from '../stack.mjs';
import { wallClock } from './support/clock.js';
import { apiSignIn, useSession, type SignedIn } from './support/session.js';

const PASSWORD = 'Zones12345';
const DAY_MS = 86_400_000;

const bearer = (session: SignedIn) => ({ Authorization: `Bearer ${session.token}` });

async function ok<T>(answer: Promise<{ status(): number; text(): Promise<string>; json(): Promise<unknown> }>, status = 200): Promise<T> {
  const res = await answer;
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

/** `date` (YYYY-MM-DD) moved by `days` calendar days. */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The calendar date in `zone` at `instant`. */
function dateIn(zone: string, instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** A calendar date as the portal words it in English ('Dec 7, 2026'). */
function wordDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** The hire's task as the REST door answers it, as far as these tests read it. */
interface ServerTask {
  id: number;
  title: string;
  dueDate: string;
  isOverdue: boolean;
  daysUntilDue: number;
  owner_type: string;
}

/** The display status the product gives an open task (docs/product.md#task-status). */
function statusOf(task: ServerTask): string {
  if (task.isOverdue) return 'Overdue';
  if (task.daysUntilDue === 0) return 'Due Today';
  if (task.daysUntilDue <= 2) return 'Due Soon';
  return 'Pending';
}

/** The due wording of an open task (docs/product.md#due-dates), from the server's days left. */
function dueTextOf(task: Pick<ServerTask, 'daysUntilDue' | 'dueDate'>): string {
  const days = task.daysUntilDue;
  if (days < 0) return `Overdue by ${-days} ${days === -1 ? 'day' : 'days'}`;
  if (days === 0) return 'Due today';
  if (days === 1) return 'Due tomorrow';
  if (days <= 7) return `Due in ${days} days`;
  return wordDate(task.dueDate);
}

interface Setup {
  hire: SignedIn;
  manager: SignedIn;
  today: string;
  timeZone: string;
}

/**
 * A role of its own with a preboarding task, tasks due on and after the start, one far off, and one
 * the manager owns; a hire in it who started four days before the company's today, and a manager.
 */
async function setUp(request: APIRequestContext, tag: string): Promise<Setup> {
  const admin = await apiSignIn(request, 'admin');
  const calendar = await ok<{ time_zone: string; today: string }>(request.get(`${urls.gateway}/api/settings/calendar`, { headers: bearer(admin) }));
  const role = await ok<{ id: number }>(request.post(`${urls.gateway}/api/roles`, { headers: bearer(admin), data: { name: `Zones ${tag}` } }), 201);
  const items = [
    { title: `Send your bank details ${tag}`, type: 'form', due_days: -2 },
    { title: `Read the handbook ${tag}`, type: 'policy', due_days: 0 },
    { title: `Shadow a colleague ${tag}`, type: 'training', due_days: 4 },
    { title: `Present your first project ${tag}`, type: 'meeting', due_days: 15 },
    { title: `Book your first 1:1 ${tag}`, type: 'meeting', due_days: 1, owner_type: 'manager' },
  ];
  for (const item of items) {
    await ok(request.post(`${urls.gateway}/api/admin/checklist-items`, { headers: bearer(admin), data: { ...item, role_id: role.id } }), 201);
  }
  const register = (name: string, email: string, roleId: number) =>
    ok<SignedIn>(request.post(`${urls.gateway}/api/auth/register`, { data: { name, email, password: PASSWORD, role_id: roleId } }), 201);
  const hire = await register(`Zoe Zones ${tag}`, `zoe-${tag}@e2e.example.org`, role.id);
  const manager = await register(`Max Zones ${tag}`, `max-${tag}@e2e.example.org`, 1);
  await ok(
    request.put(`${urls.gateway}/api/admin/users/${hire.user.id}`, {
      headers: bearer(admin),
      data: { start_date: addDays(calendar.today, -4), manager_id: manager.user.id },
    }),
  );
  return { hire, manager, today: calendar.today, timeZone: calendar.time_zone };
}

/** Sets the page's clock to `instant` and checks that its own calendar reads `localDate`. */
async function setClock(page: Page, instant: Date, localDate: string): Promise<void> {
  await page.clock.install({ time: instant });
  await page.goto('/login');
  const seen = await page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  });
  expect(seen).toBe(localDate);
}

const ZONES = [
  // Late evening of the day before the company's today.
  { zone: 'America/Los_Angeles', offset: 'UTC−8', dayShift: -1, hour: 23 },
  // The small hours of the day after.
  { zone: 'Pacific/Guam', offset: 'UTC+10', dayShift: 1, hour: 1 },
] as const;

for (const { zone, offset, dayShift, hour } of ZONES) {
  test.describe(`a browser at ${offset} (${zone})`, () => {
    test.use({ timezoneId: zone });

    test("shows the server's due dates and overdue states, not its own calendar's", async ({ page, browser, request }) => {
      test.setTimeout(150_000);
      const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const { hire, manager, today, timeZone } = await setUp(request, tag);

      // The browser's calendar reads another day than the company's at this instant.
      const localDate = addDays(today, dayShift);
      const instant = wallClock(localDate, hour, zone);
      expect(dateIn(timeZone, instant), `the company's date at ${instant.toISOString()}`).toBe(today);

      const server = await ok<ServerTask[]>(request.get(`${urls.gateway}/api/user-checklist-items/user/${hire.user.id}`, { headers: bearer(hire) }));
      expect(server).toHaveLength(5);
      // The cases this test is about are all there: overdue, not yet due, and a far date.
      expect(server.some((task) => task.isOverdue)).toBe(true);
      expect(server.some((task) => !task.isOverdue)).toBe(true);
      expect(server.some((task) => task.daysUntilDue > 7)).toBe(true);
      for (const task of server) expect(task.isOverdue, task.title).toBe(task.daysUntilDue < 0);

      await setClock(page, instant, localDate);
      await useSession(page, hire);
      await page.goto('/app/checklist');
      const tasks = page.getByRole('list', { name: 'Checklist tasks' });
      // The first screen of a new hire loads everything: give a loaded machine time.
      await expect(tasks.getByRole('link')).toHaveCount(server.length, { timeout: 30_000 });
      for (const task of server) {
        const row = tasks.getByRole('listitem').filter({ has: page.getByRole('link', { name: task.title }) });
        await expect(row, task.title).toContainText(statusOf(task));
        await expect(row, task.title).toContainText(dueTextOf(task));
      }

      // Each task's page names its due date.
      for (const task of server) {
        await tasks.getByRole('link', { name: task.title }).click();
        await expect(page.getByRole('heading', { level: 1, name: task.title })).toBeVisible();
        const main = page.getByRole('main');
        await expect(main, task.title).toContainText(dueTextOf(task));
        await expect(main, task.title).toContainText(wordDate(task.dueDate));
        await page.goBack();
      }

      // The manager, in a browser in the same zone at the same instant: 'Tasks for my hires'.
      const mine = await ok<{ data: Array<{ hire: { id: number }; item: { title: string }; dueDate: string; isOverdue: boolean; daysUntilDue: number }>; total: number }>(
        request.get(`${urls.gateway}/api/my-tasks`, { headers: bearer(manager) }),
      );
      expect(mine.total).toBe(1);
      const [owned] = mine.data;
      expect(owned?.hire.id).toBe(hire.user.id);
      expect(server.find((task) => task.title === owned?.item.title)).toMatchObject({ dueDate: owned?.dueDate, isOverdue: owned?.isOverdue, daysUntilDue: owned?.daysUntilDue });

      const context = await browser.newContext({ timezoneId: zone });
      const managerPage = await context.newPage();
      try {
        await setClock(managerPage, instant, localDate);
        await useSession(managerPage, manager);
        await managerPage.goto('/app/my-tasks');
        const list = managerPage.getByRole('list', { name: `Tasks for ${hire.user.name}` });
        await expect(list.getByRole('listitem'), 'the open task the manager owns').toHaveCount(1, { timeout: 30_000 });
        await expect(list).toContainText(owned?.item.title ?? '');
        if (!owned) throw new Error('the manager owns no task');
        // The same wording as the hire's checklist, from the same days left.
        await expect(list).toContainText(dueTextOf(owned));
        await expect(list.getByText('Overdue', { exact: true })).toHaveCount(owned?.isOverdue ? 1 : 0);
      } finally {
        await context.close();
      }
    });
  });
}
