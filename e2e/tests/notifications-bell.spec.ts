// The header's bell with notifications the server keeps (docs/product.md#notifications), in Chromium
// against the built stack: a role change tells the user 'Your checklist changed'; the bell lists it
// before the ones derived from the checklist, counts it unread, follows its link and marks it read
// on the server. The open panel has no serious accessibility violation.
import { expect, test } from './support/csp.js';
import { urls } from '../stack.mjs';
import { apiSignIn, useSession, type SignedIn } from './support/session.js';
import { seriousViolations } from './support/axe.js';

const bearer = (session: SignedIn) => ({ Authorization: `Bearer ${session.token}` });

interface NotificationsPage {
  data: Array<{ id: number; type: string; title: string; link: string | null; read_at: string | null }>;
  unread: number;
}

test("a role change shows in the bell beside the checklist's notifications, and opening it marks it read", async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const admin = await apiSignIn(request, 'admin');
  const roles = (await (await request.get(`${urls.gateway}/api/roles`)).json()) as Array<{ id: number; name: string }>;
  const [first, second] = roles.filter((r) => r.name === 'Employee' || r.name === 'Manager');
  expect(second, 'the Employee and Manager roles').toBeDefined();
  const registered = await request.post(`${urls.gateway}/api/auth/register`, {
    data: { name: `Bea Bell ${tag}`, email: `bea-${tag}@e2e.example.org`, password: 'Bells12345', role_id: first?.id },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const user = (await registered.json()) as SignedIn;

  const moved = await request.put(`${urls.gateway}/api/admin/users/${user.user.id}`, { headers: bearer(admin), data: { role_id: second?.id } });
  expect(moved.status(), await moved.text()).toBe(200);
  const before = (await (await request.get(`${urls.gateway}/api/notifications`, { headers: bearer(user) })).json()) as NotificationsPage;
  expect(before.unread).toBe(1);
  expect(before.data[0]).toMatchObject({ type: 'checklist_changed', title: 'Your checklist changed', link: '/app/checklist', read_at: null });

  await useSession(page, user);
  await page.goto('/app/dashboard');
  // The server's one and the three derived 'Next Task' ones of a new role's checklist.
  const bell = page.getByRole('button', { name: 'Notifications (4 unread)' });
  await expect(bell).toBeVisible({ timeout: 30_000 });
  await bell.click();
  const panel = page.locator(`#${await bell.getAttribute('aria-controls')}`);
  const titles = panel.locator('.shell-bell__item-title');
  await expect(titles).toHaveCount(4);
  await expect(titles.first()).toHaveText('Your checklist changed (unread)');
  await expect(titles.nth(1)).toHaveText('Next Task (unread)');
  expect(await seriousViolations(page)).toEqual([]);

  await panel.getByRole('link', { name: /Your checklist changed/ }).click();
  await expect(page).toHaveURL('/app/checklist');
  // Closed at once, before the checklist page has loaded.
  await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('heading', { level: 1, name: 'My Checklist' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Notifications (3 unread)' })).toBeVisible();
  await expect
    .poll(async () => ((await (await request.get(`${urls.gateway}/api/notifications`, { headers: bearer(user) })).json()) as NotificationsPage).unread)
    .toBe(0);

  // 'Mark all as read' takes the derived ones too; a reload keeps it so.
  await page.getByRole('button', { name: 'Notifications (3 unread)' }).click();
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('unread-dot')).toHaveCount(0);
});
