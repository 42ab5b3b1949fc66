// Resilience (README, "Resilience"): PostgreSQL restarted under load, and connections killed mid-flight.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../scripts/lib/paths.mjs';
import { call, database, leaksInternals, signIn, startGateway } from './stack.mjs';

const dataDir = path.join(repoRoot, '.data', 'resilience');
const db = database({ dataDir, port: Number(process.env.RESILIENCE_PG_PORT || 15421) });
let gateway;
let loadRun = 0;
let adminToken;
let employeeToken;
const run = Date.now().toString(36);

before(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await db.start();
  gateway = await startGateway({ port: Number(process.env.RESILIENCE_GATEWAY_PORT || 4950), databaseUrl: db.url, dataDir });
  adminToken = await signIn(gateway.base, 'admin@example.com', 'Admin12345');
  employeeToken = await signIn(gateway.base, 'employee@example.com', 'Employee12345');
});

after(async () => {
  await gateway?.stop();
  await db.stop();
});

/** Mixed reads and writes from `workers` concurrent clients until `until()` says stop. */
async function load({ workers, until, writes }) {
  const results = [];
  const batch = ++loadRun;
  let n = 0;
  const dashboard = { query: '{ dashboard { progress { totalTasks completedTasks } } }' };
  async function worker(w) {
    while (!until()) {
      const k = n++;
      let r;
      switch (k % 4) {
        case 0: r = await call(gateway.base, 'GET', '/api/roles'); break;
        case 1: r = await call(gateway.base, 'GET', '/api/auth/me', { token: employeeToken }); break;
        case 2: r = await call(gateway.base, 'POST', '/graphql', { token: employeeToken, body: dashboard }); break;
        default: {
          const name = `res-${run}-${batch}-${w}-${k}`;
          r = await call(gateway.base, 'POST', '/api/roles', { token: adminToken, body: { name, description: 'resilience write' } });
          if (r.status === 201) writes.push(name);
        }
      }
      // A GraphQL error on 200 is a failure too (e.g. a database error surfaced as data errors).
      r.ok = r.status >= 200 && r.status < 300 && !(r.route === '/graphql' && JSON.parse(r.text).errors);
      results.push(r);
      if (!r.ok) await new Promise((res) => setTimeout(res, 25));
    }
  }
  await Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
  return results;
}

function assertCleanFailures(results) {
  for (const r of results.filter((x) => !x.ok)) {
    assert.equal(r.status, 503, `${r.method} ${r.route} failed with ${r.status} instead of a clean 503: ${r.text.slice(0, 300)}`);
    assert.ok(!leaksInternals(r.text), `${r.method} ${r.route} leaked internals: ${r.text.slice(0, 300)}`);
    if (r.route !== '/graphql') assert.ok(typeof JSON.parse(r.text).error === 'string', `503 without an error message: ${r.text}`);
  }
}

test('the gateway survives a PostgreSQL restart under load: clean 503s, readiness, quick recovery, no lost writes', async () => {
  const pid = gateway.child.pid;
  const writes = [];
  let stopLoad = false;
  const loadDone = load({ workers: 8, until: () => stopLoad, writes });

  await new Promise((r) => setTimeout(r, 2000));
  const acknowledgedBeforeRestart = [...writes];
  await db.stop();
  const downAt = Date.now();
  await new Promise((r) => setTimeout(r, 500));
  const readyDuringOutage = await call(gateway.base, 'GET', '/readyz');
  await new Promise((r) => setTimeout(r, 2000));
  await db.start();
  const upAt = Date.now();
  await new Promise((r) => setTimeout(r, 8000));
  stopLoad = true;
  const results = await loadDone;

  assert.equal(gateway.child.exitCode, null, `the gateway process exited:\n${gateway.stderr.join('').slice(-30000)}`);
  assert.equal(gateway.child.pid, pid);
  assert.doesNotMatch(gateway.stderr.join(''), /uncaught|unhandled/i, `the gateway logged an uncaught exception or unhandled rejection:\n${gateway.stderr.join('').slice(0, 2000)}`);
  assert.equal(readyDuringOutage.status, 503, '/readyz must report the outage');
  assertCleanFailures(results);

  const during = results.filter((r) => r.started >= downAt && r.ended <= upAt);
  assert.ok(during.some((r) => r.status === 503), 'requests during the outage should have been answered 503');
  const settled = results.filter((r) => r.started >= upAt + 5000);
  assert.ok(settled.length >= 50, `too few requests after recovery to judge (${settled.length})`);
  const successRate = settled.filter((r) => r.ok).length / settled.length;
  assert.ok(successRate >= 0.99, `success rate 5 s after the database came back was ${(successRate * 100).toFixed(1)} %`);
  assert.equal((await call(gateway.base, 'GET', '/readyz')).status, 200);

  const roles = JSON.parse((await call(gateway.base, 'GET', '/api/roles')).text).map((r) => r.name);
  const missing = writes.filter((name) => !roles.includes(name));
  assert.deepEqual(missing, [], 'acknowledged writes were lost');
  assert.ok(acknowledgedBeforeRestart.length > 0, 'no write was acknowledged before the restart');
});

test('queries terminated mid-flight (pg_terminate_backend) fail cleanly and the pool recovers at once', async () => {
  const pg = await import('pg');
  const admin = new pg.default.Client({ connectionString: db.url });
  await admin.connect();
  const writes = [];
  let stopLoad = false;
  const loadDone = load({ workers: 8, until: () => stopLoad, writes });
  try {
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 300));
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    }
    await new Promise((r) => setTimeout(r, 1500));
  } finally {
    stopLoad = true;
    await admin.end();
  }
  const results = await loadDone;
  assert.equal(gateway.child.exitCode, null, `the gateway process exited:\n${gateway.stderr.join('').slice(-30000)}`);
  assertCleanFailures(results);
  const afterKills = results.filter((r) => r.started >= Date.now() - 1000);
  assert.ok(afterKills.length > 0 && afterKills.every((r) => r.ok), 'requests after the last termination should all succeed');
  const roles = JSON.parse((await call(gateway.base, 'GET', '/api/roles')).text).map((r) => r.name);
  assert.deepEqual(writes.filter((name) => !roles.includes(name)), [], 'acknowledged writes were lost');
});
