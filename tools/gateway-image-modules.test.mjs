// The gateway's image installs its production dependencies in one stage and copies folders of that
// install into the runtime stage. npm nests a package under gateway/node_modules when the root
// already holds another version of it, so a runtime stage that copies only the root's node_modules
// hands the gateway the wrong version of that package, or none, and nothing fails until the code
// path runs. Docker has no engine here, so this test runs the image's own install command (from
// npm's cache) in a scratch folder, lays out what the runtime stage copies, and resolves every
// production dependency of the gateway, and of each package reached, as Node.js would there.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { copiesFrom, runtimeStage, stages } from './lib/dockerfile.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dockerfile = fs.readFileSync(path.join(root, 'gateway', 'Dockerfile'), 'utf8');

/** Where `name` resolves from a package folder, by Node's walk up the node_modules folders, or null. */
function resolvePackage(fromDir, name, top) {
  for (let dir = fromDir; dir.startsWith(top); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
  }
  return null;
}

describe("the gateway image's runtime stage holds what the gateway loads", () => {
  const all = stages(dockerfile);
  const runtime = runtimeStage(all);
  const copies = copiesFrom(runtime).filter((c) => c.src.includes('node_modules'));
  let scratch;
  let layout;

  before(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'embark-image-'));
    const stageName = copies[0]?.from;
    assert.ok(stageName, 'the runtime stage copies node_modules from an install stage');
    const install = all.get(stageName);
    // The install stage's inputs: the manifests it copies, taken from the repository.
    const stageDir = path.join(scratch, 'install');
    for (const { src, target } of copiesFrom(install)) {
      fs.mkdirSync(path.dirname(path.join(stageDir, target)), { recursive: true });
      fs.copyFileSync(path.join(root, src.slice('/app/'.length)), path.join(stageDir, target));
    }
    const run = install.find((l) => /^RUN npm ci /.test(l));
    assert.ok(run, `the ${stageName} stage runs npm ci`);
    // Its npm ci, word for word, up to `&&`, served from npm's cache when it can be.
    const args = run.slice('RUN '.length).split('&&')[0].trim().split(/\s+/).slice(1);
    execFileSync('npm', [...args, '--prefer-offline', '--loglevel=error'], { cwd: stageDir, stdio: ['ignore', 'ignore', 'pipe'] });
    for (const rest of run.split('&&').slice(1)) execFileSync('sh', ['-c', rest.trim()], { cwd: stageDir });
    // The runtime stage's folders, each a link to what it copies (paths are walked, never realpath'd).
    layout = path.join(scratch, 'runtime');
    for (const { src, target } of copies) {
      fs.mkdirSync(path.dirname(path.join(layout, target)), { recursive: true });
      fs.symlinkSync(path.join(stageDir, src.slice('/app/'.length)), path.join(layout, target));
    }
    fs.mkdirSync(path.join(layout, 'gateway'), { recursive: true });
    fs.copyFileSync(path.join(root, 'gateway', 'package.json'), path.join(layout, 'gateway', 'package.json'));
  });

  after(() => {
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('copies the install of every folder npm fills, the gateway\'s own included', () => {
    assert.deepEqual(copies.map((c) => c.src).sort(), ['/app/gateway/node_modules', '/app/node_modules']);
  });

  it('resolves every production dependency, transitively, to a version its dependent accepts', () => {
    const problems = [];
    const seen = new Set();
    const queue = [path.join(layout, 'gateway')];
    while (queue.length > 0) {
      const dir = queue.shift();
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
      const optional = manifest.optionalDependencies ?? {};
      for (const [name, range] of Object.entries({ ...manifest.dependencies, ...optional })) {
        const found = resolvePackage(dir, name, layout);
        const who = path.relative(layout, dir);
        if (!found) {
          if (!(name in optional)) problems.push(`${who} needs ${name}@${range}: not found`);
          continue;
        }
        const { version } = JSON.parse(fs.readFileSync(path.join(found, 'package.json'), 'utf8'));
        if (semver.validRange(range) && !semver.satisfies(version, range, { includePrerelease: true })) {
          problems.push(`${who} needs ${name}@${range}: finds ${version} at ${path.relative(layout, found)}`);
        }
        if (!seen.has(found)) {
          seen.add(found);
          queue.push(found);
        }
      }
    }
    assert.ok(seen.size > 100, `the walk reached only ${seen.size} packages`);
    assert.deepEqual(problems, []);
  });
});
