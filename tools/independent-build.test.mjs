// Each team's front end builds on its own from a clean clone: no shell, no gateway, nothing built
// before, and the build writes inside its own package only (docs/delivery.md#independent-builds).
// The clone is of HEAD, so this checks what is committed. It reuses the installed node_modules
// through links; the workspace links point at the clone's own packages.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let clone;

/** A clean clone of HEAD with the shell, the gateway and the e2e suite taken out. */
function cleanClone() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'embark-independent-'));
  execFileSync('git', ['clone', '--quiet', '--shared', root, dir], { stdio: 'ignore' });
  for (const gone of ['shell', 'gateway', 'e2e']) rmSync(path.join(dir, gone), { recursive: true, force: true });
  const modules = path.join(dir, 'node_modules');
  mkdirSync(path.join(modules, '@embark'), { recursive: true });
  for (const entry of readdirSync(path.join(root, 'node_modules'))) {
    if (entry !== '@embark') symlinkSync(path.join(root, 'node_modules', entry), path.join(modules, entry));
  }
  for (const pkg of ['shared-ui', 'employee-mfe', 'admin-mfe']) {
    symlinkSync(path.join(dir, pkg), path.join(modules, '@embark', pkg));
    const own = path.join(root, pkg, 'node_modules');
    if (existsSync(own) && !existsSync(path.join(dir, pkg, 'node_modules'))) symlinkSync(own, path.join(dir, pkg, 'node_modules'));
  }
  return dir;
}

/** Paths git does not know in the clone, other than the linked node_modules. */
function untracked(dir) {
  return execFileSync('git', ['status', '--porcelain', '--ignored', '--untracked-files=normal'], { cwd: dir, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(3))
    .filter((file) => !/(^|\/)node_modules\/?$/.test(file))
    // The deleted packages are the test's own doing.
    .filter((file) => !/^(shell|gateway|e2e)\//.test(file))
    .sort();
}

/** `npm run build -w <workspace>` in `dir`, without waiting: the two teams' builds run side by side. */
function build(dir, workspace) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build', '-w', workspace], {
      cwd: dir,
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('close', (status) => resolve({ status, output }));
  });
}

describe('independent front-end builds', { timeout: 600_000 }, () => {
  before(() => {
    clone = cleanClone();
  });
  after(() => {
    if (clone) rmSync(clone, { recursive: true, force: true });
  });

  const remotes = [
    ['employee-mfe', '@embark/employee-mfe'],
    ['admin-mfe', '@embark/admin-mfe'],
  ];

  // Both at once: a webpack build keeps about one core busy, and CI time counts. What the two add together
  // must be exactly their own outputs; one writing into the other's dist/ would go unseen, a gap taken knowingly.
  it('each remote builds from a clean clone without the shell or the gateway, touching only its own folder', async () => {
    const beforeBuild = untracked(clone);
    const results = await Promise.all(remotes.map(([, workspace]) => build(clone, workspace)));
    results.forEach(({ status, output }, i) => assert.equal(status, 0, `${remotes[i][1]} build failed:\n${output.slice(-6000)}`));
    const added = untracked(clone).filter((file) => !beforeBuild.includes(file));
    assert.deepEqual(added, remotes.flatMap(([folder]) => [`${folder}/dist/`, `${folder}/src/__generated__/`]).sort());
    for (const [folder, workspace] of remotes) {
      assert.ok(existsSync(path.join(clone, folder, 'dist', 'remoteEntry.js')), `${workspace}: remoteEntry.js is built`);
      const persisted = JSON.parse(readFileSync(path.join(clone, folder, 'dist', 'persisted-operations.json'), 'utf8'));
      assert.equal(persisted.package, workspace);
      assert.ok(persisted.operations.length > 0, `${workspace}: the build lists its GraphQL operations`);
    }
  });
});
