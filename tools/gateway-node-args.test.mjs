// The gateway runs with the same Node.js flags everywhere (scripts/lib/gateway-node.mjs): its
// image's CMD cannot import that list, so this test holds the CMD to it, and holds the image to
// carrying every local module its copied scripts import.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { GATEWAY_NODE_ARGS } from '../scripts/lib/gateway-node.mjs';
import { runtimeStage, stages } from './lib/dockerfile.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runtime = runtimeStage(stages(fs.readFileSync(path.join(root, 'gateway', 'Dockerfile'), 'utf8')));

/** Files the runtime stage copies from the build context (no --from), as repository paths. */
function copiedFromContext() {
  return runtime.flatMap((line) => {
    if (!line.startsWith('COPY ')) return [];
    const words = line.slice('COPY '.length).trim().split(/\s+/);
    if (words.some((w) => w.startsWith('--from='))) return [];
    return words.filter((w) => !w.startsWith('--')).slice(0, -1);
  });
}

describe("the gateway's image", () => {
  it('runs the gateway with the Node.js flags of every other place it runs', () => {
    const cmd = runtime.find((line) => line.startsWith('CMD '));
    assert.ok(cmd, 'the runtime stage has a CMD');
    assert.deepEqual(JSON.parse(cmd.slice('CMD '.length)), ['node', ...GATEWAY_NODE_ARGS, 'gateway/dist/index.js']);
  });

  it('copies every local module its copied scripts import, the flags among them', () => {
    const copied = new Set(copiedFromContext());
    const scripts = [...copied].filter((file) => file.endsWith('.mjs'));
    assert.ok(scripts.includes('scripts/lib/gateway-node.mjs'), 'the image copies scripts/lib/gateway-node.mjs');
    for (const script of scripts) {
      const source = fs.readFileSync(path.join(root, script), 'utf8');
      for (const [, specifier] of source.matchAll(/^import (?:[^'"]+ from )?'(\.{1,2}\/[^']+)';$/gm)) {
        const target = path.posix.join(path.posix.dirname(script), specifier);
        assert.ok(copied.has(target), `${script} imports ${specifier}, which the image does not copy`);
      }
    }
  });
});
