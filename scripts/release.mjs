#!/usr/bin/env node
// `npm run release -- <package> [--dry-run]`: one team cuts a release of its own package
// (docs/delivery.md#how-a-team-releases). On a clean tree it versions that package alone from its
// pending changesets (`changeset version`, with the other packages' changesets set aside), commits
// the new version and changelog, tags release/<package>/<version>, and says what to publish. A front
// end is held while its operations ask for what the gateway's previous release lacks.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import semver from 'semver';
import { aheadOfApi, API_PACKAGE, FRONT_ENDS, servedSchema } from './lib/api-gate.mjs';
import { changesetFor, pendingChangesets, RELEASABLE } from './lib/changesets.mjs';
import { git, previousRelease, repositoryRoot } from './lib/git-refs.mjs';

const require = createRequire(import.meta.url);
const ORDER = ['patch', 'minor', 'major'];

const PUBLISH = {
  'employee-mfe': (v) => [`npm run build -w @embark/employee-mfe`, `publish employee-mfe/dist/ (remoteEntry.js, persisted-operations.json and the chunks) to the employee remote's host as ${v}`, 'point EMPLOYEE_REMOTE_URL at it; the shell needs no rebuild'],
  'admin-mfe': (v) => [`npm run build -w @embark/admin-mfe`, `publish admin-mfe/dist/ to the admin remote's host as ${v}`, 'point ADMIN_REMOTE_URL at it; the shell needs no rebuild'],
  shell: (v) => [`npm run build -w @embark/shell`, `publish shell/dist/ as ${v}; remotes keep their own versions`],
  'shared-ui': () => ['nothing to upload: shared-ui ships inside the shell and the remotes built after this release', 'tell the remote teams the new version (its CHANGELOG.md)'],
  gateway: (v) => [`npm run build -w @embark/gateway`, `deploy the gateway ${v}; npm run check:api compares later changes with this tag`],
};

function fail(message) {
  console.error(`release: ${message}`);
  process.exit(1);
}

async function main() {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'dry-run': { type: 'boolean', default: false } } });
  const folder = positionals[0];
  if (!folder || !RELEASABLE.includes(folder)) fail(`name the package to release: one of ${RELEASABLE.join(', ')}`);
  const root = repositoryRoot(process.cwd());
  const manifestPath = path.join(root, folder, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const name = manifest.name;

  const dirty = git(root, ['status', '--porcelain']);
  if (dirty) fail(`the working tree has uncommitted changes; commit them or set them aside first:\n${dirty}`);

  const changesets = pendingChangesets(root);
  const mine = changesets.filter((changeset) => changeset.releases.some((release) => release.name === name));
  if (!mine.length) fail(`no pending changeset names ${name}; add one with \`npx changeset\` first`);
  const bump = mine
    .flatMap((changeset) => changeset.releases.filter((release) => release.name === name && release.type !== 'none').map((release) => release.type))
    .reduce((a, b) => (ORDER.indexOf(b) > ORDER.indexOf(a) ? b : a), 'patch');
  const version = semver.inc(manifest.version, bump);
  const tag = `release/${folder}/${version}`;
  if (git(root, ['rev-parse', '--verify', '--quiet', `refs/tags/${tag}`], { optional: true })) fail(`the tag ${tag} exists already`);

  console.info(`release: ${name} ${manifest.version} → ${version} (${bump}), from ${mine.length} changeset${mine.length === 1 ? '' : 's'}:`);
  for (const changeset of mine) console.info(`  .changeset/${path.basename(changeset.file)}: ${changeset.summary.split('\n')[0]}`);
  // The gateway ships first: a front end asking for what the gateway's release lacks would fail validation there.
  if (FRONT_ENDS.includes(folder)) {
    const served = servedSchema(root, previousRelease(root, API_PACKAGE));
    const ahead = served ? await aheadOfApi(root, folder, served) : null;
    if (!ahead) console.info(`release: ${folder}'s operations were not checked: no ${API_PACKAGE} release tag with a schema.graphql`);
    else if (ahead.failures.length) {
      const list = ahead.failures.map((failure) => `  ✗ ${failure.name} (${failure.source}): ${failure.errors.join('; ')}`).join('\n');
      fail(`release the ${API_PACKAGE} first: ${ahead.failures.length} of ${folder}'s operations ask for what ${ahead.release} lacks (docs/delivery.md):\n${list}`);
    } else console.info(`release: ${folder}'s ${ahead.count} operations validate against ${ahead.release}`);
  }
  if (values['dry-run']) {
    console.info(`release: dry run; would commit the version and changelog of ${folder}/ and tag ${tag}`);
    printPublish(folder, version, tag);
    return;
  }

  versionAlone(root, changesets, name);
  const written = JSON.parse(readFileSync(manifestPath, 'utf8')).version;
  if (written !== version) fail(`changeset version wrote ${written}, expected ${version}`);
  syncLockfile(root, folder, version);

  const changed = git(root, ['status', '--porcelain']).split('\n').filter(Boolean).map((line) => line.slice(3));
  const foreign = changed.filter((file) => !file.startsWith(`${folder}/`) && !file.startsWith('.changeset/') && file !== 'package-lock.json');
  if (foreign.length) fail(`changeset version changed files outside ${folder}/ (${foreign.join(', ')}); nothing was committed, look at git status`);
  git(root, ['add', '--all', '--', `${folder}/package.json`, `${folder}/CHANGELOG.md`, '.changeset', ...(changed.includes('package-lock.json') ? ['package-lock.json'] : [])]);
  git(root, ['commit', '--quiet', '-m', `release: ${name} ${version}`, '-m', `Versioned from its changesets by npm run release.`]);
  git(root, ['tag', '-a', tag, '-m', `${name} ${version}`]);
  console.info(`release: committed and tagged ${tag}`);
  printPublish(folder, version, tag);
}

/** Runs `changeset version` with only the changesets of `name`, the others set aside and put back. */
function versionAlone(root, changesets, name) {
  const aside = mkdtempSync(path.join(os.tmpdir(), 'embark-release-'));
  const restore = [];
  try {
    for (const changeset of changesets) {
      const names = changeset.releases.map((release) => release.name);
      if (!names.includes(name)) {
        const parked = path.join(aside, path.basename(changeset.file));
        renameSync(changeset.file, parked);
        restore.push(() => renameSync(parked, changeset.file));
      } else if (names.length > 1) {
        // Shared with other packages: this release consumes its own line; the rest stays pending.
        writeFileSync(changeset.file, changesetFor(changeset, [name]));
        const others = names.filter((other) => other !== name);
        restore.push(() => writeFileSync(changeset.file, changesetFor(changeset, others)));
      }
    }
    const result = spawnSync(process.execPath, [require.resolve('@changesets/cli/bin.js'), 'version'], { cwd: root, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`changeset version failed:\n${result.stdout}${result.stderr}`);
  } finally {
    for (const undo of restore) undo();
    rmSync(aside, { recursive: true, force: true });
  }
}

/** npm records each workspace's version in package-lock.json; keep it in step so `npm ci` agrees. */
function syncLockfile(root, folder, version) {
  const lockPath = path.join(root, 'package-lock.json');
  let lock;
  try {
    lock = JSON.parse(readFileSync(lockPath, 'utf8'));
  } catch {
    return;
  }
  const entry = lock.packages?.[folder];
  if (!entry || entry.version === version) return;
  entry.version = version;
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
}

function printPublish(folder, version, tag) {
  console.info('\nTo publish:');
  for (const step of PUBLISH[folder](version)) console.info(`  - ${step}`);
  console.info(`  - git push origin HEAD ${tag}`);
  console.info(`Only ${folder}/ is versioned and only ${folder}/dist/ is built; the other packages keep their releases.`);
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
