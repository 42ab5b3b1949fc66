#!/usr/bin/env node
// Lint (run by `npm run test:tools`): a change to shared-ui's public entry points since its previous
// release (package.json `exports`, src/index.ts, build/surfaces/) needs a changeset naming
// @embark/shared-ui, so the shell and remote teams read about it in the changelog
// (docs/delivery.md#what-the-gates-check).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import parseChangeset from '@changesets/parse';
import { fileAt, git, previousRelease, repositoryRoot } from './lib/git-refs.mjs';

const PACKAGE = '@embark/shared-ui';
const ENTRY_POINTS = [/^shared-ui\/src\/index\.ts$/, /^shared-ui\/build\/surfaces\//];

function main() {
  const root = repositoryRoot(process.cwd());
  const base = previousRelease(root, 'shared-ui');
  if (!base) return console.info('changeset check: no previous commit or release; nothing to compare');

  // Committed, staged and unstaged changes since the base, and new files not yet added.
  const changed = new Set([
    ...git(root, ['diff', '--name-only', base.ref]).split('\n'),
    ...git(root, ['ls-files', '--others', '--exclude-standard']).split('\n'),
  ].filter(Boolean));

  const touched = [...changed].filter((file) => ENTRY_POINTS.some((pattern) => pattern.test(file)));
  if (changed.has('shared-ui/package.json')) {
    const before = JSON.parse(fileAt(root, base.ref, 'shared-ui/package.json') ?? '{}').exports;
    const now = JSON.parse(readFileSync(path.join(root, 'shared-ui', 'package.json'), 'utf8')).exports;
    if (!isDeepStrictEqual(before, now)) touched.push('shared-ui/package.json (exports)');
  }
  if (!touched.length) return console.info(`changeset check: shared-ui's entry points unchanged since ${base.label}`);

  const announced = [...changed].some((file) => {
    if (file === 'shared-ui/CHANGELOG.md') return true; // a release since the base has consumed the changeset
    if (!/^\.changeset\/[^/]+\.md$/.test(file) || file === '.changeset/README.md') return false;
    const text = readWorkingFile(root, file);
    if (text === null) return false; // deleted since the base
    try {
      return parseChangeset(text).releases.some((release) => release.name === PACKAGE);
    } catch {
      return false;
    }
  });
  if (announced) return console.info(`changeset check: shared-ui's entry points changed since ${base.label}, with a changeset`);

  console.error(`changeset check: shared-ui's public entry points changed since ${base.label} without a changeset:`);
  for (const file of touched) console.error(`  ${file}`);
  console.error(`Run \`npx changeset\`, pick ${PACKAGE} (major when a name goes away, minor when one is added) and commit the file it writes.`);
  process.exitCode = 1;
}

function readWorkingFile(root, file) {
  try {
    return readFileSync(path.join(root, file), 'utf8');
  } catch {
    return null;
  }
}

try {
  main();
} catch (error) {
  console.error(`changeset check: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
