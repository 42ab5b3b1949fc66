// One date rule for every screen (docs/product.md#due-dates): the server decides "today" (in the
// company's time zone) and every screen shows its answer. A hire whose browser is at UTC-5, at 20:00
// on the due date (already a later day for the company), sees the task overdue on the dashboard and
// the checklist, the same as the administrators' statistics count it. Due dates fall on working days
// only, so the due date is the company's last working day before its today (yesterday, or Friday
// seen from a Monday).
import { expect, test, type APIRequestContext } from './support/csp.js';
import { urls } from '../stack.mjs';
import { wallClock } from './support/clock.js';
import { apiSignIn, useSession, type SignedIn } from './support/session.js';

const PASSWORD = 'Dates12345';
const ZONE = 'America/New_York';

const bearer = (session: SignedIn) => ({ Authorization: `Bearer ${session.token}` });

async function ok<T>(answer: Promise<{ status(): number; text(): Promise<string>; json(): Promise<unknown> }>, status = 200): Promise<T> {
  const res = await answer;
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

interface Calendar {
  today: string;
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  working_days: number[];
  holidays: Array<{ date: string }>;
}

/** The company's last working day before its today (YYYY-MM-DD). */
function lastWorkingDayBefore({ today, working_days, holidays }: Calendar): string {
  const off = new Set(holidays.map((h) => h.date));
  for (let back = 1; back <= 31; back++) {
    const day = new Date(Date.parse(`${today}T00:00:00Z`) - back * 86_400_000);
    const date = day.toISOString().slice(0, 10);
    if (working_days.includes(day.getUTCDay() === 0 ? 7 : day.getUTCDay()) && !off.has(date)) return date;
  }
  throw new Error(`no working day in the month before ${today}`);
}

/** Whole calendar days from `from` to `to`. */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

interface Stats {
  as_of: string;
  roles: Array<{ role_id: number; role_name: string; overdue_tasks: number }>;
}

async function statsOf(request: APIRequestContext, admin: SignedIn): Promise<Stats> {
  return ok<Stats>(request.get(`${urls.gateway}/api/admin/stats`, { headers: bearer(admin) }));
}

test('a hire at UTC-5, at 20:00 on the due date, sees the task overdue on the dashboard and the checklist, as the admin statistics count it', async ({ browser, request }) => {
  // Three screens in two browsers on a shared machine.
  test.setTimeout(120_000);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const admin = await apiSignIn(request, 'admin');

  // A role of its own with one task due on the start date, so the numbers are this hire's alone.
  const role = await ok<{ id: number; name: string }>(request.post(`${urls.gateway}/api/roles`, { headers: bearer(admin), data: { name: `Dates ${tag}` } }), 201);
  const title = `Return the signed contract ${tag}`;
  await ok(request.post(`${urls.gateway}/api/admin/checklist-items`, { headers: bearer(admin), data: { title, type: 'form', due_days: 0, role_id: role.id } }), 201);
  const hire = await ok<SignedIn>(
    request.post(`${urls.gateway}/api/auth/register`, { data: { name: `Dana Dates ${tag}`, email: `dates-${tag}@e2e.example.org`, password: PASSWORD, role_id: role.id } }),
    201,
  );

  // The due date is the company's last working day before its today: the start date is set through the admin API.
  const calendar = await ok<Calendar>(request.get(`${urls.gateway}/api/settings/calendar`, { headers: bearer(admin) }));
  expect((await statsOf(request, admin)).as_of).toBe(calendar.today);
  const dueDate = lastWorkingDayBefore(calendar);
  const late = daysBetween(dueDate, calendar.today);
  const overdueBy = `Overdue by ${late} ${late === 1 ? 'day' : 'days'}`;
  await ok(request.put(`${urls.gateway}/api/admin/users/${hire.user.id}`, { headers: bearer(admin), data: { start_date: dueDate } }));

  const stats = await statsOf(request, admin);
  expect(stats.roles.find((r) => r.role_id === role.id)?.overdue_tasks).toBe(1);
  const [item] = await ok<Array<{ title: string; dueDate: string; isOverdue: boolean; daysUntilDue: number }>>(
    request.get(`${urls.gateway}/api/user-checklist-items/user/${hire.user.id}`, { headers: bearer(hire) }),
  );
  expect(item).toMatchObject({ title, dueDate, isOverdue: true, daysUntilDue: -late });

  // The hire's browser: New York, 20:00 on the due date. Its local calendar still reads the due date.
  const context = await browser.newContext({ timezoneId: ZONE });
  const page = await context.newPage();
  try {
    await page.clock.install({ time: wallClock(dueDate, 20, ZONE) });
    await useSession(page, hire);

    await page.goto('/app/dashboard');
    const localDate = await page.evaluate(() => {
      const now = new Date();
      return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')} ${now.getHours()}`;
    });
    expect(localDate).toBe(`${dueDate} 20`);
    const upcoming = page.getByRole('list', { name: 'Upcoming Tasks' }).getByRole('listitem').filter({ hasText: title });
    await expect(upcoming).toContainText('Overdue');
    await expect(upcoming).toContainText(overdueBy);
    await expect(page.getByText('All caught up!')).toHaveCount(0);

    await page.goto('/app/checklist');
    const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
    await expect(row).toContainText(overdueBy);
    await expect(row).not.toContainText('Due today');
    await page.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('main').getByText(overdueBy)).toBeVisible();
  } finally {
    await context.close();
  }

  // The administrators' statistics page (an administrator in the same zone) counts the same task overdue for the role.
  const adminContext = await browser.newContext({ timezoneId: ZONE });
  const adminPage = await adminContext.newPage();
  try {
    await useSession(adminPage, admin);
    await adminPage.goto('/app/admin');
    const health = adminPage.getByRole('table', { name: 'Onboarding health per role' });
    const roleRow = health.getByRole('row').filter({ has: adminPage.getByRole('rowheader', { name: role.name, exact: true }) });
    await expect(roleRow.getByRole('cell').last()).toHaveText('1');
  } finally {
    await adminContext.close();
  }
});
