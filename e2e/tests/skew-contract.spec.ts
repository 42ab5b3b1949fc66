// The shell–remote contract in Chromium (docs/federation.md, "Contract"): a remote whose manifest says it
// needs a name the shell does not provide is refused before any of its code is fetched, with the
// contract's wording on its error screen and one structured console error naming both versions.
import { test, expect, type ConsoleMessage, type Page } from './support/csp.js';
import { urls } from '../stack.mjs';
import { signInAs } from './support/session.js';

interface Manifest {
  embark: { version: string; commit: string; contract: { runtime: string; needs: Record<string, { version: string; names: string[] }> } };
}

/** Serves the real employee manifest, changed by `edit`: a fixture remote built against another shell. */
async function serveEditedManifest(page: Page, edit: (manifest: Manifest) => void): Promise<string[]> {
  const remoteRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(urls.employee) && !request.url().endsWith('/mf-manifest.json')) remoteRequests.push(request.url());
  });
  await page.route(`${urls.employee}/mf-manifest.json`, async (route) => {
    const response = await route.fetch();
    const manifest = (await response.json()) as Manifest;
    edit(manifest);
    await route.fulfill({ response, json: manifest });
  });
  return remoteRequests;
}

function consoleErrors(page: Page): ConsoleMessage[] {
  const errors: ConsoleMessage[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message);
  });
  return errors;
}

/** The structured report's object, as the page logged it. */
async function reportOf(message: ConsoleMessage): Promise<Record<string, unknown>> {
  const [, payload] = message.args();
  return ((await payload?.jsonValue()) ?? {}) as Record<string, unknown>;
}

test('a remote that needs a name the shell lacks shows the contract screen, with both versions logged once', async ({ page }) => {
  await signInAs(page, 'employee');
  const remoteRequests = await serveEditedManifest(page, (manifest) => {
    const sharedUi = manifest.embark.contract.needs['@embark/shared-ui'];
    if (!sharedUi) throw new Error('the employee manifest lists no @embark/shared-ui needs');
    sharedUi.version = '1.1.0+fixture0001';
    sharedUi.names.push('OnboardingStepper');
  });
  const errors = consoleErrors(page);
  await page.goto('/app/dashboard');

  await expect(page.getByText('This part of Embark was updated and needs a newer app version. Reload the page.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload Page' })).toBeVisible();
  // The shell itself keeps working around the refused remote.
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  // Refused before any remote code: not even remoteEntry.js was requested.
  expect(remoteRequests).toEqual([]);

  expect(errors.map((message) => message.text().split(' ').slice(0, 3).join(' '))).toEqual(['[embark] contract mismatch']);
  const report = await reportOf(errors[0] as ConsoleMessage);
  expect(report).toMatchObject({ remote: 'employee_mfe', skew: 'remote-newer' });
  expect(report.problems).toEqual([expect.stringMatching(/^@embark\/shared-ui: missing OnboardingStepper \(needs 1\.1\.0\+fixture0001, shell has 1\.\d+\.\d+\+\w+\)$/)]);
  expect(report.shellVersion).toMatchObject({ runtime: expect.stringMatching(/^\d+\.\d+\.\d+$/), provides: { '@embark/shared-ui': expect.stringMatching(/^1\.\d+\.\d+\+/) } });
  expect(report.remoteVersion).toMatchObject({ version: expect.any(String), commit: expect.any(String), needs: { '@embark/shared-ui': '1.1.0+fixture0001' } });
});

test('a remote built for an older major version of a surface shows the reverse wording', async ({ page }) => {
  await signInAs(page, 'employee');
  await serveEditedManifest(page, (manifest) => {
    const router = manifest.embark.contract.needs['react-router'];
    if (!router) throw new Error('the employee manifest lists no react-router needs');
    router.version = '0.9.0+fixture0002';
  });
  const errors = consoleErrors(page);
  await page.goto('/app/checklist');
  await expect(page.getByText('Embark was updated and this part of it has not caught up yet. Reload the page in a few minutes.')).toBeVisible();
  expect(errors).toHaveLength(1);
  expect(await reportOf(errors[0] as ConsoleMessage)).toMatchObject({ skew: 'shell-newer' });
});

test('a remote whose names are all provided loads, and About Embark shows the versions in the page', async ({ page }) => {
  await signInAs(page, 'employee');
  // Another minor version than the shell's, but only names the shell has: additive, so it is served.
  await serveEditedManifest(page, (manifest) => {
    const sharedUi = manifest.embark.contract.needs['@embark/shared-ui'];
    if (sharedUi) sharedUi.version = '1.0.9+fixture0003';
  });
  const errors = consoleErrors(page);
  await page.goto('/app/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('dash-remaining')).toBeVisible();

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('button', { name: 'About Embark' }).click();
  const dialog = page.getByRole('dialog', { name: 'About Embark' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('row', { name: /Employee pages/ })).toContainText('Running');
  await expect(dialog.getByRole('row', { name: /App shell/ })).toContainText(/\d+\.\d+\.\d+/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeFocused();
  expect(errors.map((message) => message.text())).toEqual([]);
});
