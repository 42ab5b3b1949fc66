// Tasks owned by someone other than the hire (docs/product.md#progress), end to end in Chromium: the
// administrator sets a hire's manager in Edit user and adds a checklist item the manager owns; the
// hire sees it read-only, named for its owner; the manager completes it from 'Tasks for my hires';
// the hire's dashboard then counts it done. Every person is made by the test, in a role of its own.
import { expect, test, type APIRequestContext, type Locator, type Page } from './support/csp.js';
import { urls } from '../stack.mjs';
import { apiSignIn, useSession, type SignedIn } from './support/session.js';

const PASSWORD = 'Owners12345';

const bearer = (session: SignedIn) => ({ Authorization: `Bearer ${session.token}` });
const toast = (page: Page, text: string) => page.getByRole('list', { name: 'Messages' }).getByText(text, { exact: true });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function ok<T>(answer: Promise<{ status(): number; text(): Promise<string>; json(): Promise<unknown> }>, status = 200): Promise<T> {
  const res = await answer;
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

async function register(request: APIRequestContext, name: string, email: string, roleId: number): Promise<SignedIn> {
  return ok<SignedIn>(request.post(`${urls.gateway}/api/auth/register`, { data: { name, email, password: PASSWORD, role_id: roleId } }), 201);
}

/** The hire's task as the REST door answers it, as far as this journey reads it. */
interface OwnedTask {
  id: number;
  title: string;
  completed?: boolean;
  status: string | null;
  owner_type: string;
  ownerLabel: string;
  ownerName: string | null;
  canComplete: boolean;
}

async function tasksOf(request: APIRequestContext, hire: SignedIn): Promise<OwnedTask[]> {
  return ok<OwnedTask[]>(request.get(`${urls.gateway}/api/user-checklist-items/user/${hire.user.id}`, { headers: bearer(hire) }));
}

/** A table row found by the text of its row header (first column). */
function row(table: Locator, name: string): Locator {
  return table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name, exact: false }) });
}

test('the admin gives a hire a manager and a task the manager owns; the hire follows it read-only; the manager completes it from My tasks', async ({ page, browser, request }) => {
  // Three people in three browsers on a shared machine.
  test.setTimeout(180_000);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const admin = await apiSignIn(request, 'admin');

  // A role of its own, so the hire's checklist is exactly this journey's: one task of the hire's own.
  const role = await ok<{ id: number; name: string }>(request.post(`${urls.gateway}/api/roles`, { headers: bearer(admin), data: { name: `Owners ${tag}` } }), 201);
  const ownTitle = `Sign the handbook ${tag}`;
  await ok(request.post(`${urls.gateway}/api/admin/checklist-items`, { headers: bearer(admin), data: { title: ownTitle, type: 'form', due_days: 1, role_id: role.id } }), 201);
  const hire = await register(request, `Hana Hire ${tag}`, `hana-${tag}@e2e.example.org`, role.id);
  const roles = await ok<Array<{ id: number; name: string }>>(request.get(`${urls.gateway}/api/roles`));
  const employeeRole = roles.find((r) => r.name === 'Employee');
  expect(employeeRole).toBeDefined();
  const manager = await register(request, `Mo Manager ${tag}`, `mo-${tag}@e2e.example.org`, employeeRole?.id ?? 1);
  const managerName = manager.user.name;
  const title = `Book your first 1:1 ${tag}`;

  // 1. The administrator: Edit user sets the hire's manager.
  await useSession(page, admin);
  await page.goto('/app/admin/users');
  await page.getByLabel('Search').fill(hire.user.email);
  const hireRow = row(page.getByRole('table', { name: 'Users' }), hire.user.name);
  await hireRow.getByRole('button', { name: `Edit ${hire.user.name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit user' });
  const managerField = edit.getByRole('combobox', { name: 'Manager' });
  await managerField.fill(managerName);
  await edit.getByRole('option', { name: new RegExp(managerName) }).click();
  await expect(managerField).toHaveValue(managerName);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, `${hire.user.name} was updated`)).toBeVisible();
  const saved = await ok<{ manager_id: number | null; manager_name: string | null }>(
    request.get(`${urls.gateway}/api/admin/users/${hire.user.id}`, { headers: bearer(admin) }),
  );
  expect(saved).toMatchObject({ manager_id: manager.user.id, manager_name: managerName });

  // 2. The administrator: a checklist item of the role that the hire's manager owns.
  await page.goto('/app/admin/checklist-items');
  await page.getByRole('button', { name: 'New checklist item' }).click();
  const itemDialog = page.getByRole('dialog', { name: 'New checklist item' });
  await itemDialog.getByLabel('Title').fill(title);
  await itemDialog.getByLabel('Type').selectOption({ label: 'Meeting' });
  await itemDialog.getByLabel('Due (working days after the start date)').fill('2');
  await itemDialog.getByLabel('Role', { exact: true }).selectOption({ label: role.name });
  await itemDialog.getByLabel('Owner').selectOption({ label: "The hire's manager" });
  await itemDialog.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, `"${title}" created`)).toBeVisible();

  // The server names the owner for the hire, and the hire cannot complete it.
  const before = (await tasksOf(request, hire)).find((task) => task.title === title);
  expect(before).toMatchObject({ owner_type: 'manager', ownerLabel: 'Your manager', ownerName: managerName, canComplete: false });
  const refused = await request.post(`${urls.gateway}/api/user-checklist-items/user/${hire.user.id}/item/${before?.id}`, {
    headers: bearer(hire),
    data: { status: 'completed' },
  });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toEqual({ error: 'This task is assigned to your manager' });

  // 3. The hire: the task shows under its owner, read-only, and outside the hire's own progress.
  const hireContext = await browser.newContext();
  const hirePage = await hireContext.newPage();
  const managerContext = await browser.newContext();
  const managerPage = await managerContext.newPage();
  try {
    await useSession(hirePage, hire);
    await hirePage.goto('/app/checklist');
    const taskRow = hirePage.getByRole('list', { name: 'Checklist tasks' }).getByRole('listitem').filter({ has: hirePage.getByRole('link', { name: title }) });
    // A new hire's first screen loads everything at once: give a loaded machine time.
    await expect(taskRow).toContainText(`Your manager (${managerName}): ${title}`, { timeout: 30_000 });
    await expect(taskRow).not.toContainText('Completed');
    await expect(hirePage.getByTestId('ckl-others')).toHaveText('0 of 1 task by your team done');
    await hirePage.getByRole('link', { name: title }).click();
    await expect(hirePage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const main = hirePage.getByRole('main');
    await expect(main).toContainText('Someone else does this task for you: you can follow it here.');
    await expect(main).toContainText(`Your manager (${managerName})`);
    await expect(main.getByRole('button', { name: 'Mark as complete' })).toHaveCount(0);
    await expect(main.getByRole('textbox')).toHaveCount(0);

    // 4. The manager: 'Tasks for my hires' in the sidebar leads to the task, completed in place.
    await useSession(managerPage, manager);
    await managerPage.goto('/app/dashboard');
    await sidebar(managerPage).getByRole('link', { name: 'Tasks for my hires' }).click({ timeout: 30_000 });
    await expect(managerPage).toHaveURL('/app/my-tasks');
    const forHire = managerPage.getByRole('list', { name: `Tasks for ${hire.user.name}` });
    await expect(forHire.getByRole('listitem')).toHaveCount(1);
    await expect(forHire).toContainText(title);
    await forHire.getByRole('button', { name: `Mark "${title}" as complete for ${hire.user.name}` }).click();
    await expect(toast(managerPage, `"${title}" is complete for ${hire.user.name}`)).toBeVisible();
    await expect(managerPage.getByText('No open tasks for your hires')).toBeVisible();

    const after = (await tasksOf(request, hire)).find((task) => task.title === title);
    expect(after?.completed === true || after?.status === 'completed').toBe(true);

    // 5. The hire's dashboard: the manager's task is done; the hire's own progress has not moved.
    await hirePage.goto('/app/dashboard');
    await expect(hirePage.getByTestId('dash-others')).toHaveText('1 of 1 task by your team done');
    await expect(hirePage.getByTestId('dash-percentage')).toHaveText('0%');
    await hirePage.goto('/app/checklist');
    await expect(taskRow).toContainText('Completed');
    await expect(hirePage.getByTestId('ckl-others')).toHaveText('1 of 1 task by your team done');
  } finally {
    await hireContext.close();
    await managerContext.close();
  }
});
