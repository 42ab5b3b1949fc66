// The launchers load .env when it exists (scripts/lib/env.mjs); the real environment wins.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const envModule = pathToFileURL(path.join(root, 'scripts', 'lib', 'env.mjs')).href;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embark-env-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs loadDotEnv(file) in a fresh node with `env`; returns what it loaded and the three variables. */
function load(file, env) {
  const script = `const { loadDotEnv } = await import(${JSON.stringify(envModule)});
const loaded = loadDotEnv(${JSON.stringify(file)});
console.log(JSON.stringify({ loaded, a: process.env.EMBARK_A ?? null, b: process.env.EMBARK_B ?? null, c: process.env.EMBARK_C ?? null }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' });
  return { status: run.status, stderr: run.stderr, result: run.stdout ? JSON.parse(run.stdout) : null };
}

describe('loadDotEnv', () => {
  it('loads the file, and a variable of the real environment (even empty) wins', () => {
    const file = path.join(dir, '.env');
    fs.writeFileSync(file, '# a comment\nEMBARK_A=from-file\nEMBARK_B="quoted value"\nEMBARK_C=from-file\n');
    assert.deepEqual(load(file, { EMBARK_C: '' }).result, { loaded: true, a: 'from-file', b: 'quoted value', c: '' });
    assert.deepEqual(load(file, { EMBARK_A: 'real' }).result, { loaded: true, a: 'real', b: 'quoted value', c: 'from-file' });
  });

  it('does nothing without the file', () => {
    assert.deepEqual(load(path.join(dir, 'absent.env'), {}).result, { loaded: false, a: null, b: null, c: null });
  });

  it('exits 2 with a clear message when the file cannot be read', () => {
    const unreadable = path.join(dir, 'a-directory.env');
    fs.mkdirSync(unreadable);
    const run = load(unreadable, {});
    assert.equal(run.status, 2);
    assert.match(run.stderr, /embark: .*a-directory\.env cannot be read/);
  });
});
