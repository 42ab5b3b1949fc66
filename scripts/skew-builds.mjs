#!/usr/bin/env node
// `npm run skew:build`: builds the previous release of each front end, for the version-skew tests
// (e2e/tests/skew.spec.ts, docs/federation.md "Version skew tests"). The previous release of a package is its
// last `release/<folder>/*` tag reachable from HEAD, or HEAD~1 when it has none. Each commit is
// checked out once as a git worktree under .data/skew/<sha> and each front end built there once:
// a later run with the same commit reuses the build (the cache is the folder).
// The worktree has no install of its own: its node_modules links to the main tree's packages, except
// @embark/*, which link to the worktree's own workspaces (its shared-ui is the one the old front
// ends were built with). Writes .data/skew/previous.json for the tests.
// It also builds the contract fixture (e2e/tests/skew-contract.spec.ts): employee-mfe at HEAD against a
// shared-ui that gained a name, a remote deployed before its shell. Writes .data/skew/fixture.json.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileAt, git, previousRelease } from './lib/git-refs.mjs';
import { repoRoot } from './lib/paths.mjs';

export const FRONT_ENDS = ['shell', 'employee-mfe', 'admin-mfe'];
export const SKEW_DIR = path.join(repoRoot, '.data', 'skew');
export const PREVIOUS_FILE = path.join(SKEW_DIR, 'previous.json');
/** Written into a front end's dist/ once its build succeeded: the cache's "done" mark. */
const BUILT_MARK = '.skew-built';
/**
 * Paths no front end's build reads (the server, tests, docs, deployment files). A front end whose
 * previous release differs from HEAD only there, or in the other front ends' folders, would build
 * the same as now: its current build stands in for it. Anything else (its sources, shared-ui,
 * schema.graphql, scripts/, the lock file, root configs) counts as a change.
 */
const NOT_BUILD_INPUTS = [
  'gateway/', 'e2e/', 'bench/', 'tools/', 'resilience/', 'docs/', 'docker/', '.ci/', '.changeset/',
  // The REST contract: the front ends' REST types are shared-ui's own (src/contracts).
  'openapi.json', 'docker-compose.yml', '.env.example', 'CODEOWNERS',
];
/** Whether a changed file may change `folder`'s build: not one of the paths above, nor another front end's folder. */
const isBuildInput = (folder, file) =>
  !file.endsWith('.md') && ![...NOT_BUILD_INPUTS, ...FRONT_ENDS.filter((other) => other !== folder).map((other) => `${other}/`)].some((prefix) => file.startsWith(prefix));
/** What builds write under node_modules (babel/webpack caches, the federation plugin's entries): never shared with the main tree. */
const BUILD_CACHES = ['.cache', '.federation'];

/**
 * The previous release of a front end (scripts/lib/git-refs.mjs, as the API gate reads it) and its commit.
 * @param {string} folder e.g. `employee-mfe`
 * @returns {{ ref: string, sha: string }}
 */
function previousCommit(folder) {
  const previous = previousRelease(repoRoot, folder);
  // A clone of one commit (git clone --depth 1) has no previous release to pair with.
  if (!previous) throw new Error(`skew: ${folder} has no previous release and HEAD has no parent: clone with history (no --depth 1)`);
  return { ref: previous.ref, sha: git(repoRoot, ['rev-parse', `${previous.ref}^{commit}`]) };
}

/**
 * Fills `dest` (a real folder) with links to every entry of `source`, except the names in
 * `skip` and the ones `overrides` gives a target of its own (name → absolute path).
 */
function linkEntries(source, dest, { skip = [], overrides = {} } = {}) {
  fs.mkdirSync(dest, { recursive: true });
  for (const entry of fs.readdirSync(source)) {
    if (skip.includes(entry) || entry in overrides) continue;
    const link = path.join(dest, entry);
    if (!fs.existsSync(link)) fs.symlinkSync(path.join(source, entry), link);
  }
  for (const [name, target] of Object.entries(overrides)) {
    const link = path.join(dest, name);
    fs.rmSync(link, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(target, link);
  }
}

/** The worktree's node_modules: the main tree's packages, its own workspaces, no shared caches. */
function linkNodeModules(worktree) {
  const workspaces = ['shared-ui', ...FRONT_ENDS, 'gateway', 'e2e', 'bench'].filter((dir) => fs.existsSync(path.join(worktree, dir, 'package.json')));
  const own = Object.fromEntries(workspaces.map((dir) => [JSON.parse(fs.readFileSync(path.join(worktree, dir, 'package.json'), 'utf8')).name, path.join(worktree, dir)]));
  const embark = path.join(worktree, 'node_modules', '@embark');
  linkEntries(path.join(repoRoot, 'node_modules'), path.join(worktree, 'node_modules'), { skip: ['@embark', ...BUILD_CACHES] });
  fs.mkdirSync(embark, { recursive: true });
  for (const [name, dir] of Object.entries(own)) {
    const link = path.join(embark, name.replace('@embark/', ''));
    if (!fs.existsSync(link)) fs.symlinkSync(dir, link);
  }
  // A package's own node_modules (the main tree's nested versions), without its build caches.
  for (const dir of workspaces) {
    const nested = path.join(repoRoot, dir, 'node_modules');
    if (fs.existsSync(nested)) linkEntries(nested, path.join(worktree, dir, 'node_modules'), { skip: BUILD_CACHES });
  }
}

/** The worktree of a commit (in `dir`, by default named after it), created (and its node_modules linked) on first use. */
function worktreeOf(sha, dir = path.join(SKEW_DIR, sha)) {
  if (!fs.existsSync(path.join(dir, 'package.json'))) {
    fs.mkdirSync(SKEW_DIR, { recursive: true });
    git(repoRoot, ['worktree', 'add', '--force', '--detach', dir, sha]);
  }
  if (!fs.existsSync(path.join(dir, 'node_modules'))) linkNodeModules(dir);
  return dir;
}

/** Builds `folder` in `worktree` and marks its dist/ built; `commit` is what its manifest records. */
function buildIn(worktree, folder, commit, label, log) {
  log(`skew: building ${label} in ${path.relative(repoRoot, worktree)}`);
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '--workspace', folder], {
    cwd: worktree,
    stdio: 'inherit',
    env: { ...process.env, EMBARK_COMMIT: commit, TURBO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error(`skew: the build of ${label} failed (exit ${result.status})`);
  fs.writeFileSync(path.join(worktree, folder, 'dist', BUILT_MARK), `${commit}\n`);
  log(`skew: ${label} built in ${Math.round((Date.now() - started) / 1000)} s`);
}

/**
 * Builds one front end at its previous release's commit unless that build is already there, or
 * unless nothing it builds from changed since: then its current build (`npm run build`) is the one.
 */
export function buildPrevious(folder, { ref, sha }, log = console.info) {
  const changed = git(repoRoot, ['diff', '--name-only', sha, 'HEAD']).split('\n').filter(Boolean);
  if (!changed.some((file) => isBuildInput(folder, file))) {
    log(`skew: ${folder} at ${ref} (${sha.slice(0, 12)}) builds from the same files as HEAD: its current build stands in`);
    return { ref, sha, dist: path.join(repoRoot, folder, 'dist'), current: true };
  }
  const worktree = worktreeOf(sha);
  const dist = path.join(worktree, folder, 'dist');
  if (fs.existsSync(path.join(dist, BUILT_MARK))) {
    log(`skew: ${folder} at ${ref} (${sha.slice(0, 12)}) already built`);
  } else {
    buildIn(worktree, folder, sha.slice(0, 12), `${folder} at ${ref} (${sha.slice(0, 12)})`, log);
  }
  return { ref, sha, dist };
}

/** The name the contract fixture's shared-ui adds and its employee-mfe imports: the current shell lacks it. */
export const FIXTURE_NAME = 'contractFixtureOnly';
export const FIXTURE_FILE = path.join(SKEW_DIR, 'fixture.json');
const FIXTURE_PREFIX = 'fixture-';
/**
 * The contract fixture's change to HEAD, as a team would make it: shared-ui gains a name (and, as
 * docs/federation.md asks, a minor version recording it) and employee-mfe's exposed module calls it
 * when it loads, so without the contract check the shell would run `undefined()`. Its text is part of
 * the cache key.
 */
const FIXTURE_PATCH = {
  append: {
    'shared-ui/src/index.ts': `\n/** Added by the contract fixture (scripts/skew-builds.mjs). */\nexport const ${FIXTURE_NAME} = (): string => 'contract fixture';\n`,
    'employee-mfe/src/app/App.tsx': `\n// The contract fixture (scripts/skew-builds.mjs): a name only a newer shared-ui has.\nimport { ${FIXTURE_NAME} } from '@embark/shared-ui';\nexport const contractFixtureLabel: string = ${FIXTURE_NAME}();\n`,
  },
  minorVersion: { file: 'shared-ui/build/contract.json', part: '@embark/shared-ui' },
};

/** Writes FIXTURE_PATCH over HEAD's files in the fixture's worktree (from HEAD's text, so applying it twice is once). */
function applyFixturePatch(worktree, sha) {
  const original = (file) => {
    const text = fileAt(repoRoot, sha, file);
    if (text === null) throw new Error(`skew: the contract fixture patches ${file}, which HEAD does not have: update FIXTURE_PATCH in scripts/skew-builds.mjs`);
    return text;
  };
  for (const [file, text] of Object.entries(FIXTURE_PATCH.append)) fs.writeFileSync(path.join(worktree, file), `${original(file)}\n${text}`);
  const { file, part } = FIXTURE_PATCH.minorVersion;
  const contract = JSON.parse(original(file));
  const recorded = contract.surfaces[part];
  const [major, minor] = recorded.version.split('.').map(Number);
  recorded.version = `${major}.${minor + 1}.0`;
  recorded.names = [...recorded.names, FIXTURE_NAME].sort();
  fs.writeFileSync(path.join(worktree, file), `${JSON.stringify(contract, null, 2)}\n`);
}

/**
 * Builds the contract fixture: employee-mfe at HEAD with FIXTURE_PATCH, in the worktree
 * .data/skew/fixture-<hash>, the hash being of the patch and of HEAD's files that employee-mfe's build
 * may read. A later run with the same hash reuses it; other fixture worktrees are removed.
 */
export function buildContractFixture(log = console.info) {
  const sha = git(repoRoot, ['rev-parse', 'HEAD']);
  // One entry per file: mode, type, blob and path (-z: paths unquoted).
  const inputs = git(repoRoot, ['ls-tree', '-r', '-z', sha]).split('\0').filter((entry) => entry && isBuildInput('employee-mfe', entry.slice(entry.indexOf('\t') + 1)));
  const hash = createHash('sha256').update(JSON.stringify(FIXTURE_PATCH)).update(inputs.join('\0')).digest('hex').slice(0, 16);
  const worktree = path.join(SKEW_DIR, `${FIXTURE_PREFIX}${hash}`);
  for (const entry of fs.existsSync(SKEW_DIR) ? fs.readdirSync(SKEW_DIR) : []) {
    if (entry.startsWith(FIXTURE_PREFIX) && entry !== path.basename(worktree)) removeWorktree(path.join(SKEW_DIR, entry));
  }
  const dist = path.join(worktree, 'employee-mfe', 'dist');
  const label = `the contract fixture (employee-mfe at HEAD ${sha.slice(0, 12)} needing ${FIXTURE_NAME})`;
  if (fs.existsSync(path.join(dist, BUILT_MARK))) {
    log(`skew: ${label} already built`);
  } else {
    worktreeOf(sha, worktree);
    applyFixturePatch(worktree, sha);
    buildIn(worktree, 'employee-mfe', `${sha.slice(0, 12)}-fixture`, label, log);
  }
  const fixture = { sha, hash, name: FIXTURE_NAME, dist };
  fs.writeFileSync(FIXTURE_FILE, `${JSON.stringify(fixture, null, 2)}\n`);
  return fixture;
}

/** Removes a worktree of ours, or its folder when git no longer knows it. */
function removeWorktree(dir) {
  try {
    git(repoRoot, ['worktree', 'remove', '--force', dir]);
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Prunes the worktrees of commits that are no longer anyone's previous release. */
function pruneOld(keep) {
  if (!fs.existsSync(SKEW_DIR)) return;
  for (const entry of fs.readdirSync(SKEW_DIR)) {
    if (!/^[0-9a-f]{40}$/.test(entry) || keep.has(entry)) continue;
    removeWorktree(path.join(SKEW_DIR, entry));
  }
  git(repoRoot, ['worktree', 'prune']);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // Every commit is resolved first: HEAD may move while the builds run.
  const releases = FRONT_ENDS.map((folder) => [folder, previousCommit(folder)]);
  const previous = Object.fromEntries(releases.map(([folder, release]) => [folder, buildPrevious(folder, release)]));
  pruneOld(new Set(Object.values(previous).filter((p) => !p.current).map((p) => p.sha)));
  // A clean clone whose front ends all reuse their current build has no .data/skew yet.
  fs.mkdirSync(SKEW_DIR, { recursive: true });
  fs.writeFileSync(PREVIOUS_FILE, `${JSON.stringify(previous, null, 2)}\n`);
  console.info(`skew: ${path.relative(repoRoot, PREVIOUS_FILE)} written`);
  buildContractFixture();
  console.info(`skew: ${path.relative(repoRoot, FIXTURE_FILE)} written`);
}
