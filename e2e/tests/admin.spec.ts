// The administration console (docs/admin.md) end to end, in Chromium against the built stack: an
// administrator sets up a role's onboarding from /app/admin, a new hire registered into that role
// in another browser gets exactly that checklist, and deactivating an account ends its open
// session at once. Every admin screen is checked with axe-core (no serious or critical violation).
import { expect, test, type Locator, type Page } from './support/csp.js';
import { urls } from '../stack.mjs';
import { apiSignIn, signInAs, STORAGE_KEYS, storeSession, type SignedIn } from './support/session.js';
import { seriousViolations } from './support/axe.js';

const EXPIRED = 'Your session has expired. Please log in again.';
const PASSWORD = 'Onboard2025';

const toast = (page: Page, text: string) => page.getByRole('list', { name: 'Messages' }).getByText(text, { exact: true });
const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

/** A table row found by the text of its row header (first column). */
function row(table: Locator, name: string): Locator {
  return table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name, exact: false }) });
}

/** Resolves once the page's restored-session re-initialisation has finished (per the auth debug log). */
async function restoreInitialisationSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    (key) => {
      const log = JSON.parse(window.localStorage.getItem(key) ?? '[]') as { event: string; details?: { mode?: string } }[];
      const check = log.map((entry) => entry.event).lastIndexOf('session.check');
      return log.slice(check).some((entry) => (entry.event === 'init.done' || entry.event === 'init.aborted') && entry.details?.mode === 'restore');
    },
    STORAGE_KEYS.authDebugLog,
    { timeout: 15_000 },
  );
}

test.describe('administration console', () => {
  test('an administrator sets up a role; a new hire registered into it gets exactly that checklist; deactivation ends the hire\'s open session', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const tag = `${Date.now().toString(36)}`;
    const roleName = `Onboarding Lab ${tag}`;
    const first = `Badge photo ${tag}`;
    const second = `Meet the lab ${tag}`;
    const hire = { name: `Nia Newhire ${tag}`, email: `nia-${tag}@e2e.example.org` };
    await signInAs(page, 'admin');

    // 1. Manage Roles: create the role.
    await page.goto('/app/admin/roles');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Roles' })).toBeVisible();
    await page.getByRole('button', { name: 'New role' }).click();
    const roleDialog = dialog(page, 'New role');
    await roleDialog.getByLabel('Name').fill(roleName);
    await roleDialog.getByLabel('Description').fill('A role made by the end-to-end test.');
    await roleDialog.getByRole('button', { name: 'Create' }).click();
    await expect(toast(page, `Role "${roleName}" created`)).toBeVisible();
    await expect(row(page.getByRole('table', { name: 'Roles' }), roleName)).toBeVisible();

    // 2. Manage Checklist Items: two items for the role.
    await page.goto('/app/admin/checklist-items');
    for (const [title, type, days] of [
      [first, 'Form', '2'],
      [second, 'Meeting', '5'],
    ] as const) {
      await page.getByRole('button', { name: 'New checklist item' }).click();
      const itemDialog = dialog(page, 'New checklist item');
      await itemDialog.getByLabel('Title').fill(title);
      await itemDialog.getByLabel('Type').selectOption({ label: type });
      await itemDialog.getByLabel('Due (working days after the start date)').fill(days);
      await itemDialog.getByLabel('Role', { exact: true }).selectOption({ label: roleName });
      await itemDialog.getByRole('button', { name: 'Create' }).click();
      await expect(toast(page, `"${title}" created`)).toBeVisible();
    }
    // Only this role's items, then reorder without typing a number: the second item moves up.
    await page.getByLabel('Role', { exact: true }).selectOption({ label: roleName });
    const items = page.getByRole('table', { name: 'Checklist items' });
    await expect(items.getByRole('rowheader')).toHaveCount(2);
    await expect(items.getByRole('rowheader').first()).toContainText(first);
    const moveUp = items.getByRole('button', { name: `Move ${second} up` });
    await moveUp.focus();
    await page.keyboard.press('Enter');
    await expect(items.getByRole('rowheader').first()).toContainText(second);
    await expect(items.getByRole('button', { name: `Move ${second} down` })).toBeFocused();

    // 3. Document-Checklist Items: link a document of the library to the first item.
    await page.goto('/app/admin/document-checklist');
    await page.getByLabel('Checklist item', { exact: true }).selectOption({ label: `${first} (Form)` });
    const available = page.getByRole('table', { name: 'Documents not linked to the item' });
    const documentTitle = (await available.getByRole('rowheader').first().textContent())?.trim() ?? '';
    expect(documentTitle).not.toBe('');
    await available.getByRole('checkbox', { name: `Select ${documentTitle}` }).check();
    await page.getByRole('button', { name: 'Link selected (1)' }).click();
    await expect(toast(page, '1 document linked')).toBeVisible();
    await expect(page.getByRole('table', { name: `Documents linked to ${first}` }).getByRole('rowheader', { name: documentTitle })).toBeVisible();

    // 4. Another browser: the new hire registers into the role and sees exactly that checklist.
    const hireContext = await browser.newContext();
    const hirePage = await hireContext.newPage();
    try {
      await hirePage.goto('/register');
      await hirePage.getByLabel('Full Name').fill(hire.name);
      await hirePage.getByLabel('Email', { exact: true }).fill(hire.email);
      await hirePage.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await hirePage.getByLabel('Role').selectOption({ label: roleName });
      await hirePage.getByRole('button', { name: 'Create Account' }).click();
      await expect(hirePage).toHaveURL('/app/dashboard');
      await hirePage.goto('/app/checklist');
      const tasks = hirePage.getByRole('list', { name: 'Checklist tasks' }).getByRole('link');
      await expect(tasks).toHaveText([new RegExp(second), new RegExp(first)]);
      await tasks.filter({ hasText: first }).click();
      await expect(hirePage.getByRole('link', { name: `${documentTitle} (opens in a new tab)` })).toBeVisible();

      // The administrator sees the same checklist as the hire.
      await page.goto('/app/admin/users');
      await page.getByLabel('Search').fill(hire.email);
      const users = page.getByRole('table', { name: 'Users' });
      const hireRow = row(users, hire.name);
      await expect(hireRow).toContainText(roleName);
      await hireRow.getByRole('button', { name: `View ${hire.name}'s checklist progress` }).click();
      const progress = dialog(page, `${hire.name}'s checklist`);
      await expect(progress.getByRole('rowheader')).toHaveText([second, first]);
      await progress.getByRole('button', { name: 'Close' }).click();

      // 5. Deactivate the hire: their open session fails on its very next request.
      await hirePage.goto('/app/dashboard');
      await expect(hirePage).toHaveURL('/app/dashboard');
      // A reloaded page re-initialises its restored session in the background (2 s, then when idle);
      // its requests would meet the revoked session first (the next test covers that). Let it
      // finish, so this one checks the next request the hire makes.
      await restoreInitialisationSettled(hirePage);
      await hireRow.getByRole('button', { name: `Deactivate ${hire.name}` }).click();
      const confirm = dialog(page, 'Deactivate this account?');
      await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await confirm.getByRole('button', { name: 'Deactivate' }).click();
      await expect(toast(page, `${hire.name} was deactivated`)).toBeVisible();
      await expect(hireRow).toContainText('Deactivated');

      await hirePage.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My Profile' }).click();
      await expect(toast(hirePage, EXPIRED)).toBeVisible();
      await expect(hirePage).toHaveURL('/login');
      // And the account cannot sign in again.
      await hirePage.getByLabel('Email', { exact: true }).fill(hire.email);
      await hirePage.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await hirePage.getByRole('button', { name: 'Sign In' }).click();
      await expect(hirePage.getByText('Invalid email or password')).toBeVisible();
    } finally {
      await hireContext.close();
    }

    // 6. The index reports the change.
    await page.goto('/app/admin');
    await expect(page.getByRole('list', { name: 'Latest audited changes' })).toContainText(`deactivated ${hire.name}`);
  });

  test('deactivation while the hire\'s reloaded page is still re-initialising: the refused background request ends that session by itself', async ({ browser, request }) => {
    const tag = `${Date.now().toString(36)}`;
    const admin = await apiSignIn(request, 'admin');
    const roles = (await (await request.get(`${urls.gateway}/api/roles`)).json()) as { id: number; name: string }[];
    const employeeRole = roles.find((r) => r.name === 'Employee');
    expect(employeeRole).toBeDefined();
    const registered = await request.post(`${urls.gateway}/api/auth/register`, {
      data: { name: `Rae Restored ${tag}`, email: `rae-${tag}@e2e.example.org`, password: PASSWORD, role_id: employeeRole?.id },
    });
    expect(registered.status()).toBe(201);
    const hire = (await registered.json()) as SignedIn;

    const hireContext = await browser.newContext();
    const hirePage = await hireContext.newPage();
    try {
      await hirePage.goto('/login');
      await storeSession(hirePage, hire);
      // The re-initialisation's first request (GET /api/documents; the dashboard itself asks GraphQL)
      // is held until the account is deactivated, so it is the first to meet the revoked session.
      let release!: () => void;
      const deactivated = new Promise<void>((resolve) => (release = resolve));
      await hirePage.route('**/api/documents', async (route) => {
        await deactivated;
        await route.continue();
      });
      await hirePage.goto('/app/dashboard');
      await expect(hirePage.getByRole('heading', { level: 1 })).toBeVisible();
      const answer = await request.post(`${urls.gateway}/api/admin/users/${hire.user.id}/deactivate`, { headers: { authorization: `Bearer ${admin.token}` } });
      expect(answer.status()).toBe(200);
      release();

      // Nobody touches the page: the refusal alone signs the hire out.
      await expect(toast(hirePage, EXPIRED)).toBeVisible();
      await expect(hirePage).toHaveURL('/login');
      await expect(hirePage.getByLabel('Email', { exact: true })).toBeEditable();
      expect(await hirePage.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.authToken)).toBeNull();
    } finally {
      await hireContext.close();
    }
  });

  test('roles: the conflict message when users still hold the role', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto('/app/admin/roles');
    const roles = page.getByRole('table', { name: 'Roles' });
    await row(roles, 'Employee').getByRole('button', { name: 'Delete Employee' }).click();
    const confirm = dialog(page, 'Delete this role?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm.getByRole('alert')).toHaveText('Cannot delete a role that is assigned to users');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(row(roles, 'Employee')).toBeVisible();
  });

  for (const path of ['/app/admin', '/app/admin/users', '/app/admin/roles', '/app/admin/checklist-items', '/app/admin/documents', '/app/admin/role-checklists', '/app/admin/user-roles', '/app/admin/document-checklist', '/app/admin/settings']) {
    test(`axe: ${path} has no serious or critical violation`, async ({ page }) => {
      // axe walks every node: on a table the other tests have grown, under a loaded CI machine,
      // that alone has taken 13 s.
      test.slow();
      await signInAs(page, 'admin');
      await page.goto(path);
      // Loaded: the page's own heading and no loading status left.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
