#!/usr/bin/env node
// `npm run skew:build`: builds the previous release of each front end, for the version-skew tests
// (e2e/tests/skew.spec.ts, docs/federation.md "Version skew tests"). The previous release of a package is its
// last `release/<folder>/*` tag reachable from HEAD, or HEAD~1 when it has none. Each commit is
// checked out once as a git worktree under .data/skew/<sha> and each front end built there once:
// a later run with the same commit reuses the build (the cache is the folder).
// The worktree has no install of its own: its node_modules links to the main tree's packages, except
// @embark/*, which link to the worktree's own workspaces (its shared-ui is the one the old front
// ends were built with). Writes .data/skew/previous.json for the tests.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { git, previousRelease } from './lib/git-refs.mjs';
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

/** The worktree of a commit, created (and its node_modules linked) on first use. */
function worktreeOf(sha) {
  const dir = path.join(SKEW_DIR, sha);
  if (!fs.existsSync(path.join(dir, 'package.json'))) {
    fs.mkdirSync(SKEW_DIR, { recursive: true });
    git(repoRoot, ['worktree', 'add', '--force', '--detach', dir, sha]);
  }
  if (!fs.existsSync(path.join(dir, 'node_modules'))) linkNodeModules(dir);
  return dir;
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
    log(`skew: building ${folder} at ${ref} (${sha.slice(0, 12)}) in ${path.relative(repoRoot, worktree)}`);
    const started = Date.now();
    const result = spawnSync('npm', ['run', 'build', '--workspace', folder], {
      cwd: worktree,
      stdio: 'inherit',
      env: { ...process.env, EMBARK_COMMIT: sha.slice(0, 12), TURBO_TELEMETRY_DISABLED: '1' },
    });
    if (result.status !== 0) throw new Error(`skew: the build of ${folder} at ${ref} failed (exit ${result.status})`);
    fs.writeFileSync(path.join(dist, BUILT_MARK), `${sha}\n`);
    log(`skew: ${folder} built in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  return { ref, sha, dist };
}

/** Prunes the worktrees of commits that are no longer anyone's previous release. */
function pruneOld(keep) {
  if (!fs.existsSync(SKEW_DIR)) return;
  for (const entry of fs.readdirSync(SKEW_DIR)) {
    if (!/^[0-9a-f]{40}$/.test(entry) || keep.has(entry)) continue;
    try {
      git(repoRoot, ['worktree', 'remove', '--force', path.join(SKEW_DIR, entry)]);
    } catch {
      fs.rmSync(path.join(SKEW_DIR, entry), { recursive: true, force: true });
    }
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
}
