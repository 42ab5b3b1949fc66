// Resilience (docs/reliability.md): the gateway killed with SIGKILL while 50 clients write. After a
// restart, every acknowledged write is there exactly once, and every write the kill cut off mid-request
// is either all there or not there at all: each is one transaction, and a crash cannot commit half of one.
// The scenario lives in resilience/lib/crash.mjs, shared with benchmark 12 (500 clients).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { repoRoot } from '../scripts/lib/paths.mjs';
import { crashMidWrite, crashStack, crashWriteGatewayEnv } from './lib/crash.mjs';

const CLIENTS = Number(process.env.CRASH_WRITE_CLIENTS || 50);
const LOAD_BEFORE_KILL_MS = Number(process.env.CRASH_WRITE_LOAD_MS || 4000);
let stack;

before(async () => {
  stack = await crashStack({
    dataDir: path.join(repoRoot, '.data', 'resilience-crash-write'),
    pgPort: Number(process.env.RESILIENCE_CRASH_WRITE_PG_PORT || 15401),
    gatewayPort: Number(process.env.RESILIENCE_CRASH_WRITE_GATEWAY_PORT || 4401),
    env: crashWriteGatewayEnv(CLIENTS, Number(process.env.RESILIENCE_CRASH_WRITE_DEAD_SMTP_PORT || 1401)),
  });
});

after(() => stack?.stop());

test(`kill -9 under ${CLIENTS} writing clients: acknowledged writes kept once, those in flight all or nothing`, { timeout: 300_000 }, async () => {
  const result = await crashMidWrite({ stack, clients: CLIENTS, loadBeforeKillMs: LOAD_BEFORE_KILL_MS, run: Date.now().toString(36) });
  console.info(result.summary);
  assert.deepEqual(result.rejected.map((w) => `${w.kind} write failed before the crash: ${w.status || w.error}`), []);
  assert.deepEqual(result.broken, [], 'writes were stored in part');
  // And the restarted gateway serves what survived: a client's acknowledged entry through the API.
  assert.ok(result.served, 'no journal entry was acknowledged before the kill');
  assert.equal(result.served.status, 200, result.served.text);
  assert.ok(result.served.found, 'the restarted gateway finds an acknowledged entry');
  assert.ok(result.acknowledged >= CLIENTS, `too few writes acknowledged before the kill to judge (${result.acknowledged})`);
  // Only writes the kill cut off mid-request count: a connection refused afterwards never reached the gateway.
  assert.ok(result.inFlight >= 1, 'no write was in flight at the kill: the test proved nothing about one');
  assert.ok(result.acceptsAcknowledged > 0, 'no invitation was accepted before the kill');
  assert.equal(result.lost, 0, 'acknowledged writes were lost');
  assert.equal(result.duplicated, 0, 'writes were duplicated');
});
