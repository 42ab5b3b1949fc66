// Bringing a hire in, end to end in Chromium against the built stack and its own MailDev: an
// administrator invites a hire from Manage Users, the hire opens the mailed link, sets a password and
// lands on the dashboard; later they reset a forgotten password from the mailed reset link. A CSV
// import with one bad line is previewed with that line's error and creates nothing; the fixed file
// creates every invitation. Mail is read from MailDev's REST API, as a person would read their inbox.
import { expect, test, type APIRequestContext, type Page } from './support/csp.js';
import { urls } from '../stack.mjs';
import { apiSignIn, signInAs } from './support/session.js';
import { seriousViolations } from './support/axe.js';

const toast = (page: Page, text: string) => page.getByRole('list', { name: 'Messages' }).getByText(text, { exact: true });

interface ReceivedMail {
  subject: string;
  text: string;
  to: { address: string }[];
}

/** Waits for a mail to `to` whose subject matches, and returns the link in it that starts with `path`. */
async function mailedLink(request: APIRequestContext, to: string, subject: RegExp, path: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`${urls.mailDev}/api/email`);
        const mails = (await res.json()) as ReceivedMail[];
        const mail = mails.reverse().find((m) => m.to.some((t) => t.address.toLowerCase() === to.toLowerCase()) && subject.test(m.subject));
        link = mail?.text.match(new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`))?.[0];
        return link;
      },
      { timeout: 30_000, message: `a mail to ${to} with a ${path} link` },
    )
    .toBeTruthy();
  // The link names PUBLIC_URL, which the e2e stack sets to its shell.
  const url = new URL(link as string);
  expect(url.origin).toBe(urls.shell);
  return `${url.pathname}${url.search}`;
}

async function invitationsOf(request: APIRequestContext, token: string, emails: string[]) {
  const res = await request.get(`${urls.gateway}/api/admin/invitations?limit=100`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { email: string; status: string }[] };
  return body.data.filter((i) => emails.includes(i.email));
}

test.describe('bringing hires in', () => {
  test('invited by an administrator, a hire sets a password from the mail, lands on the dashboard, and later resets a forgotten password', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const tag = Date.now().toString(36);
    const hire = { name: `Ines Invited ${tag}`, email: `ines-${tag}@e2e.example.org` };
    const firstPassword = `Lantern${tag}7`;
    const secondPassword = `Harbour${tag}9`;

    // 1. The administrator invites the hire from Manage Users.
    await signInAs(page, 'admin');
    await page.goto('/app/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible();
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a new hire' });
    await dialog.getByLabel('Email').fill(hire.email);
    await dialog.getByLabel('Full name').fill(hire.name);
    await dialog.getByLabel('Role').selectOption({ label: 'Employee' });
    expect(await seriousViolations(page, dialog)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(toast(page, `Invitation sent to ${hire.email}`)).toBeVisible();
    const invitations = page.getByRole('table', { name: 'Invitations' });
    await expect(invitations.getByRole('row').filter({ hasText: hire.email })).toContainText('Pending');

    // 2. The hire opens the link from the invitation mail, in their own browser.
    const acceptPath = await mailedLink(page.request, hire.email, /invited/i, '/accept-invite');
    const context = await browser.newContext({ baseURL: urls.shell });
    const hirePage = await context.newPage();
    await hirePage.goto(acceptPath);
    await expect(hirePage.getByRole('heading', { level: 1, name: `Welcome, ${hire.name}!` })).toBeVisible();
    await expect(hirePage.getByText('You have been invited to join Embark as Employee.', { exact: false })).toBeVisible();
    await expect(hirePage.getByText(hire.email, { exact: true })).toBeVisible();

    // 3. They choose a password and land on the dashboard, welcomed like a new account.
    await hirePage.getByLabel('Password', { exact: true }).fill(firstPassword);
    await hirePage.getByRole('button', { name: 'Create Account' }).click();
    await expect(hirePage).toHaveURL('/app/dashboard');
    await expect(toast(hirePage, `Welcome to Embark, ${hire.name}! Your account has been created successfully.`)).toBeVisible();

    // The link is single-use: opened again (by someone not signed in) it says so.
    const stranger = await browser.newContext({ baseURL: urls.shell });
    const again = await stranger.newPage();
    await again.goto(acceptPath);
    await expect(again.getByText('This invitation link is invalid or has expired')).toBeVisible();
    await stranger.close();

    // 4. They sign out and ask for a reset link from the sign-in screen.
    await hirePage.getByRole('button', { name: 'User menu' }).click();
    await hirePage.getByRole('button', { name: 'Sign Out' }).click();
    await expect(hirePage).toHaveURL('/login');
    await expect(toast(hirePage, 'You have been logged out successfully')).toBeVisible();
    await hirePage.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(hirePage).toHaveURL('/forgot-password');
    // The address changes before the page's chunk has loaded, and the sign-in form (with its own
    // Email field) stays on screen until then: type only once the new form is there.
    await expect(hirePage.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
    await hirePage.getByLabel('Email').fill(hire.email);
    await hirePage.getByRole('button', { name: 'Send reset link' }).click();
    await expect(hirePage.getByText('If an account exists for that email address, we have sent a link to reset its password.', { exact: false })).toBeVisible();

    // 5. The reset mail arrives; 6. they set a new password and sign in with it.
    const resetPath = await mailedLink(page.request, hire.email, /password/i, '/reset-password');
    await hirePage.goto(resetPath);
    await hirePage.getByLabel('New password', { exact: true }).fill(secondPassword);
    await hirePage.getByLabel('Confirm new password').fill(secondPassword);
    await hirePage.getByRole('button', { name: 'Set new password' }).click();
    await expect(hirePage).toHaveURL(/\/login/);
    await expect(hirePage.getByText('Your password has been reset. Sign in with your new password.')).toBeVisible();

    // The old password no longer works; the new one does.
    const old = await page.request.post(`${urls.gateway}/api/auth/login`, { data: { email: hire.email, password: firstPassword } });
    expect(old.status()).toBe(401);
    await hirePage.getByLabel('Email').fill(hire.email);
    await hirePage.getByLabel('Password', { exact: true }).fill(secondPassword);
    await hirePage.getByRole('button', { name: 'Sign In' }).click();
    await expect(hirePage).toHaveURL('/app/dashboard');
    await expect(toast(hirePage, `Welcome back, ${hire.name}!`)).toBeVisible();
    await context.close();
  });

  test('a CSV with one bad line of three is previewed with that line\'s error and creates nothing; the fixed file creates three invitations', async ({ page, request }) => {
    test.setTimeout(90_000);
    const tag = Date.now().toString(36);
    const emails = [1, 2, 3].map((n) => `csv${n}-${tag}@e2e.example.org`);
    const header = 'email,name,role,start_date,manager_email,buddy_email';
    const lines = (thirdRole: string) => [header, `${emails[0]},Cora One ${tag},Employee,,,`, `${emails[1]},Cato Two ${tag},Manager,2030-01-15,admin@example.com,`, `${emails[2]},Cleo Three ${tag},${thirdRole},,,employee@example.com`].join('\n');
    const admin = await apiSignIn(request, 'admin');
    await signInAs(page, 'admin');
    await page.goto('/app/admin/users');

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import invitations from a CSV file' });
    await expect(dialog.getByText(header)).toBeVisible();
    await dialog.getByLabel('CSV file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(lines('Astronaut')) });
    await expect(dialog.getByText('2 lines are ready to send')).toBeVisible();
    await expect(dialog.getByText('1 line needs fixing before anything is sent')).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Lines with problems' }).getByRole('listitem')).toHaveCount(1);
    await expect(dialog.getByRole('list', { name: 'Lines with problems' })).toContainText('Line 4:');
    await expect(dialog.getByRole('button', { name: 'Send invitations', exact: true })).toBeDisabled();
    await expect(dialog.getByRole('list', { name: 'Ready lines per role' }).getByRole('listitem')).toHaveText(['Employee: 1 invitation', 'Manager: 1 invitation']);
    expect(await seriousViolations(page, dialog)).toEqual([]);
    expect(await invitationsOf(request, admin.token, emails)).toEqual([]);

    // A role's number is easy to get wrong: an administrator among the lines is called out before anything is sent.
    await dialog.getByLabel('CSV file').setInputFiles({ name: 'numbers.csv', mimeType: 'text/csv', buffer: Buffer.from(lines('4')) });
    await expect(dialog.getByText('3 lines are ready to send')).toBeVisible();
    await expect(dialog.getByText('1 line invites an administrator, who can manage users, roles and checklists. Check the role column if that is not what you meant.')).toBeVisible();
    expect(await seriousViolations(page, dialog)).toEqual([]);

    await dialog.getByLabel('CSV file').setInputFiles({ name: 'fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(lines('Employee')) });
    await expect(dialog.getByText('3 lines are ready to send')).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Ready lines per role' }).getByRole('listitem')).toHaveText(['Employee: 2 invitations', 'Manager: 1 invitation']);
    await expect(dialog.getByText(/invites? an? administrators?/)).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Send 3 invitations' }).click();
    await expect(toast(page, '3 invitations sent')).toBeVisible();
    await expect(dialog).toBeHidden();
    const created = await invitationsOf(request, admin.token, emails);
    expect(created.map((i) => i.email).sort()).toEqual([...emails].sort());
    expect(created.every((i) => i.status === 'pending')).toBe(true);
    const table = page.getByRole('table', { name: 'Invitations' });
    for (const email of emails) await expect(table.getByRole('row').filter({ hasText: email })).toBeVisible();
  });
});

/**
 * Every element of every table row lies inside the viewport horizontally, or inside the nearest
 * ancestor that clips it; a row inside a sideways-scrolling container is fine as long as that
 * container itself lies inside the viewport (a wide table scrolls inside its card, never the page).
 */
async function rowOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const viewport = { left: 0, right: document.documentElement.clientWidth };
    const clipper = (el: Element): Element | null => {
      for (let p = el.parentElement; p; p = p.parentElement) if (getComputedStyle(p).overflowX !== 'visible') return p;
      return null;
    };
    // Inside a 1 px clipped box (a visually hidden header row, say) nothing is laid out for the eye.
    const hidden = (el: Element) => {
      for (let p: Element | null = el; p; p = p.parentElement) {
        const r = p.getBoundingClientRect();
        if (getComputedStyle(p).overflowX !== 'visible' && (r.width <= 1 || r.height <= 1)) return true;
      }
      return false;
    };
    const outside = (r: { left: number; right: number }, limits: { left: number; right: number }) => r.left < limits.left - 1 || r.right > limits.right + 1;
    const describe = (el: Element, r: DOMRect, limits: { left: number; right: number }) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}" spans ${Math.round(r.left)}-${Math.round(r.right)} outside ${Math.round(limits.left)}-${Math.round(limits.right)}`;
    for (const row of Array.from(document.querySelectorAll('tr, [role="row"]'))) {
      for (const el of [row, ...Array.from(row.querySelectorAll('*'))]) {
        const r = el.getBoundingClientRect();
        // Empty boxes and visually hidden texts (1 px clipped boxes) are not part of the layout.
        if (r.width <= 1 || r.height <= 1 || hidden(el)) continue;
        const box = clipper(el);
        if (box && ['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) {
          const b = box.getBoundingClientRect();
          if (outside(b, viewport)) problems.push(describe(box, b, viewport));
          continue;
        }
        const limits = box ? box.getBoundingClientRect() : viewport;
        if (outside(r, limits) || outside(r, viewport)) problems.push(describe(el, r, limits));
      }
    }
    return [...new Set(problems)];
  });
}

test.describe('tables fit the screen', () => {
  for (const width of [1280, 390]) {
    test(`at ${width} px no table row of Manage Users reaches outside the viewport or its scroll container`, async ({ page }) => {
      await page.setViewportSize({ width, height: 860 });
      await signInAs(page, 'admin');
      await page.goto('/app/admin/users');
      await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1)).toBeVisible();
      expect(await rowOverflow(page)).toEqual([]);
      // The sidebar column reaches the bottom of the page: no page background shows below it.
      if (width === 1280) {
        const gap = await page.evaluate(() => {
          const sidebar = document.querySelector('.shell-sidebar');
          if (!sidebar) return -1;
          return document.documentElement.scrollHeight - (sidebar.getBoundingClientRect().bottom + window.scrollY);
        });
        expect(gap).toBeGreaterThanOrEqual(0);
        expect(gap).toBeLessThanOrEqual(1);
      }
    });
  }
});
