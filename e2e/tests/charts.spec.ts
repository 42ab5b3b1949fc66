// The Administration index charts (docs/product.md#insights) in Chromium against the built stack:
// a role of the test's own, with a hire who started 75 days ago, finished one task that day and
// left the other overdue, shows up in all three charts and in their table alternatives. Checked
// with axe-core in both views.
import { expect, test, type APIRequestContext, type Locator } from './support/csp.js';
import { urls } from '../stack.mjs';
import { apiSignIn, signInAs, type SignedIn } from './support/session.js';
import { seriousViolations } from './support/axe.js';

const PASSWORD = 'Onboard2025';
const bearer = (s: SignedIn) => ({ authorization: `Bearer ${s.token}` });

async function ok<T>(response: Promise<Awaited<ReturnType<APIRequestContext['get']>>>, status = 200): Promise<T> {
  const res = await response;
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

/** A table row found by the text of its row header. */
function row(table: Locator, name: string): Locator {
  return table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name, exact: true }) });
}

/** "2025-03-14" → "Mar 2025", as the cohort table names a start month. */
function monthLabel(date: string): string {
  return new Date(`${date.slice(0, 7)}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

test('the admin index shows the three charts, each with a table of the same numbers', async ({ page, request }) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const admin = await apiSignIn(request, 'admin');
  const role = await ok<{ id: number; name: string }>(request.post(`${urls.gateway}/api/roles`, { headers: bearer(admin), data: { name: `Charts ${tag}` } }), 201);
  const done = await ok<{ id: number }>(request.post(`${urls.gateway}/api/admin/checklist-items`, { headers: bearer(admin), data: { title: `Charted slow task ${tag}`, type: 'form', due_days: 0, role_id: role.id } }), 201);
  await ok(request.post(`${urls.gateway}/api/admin/checklist-items`, { headers: bearer(admin), data: { title: `Charted open task ${tag}`, type: 'form', due_days: 1, role_id: role.id } }), 201);
  const hire = await ok<SignedIn>(
    request.post(`${urls.gateway}/api/auth/register`, { data: { name: `Cam Charts ${tag}`, email: `charts-${tag}@e2e.example.org`, password: PASSWORD, role_id: role.id } }),
    201,
  );
  const { today } = await ok<{ today: string }>(request.get(`${urls.gateway}/api/settings/calendar`, { headers: bearer(admin) }));
  const start = new Date(Date.parse(`${today}T00:00:00Z`) - 75 * 86_400_000).toISOString().slice(0, 10);
  await ok(request.put(`${urls.gateway}/api/admin/users/${hire.user.id}`, { headers: bearer(admin), data: { start_date: start } }));
  await ok(request.post(`${urls.gateway}/api/tasks/${done.id}/complete`, { headers: bearer(hire) }));

  await signInAs(page, 'admin');
  await page.goto('/app/admin');
  const section = page.getByRole('region', { name: 'Onboarding over time' });
  await expect(section).toBeVisible();

  // Each chart is one image named by its summary.
  await expect(section.getByRole('img', { name: /^Line chart of \d+ start months?\./ })).toBeVisible();
  await expect(section.getByRole('img', { name: /^Stacked bar chart: \d+ overdue tasks? across \d+ roles?;/ })).toBeVisible();
  await expect(section.getByRole('img', { name: /^Bar chart of the \d+ slowest items?;/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const panel = (name: string) => section.getByRole('region', { name });
  const showTable = async (name: string) => {
    const toggle = panel(name).getByRole('button', { name: 'Show as table' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(panel(name).getByRole('img')).toHaveCount(0);
  };

  await showTable('Completion by start month');
  const cohorts = panel('Completion by start month').getByRole('table', { name: 'Share of hires complete, by start month' });
  await expect(cohorts.getByRole('columnheader')).toHaveText(['Start month', 'Hires', 'Day 7', 'Day 14', 'Day 30', 'Day 60']);
  await expect(row(cohorts, monthLabel(start))).toBeVisible();

  await showTable('Overdue tasks by role');
  const overdue = panel('Overdue tasks by role').getByRole('table', { name: 'Overdue tasks by role and owner' });
  await expect(row(overdue, role.name).getByRole('cell')).toHaveText(['1', '0', '0', '0', '1']);

  await showTable('Slowest checklist items');
  const slow = panel('Slowest checklist items').getByRole('table', { name: 'Slowest checklist items by median days' });
  // Completed today, 75 days after the start date: the slowest item of the stack by far.
  await expect(row(slow, `Charted slow task ${tag}`).getByRole('cell')).toHaveText(['75', '1', '0']);
  expect(await seriousViolations(page)).toEqual([]);
});
