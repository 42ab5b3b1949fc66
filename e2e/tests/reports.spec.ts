// The CSV reports (docs/product.md#reports) in Chromium against the built stack: the admin's
// export buttons start a real download, with the screen's filters, whose file opens with the byte
// order mark and the report's header row, and hands formula-looking names over as text.
import fs from 'node:fs/promises';
import { expect, test, type Download, type Page } from './support/csp.js';
import { urls } from '../stack.mjs';
import { apiSignIn, signInAs } from './support/session.js';

/** The downloaded file's lines (CRLF), after checking it starts with the UTF-8 byte order mark. */
async function linesOf(download: Download): Promise<string[]> {
  const file = await download.path();
  const bytes = await fs.readFile(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  return text.slice(0, -2).split('\r\n');
}

async function exportFrom(page: Page, button: string): Promise<Download> {
  const started = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  return started;
}

test("Manage Users' export downloads the users of the current search, formulas as text", async ({ page, request }) => {
  const tag = Date.now().toString(36);
  const admin = await apiSignIn(request, 'admin');
  const created = await request.post(`${urls.gateway}/api/roles`, { headers: { authorization: `Bearer ${admin.token}` }, data: { name: `Reports ${tag}` } });
  expect(created.status(), await created.text()).toBe(201);
  const role = (await created.json()) as { id: number };
  const name = `=SUM(1+1) Report ${tag}`;
  const email = `report-${tag}@e2e.example.org`;
  const registered = await request.post(`${urls.gateway}/api/auth/register`, { data: { name, email, password: 'Onboard2025', role_id: role.id } });
  expect(registered.status(), await registered.text()).toBe(201);

  await signInAs(page, 'admin');
  await page.goto('/app/admin/users');
  await page.getByRole('search', { name: 'Users' }).getByLabel('Search').fill(tag);
  // The table shows the search's result (the search is debounced): the export takes the same filters.
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByText(email)).toBeVisible();
  await expect(table.getByText('admin@example.com')).toHaveCount(0);

  const download = await exportFrom(page, 'Export users (CSV)');
  expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = await linesOf(download);
  expect(header).toBe('Name,Email,Role,Manager,Start date,Progress (%),Overdue tasks,Completed on');
  // Only the searched-for user, the name behind an apostrophe so no spreadsheet runs it.
  expect(rows).toHaveLength(1);
  expect(rows[0]?.startsWith(`'${name},${email},`)).toBe(true);
  await expect(page.getByRole('button', { name: 'Export users (CSV)' })).toBeEnabled();
});

test("the audit log's export downloads the latest changes over a range of days", async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/app/admin');
  const changes = page.locator('.adm-changes');
  await changes.getByLabel('From').fill('2000-01-01');
  await changes.getByLabel('To').fill('2099-12-31');

  const download = await exportFrom(page, 'Export audit log (CSV)');
  expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header] = await linesOf(download);
  expect(header).toBe('Date (UTC),Action,Actor,Actor email,Target type,Target ID,Details');

  // A range that is not one: the server's reason shows beside the button, and nothing downloads.
  await changes.getByLabel('From').fill('2030-01-02');
  await changes.getByLabel('To').fill('2030-01-01');
  await page.getByRole('button', { name: 'Export audit log (CSV)' }).click();
  await expect(changes.getByRole('alert')).toHaveText('Export failed: From must not be after To');
});
