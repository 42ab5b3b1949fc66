// docs/profile-notifications-init.md in a real browser: the profile (name, email, role, start date, progress), the
// header's notifications (a task completed through the API shows as 'Task Completed' with the dot;
// mark all read), the completion certificate once every task is done, and the after-sign-in
// initialisation's marker. Every test registers its own new hire; expected values come from the REST
// door, never from the UI. Profile → Security: the active sessions of two browsers, and the password that
// turning two-factor on asks for.
import { expect, test, type APIRequestContext, type Page } from './support/csp.js';
import { urls } from '../stack.mjs';
import { DEMO, STORAGE_KEYS, useSession, type SignedIn } from './support/session.js';
import { seriousViolations } from './support/axe.js';

const PASSWORD = 'Onboard2025';

interface ChecklistEntry {
  id: number;
  title: string;
  item_order: number;
  status: string | null;
  completed?: boolean;
  completed_at: string | null;
  owner_type: string;
}

interface RegisteredUser extends SignedIn {
  user: SignedIn['user'] & { start_date: string };
}

function uniqueEmail(tag: string): string {
  return `e2e-prof-${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** A new hire (role 1, Employee): a clean checklist with no progress. */
async function registerNewHire(request: APIRequestContext, tag: string): Promise<RegisteredUser> {
  const res = await request.post(`${urls.gateway}/api/auth/register`, {
    data: { name: `Robin ${tag}`, email: uniqueEmail(tag), password: PASSWORD, role_id: 1 },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as RegisteredUser;
}

const auth = (session: SignedIn) => ({ Authorization: `Bearer ${session.token}` });

/**
 * The hire's own tasks, in checklist order: the profile, the certificate and the bell count only these;
 * the tasks about the hire that their manager, buddy or a team does are left out (docs/product.md#progress).
 */
async function checklistOf(request: APIRequestContext, session: SignedIn): Promise<ChecklistEntry[]> {
  const res = await request.get(`${urls.gateway}/api/user-checklist-items/user/${session.user.id}`, { headers: auth(session) });
  expect(res.status(), await res.text()).toBe(200);
  const items = (await res.json()) as ChecklistEntry[];
  return items.filter((item) => item.owner_type === 'new_hire').sort((a, b) => a.item_order - b.item_order || a.id - b.id);
}

/** `POST /api/tasks/{id}/complete {notes, completedAt}`. */
async function completeTask(request: APIRequestContext, session: SignedIn, itemId: number): Promise<void> {
  const res = await request.post(`${urls.gateway}/api/tasks/${itemId}/complete`, {
    headers: auth(session),
    data: { notes: 'Done in the e2e suite', completedAt: new Date().toISOString() },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** `Mar 5, 2026` / `March 5, 2026` for a calendar date, as the browser (en-US) writes it. */
function calendarDate(date: string, month: 'short' | 'long'): string {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).toLocaleDateString('en-US', { year: 'numeric', month, day: 'numeric' });
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const dot = (page: Page) => page.getByTestId('unread-dot');
const panel = (page: Page) => page.locator('.shell-bell__panel');

test.describe('profile', () => {
  test("shows a new hire's name, email, role, start date and progress; the security section stays", async ({ page, request }) => {
    const session = await registerNewHire(request, 'details');
    const items = await checklistOf(request, session);
    expect(items.length).toBeGreaterThan(0);

    await useSession(page, session);
    await page.goto('/app/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    const account = page.getByRole('region', { name: 'Account' });
    await expect(account.getByTestId('profile-name')).toHaveText(session.user.name);
    await expect(account.getByTestId('profile-email')).toHaveText(session.user.email);
    await expect(account.getByTestId('profile-role')).toHaveText('Employee');
    await expect(account.getByTestId('profile-start-date')).toHaveText(calendarDate(session.user.start_date, 'short'));

    const progress = page.getByRole('region', { name: 'Onboarding progress' });
    await expect(progress.getByRole('progressbar', { name: 'Onboarding progress' })).toHaveAttribute('aria-valuenow', '0');
    await expect(progress.getByTestId('profile-progress-summary')).toHaveText(`0 of ${items.length} tasks completed`);
    await expect(progress.getByRole('link', { name: 'Continue your checklist' })).toHaveAttribute('href', '/app/checklist');
    await expect(progress.getByRole('link', { name: 'View your certificate' })).toHaveCount(0);

    await expect(page.getByRole('heading', { level: 2, name: 'Security' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Two-factor authentication' }).getByText('Not enabled')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Progress made elsewhere shows on the next visit.
    const [first] = items;
    if (!first) throw new Error('empty checklist');
    await completeTask(request, session, first.id);
    await page.reload();
    await expect(progress.getByTestId('profile-progress-summary')).toHaveText(`1 of ${items.length} tasks completed`);
    await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(Math.round((100 * 1) / items.length)));

    // The certificate is not there yet: a friendly 'not yet'.
    await page.goto('/app/profile/certificate');
    await expect(page.getByText('Your certificate is not ready yet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to my checklist' })).toBeVisible();
    await expect(page.getByTestId('certificate')).toHaveCount(0);
  });
});

// A second browser that names itself differently, so the two sessions can be told apart in the list.
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const EXPIRED = 'Your session has expired. Please log in again.';
const toast = (page: Page, text: string) => page.getByRole('list', { name: 'Messages' }).getByText(text, { exact: true });

async function signInThroughForm(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/app/dashboard');
}

/** From the signed-in app to the profile as a user goes there: the sidebar's link (no reload). */
async function openProfile(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
}

test.describe('active sessions', () => {
  test('two browsers see both sessions; signing the other out sends it to /login with the expiry message', async ({ page, browser, request }) => {
    // Two browsers, two sign-ins through the form and two profile visits.
    test.slow();
    const hire = await registerNewHire(request, 'sessions');
    // Registration signed in through the API: end that session, so only the two browsers remain.
    const logout = await request.post(`${urls.gateway}/api/auth/logout`, { headers: auth(hire) });
    expect(logout.status(), await logout.text()).toBeLessThan(300);

    await signInThroughForm(page, hire.user.email);
    const other = await browser.newContext({ baseURL: urls.shell, userAgent: FIREFOX_ON_WINDOWS });
    const otherPage = await other.newPage();
    await signInThroughForm(otherPage, hire.user.email);

    // Each browser sees both, itself marked as this device and first.
    for (const [viewer, self, peer] of [
      [otherPage, 'Firefox on Windows', 'Chrome on Linux'],
      [page, 'Chrome on Linux', 'Firefox on Windows'],
    ] as const) {
      await openProfile(viewer);
      const card = viewer.getByRole('region', { name: 'Active sessions' });
      const rows = card.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toContainText(self);
      await expect(rows.nth(0)).toContainText('This device');
      await expect(rows.nth(0).getByRole('button')).toHaveCount(0);
      await expect(rows.nth(1)).toContainText(peer);
      await expect(rows.nth(1)).not.toContainText('This device');
      await expect(rows.nth(1)).toContainText('Just now');
      await expect(card.getByTestId('sessions-summary')).toHaveText('Also signed in on 1 other device.');
    }
    expect(await seriousViolations(page)).toEqual([]);

    // Sign the other browser out from here, with the keyboard.
    const card = page.getByRole('region', { name: 'Active sessions' });
    const signOutOther = card.getByRole('button', { name: /^Sign out Firefox on Windows \(.+\)$/ });
    await signOutOther.focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Signed out Firefox on Windows')).toBeVisible();
    await expect(card.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem')).toHaveCount(1);
    await expect(card.getByTestId('sessions-summary')).toHaveText('You are not signed in anywhere else.');
    await expect(card.getByTestId('sessions-summary')).toBeFocused();
    await expect(card.getByRole('button', { name: 'Sign out everywhere else' })).toHaveCount(0);

    // The other browser's next action is refused: back to /login with the expiry message. (The dashboard asks
    // the server again on every visit; a background refresh may get there first, the same behaviour a moment earlier.)
    await otherPage
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Dashboard' })
      .click({ timeout: 5_000 })
      .catch(() => expect(otherPage).toHaveURL('/login'));
    await expect(otherPage).toHaveURL('/login');
    await expect(toast(otherPage, EXPIRED)).toBeVisible();

    // This browser carries on.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await other.close();
  });

  test('sign out everywhere else ends every other session and keeps this one', async ({ page, request }) => {
    // Three sign-ins, each a deliberately slow password hash.
    test.slow();
    const hire = await registerNewHire(request, 'sessions-all');
    // Two more sessions besides the registration's: signed in through the API.
    for (let i = 0; i < 2; i += 1) {
      const res = await request.post(`${urls.gateway}/api/auth/login`, { data: { email: hire.user.email, password: PASSWORD } });
      expect(res.status(), await res.text()).toBe(200);
    }
    await signInThroughForm(page, hire.user.email);
    await openProfile(page);
    const card = page.getByRole('region', { name: 'Active sessions' });
    await expect(card.getByTestId('sessions-summary')).toHaveText('Also signed in on 3 other devices.');
    await card.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(toast(page, 'Signed out 3 other sessions')).toBeVisible();
    await expect(card.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem')).toHaveCount(1);
    // The registration's token was one of them.
    const me = await request.get(`${urls.gateway}/api/auth/me`, { headers: auth(hire) });
    expect(me.status()).toBe(401);
  });
});

test.describe('two-factor needs the password', () => {
  test('the enable form asks for the password: missing or wrong is shown at the field, the code stays', async ({ page, request }) => {
    const hire = await registerNewHire(request, 'enable-pw');
    await useSession(page, hire);
    await page.goto('/app/profile');
    const card = page.getByRole('region', { name: 'Two-factor authentication' });
    await card.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const code = card.getByLabel('Authentication code');
    const password = card.getByLabel('Current password');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveAccessibleDescription(/Turning on two-factor authentication needs your password too\./);
    const turnOn = card.getByRole('button', { name: 'Turn on two-factor authentication' });

    await code.fill('123456');
    await turnOn.click();
    await expect(password).toHaveAccessibleDescription(/Please enter your password/);
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toBeFocused();

    // The server checks the password before the code.
    await password.fill('WrongPassword1');
    await turnOn.click();
    await expect(password).toHaveAccessibleDescription(/Incorrect password/);
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(code).toHaveValue('123456');
    await expect(code).not.toHaveAttribute('aria-invalid', 'true');

    // The right password reaches the code check (a guessed code is refused there, not the password).
    await password.fill(PASSWORD);
    await code.fill('000000');
    await turnOn.click();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(password).not.toHaveAttribute('aria-invalid', 'true');
    await expect(card.getByText('Not enabled')).toBeVisible();
  });
});

test.describe('notifications', () => {
  test("a task completed through the API shows as an unread 'Task Completed' with the dot; mark all read clears it", async ({ page, request }) => {
    // Three page loads, an axe check and a task page: past 30 s on a loaded machine.
    test.slow();
    const session = await registerNewHire(request, 'bell');
    const items = await checklistOf(request, session);
    const [first, second, third] = items;
    if (!first || !second || !third) throw new Error('the checklist needs at least 3 tasks');

    await useSession(page, session);
    await page.goto('/app/dashboard');
    // A new hire: the first three tasks as 'Next Task', unread.
    await expect(bell(page)).toHaveAccessibleName('Notifications (3 unread)');
    await expect(dot(page)).toBeVisible();
    await bell(page).click();
    await expect(panel(page).getByRole('listitem')).toHaveCount(3);
    await expect(panel(page).locator('.shell-bell__item-title')).toHaveText(['Next Task (unread)', 'Next Task (unread)', 'Next Task (unread)']);
    await expect(panel(page).getByText(first.title)).toBeVisible();
    await panel(page).getByRole('button', { name: 'Mark all as read' }).click();
    await expect(dot(page)).toHaveCount(0);
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(bell(page)).toBeFocused();

    await completeTask(request, session, first.id);
    const completedAt = (await checklistOf(request, session)).find((item) => item.id === first.id)?.completed_at;
    expect(completedAt).toBeTruthy();
    await page.reload();
    await expect(dot(page)).toBeVisible();
    // Only the completion is news: the two next tasks were next (and read) before.
    await expect(bell(page)).toHaveAccessibleName('Notifications (1 unread)');

    // Keyboard only: open, read, mark all read.
    await bell(page).focus();
    await page.keyboard.press('Enter');
    const titles = panel(page).locator('.shell-bell__item-title');
    await expect(titles).toHaveText(['Task Completed (unread)', 'Next Task', 'Next Task']);
    await expect(panel(page).getByText(`You completed "${first.title}".`)).toBeVisible();
    await expect(panel(page).getByRole('listitem').first().locator('time')).toHaveText('Just now');
    await expect(panel(page).getByText(third.title)).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(panel(page).getByRole('button', { name: 'Mark all as read' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dot(page)).toHaveCount(0);
    await expect(titles).toHaveText(['Task Completed', 'Next Task', 'Next Task']);
    expect(await seriousViolations(page)).toEqual([]);

    // Read state is kept locally: still read after a reload.
    await page.reload();
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expect(dot(page)).toHaveCount(0);

    // A notification leads to its task and counts as read.
    await completeTask(request, session, second.id);
    await page.reload();
    await expect(dot(page)).toBeVisible();
    await bell(page).click();
    await panel(page).getByRole('link').filter({ hasText: `You completed "${second.title}".` }).click();
    await expect(page).toHaveURL(`/app/checklist/${second.id}`);
    await expect(dot(page)).toHaveCount(0);
  });
});

test.describe('certificate', () => {
  test('finishing every task unlocks a printable certificate with the name, role and completion date', async ({ page, request }) => {
    const session = await registerNewHire(request, 'cert');
    for (const item of await checklistOf(request, session)) await completeTask(request, session, item.id);
    const done = await checklistOf(request, session);
    expect(done.every((item) => item.completed === true || item.status === 'completed' || item.status === 'complete')).toBe(true);
    const latest = done.map((item) => item.completed_at ?? '').sort().at(-1) ?? '';
    // The date as the browser's calendar reads that moment (same machine, same time zone).
    const completedOn = new Date(latest).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

    await useSession(page, session);
    await page.goto('/app/profile');
    const progress = page.getByRole('region', { name: 'Onboarding progress' });
    await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await expect(progress.getByText('Your certificate is ready')).toBeVisible();
    await progress.getByRole('link', { name: 'View your certificate' }).click();

    await expect(page).toHaveURL('/app/profile/certificate');
    await expect(page).toHaveTitle('Certificate — Embark');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Certificate');
    const certificate = page.getByRole('article', { name: 'Certificate of Completion' });
    await expect(certificate.getByTestId('certificate-name')).toHaveText(session.user.name);
    await expect(certificate.getByTestId('certificate-role')).toHaveText('as Employee');
    await expect(certificate.getByTestId('certificate-date')).toHaveText(completedOn);
    expect(await seriousViolations(page)).toEqual([]);

    // The Print button opens the print dialog (stubbed: headless Chromium has none).
    await page.evaluate(() => {
      const scope = window as Window & { printCalls?: number };
      scope.printCalls = 0;
      window.print = () => {
        scope.printCalls = (scope.printCalls ?? 0) + 1;
      };
    });
    await page.getByRole('button', { name: 'Print certificate' }).click();
    expect(await page.evaluate(() => (window as Window & { printCalls?: number }).printCalls)).toBe(1);

    // Printed, the certificate stands alone: no header, sidebar, breadcrumbs or buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(certificate).toBeVisible();
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print certificate' })).toBeHidden();
    const box = await certificate.boundingBox();
    expect(box?.x ?? 99).toBeLessThan(5);
    expect(box?.y ?? 99).toBeLessThan(5);
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByRole('banner')).toBeVisible();
  });
});

test.describe('after sign-in', () => {
  test('signing in through the form initialises the data and leaves the app-initialised marker', async ({ page, request }) => {
    const session = await registerNewHire(request, 'init');
    await page.goto('/login');
    await page.getByLabel('Email').fill(session.user.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/app/dashboard');
    const marker = await page.evaluate((key) => JSON.parse(window.localStorage.getItem(key) ?? 'null') as unknown, STORAGE_KEYS.appInitialised);
    expect(marker).toEqual({ userId: session.user.id, timestamp: expect.any(Number), isFirstTimeUser: true, version: '1.0' });
    // The bell is ready with the checklist the initialisation loaded.
    await expect(bell(page)).toHaveAccessibleName('Notifications (3 unread)');
  });

  test('a checklist that cannot be loaded keeps the user on /login with the initialisation message and a refresh', async ({ page }) => {
    // The demo employee: nothing on the server changes here, and it saves a registration (they are rate limited).
    const { email, password } = DEMO.employee;
    // The checklist step's request fails (the gateway is fine; this browser's request is cut).
    await page.route('**/graphql', async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string } | null;
      if (body?.operationName === 'ShellChecklist') await route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[{"message":"down"}]}' });
      else await route.continue();
    });
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toContainText('Login successful but there was an issue loading your data. Please refresh the page.');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('button', { name: 'Refresh page' })).toBeVisible({ timeout: 5_000 });

    // The session was kept: with the checklist back, the refresh lets the user in.
    await page.unroute('**/graphql');
    await page.getByRole('button', { name: 'Refresh page' }).click();
    await expect(page).toHaveURL('/app/dashboard');
  });
});
