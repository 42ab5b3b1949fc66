// `npm run release` and the changeset lint, in scratch workspaces with the repository's own
// changesets configuration: one team's release versions and tags its package alone.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = JSON.parse(readFileSync(path.join(root, '.changeset', 'config.json'), 'utf8'));
const scratch = [];
after(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

const PACKAGES = ['shared-ui', 'employee-mfe', 'admin-mfe'];

function workspace() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'embark-release-'));
  scratch.push(dir);
  const git = (...args) => execFileSync('git', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  const write = (files) => {
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
    }
  };
  const commit = (message, files = {}) => {
    write(files);
    git('add', '-A');
    git('commit', '-q', '-m', message);
  };
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'release@example.com');
  git('config', 'user.name', 'Release test');
  git('config', 'commit.gpgsign', 'false');
  const files = {
    'package.json': { name: 'embark', private: true, workspaces: PACKAGES },
    '.changeset/config.json': { ...config, ignore: [] },
    'package-lock.json': { name: 'embark', lockfileVersion: 3, packages: Object.fromEntries(PACKAGES.map((p) => [p, { name: `@embark/${p}`, version: '0.1.0' }])) },
    'shared-ui/src/index.ts': "export * from './components';\n",
    'shared-ui/src/components/Button.tsx': 'export const Button = 1;\n',
  };
  for (const p of PACKAGES) {
    files[`${p}/package.json`] = { name: `@embark/${p}`, version: '0.1.0', private: true, exports: p === 'shared-ui' ? { '.': './src/index.ts' } : undefined };
    files[`${p}/CHANGELOG.md`] = `# @embark/${p}\n\n## 0.1.0\n\nThe first version.\n`;
  }
  commit('initial', files);
  const run = (script, ...args) => spawnSync(process.execPath, [path.join(root, 'scripts', script), ...args], { cwd: dir, encoding: 'utf8' });
  return { dir, git, write, commit, run, read: (file) => readFileSync(path.join(dir, file), 'utf8') };
}

const changeset = (releases, summary) => `---\n${Object.entries(releases).map(([n, t]) => `"@embark/${n}": ${t}`).join('\n')}\n---\n\n${summary}\n`;

function withChangesets() {
  const w = workspace();
  w.commit('changesets', {
    '.changeset/calm-lamps.md': changeset({ 'employee-mfe': 'minor' }, 'The checklist shows who does each task.'),
    '.changeset/brave-owls.md': changeset({ 'employee-mfe': 'patch', 'shared-ui': 'minor' }, 'A Badge for task owners.'),
    '.changeset/quiet-rivers.md': changeset({ 'admin-mfe': 'patch' }, 'The users table keeps its sort.'),
  });
  return w;
}

describe('npm run release', () => {
  it('--dry-run says what it would do and changes nothing', () => {
    const w = withChangesets();
    const head = w.git('rev-parse', 'HEAD');
    const result = w.run('release.mjs', 'employee-mfe', '--dry-run');
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /@embark\/employee-mfe 0\.1\.0 → 0\.2\.0 \(minor\), from 2 changesets/);
    assert.match(result.stdout, /would commit the version and changelog of employee-mfe\/ and tag release\/employee-mfe\/0\.2\.0/);
    assert.match(result.stdout, /publish employee-mfe\/dist\//);
    assert.equal(w.git('status', '--porcelain'), '');
    assert.equal(w.git('rev-parse', 'HEAD'), head);
    assert.equal(w.git('tag', '--list'), '');
  });

  it('versions, commits and tags the one package; the other teams’ changesets stay pending', () => {
    const w = withChangesets();
    const result = w.run('release.mjs', 'employee-mfe');
    assert.equal(result.status, 0, result.stderr);
    assert.equal(JSON.parse(w.read('employee-mfe/package.json')).version, '0.2.0');
    assert.equal(JSON.parse(w.read('package-lock.json')).packages['employee-mfe'].version, '0.2.0');
    const changelog = w.read('employee-mfe/CHANGELOG.md');
    assert.match(changelog, /^# @embark\/employee-mfe\n\n## 0\.2\.0\n\n### Minor Changes\n\n- [0-9a-f]*:? ?The checklist shows who does each task\.\n\n### Patch Changes\n\n- [0-9a-f]*:? ?A Badge for task owners\./);
    // shared-ui and admin-mfe are untouched and keep their pending changesets.
    assert.equal(JSON.parse(w.read('shared-ui/package.json')).version, '0.1.0');
    assert.equal(JSON.parse(w.read('admin-mfe/package.json')).version, '0.1.0');
    assert.equal(w.read('.changeset/brave-owls.md'), changeset({ 'shared-ui': 'minor' }, 'A Badge for task owners.'));
    assert.ok(existsSync(path.join(w.dir, '.changeset/quiet-rivers.md')));
    assert.equal(existsSync(path.join(w.dir, '.changeset/calm-lamps.md')), false);
    // One commit, tagged, touching only employee-mfe/ and the changesets.
    assert.equal(w.git('status', '--porcelain'), '');
    assert.equal(w.git('describe', '--tags', '--exact-match', 'HEAD'), 'release/employee-mfe/0.2.0');
    assert.deepEqual(w.git('show', '--name-only', '--format=', 'HEAD').split('\n').sort(), [
      '.changeset/brave-owls.md', '.changeset/calm-lamps.md', 'employee-mfe/CHANGELOG.md', 'employee-mfe/package.json', 'package-lock.json',
    ]);
    assert.match(result.stdout, /committed and tagged release\/employee-mfe\/0\.2\.0/);
  });

  it('holds a front end whose operations ask for what the gateway release lacks, until the gateway is released', () => {
    const w = withChangesets();
    const sdl = (fields) => `type Query { tasks: [Task!]! }\ntype Task {\n  id: Int!\n${fields}}\n`;
    w.commit('gateway released', { 'schema.graphql': sdl('') });
    w.git('tag', '-a', 'release/gateway/1.0.0', '-m', 'gateway 1.0.0');
    w.commit('owner field, and the checklist asks for it', {
      'schema.graphql': sdl('  owner: String\n'),
      'employee-mfe/src/features/tasks/api/tasks.graphql': 'query Tasks {\n  tasks {\n    id\n    owner\n  }\n}\n',
    });
    const head = w.git('rev-parse', 'HEAD');
    for (const args of [['--dry-run'], []]) {
      const held = w.run('release.mjs', 'employee-mfe', ...args);
      assert.equal(held.status, 1);
      assert.match(held.stderr, /release the gateway first: 1 of employee-mfe's operations ask for what release\/gateway\/1\.0\.0 lacks/);
      assert.match(held.stderr, /✗ Tasks \(src\/features\/tasks\/api\/tasks\.graphql\): Cannot query field "owner" on type "Task"/);
    }
    assert.equal(w.git('rev-parse', 'HEAD'), head);
    assert.equal(w.git('tag', '--list', 'release/employee-mfe/*'), '');

    w.git('tag', '-a', 'release/gateway/1.1.0', '-m', 'gateway 1.1.0');
    const released = w.run('release.mjs', 'employee-mfe');
    assert.equal(released.status, 0, released.stderr);
    assert.match(released.stdout, /employee-mfe's 1 operations validate against release\/gateway\/1\.1\.0/);
    assert.equal(w.git('describe', '--tags', '--exact-match', 'HEAD'), 'release/employee-mfe/0.2.0');
  });

  it('refuses a dirty tree, an unknown package and a package with nothing to release', () => {
    const w = withChangesets();
    w.write({ 'employee-mfe/notes.txt': 'wip\n' });
    const dirty = w.run('release.mjs', 'employee-mfe', '--dry-run');
    assert.equal(dirty.status, 1);
    assert.match(dirty.stderr, /the working tree has uncommitted changes/);
    rmSync(path.join(w.dir, 'employee-mfe/notes.txt'));
    assert.match(w.run('release.mjs', 'billing').stderr, /name the package to release: one of shared-ui, shell, employee-mfe, admin-mfe, gateway/);
    const nothing = workspace().run('release.mjs', 'admin-mfe');
    assert.equal(nothing.status, 1);
    assert.match(nothing.stderr, /no pending changeset names @embark\/admin-mfe; add one with `npx changeset` first/);
  });
});

describe('changeset lint', () => {
  function released() {
    const w = workspace();
    w.git('tag', '-a', 'release/shared-ui/0.1.0', '-m', 'shared-ui 0.1.0');
    return w;
  }

  it('fails when shared-ui’s index changes without a changeset, and passes with one', () => {
    const w = released();
    w.commit('new export', { 'shared-ui/src/index.ts': "export * from './components';\nexport * from './kit';\n" });
    const missing = w.run('check-changeset.mjs');
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /shared-ui's public entry points changed since release\/shared-ui\/0\.1\.0 without a changeset:\n {2}shared-ui\/src\/index\.ts/);
    w.write({ '.changeset/new-kit.md': changeset({ 'shared-ui': 'minor' }, 'The kit is exported.') });
    const announced = w.run('check-changeset.mjs');
    assert.equal(announced.status, 0, announced.stderr);
    assert.match(announced.stdout, /with a changeset/);
  });

  it('fails on a changed exports map or surface; a changeset for another package does not count', () => {
    const w = released();
    w.commit('exports and surface', {
      'shared-ui/package.json': { name: '@embark/shared-ui', version: '0.1.0', private: true, exports: { '.': './src/index.ts', './kit': './src/kit.ts' } },
      'shared-ui/build/surfaces/react-router.mjs': 'export { Link } from "react-router";\n',
      '.changeset/other.md': changeset({ 'employee-mfe': 'patch' }, 'Unrelated.'),
    });
    const result = w.run('check-changeset.mjs');
    assert.equal(result.status, 1);
    assert.match(result.stderr, /shared-ui\/build\/surfaces\/react-router\.mjs/);
    assert.match(result.stderr, /shared-ui\/package\.json \(exports\)/);
  });

  it('passes on changes inside shared-ui that leave its entry points alone', () => {
    const w = released();
    w.commit('button tweak', {
      'shared-ui/src/components/Button.tsx': 'export const Button = 2;\n',
      'shared-ui/package.json': { name: '@embark/shared-ui', version: '0.1.0', private: true, exports: { '.': './src/index.ts' }, description: 'same exports' },
    });
    const result = w.run('check-changeset.mjs');
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /entry points unchanged since release\/shared-ui\/0\.1\.0/);
  });
});
