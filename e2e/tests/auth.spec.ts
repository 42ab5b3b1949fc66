// Accounts and sessions in a real browser (docs/auth-client.md): sign-in with and without two-factor (TOTP
// computed here with otplib), registration, the validation and failure messages, session expiry and sign-out.
import { expect, test, type APIRequestContext, type Page } from './support/csp.js';
import { generate } from 'otplib';
import { urls } from '../stack.mjs';
import { apiSignIn, DEMO, STORAGE_KEYS, storeSession, type SignedIn } from './support/session.js';

const PASSWORD = 'Onboard2025';
const EXPIRED = 'Your session has expired. Please log in again.';

interface Account extends SignedIn {
  email: string;
  password: string;
}

function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** A fresh employee account, so tests never lock out or revoke the demo accounts. */
async function registerViaApi(request: APIRequestContext, tag: string): Promise<Account> {
  const email = uniqueEmail(tag);
  const res = await request.post(`${urls.gateway}/api/auth/register`, {
    data: { name: `Test ${tag}`, email, password: PASSWORD, role_id: 1 },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { ...((await res.json()) as SignedIn), email, password: PASSWORD };
}

/**
 * A TOTP code for the step `offsetSteps` from now. Near the end of a step it first waits for the
 * next one, so a code cannot go stale while its request is in flight.
 */
async function totp(secret: string, offsetSteps = 0): Promise<string> {
  const msLeftInStep = 30_000 - (Date.now() % 30_000);
  if (msLeftInStep < 2_500) await new Promise((resolve) => setTimeout(resolve, msLeftInStep + 100));
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
}

/** Turns two-factor on through the API with the previous step's code, leaving the current one for the UI. */
async function enableTwoFactorViaApi(request: APIRequestContext, token: string): Promise<{ secret: string; backupCodes: string[] }> {
  const headers = { Authorization: `Bearer ${token}` };
  const setup = await request.post(`${urls.gateway}/api/auth/2fa/setup`, { headers });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const enabled = await request.post(`${urls.gateway}/api/auth/2fa/enable`, { headers, data: { token: await totp(secret, -1), password: PASSWORD } });
  expect(enabled.status(), await enabled.text()).toBe(200);
  const { backupCodes } = (await enabled.json()) as { backupCodes: string[] };
  expect(backupCodes).toHaveLength(10);
  return { secret, backupCodes };
}

const emailField = (page: Page) => page.getByLabel('Email', { exact: true });
const passwordField = (page: Page) => page.getByLabel('Password', { exact: true });
const signInButton = (page: Page) => page.getByRole('button', { name: 'Sign In' });
const toast = (page: Page, text: string) => page.getByRole('list', { name: 'Messages' }).getByText(text, { exact: true });

async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await emailField(page).fill(email);
  await passwordField(page).fill(password);
  await signInButton(page).click();
}

/** Opens a page already signed in (as after a sign-in earlier in this browser). */
async function openSignedIn(page: Page, account: SignedIn, path: string): Promise<void> {
  await page.goto('/');
  await storeSession(page, account);
  await page.goto(path);
}

test.describe('sign-in', () => {
  for (const [who, area] of [
    ['admin', '/app/admin'],
    ['employee', '/app/dashboard'],
  ] as const) {
    test(`the ${who} demo account lands on ${area} with the welcome toast`, async ({ page, request }) => {
      const { user } = await apiSignIn(request, who);
      await submitLogin(page, DEMO[who].email, DEMO[who].password);
      await expect(page).toHaveURL(area);
      await expect(toast(page, `Welcome back, ${user.name}!`)).toBeVisible();
      const stored = await page.evaluate((keys) => [localStorage.getItem(keys.authToken), localStorage.getItem(keys.authUser)], STORAGE_KEYS);
      expect(stored[0]).toBeTruthy();
      expect(JSON.parse(stored[1] ?? 'null')).toMatchObject({ email: DEMO[who].email, role_id: who === 'admin' ? 4 : 1 });
    });
  }

  test('submit waits for valid fields; the inline messages; a wrong password is refused', async ({ page, request }) => {
    const account = await registerViaApi(request, 'wrongpw');
    await page.goto('/login');
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    await expect(signInButton(page)).toBeDisabled();

    // Enter in a field of an invalid form: the browser alone would do nothing (the button is disabled).
    await emailField(page).fill('jane@example');
    await emailField(page).press('Enter');
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(emailField(page)).toBeFocused();
    await page.reload();

    await emailField(page).focus();
    await emailField(page).blur();
    await expect(page.getByText('Email is required')).toBeVisible();
    await emailField(page).fill('not-an-email');
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(emailField(page)).toHaveAttribute('aria-invalid', 'true');
    await passwordField(page).fill('short');
    await passwordField(page).blur();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(signInButton(page)).toBeDisabled();

    await emailField(page).fill(account.email);
    await passwordField(page).fill('WrongPassword1');
    await expect(signInButton(page)).toBeEnabled();
    await passwordField(page).press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await expect(page).toHaveURL('/login');
    await expect.poll(() => page.evaluate((keys) => localStorage.getItem(keys.authToken), STORAGE_KEYS)).toBeNull();
  });

  test('keeps a debug log with token previews, never the token', async ({ page, request }) => {
    const account = await registerViaApi(request, 'debuglog');
    await submitLogin(page, account.email, account.password);
    await expect(page).toHaveURL('/app/dashboard');
    const [token, raw] = await page.evaluate((keys) => [localStorage.getItem(keys.authToken), localStorage.getItem(keys.authDebugLog)], STORAGE_KEYS);
    expect(token).toBeTruthy();
    const entries = JSON.parse(raw ?? '[]') as Array<{ event: string; tokenPreview?: string }>;
    expect(entries.map((e) => e.event)).toContain('session.established');
    expect(entries.find((e) => e.event === 'session.established')?.tokenPreview).toBe(token?.slice(-20));
    expect(raw).not.toContain(token as string);
  });
});

test.describe('two-factor sign-in', () => {
  test('asks for a code after the password, and accepts a TOTP computed in the test', async ({ page, request }) => {
    const account = await registerViaApi(request, 'totp');
    const { secret } = await enableTwoFactorViaApi(request, account.token);

    await submitLogin(page, account.email, account.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Two-factor authentication' })).toBeVisible();
    await expect(passwordField(page)).toHaveCount(0);
    const code = page.getByLabel('Authentication code');
    await expect(code).toBeFocused();
    await expect.poll(() => page.evaluate((keys) => localStorage.getItem(keys.authToken), STORAGE_KEYS)).toBeNull();

    await code.press('Enter');
    await expect(page.getByText('Please enter your authentication code')).toBeVisible();
    await code.fill('12345');
    await code.press('Enter');
    await expect(page.getByText('Please enter a 6-digit code')).toBeVisible();
    await page.getByRole('button', { name: 'Use a backup code instead' }).click();
    const backup = page.getByLabel('Backup code');
    await expect(backup).toBeFocused();
    await backup.fill('abc');
    await backup.press('Enter');
    await expect(page.getByText('Please enter an 8-character backup code')).toBeVisible();
    await page.getByRole('button', { name: 'Use your authenticator app instead' }).click();

    await code.fill('000000');
    await code.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid authentication code' })).toBeVisible();

    await code.fill(await totp(secret));
    await code.press('Enter');
    await expect(page).toHaveURL('/app/dashboard');
    await expect(toast(page, `Welcome back, ${account.user.name}!`)).toBeVisible();
  });

  test('accepts a backup code, and Back to login returns to the form', async ({ page, request }) => {
    const account = await registerViaApi(request, 'backup');
    const { backupCodes } = await enableTwoFactorViaApi(request, account.token);

    await submitLogin(page, account.email, account.password);
    await page.getByRole('button', { name: 'Back to login' }).click();
    await expect(emailField(page)).toHaveValue(account.email);
    await expect(passwordField(page)).toBeFocused();

    await passwordField(page).fill(account.password);
    await passwordField(page).press('Enter');
    await page.getByRole('button', { name: 'Use a backup code instead' }).click();
    await page.getByLabel('Backup code').fill(backupCodes[0] as string);
    await page.getByLabel('Backup code').press('Enter');
    await expect(page).toHaveURL('/app/dashboard');
    await expect(toast(page, `Welcome back, ${account.user.name}!`)).toBeVisible();
  });
});

test.describe('registration', () => {
  test('creates an account through the form and lands on the dashboard, welcomed', async ({ page }) => {
    const email = uniqueEmail('register');
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Join Our Team' })).toBeVisible();
    await expect(page.getByText('Must be at least 8 characters with letters and numbers')).toBeVisible();
    const role = page.getByLabel('Role');
    await expect(role.getByRole('option', { name: 'Employee', exact: true })).toHaveCount(1);
    const options = await role.locator('option').allTextContents();
    expect(options[0]).toBe('Choose your role');
    expect(options).not.toContain('SysAdmin');

    await page.getByLabel('Full Name').fill('Riley Register');
    await emailField(page).fill(email);
    await passwordField(page).fill(PASSWORD);
    const create = page.getByRole('button', { name: 'Create Account' });
    await expect(create).toBeDisabled();
    await role.selectOption({ label: 'Employee' });
    await expect(create).toBeEnabled();

    // Hold the answer briefly so the busy state can be seen.
    await page.route('**/api/auth/register', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await create.click();
    await expect(page.getByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    await expect(page).toHaveURL('/app/dashboard');
    await expect(toast(page, 'Welcome to Embark, Riley Register! Your account has been created successfully.')).toBeVisible();
  });

  test('shows every validation message, and refuses a taken email', async ({ page }) => {
    await page.goto('/register');
    const name = page.getByLabel('Full Name');
    const role = page.getByLabel('Role');
    await expect(role).toBeEnabled();

    await name.fill('x'.repeat(101));
    await name.blur();
    await expect(page.getByText('Name must be less than 100 characters')).toBeVisible();
    await emailField(page).fill(`${'a'.repeat(250)}@example.com`);
    await emailField(page).blur();
    await expect(page.getByText('Email must be less than 254 characters')).toBeVisible();
    await emailField(page).fill('bad@address');
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await emailField(page).fill('');
    await expect(page.getByText('Email is required')).toBeVisible();
    await passwordField(page).fill('lettersonly');
    await passwordField(page).blur();
    await expect(page.getByText('Password must be at least 8 characters with letters and numbers')).toBeVisible();
    await role.focus();
    await role.blur();
    await expect(page.getByText('Please select a role')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeDisabled();

    await name.fill('Taken Email');
    await emailField(page).fill(DEMO.employee.email);
    await passwordField(page).fill(PASSWORD);
    await role.selectOption({ label: 'Employee' });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'An account with this email already exists.' })).toBeVisible();
    await expect(page).toHaveURL('/register');
  });

  test("shows 'Loading roles...', then falls back to the fixed roles when /api/roles fails", async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/roles', async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'down' }) });
    });
    await page.goto('/register');
    const role = page.getByLabel('Role');
    await expect(role).toBeDisabled();
    await expect(role.locator('option').first()).toHaveText('Loading roles...');
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeDisabled();

    release();
    await expect(page.getByText('Failed to load roles. Please refresh the page.')).toBeVisible();
    await expect(role).toBeEnabled();
    await expect(role.locator('option')).toHaveText(['Choose your role', 'Administrator', 'Manager', 'Employee', 'Contractor']);
  });
});

test.describe('session', () => {
  test('a refused token mid-session: toast, cleared storage, /login', async ({ page, request }) => {
    const account = await registerViaApi(request, 'expiry');
    await openSignedIn(page, account, '/app/dashboard');
    await expect(page).toHaveURL('/app/dashboard');
    // Let the first page's own requests (layout, notifications, dashboard) finish, so the refused
    // call is the one the click makes.
    await page.waitForLoadState('networkidle');

    // The token stops being valid (here: tampered); the next protected call is refused with 401.
    await page.evaluate((keys) => localStorage.setItem(keys.authToken, `${localStorage.getItem(keys.authToken)}x`), STORAGE_KEYS);
    // Usually the click's own request is the refused one; a background refresh may get there first
    // and sign the page out under the pointer, which is the same behaviour seen a moment earlier.
    const profileLink = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My Profile' });
    await profileLink.click({ timeout: 5_000 }).catch(() => expect(page).toHaveURL('/login'));
    await expect(toast(page, EXPIRED)).toBeVisible();
    await expect(page).toHaveURL('/login');
    await expect.poll(() => page.evaluate((keys) => [localStorage.getItem(keys.authToken), localStorage.getItem(keys.authUser)], STORAGE_KEYS)).toEqual([null, null]);
  });

  test('a refused token on start: the stored session is cleared and the user sent to /login', async ({ page, request }) => {
    const account = await registerViaApi(request, 'startexpiry');
    await openSignedIn(page, { ...account, token: `${account.token}x` }, '/app/dashboard');
    await expect(page).toHaveURL('/login');
    await expect(toast(page, EXPIRED)).toBeVisible();
    await expect.poll(() => page.evaluate((keys) => localStorage.getItem(keys.authToken), STORAGE_KEYS)).toBeNull();
  });

  test('a valid stored session is restored on start', async ({ page, request }) => {
    const account = await registerViaApi(request, 'restore');
    await openSignedIn(page, account, '/login');
    await expect(page).toHaveURL('/app/dashboard');
  });

  test('sign out: toast, /login, storage cleared, and the old token is refused', async ({ page, request }) => {
    const account = await registerViaApi(request, 'logout');
    await submitLogin(page, account.email, account.password);
    await expect(page).toHaveURL('/app/dashboard');
    const token = await page.evaluate((keys) => localStorage.getItem(keys.authToken), STORAGE_KEYS);
    expect(token).toBeTruthy();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/login');
    await expect(toast(page, 'You have been logged out successfully')).toBeVisible();
    await expect.poll(() => page.evaluate((keys) => [localStorage.getItem(keys.authToken), localStorage.getItem(keys.authUser)], STORAGE_KEYS)).toEqual([null, null]);

    const me = await request.get(`${urls.gateway}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
  });

  test("sign out while another tab signs someone else in: that tab's session stays, and this tab follows it", async ({ page, request }) => {
    const leaving = await registerViaApi(request, 'logout-race');
    const arriving = await registerViaApi(request, 'logout-race-next');
    // On a page the arriving user's landing is not, so following them shows.
    await openSignedIn(page, leaving, '/app/profile');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const draftKey = (userId: number) => `embark.journal.drafts.${userId}`;
    const drafts = { mine: draftKey(leaving.user.id), theirs: draftKey(arriving.user.id) };
    await page.evaluate(({ mine, theirs }) => {
      localStorage.setItem(mine, '{"new":{"content":"leaving draft"}}');
      localStorage.setItem(theirs, '{"new":{"content":"arriving draft"}}');
    }, drafts);

    // The sign-out's request is held until the other tab has stored its session.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/logout', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'User menu' }).click();
    const signOut = page.waitForResponse('**/api/auth/logout');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    const other = await page.context().newPage();
    await other.goto('/');
    await storeSession(other, arriving);
    release();
    expect((await signOut).status()).toBe(200);

    await expect(toast(page, 'You have been logged out successfully')).toBeVisible();
    await expect(page).toHaveURL('/app/dashboard');
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByText(arriving.email, { exact: true })).toBeVisible();
    expect(await other.evaluate((keys) => localStorage.getItem(keys.authToken), STORAGE_KEYS)).toBe(arriving.token);
    // Only the leaving user's private data went.
    expect(await other.evaluate(({ mine, theirs }) => [localStorage.getItem(mine), localStorage.getItem(theirs)], drafts)).toEqual([
      null,
      '{"new":{"content":"arriving draft"}}',
    ]);
    // The leaving user's session is over on the server; the arriving one's is not.
    expect((await request.get(`${urls.gateway}/api/auth/me`, { headers: { Authorization: `Bearer ${leaving.token}` } })).status()).toBe(401);
    expect((await request.get(`${urls.gateway}/api/auth/me`, { headers: { Authorization: `Bearer ${arriving.token}` } })).status()).toBe(200);
    await other.close();
  });
});

test.describe('profile security', () => {
  test('sets up two-factor with the manual key, shows the backup codes once, and turns it off again', async ({ page, request }) => {
    const account = await registerViaApi(request, 'profile2fa');
    await openSignedIn(page, account, '/app/profile');
    const card = page.getByRole('region', { name: 'Two-factor authentication' });
    await expect(card.getByText('Not enabled')).toBeVisible();

    await card.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await expect(card.getByRole('img', { name: 'QR code to add Embark to your authenticator app' })).toBeVisible();
    const secret = (await card.getByTestId('manual-key').textContent())?.replace(/\s+/g, '') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    await card.getByLabel('Authentication code').fill(await totp(secret));
    await card.getByLabel('Current password').fill(account.password);
    await card.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    await expect(toast(page, 'Two-factor authentication is on')).toBeVisible();
    const codes = card.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await expect(codes.first()).toHaveText(/^[0-9a-f]{8}$/);
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('embark-backup-codes.txt');

    await card.getByRole('button', { name: "I've saved my codes" }).click();
    await expect(card.getByText('Enabled', { exact: true })).toBeVisible();
    await expect(card.getByText('10 backup codes remaining')).toBeVisible();
    // The session survived the change (enabling revokes earlier tokens; the page kept the fresh one).
    const stored = await page.evaluate((keys) => localStorage.getItem(keys.authToken), STORAGE_KEYS);
    expect(stored).not.toBe(account.token);
    const me = await request.get(`${urls.gateway}/api/auth/me`, { headers: { Authorization: `Bearer ${stored}` } });
    expect(me.status()).toBe(200);

    await card.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
    await card.getByLabel('Current password').fill('WrongPassword1');
    await card.getByRole('button', { name: 'Turn off', exact: true }).click();
    await expect(card.getByText('Incorrect password')).toBeVisible();
    await card.getByLabel('Current password').fill(account.password);
    await card.getByRole('button', { name: 'Turn off', exact: true }).click();
    await expect(toast(page, 'Two-factor authentication is off')).toBeVisible();
    await expect(card.getByText('Not enabled')).toBeVisible();
  });
});
