// The shell–remote contract in Chromium (docs/federation.md, "Contract"). The first case uses a really
// built incompatible remote: the contract fixture of `npm run skew:build`, employee-mfe built against a
// shared-ui that gained a name the current shell lacks (a remote deployed before its shell). It is
// refused before any of its code is fetched, with the contract's wording on its error screen and one
// structured console error naming both versions. The other cases edit the real employee manifest in
// flight for what the fixture does not cover: the reverse wording (a surface's older major version)
// and an additive minor difference that loads.
import { test, expect, type ConsoleMessage, type Page } from './support/csp.js';
import fs from 'node:fs';
import path from 'node:path';
import { ports, repoRoot, urls } from '../stack.mjs';
import { serveFrontEnds } from './support/front-ends.js';
import { signInAs } from './support/session.js';

interface Manifest {
  embark: { version: string; commit: string; contract: { runtime: string; needs: Record<string, { version: string; names: string[] }> } };
}

/**
 * Serves the real employee manifest, changed by `edit`, on the e2e stack: for the cases the built
 * fixture does not cover (a manifest edited in flight, so no remote build is needed for each).
 */
async function serveEditedManifest(page: Page, edit: (manifest: Manifest) => void): Promise<void> {
  await page.route(`${urls.employee}/mf-manifest.json`, async (route) => {
    const response = await route.fetch();
    const manifest = (await response.json()) as Manifest;
    edit(manifest);
    await route.fulfill({ response, json: manifest });
  });
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

/** The contract fixture as scripts/skew-builds.mjs wrote it (.data/skew/fixture.json). */
interface Fixture {
  sha: string;
  name: string;
  dist: string;
}
const fixtureFile = path.join(repoRoot, '.data', 'skew', 'fixture.json');
const fixture: Fixture | null = fs.existsSync(fixtureFile) ? JSON.parse(fs.readFileSync(fixtureFile, 'utf8')) : null;

test.describe('a really built remote that needs a name the shell lacks', () => {
  test.skip(!process.env.CI && !fixture, 'no contract fixture built: run `node scripts/skew-builds.mjs` (npm test does)');

  test('shows the contract screen, fetches none of its code and logs both versions once', async ({ page }) => {
    if (!fixture) throw new Error(`no contract fixture at ${fixtureFile}: \`npm run skew:build\` builds it`);
    const manifest = JSON.parse(fs.readFileSync(path.join(fixture.dist, 'mf-manifest.json'), 'utf8')) as Manifest;
    const needs = manifest.embark.contract.needs['@embark/shared-ui'];
    // The build itself recorded the name: nothing below is edited in flight.
    expect(needs?.names, 'the fixture build records the name it imports').toContain(fixture.name);
    expect(fs.existsSync(path.join(fixture.dist, 'remoteEntry.js')), 'the fixture is a whole remote build').toBe(true);

    // The current shell and admin remote, the fixture in place of employee-mfe (ports of its own).
    const served = await serveFrontEnds(
      { shell: path.join(repoRoot, 'shell', 'dist'), employee: fixture.dist, admin: path.join(repoRoot, 'admin-mfe', 'dist') },
      ports.shell + 43,
    );
    try {
      await signInAs(page, 'employee');
      const fetched: string[] = [];
      page.on('request', (request) => {
        if (request.url().startsWith(served.employee)) fetched.push(new URL(request.url()).pathname);
      });
      const errors = consoleErrors(page);
      await page.goto(`${served.origin}/app/dashboard`);

      await expect(page.getByText('This part of Embark was updated and needs a newer app version. Reload the page.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Reload Page' })).toBeVisible();
      // The shell itself keeps working around the refused remote.
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
      // Its manifest was read; none of its code (remoteEntry.js, chunks) was requested.
      expect(fetched).toEqual(['/mf-manifest.json']);

      expect(errors.map((message) => message.text().split(' ').slice(0, 3).join(' '))).toEqual(['[embark] contract mismatch']);
      const report = await reportOf(errors[0] as ConsoleMessage);
      const shellVersion = report.shellVersion as { runtime: string; provides: Record<string, string> };
      const shellHas = shellVersion.provides['@embark/shared-ui'];
      expect(shellHas, 'the shell provides @embark/shared-ui').toMatch(/^\d+\.\d+\.\d+\+\w+$/);
      expect(needs?.version).not.toBe(shellHas);
      expect(report).toMatchObject({ remote: 'employee_mfe', skew: 'remote-newer' });
      expect(report.problems).toEqual([`@embark/shared-ui: missing ${fixture.name} (needs ${needs?.version}, shell has ${shellHas})`]);
      expect(report.remoteVersion).toMatchObject({
        version: manifest.embark.version,
        commit: manifest.embark.commit,
        runtime: shellVersion.runtime,
        needs: { '@embark/shared-ui': needs?.version },
      });
    } finally {
      await served.close();
    }
  });
});

// Edited in flight: the reverse wording, which a fixture would need an older major version of a surface for.
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

// Edited in flight: the additive case (another minor version, every name provided) loads.
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
