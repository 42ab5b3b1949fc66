// The e2e suite runs as shards side by side (e2e/run-shards.mjs): each spec must run exactly once,
// and no two shards may share a port, or one shard's stack would fail to start or read the other's data.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { planShards, SECONDS, specFiles } from '../e2e/shards.mjs';
import { ports, shardPorts } from '../e2e/stack.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const specs = specFiles();

/** Every port a shard's stack and its specs listen on (the derived ones as e2e/stack.mjs and the specs derive them). */
function portsOf(index) {
  const env = shardPorts(index);
  const own = {
    shell: Number(env.E2E_SHELL_PORT ?? ports.shell),
    employee: Number(env.E2E_EMPLOYEE_PORT ?? ports.employee),
    admin: Number(env.E2E_ADMIN_PORT ?? ports.admin),
    gateway: Number(env.E2E_GATEWAY_PORT ?? ports.gateway),
    pg: Number(env.E2E_PG_PORT ?? ports.embeddedPg),
    smtp: Number(env.E2E_MAILDEV_SMTP_PORT ?? ports.mailDevSmtp),
    web: Number(env.E2E_MAILDEV_WEB_PORT ?? ports.mailDevWeb),
    metrics: Number(env.E2E_METRICS_PORT ?? ports.metrics),
  };
  // nginx (+20…+22), a moved shell and remote (+10, +11), the skew servers (+40…+45: skew-contract starts at +43).
  const derived = [10, 11, 20, 21, 22, 40, 41, 42, 43, 44, 45].map((offset) => own.shell + offset);
  return { list: [...Object.values(own), ...derived], dataDir: env.E2E_DATA_DIR ?? 'default' };
}

/** The port numbers a text defaults to: `…_PORT || n`, `…_PORT ?? n`, `'…_PORT', n`, `port: n`, `…Pg: n`. */
function defaultPorts(text) {
  const pattern = /(?:PORTS?\b[^|?\n]*(?:\|\||\?\?)|'[A-Z_]*PORT',|[pP]ort:|[pP]g:)\s*(\d{4,5})\b/g;
  return [...new Set([...text.matchAll(pattern)].map((m) => Number(m[1])))];
}

/** The port numbers the resilience suite defaults to. */
function resiliencePorts() {
  const dir = path.join(root, 'resilience');
  const files = fs.readdirSync(dir, { recursive: true }).filter((file) => String(file).endsWith('.mjs'));
  return defaultPorts(files.map((file) => fs.readFileSync(path.join(dir, String(file)), 'utf8')).join('\n'));
}

/** Every port in the bench's `ports` table. */
function benchPorts() {
  const text = fs.readFileSync(path.join(root, 'bench', 'run.mjs'), 'utf8');
  const table = /\nconst ports = \{[\s\S]*?\n\};/.exec(text);
  assert.ok(table, 'bench/run.mjs has no `const ports = {…};` table');
  return [...table[0].matchAll(/:\s*(\d{4,5})\b/g)].map((m) => Number(m[1]));
}

// Linux hands out outgoing connections' local ports from 32768 up (ip_local_port_range): a server
// told to listen on a port in that range can find it taken by a client for a moment, and fail.
const EPHEMERAL_FROM = 32768;

describe('e2e shards', () => {
  it('run every spec file exactly once, for any shard count', () => {
    for (const count of [1, 2, 3, 4]) {
      const plan = planShards(specs, count);
      const planned = plan.flatMap((shard) => shard.files);
      assert.deepEqual([...planned].sort(), [...specs].sort(), `${count} shards`);
      assert.ok(plan.length <= count);
    }
  });

  it('split the suite within a minute of even by the recorded seconds', () => {
    for (const count of [2, 3]) {
      const seconds = planShards(specs, count).map((shard) => shard.seconds);
      assert.ok(Math.max(...seconds) - Math.min(...seconds) <= 60, `${count} shards: ${seconds.join(' s, ')} s`);
    }
  });

  it('find every file Playwright would run, in subfolders and by its other endings too', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embark-specs-'));
    try {
      for (const file of ['a.spec.ts', 'sub/b.test.ts', 'sub/deep/c.spec.mjs', 'd.spec.tsx', 'helper.ts', 'support/e.ts']) {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), '');
      }
      assert.deepEqual(specFiles(dir), ['a.spec.ts', 'd.spec.tsx', 'sub/b.test.ts', 'sub/deep/c.spec.mjs']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    assert.ok(specs.includes('shell.spec.ts') && specs.includes('production-path.spec.ts'));
  });

  it('list only spec files that exist', () => {
    assert.deepEqual(Object.keys(SECONDS).filter((file) => !specs.includes(file)), []);
  });

  it('give each shard its own ports and data directory', () => {
    const shards = [1, 2, 3, 4].map(portsOf);
    const all = shards.flatMap((shard) => shard.list);
    assert.equal(new Set(all).size, all.length, `a port is shared: ${all.filter((p, i) => all.indexOf(p) !== i).join(', ')}`);
    assert.equal(new Set(shards.map((s) => s.dataDir)).size, shards.length);
    // Nothing on the gateway's default metrics port, which a developer's own instance takes.
    assert.ok(!all.includes(9464));
    // Nor on a port of the resilience suite, which runs in the same npm test.
    const resilience = resiliencePorts();
    assert.ok(resilience.length >= 10, `found only ${resilience.length} resilience ports`);
    assert.deepEqual(all.filter((port) => resilience.includes(port)), []);
  });
});

describe('fixed test and dev ports', () => {
  it('lie below the range the kernel picks outgoing connections\' ports from', () => {
    const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');
    const gateway = defaultPorts(read('gateway/test/global-setup.ts') + read('gateway/src/config/env.ts'));
    assert.ok(gateway.length >= 2, `found only ${gateway.length} gateway ports`);
    const groups = {
      'e2e shards': [1, 2, 3, 4].flatMap((index) => portsOf(index).list),
      resilience: resiliencePorts(),
      bench: benchPorts(),
      'gateway tests and dev': gateway,
    };
    for (const [name, list] of Object.entries(groups)) {
      assert.deepEqual(list.filter((port) => port >= EPHEMERAL_FROM), [], `${name}: ports in the ephemeral range`);
    }
  });
});
