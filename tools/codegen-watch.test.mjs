// The front ends' codegen (graphql-codegen CLI with scripts/codegen/config.mjs) on a scratch copy of
// the repository layout: a one-off run per package, and the watcher `npm run dev` runs, which must
// regenerate a package's types when a .graphql file changes and stop cleanly on SIGTERM.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { repoRoot } from '../scripts/lib/paths.mjs';

const cli = path.join(repoRoot, 'node_modules', '.bin', 'graphql-codegen');
const config = path.join(repoRoot, 'scripts', 'codegen', 'config.mjs');

const SCHEMA = `
type Query { thing(id: ID!): Thing, things: [Thing!]! }
type Thing { id: ID!, name: String!, size: Size! }
enum Size { SMALL, LARGE }
`;

/** A scratch root with schema.graphql and a `shell` package; node_modules is the repository's. */
function scratchRoot() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'embark-codegen-'));
  fs.writeFileSync(path.join(root, 'schema.graphql'), SCHEMA);
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  fs.mkdirSync(path.join(root, 'shell', 'src', 'api'), { recursive: true });
  fs.writeFileSync(path.join(root, 'shell', 'src', 'api', 'things.graphql'), 'query Things { things { id name } }\n');
  return root;
}

const read = (file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null);

/** Polls `check` until it returns a truthy value, or fails with `what` after `ms`. */
async function waitFor(what, check, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Writes `text` to `file` until `check` passes: the watcher reports "Watching for changes" a moment
 * before its file watches are armed, so an edit made in that moment goes unseen (seen on a busy CI
 * machine). Each retry changes the text (a trailing newline more), so it is a real change.
 */
async function editUntil(what, file, text, check, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (let attempt = 0; ; attempt += 1) {
    fs.writeFileSync(file, text + '\n'.repeat(attempt));
    try {
      return await waitFor(what, check, Math.min(5_000, Math.max(0, deadline - Date.now())));
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

describe('codegen', () => {
  let root;
  before(() => {
    root = scratchRoot();
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('writes the types and one document module per .graphql file, and removes a leftover module', () => {
    const pkg = path.join(root, 'shell');
    const generated = path.join(pkg, 'src', '__generated__');
    const leftover = path.join(generated, 'documents', 'api', 'gone.ts');
    fs.mkdirSync(path.dirname(leftover), { recursive: true });
    fs.writeFileSync(leftover, '// from a .graphql file that was deleted\n');

    const run = spawnSync(cli, ['--config', config], { cwd: pkg, encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.status, 0, `${run.stdout}${run.stderr}`);

    const types = read(path.join(generated, 'graphql.ts'));
    assert.match(types, /^\/\/ Documents: src\/api\/things\.graphql$/m);
    assert.match(types, /^export type ThingsQuery = \{ things: Array<\{ id: string, name: string \}> \};$/m);
    assert.match(types, /^export \{ ThingsDocument \} from '\.\/documents\/api\/things';$/m);
    assert.doesNotMatch(types, /export const/, 'the documents live in their own modules');
    const module = read(path.join(generated, 'documents', 'api', 'things.ts'));
    assert.match(module, /^import type \{ ThingsQuery, ThingsQueryVariables \} from '\.\.\/\.\.\/graphql';$/m);
    assert.match(module, /^export const ThingsDocument = \{.*\} as unknown as DocumentNode<ThingsQuery, ThingsQueryVariables>;$/m);
    assert.equal(fs.existsSync(leftover), false);
  });

  it('regenerates in watch mode when a .graphql file or the schema changes, and stops on SIGTERM', async (t) => {
    const generated = path.join(root, 'shell', 'src', '__generated__');
    const typesFile = path.join(generated, 'graphql.ts');
    fs.rmSync(generated, { recursive: true, force: true });

    // From the root, as `npm run codegen:watch` runs: every front end of the layout.
    const watcher = spawn(cli, ['--config', config, '--watch'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    watcher.stdout.on('data', (chunk) => (output += chunk));
    watcher.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise((resolve) => watcher.once('exit', (code, signal) => resolve({ code, signal })));
    t.after(() => {
      try {
        process.kill(-watcher.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    });

    await waitFor('the first run', () => /Watching for changes/.test(output) && read(typesFile)?.includes('ThingsDocument'));

    // An edited document: its module and the types change.
    await editUntil('the edited query', path.join(root, 'shell', 'src', 'api', 'things.graphql'), 'query Things { things { id name size } }\n', () => read(typesFile)?.includes("size: Size }> };") && read(path.join(generated, 'documents', 'api', 'things.ts'))?.includes('"size"'));

    // A new document gets its module; a deleted one loses it.
    const extra = path.join(root, 'shell', 'src', 'api', 'thing.graphql');
    fs.writeFileSync(extra, 'query Thing($id: ID!) { thing(id: $id) { name } }\n');
    const extraModule = path.join(generated, 'documents', 'api', 'thing.ts');
    await waitFor('the new module', () => read(extraModule)?.includes('ThingDocument'));
    fs.rmSync(extra);
    await waitFor('the module of the deleted document to go', () => !fs.existsSync(extraModule) && !read(typesFile)?.includes('ThingDocument'));

    // The schema: a new enum value reaches the types.
    fs.writeFileSync(path.join(root, 'schema.graphql'), SCHEMA.replace('SMALL, LARGE', 'SMALL, MEDIUM, LARGE'));
    await waitFor('the schema change', () => read(typesFile)?.includes("'MEDIUM'"));

    process.kill(-watcher.pid, 'SIGTERM');
    const result = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve(null), 10_000).unref())]);
    assert.ok(result, `the watcher did not stop within 10 s after SIGTERM:\n${output}`);
    assert.ok(result.code === 0 || result.signal === 'SIGTERM', `exit ${JSON.stringify(result)}:\n${output}`);
  });
});
