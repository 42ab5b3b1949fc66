// Resilience (README, "Resilience"): 200 concurrent simulated employees doing the real journey against the
// built gateway (production argon2 parameters): sign in, dashboard, complete a task, write a journal entry,
// read their notifications (resilience/lib/journey.mjs, shared with benchmark 11). Zero errors, p99
// reported, and every acknowledged write present afterwards.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../scripts/lib/paths.mjs';
import { checkJourneyWrites, describeJourney, journeyGatewayEnv, registerJourneyEmployees, runJourney } from './lib/journey.mjs';
import { database, startGateway } from './stack.mjs';

const EMPLOYEES = Number(process.env.LOAD_EMPLOYEES || 200);
const DURATION_MS = Number(process.env.LOAD_DURATION_MS || 60_000);
const dataDir = path.join(repoRoot, '.data', 'resilience-load');
const db = database({ dataDir, port: Number(process.env.RESILIENCE_LOAD_PG_PORT || 15423) });
let gateway;
const run = Date.now().toString(36);

before(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await db.start();
  gateway = await startGateway({
    port: Number(process.env.RESILIENCE_LOAD_GATEWAY_PORT || 4952),
    databaseUrl: db.url,
    dataDir,
    env: journeyGatewayEnv(EMPLOYEES),
  });
});

after(async () => {
  await gateway?.stop();
  await db.stop();
});

test(`${EMPLOYEES} concurrent employees for ${DURATION_MS / 1000} s: zero errors, nothing lost`, { timeout: DURATION_MS + 300_000 }, async () => {
  const accounts = await registerJourneyEmployees(gateway.base, `load-${run}`, EMPLOYEES);
  const journey = await runJourney({ base: gateway.base, accounts, durationMs: DURATION_MS });
  console.info(describeJourney(journey));
  const { failures, journalWrites } = journey;
  assert.deepEqual(failures.slice(0, 5).map((r) => `${r.step} → ${r.status}: ${r.text.slice(0, 160)}`), [], `${failures.length} failed requests`);
  assert.ok(journalWrites.length >= EMPLOYEES, `too few journal writes to judge (${journalWrites.length})`);

  // Nothing lost: every acknowledged journal entry and the last acknowledged state of every task.
  const { journalStored, progressLost } = await checkJourneyWrites(db.url, accounts, journey);
  assert.equal(journalStored, journalWrites.length, 'acknowledged journal entries are missing');
  assert.deepEqual(progressLost.slice(0, 5), [], `${progressLost.length} acknowledged progress updates are not what is stored`);
});
