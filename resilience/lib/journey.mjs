// The employee journey under load, one copy for the resilience test (200 employees, `npm test`) and for
// benchmark 11 (1,000 against 200, `npm run bench`): simulated employees sign in, then loop over the
// dashboard, completing (or setting back) a task, a journal entry and their notifications until the
// time is up. Every answer is kept, so the caller judges errors, latency and what was written.
import { call, sql } from '../stack.mjs';
import { quantile } from '../../bench/lib/stats.mjs';

// Pause between one employee's steps: a brisk user, and at 200 employees already about all two cores answer.
const THINK_MS = 250;
const PASSWORD = 'Loadtest123';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The gateway settings a journey of `employees` needs: they all register and sign in from one address,
 * and sign-ins still waiting for argon2 count against the per-address cap until they are refunded.
 */
export function journeyGatewayEnv(employees) {
  return { RATE_LIMIT_REGISTER_MAX: String(employees * 2), RATE_LIMIT_LOGIN_ADDRESS_MAX: String(employees * 2), DATABASE_POOL_MAX: '20' };
}

/** Registers `employees` accounts (`${prefix}-${i}@example.org`), two at a time: argon2 is the cost. */
export async function registerJourneyEmployees(base, prefix, employees) {
  const accounts = new Array(employees);
  let next = 0;
  async function worker() {
    while (next < employees) {
      const i = next++;
      const email = `${prefix}-${i}@example.org`;
      const r = await call(base, 'POST', '/api/auth/register', { body: { name: `Load ${i}`, email, password: PASSWORD, role_id: 1 }, timeoutMs: 30_000 });
      if (r.status !== 201) throw new Error(`registration ${i}: ${r.status} ${r.text}`);
      accounts[i] = { email, id: JSON.parse(r.text).user.id };
    }
  }
  await Promise.all([worker(), worker()]);
  return accounts;
}

/**
 * Runs the journey for every account at once for `durationMs`, each pausing `thinkMs` between steps;
 * arrivals (each a sign-in, argon2's cost) are staggered over the first `arrivalShare` of the run.
 * Answers every request's outcome and the writes that were acknowledged.
 */
export async function runJourney({ base, accounts, durationMs, thinkMs = THINK_MS, arrivalShare = 1 / 6 }) {
  const results = [];
  const journalWrites = []; // { userId, id, title }
  const progress = new Map(); // `${userId}:${itemId}` → last acknowledged status
  // Tasks with a write that got no answer: it may still commit after a later acknowledged one, so their stored state proves nothing.
  const unsettled = new Set();
  const startedAt = Date.now();
  const deadline = startedAt + durationMs;
  const timed = async (step, promise) => {
    const r = await promise;
    r.step = step;
    r.ok = r.status >= 200 && r.status < 300 && !(step === 'dashboard' && JSON.parse(r.text).errors);
    results.push(r);
    return r;
  };

  async function employee(account, n) {
    await sleep((n * durationMs * arrivalShare) / accounts.length);
    const login = await timed('sign in', call(base, 'POST', '/api/auth/login', { body: { email: account.email, password: PASSWORD }, timeoutMs: 30_000 }));
    if (!login.ok) return;
    const token = JSON.parse(login.text).token;
    const items = await timed('checklist', call(base, 'GET', `/api/user-checklist-items/user/${account.id}`, { token }));
    if (!items.ok) return;
    // The hire's own tasks: the others' about them (the IT team's, the buddy's) answer 409 to the hire by design.
    const ids = JSON.parse(items.text).filter((i) => i.owner_type === 'new_hire').map((i) => i.id);
    let k = 0;
    while (Date.now() < deadline) {
      await timed('dashboard', call(base, 'POST', '/graphql', { token, body: { query: '{ dashboard { progress { completedTasks remainingTasks completionPercentage } upcomingTasks { id title } } }' } }));
      await sleep(thinkMs);
      const itemId = ids[k % ids.length];
      // Every item completed once, then set back and completed again: each step is a real write.
      const completing = Math.floor(k / ids.length) % 2 === 0;
      const done = completing
        ? await timed('complete task', call(base, 'POST', `/api/tasks/${itemId}/complete`, { token, body: { notes: `done by ${account.email}` } }))
        : await timed('set task back', call(base, 'POST', `/api/user-checklist-items/user/${account.id}/item/${itemId}`, { token, body: { status: 'pending' } }));
      if (done.ok) progress.set(`${account.id}:${itemId}`, completing ? 'completed' : 'pending');
      else if (done.status === 0) unsettled.add(`${account.id}:${itemId}`);
      await sleep(thinkMs);
      const title = `Load entry ${k} of ${account.id}`;
      const entry = await timed('journal entry', call(base, 'POST', '/api/journal-entries', { token, body: { title, content: `What I learned in step ${k}.`, visibility: 'private', tags: ['load'] } }));
      if (entry.ok) journalWrites.push({ userId: account.id, id: JSON.parse(entry.text).id, title });
      await sleep(thinkMs);
      await timed('notifications', call(base, 'GET', '/api/notifications', { token }));
      await sleep(thinkMs);
      k++;
    }
  }
  await Promise.all(accounts.map((a, n) => employee(a, n)));
  const seconds = (Date.now() - startedAt) / 1000;

  const failures = results.filter((r) => !r.ok);
  const byStep = {};
  for (const r of results) (byStep[r.step] ??= []).push(r.ended - r.started);
  const all = results.map((r) => r.ended - r.started);
  const steps = Object.entries(byStep).map(([step, ms]) => ({ step, n: ms.length, p50: quantile(ms, 0.5), p99: quantile(ms, 0.99) }));
  return {
    employees: accounts.length,
    seconds,
    requests: results.length,
    // Answered 2xx per second over the whole run, arrivals included: what the comparison of two runs uses.
    throughput: (results.length - failures.length) / seconds,
    p50: quantile(all, 0.5),
    p99: quantile(all, 0.99),
    steps,
    failures,
    journalWrites,
    progress,
    unsettled,
  };
}

/** One line per step, for the log. */
export function describeJourney(run) {
  const lines = run.steps.map((s) => `${s.step.padEnd(14)} n=${String(s.n).padStart(6)}  p50=${s.p50} ms  p99=${s.p99} ms`);
  return `load: ${run.employees} employees, ${run.requests} requests in ${run.seconds.toFixed(1)} s, p99 ${run.p99} ms, ${run.failures.length} errors\n  ${lines.join('\n  ')}`;
}

/**
 * What the database holds against what was acknowledged: journal entries missing, and tasks whose
 * stored state is not the last one acknowledged.
 */
export async function checkJourneyWrites(databaseUrl, accounts, run) {
  const client = await sql(databaseUrl);
  try {
    const stored = await client.query('select id from journal_entries where id = any($1::int[])', [run.journalWrites.map((w) => w.id)]);
    const rows = await client.query('select user_id, checklist_item_id, status from user_progress where user_id = any($1::int[])', [accounts.map((a) => a.id)]);
    const actual = new Map(rows.rows.map((r) => [`${r.user_id}:${r.checklist_item_id}`, r.status]));
    const progressLost = [...run.progress].filter(([key, status]) => !run.unsettled.has(key) && (actual.get(key) ?? 'pending') !== status);
    return { journalStored: stored.rowCount, journalLost: run.journalWrites.length - stored.rowCount, progressLost };
  } finally {
    await client.end();
  }
}
