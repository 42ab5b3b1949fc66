// Resilience (README, "Resilience"): 200 concurrent simulated employees doing the real journey against the
// built gateway (production argon2 parameters): sign in, dashboard, complete a task, write
// a journal entry. Zero errors, p99 reported, and every acknowledged write present afterwards.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../scripts/lib/paths.mjs';
import { call, database, startGateway } from './stack.mjs';

const EMPLOYEES = Number(process.env.LOAD_EMPLOYEES || 200);
const DURATION_MS = Number(process.env.LOAD_DURATION_MS || 60_000);
const THINK_MS = 250; // pause between one employee's steps: people, not a flood
const dataDir = path.join(repoRoot, '.data', 'resilience-load');
const db = database({ dataDir, port: Number(process.env.RESILIENCE_LOAD_PG_PORT || 54423) });
let gateway;
const run = Date.now().toString(36);

before(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await db.start();
  gateway = await startGateway({
    port: Number(process.env.RESILIENCE_LOAD_GATEWAY_PORT || 4952),
    databaseUrl: db.url,
    dataDir,
    // All simulated employees share one address; the per-address registration cap would otherwise stop the set-up.
    env: { RATE_LIMIT_REGISTER_MAX: String(EMPLOYEES * 2), DATABASE_POOL_MAX: '20' },
  });
});

after(async () => {
  await gateway?.stop();
  await db.stop();
});

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

test(`${EMPLOYEES} concurrent employees for ${DURATION_MS / 1000} s: zero errors, nothing lost`, { timeout: DURATION_MS + 300_000 }, async () => {
  const accounts = [];
  for (let i = 0; i < EMPLOYEES; i++) {
    const email = `load-${run}-${i}@example.org`;
    const r = await call(gateway.base, 'POST', '/api/auth/register', { body: { name: `Load ${i}`, email, password: 'Loadtest123', role_id: 1 }, timeoutMs: 30_000 });
    assert.equal(r.status, 201, `registration ${i}: ${r.status} ${r.text}`);
    accounts.push({ email, id: JSON.parse(r.text).user.id });
  }

  const results = [];
  const journalWrites = []; // { userId, id, title }
  const progress = new Map(); // `${userId}:${itemId}` → last acknowledged status
  const deadline = Date.now() + DURATION_MS;
  const timed = async (step, promise) => {
    const r = await promise;
    r.step = step;
    r.ok = r.status >= 200 && r.status < 300 && !(step === 'dashboard' && JSON.parse(r.text).errors);
    results.push(r);
    return r;
  };

  async function employee(account, n) {
    await sleep((n * DURATION_MS) / EMPLOYEES / 6); // staggered arrival over the first part of the run
    const login = await timed('sign in', call(gateway.base, 'POST', '/api/auth/login', { body: { email: account.email, password: 'Loadtest123' }, timeoutMs: 30_000 }));
    if (!login.ok) return;
    const token = JSON.parse(login.text).token;
    const items = await timed('checklist', call(gateway.base, 'GET', `/api/user-checklist-items/user/${account.id}`, { token }));
    if (!items.ok) return;
    // The hire's own tasks: the others' about them (the IT team's, the buddy's) answer 409 to the hire by design.
    const ids = JSON.parse(items.text).filter((i) => i.owner_type === 'new_hire').map((i) => i.id);
    let k = 0;
    while (Date.now() < deadline) {
      await timed('dashboard', call(gateway.base, 'POST', '/graphql', { token, body: { query: '{ dashboard { progress { completedTasks remainingTasks completionPercentage } upcomingTasks { id title } } }' } }));
      await sleep(THINK_MS);
      const itemId = ids[k % ids.length];
      // Every item completed once, then set back and completed again: each step is a real write.
      const completing = Math.floor(k / ids.length) % 2 === 0;
      const done = completing
        ? await timed('complete task', call(gateway.base, 'POST', `/api/tasks/${itemId}/complete`, { token, body: { notes: `done by ${account.email}` } }))
        : await timed('set task back', call(gateway.base, 'POST', `/api/user-checklist-items/user/${account.id}/item/${itemId}`, { token, body: { status: 'pending' } }));
      if (done.ok) progress.set(`${account.id}:${itemId}`, completing ? 'completed' : 'pending');
      await sleep(THINK_MS);
      const title = `Load entry ${k} of ${account.id}`;
      const entry = await timed('journal entry', call(gateway.base, 'POST', '/api/journal-entries', { token, body: { title, content: `What I learned in step ${k}.`, visibility: 'private', tags: ['load'] } }));
      if (entry.ok) journalWrites.push({ userId: account.id, token, id: JSON.parse(entry.text).id, title });
      await sleep(THINK_MS);
      k++;
    }
  }
  await Promise.all(accounts.map((a, n) => employee(a, n)));

  const failures = results.filter((r) => !r.ok);
  const byStep = {};
  for (const r of results) (byStep[r.step] ??= []).push(r.ended - r.started);
  const report = Object.entries(byStep).map(([step, ms]) => {
    const sorted = ms.sort((a, b) => a - b);
    return `${step.padEnd(14)} n=${String(sorted.length).padStart(6)}  p50=${percentile(sorted, 50)} ms  p99=${percentile(sorted, 99)} ms`;
  });
  const all = results.map((r) => r.ended - r.started).sort((a, b) => a - b);
  console.info(`load: ${EMPLOYEES} employees, ${results.length} requests in ${DURATION_MS / 1000} s, p99 ${percentile(all, 99)} ms\n  ${report.join('\n  ')}`);
  assert.deepEqual(failures.slice(0, 5).map((r) => `${r.step} → ${r.status}: ${r.text.slice(0, 160)}`), [], `${failures.length} failed requests`);
  assert.ok(journalWrites.length >= EMPLOYEES, `too few journal writes to judge (${journalWrites.length})`);

  // Nothing lost: every acknowledged journal entry and the last acknowledged state of every task.
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const stored = await client.query('select id from journal_entries where id = any($1::int[])', [journalWrites.map((w) => w.id)]);
    assert.equal(stored.rowCount, journalWrites.length, 'acknowledged journal entries are missing');
    const rows = await client.query(`select user_id, checklist_item_id, status from user_progress where user_id = any($1::int[])`, [accounts.map((a) => a.id)]);
    const actual = new Map(rows.rows.map((r) => [`${r.user_id}:${r.checklist_item_id}`, r.status]));
    const lost = [...progress].filter(([key, status]) => (actual.get(key) ?? 'pending') !== status);
    assert.deepEqual(lost.slice(0, 5), [], `${lost.length} acknowledged progress updates are not what is stored`);
  } finally {
    await client.end();
  }
});
