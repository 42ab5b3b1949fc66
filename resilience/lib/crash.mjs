// The two crash scenarios (docs/reliability.md), one copy for the resilience tests (small counts,
// `npm test`) and for benchmark 12 (large counts, `npm run bench`): the gateway killed with SIGKILL while
// clients write, and while its mail worker delivers. Each answers its counts and every inconsistency it
// found as data; the caller asserts (the tests) or reports (the bench).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { call, database, gatewayModule, registerEmployees, signIn, sql, startGateway, tally, waitFor } from '../stack.mjs';

/** Deliveries one gateway runs at once (the mail worker's own default, read from the build): the bound on duplicates. */
export const IN_FLIGHT_MAX = gatewayModule('modules/mail/index.js').DEFAULT_DELIVERY_POLICY.concurrency;
const INVITATIONS_PER_CLIENT = 3;
const is2xx = (status) => status >= 200 && status < 300;
/** How a request cut off by the kill ends: the socket closed or reset after it was sent, with no answer. */
const CUT_OFF = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/**
 * A crash scenario's own durable PostgreSQL, fresh under `dataDir`, the gateway on it and a SQL client
 * (`pg`) for looking at what a crash left. `gateway()` is whichever gateway runs now; `restart()` starts
 * one again on the same database after a crash; `stop()` stops whatever is running.
 */
export async function crashStack({ dataDir, pgPort, gatewayPort, env }) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  const db = database({ dataDir, port: pgPort });
  await db.start();
  let current = null;
  let pg = null;
  const stack = {
    gateway: () => current,
    get pg() {
      return pg;
    },
    restart: async () => (current = await startGateway({ port: gatewayPort, databaseUrl: db.url, dataDir, env })),
    async stop() {
      await pg?.end();
      await current?.stop();
      await db.stop();
    },
  };
  try {
    await stack.restart();
    pg = await sql(db.url);
  } catch (err) {
    await stack.stop();
    throw err;
  }
  return stack;
}

/** The gateway settings of the mid-write crash: `clients` share one address, and mail goes nowhere. */
export function crashWriteGatewayEnv(clients, deadSmtpPort) {
  return {
    // Nothing listens there: the invitation mails stay in the outbox, where the scenario reads their links.
    SMTP_URL: `smtp://127.0.0.1:${deadSmtpPort}`,
    // Every client shares one address; the per-address caps (a link's look-up counts before its refund) would stop them.
    RATE_LIMIT_REGISTER_MAX: String(clients * 2),
    RATE_LIMIT_INVITATION_TOKEN_MAX: String(clients * 10),
    METRICS_PORT: 'off',
  };
}

/** Imports `count` invitations (`${prefix}-${i}@example.org`) in one CSV; answers their queued mails { id, email, text }. */
export async function importInvitations({ base, pg, token, prefix, count }) {
  const lines = Array.from({ length: count }, (_, i) => `${prefix}-${i}@example.org,Hire ${i},Employee,,,`);
  const csv = `email,name,role,start_date,manager_email,buddy_email\n${lines.join('\n')}\n`;
  const r = await call(base, 'POST', '/api/admin/invitations/import', { token, raw: { type: 'text/csv', text: csv }, timeoutMs: 120_000 });
  assert.equal(r.status, 201, `invitation import: ${r.status} ${r.text.slice(0, 500)}`);
  const { rows } = await pg.query("select id::text as id, to_address as email, text from mail_outbox where kind = 'invitation' and to_address like $1", [`${prefix}-%`]);
  assert.equal(rows.length, count, 'one queued invitation mail per hire');
  return rows;
}

/**
 * `clients` employees complete tasks, write journal entries and accept invitations on `stack`'s gateway
 * until it is killed `loadBeforeKillMs` in; then it is restarted on the same database and every write is
 * looked up. Each write ends one of three ways: answered (2xx, or refused), cut off in flight (sent, then
 * the socket closed by the kill without an answer), or refused a connection because the gateway was
 * already down (never reached it). Answers the counts and `broken`: each write found stored in part, or
 * in a state no single transaction leaves.
 *
 * Clients arrive spread over the first half of the load, so the kill cuts off every kind of write, not
 * mostly the acceptances (argon2) that all clients would reach at once after a simultaneous start.
 */
export async function crashMidWrite({ stack, clients, loadBeforeKillMs, run }) {
  const { pg } = stack;
  const gateway = stack.gateway();
  const adminToken = await signIn(gateway.base, 'admin@example.com', 'Admin12345');
  const accounts = await registerEmployees(gateway.base, `crash-${run}`, clients);
  const invitations = (await importInvitations({ base: gateway.base, pg, token: adminToken, prefix: `crash-${run}-hire`, count: clients * INVITATIONS_PER_CLIENT }))
    .map((row) => ({ email: row.email, token: decodeURIComponent(/[?&]token=([^\s&]+)/.exec(row.text)[1]) }));
  for (const account of accounts) {
    const items = await call(gateway.base, 'GET', `/api/user-checklist-items/user/${account.id}`, { token: account.token, timeoutMs: 30_000 });
    assert.equal(items.status, 200, items.text);
    account.tasks = JSON.parse(items.text).filter((i) => i.owner_type === 'new_hire').map((i) => i.id);
    assert.ok(account.tasks.length > 0, 'each employee has tasks of their own to complete');
  }

  // Every write carries a value of its own, so it can be found (and counted) afterwards.
  const writes = []; // { kind, status, error, ... }
  let crashed = false;
  const base = gateway.base;
  const arrivalMs = loadBeforeKillMs / 2;
  // The clients write back to back, so an answer waits about clients ÷ the gateway's writes per second
  // (3–4 s for 500 on 2 cores), and a 5 s time-out counted that queue as a failure. A time-out longer
  // than the load leaves "failed before the kill" to refusals; a write that hangs instead shows as the
  // oldest one in flight at the kill (`oldestInFlightMs`), beside the slowest answer.
  const writeTimeoutMs = loadBeforeKillMs + 5000;
  async function client(account, c) {
    await sleep((c * arrivalMs) / clients);
    const mine = invitations.slice(c * INVITATIONS_PER_CLIENT, (c + 1) * INVITATIONS_PER_CLIENT);
    for (let k = 0; !crashed; k++) {
      let w;
      let r;
      const sentAt = Date.now();
      // A task, two journal entries, an acceptance (argon2: the slow one), again.
      if (k % 4 === 0 && k / 4 < account.tasks.length) {
        const itemId = account.tasks[k / 4];
        const note = `crash-${run}-note-${c}-${k}`;
        r = await call(base, 'POST', `/api/tasks/${itemId}/complete`, { token: account.token, body: { notes: note }, timeoutMs: writeTimeoutMs });
        w = { kind: 'task', userId: account.id, itemId, note };
      } else if (k % 4 === 3 && mine.length > 0) {
        const invitation = mine.shift();
        r = await call(base, 'POST', `/api/invitations/${encodeURIComponent(invitation.token)}/accept`, { body: { password: 'Invited-Hire-2024' }, timeoutMs: writeTimeoutMs });
        w = { kind: 'invitation', email: invitation.email };
      } else {
        const title = `crash-${run}-entry-${c}-${k}`;
        r = await call(base, 'POST', '/api/journal-entries', { token: account.token, body: { title, content: `content of ${title}`, tags: [`t${c}`, `k${k}`] }, timeoutMs: writeTimeoutMs });
        w = { kind: 'journal', userId: account.id, title };
      }
      // status 0: no answer, and `error` says why (cut off, refused, timed out).
      writes.push({ ...w, status: r.status, error: r.status === 0 ? r.text : null, ms: Date.now() - sentAt });
      // No answer (the gateway is gone), or refused before the kill: this client stops either way.
      if (!is2xx(r.status)) return;
    }
  }
  const running = Promise.all(accounts.map((account, c) => client(account, c)));
  await new Promise((r) => setTimeout(r, loadBeforeKillMs));
  await gateway.crash();
  crashed = true;
  await running;

  const restarted = await stack.restart();

  const acknowledged = writes.filter((w) => is2xx(w.status));
  const inFlight = writes.filter((w) => w.status === 0 && CUT_OFF.has(w.error));
  const refusedConnection = writes.filter((w) => w.status === 0 && w.error === 'ECONNREFUSED');
  // Anything else went wrong before the kill: a refusal (4xx/5xx) or a time-out. The test wants none.
  const rejected = writes.filter((w) => !is2xx(w.status) && !inFlight.includes(w) && !refusedConnection.includes(w));
  const broken = [];
  let duplicated = 0;

  // Journal entries: one row per title at most, and an entry is never without its tags.
  const journal = writes.filter((w) => w.kind === 'journal');
  const { rows: entries } = await pg.query(
    `select e.title, e.content, (select count(*)::int from journal_entry_tags t where t.entry_id = e.id) as tags
       from journal_entries e where e.title = any($1::text[])`,
    [journal.map((w) => w.title)],
  );
  const entriesByTitle = new Map();
  for (const e of entries) entriesByTitle.set(e.title, [...(entriesByTitle.get(e.title) ?? []), e]);
  for (const e of entries) if (e.tags !== 2) broken.push(`journal entry "${e.title}" was kept without its tags`);

  // Task completions: a completed row always has its time and the note sent with it.
  const { rows: progress } = await pg.query(
    'select user_id, checklist_item_id, status, note, completed_at from user_progress where user_id = any($1::int[])',
    [accounts.map((a) => a.id)],
  );
  for (const [key, n] of tally(progress.map((p) => `${p.user_id}:${p.checklist_item_id}`))) if (n > 1) broken.push(`progress ${key} has ${n} rows, not one`);
  for (const p of progress) if ((p.status === 'completed') !== (p.completed_at !== null)) broken.push(`progress ${p.user_id}:${p.checklist_item_id} is half-completed`);
  const progressByKey = new Map(progress.map((p) => [`${p.user_id}:${p.checklist_item_id}`, p]));

  // Invitations: accepted exactly when the account exists, never one without the other.
  const { rows: invited } = await pg.query(
    `select i.email, i.accepted_at, i.user_id, u.id as account, (select count(*)::int from users x where lower(x.email) = lower(i.email)) as accounts,
            (select count(*)::int from audit_log a where a.action = 'invitation.accept' and a.target_id = i.id::text) as audited
       from invitations i left join users u on u.id = i.user_id where i.email like $1`,
    [`crash-${run}-hire-%`],
  );
  for (const i of invited) {
    const accepted = i.accepted_at !== null;
    if (i.accounts > 1) broken.push(`${i.email} has ${i.accounts} accounts`);
    if (accepted !== (i.account !== null)) broken.push(`${i.email}: invitation accepted without its account, or the reverse`);
    if (accepted !== (i.accounts === 1)) broken.push(`${i.email}: an account exists for an invitation not marked accepted`);
    if (i.audited !== (accepted ? 1 : 0)) broken.push(`${i.email}: the acceptance and its audit entry parted`);
  }
  const invitedByEmail = new Map(invited.map((i) => [i.email, i]));

  /** What is stored of one write: all of it ('whole'), none ('absent'), or some ('part'). */
  function stored(w) {
    if (w.kind === 'journal') {
      const rows = entriesByTitle.get(w.title) ?? [];
      if (rows.length > 1) duplicated += rows.length - 1;
      if (rows.length === 0) return 'absent';
      return rows.every((e) => e.tags === 2 && e.content === `content of ${w.title}`) ? 'whole' : 'part';
    }
    if (w.kind === 'task') {
      const row = progressByKey.get(`${w.userId}:${w.itemId}`);
      if (row?.status !== 'completed') return 'absent';
      return row.completed_at !== null && row.note === w.note ? 'whole' : 'part';
    }
    const i = invitedByEmail.get(w.email);
    const parts = [i?.accepted_at != null, i?.account != null, i?.accounts === 1, i?.audited === 1];
    return parts.every(Boolean) ? 'whole' : parts.some(Boolean) ? 'part' : 'absent';
  }
  let lost = 0;
  for (const w of writes) {
    w.stored = stored(w);
    if (w.stored === 'part') broken.push(`${w.kind} write ${w.title ?? w.email ?? `${w.userId}:${w.itemId}`} (status ${w.status || w.error}) is stored in part`);
    if (is2xx(w.status) && w.stored === 'absent') lost++;
  }
  // A connection refused never reached the gateway: nothing of it may be there.
  for (const w of refusedConnection) if (w.stored !== 'absent') broken.push(`${w.kind} write refused a connection yet stored (${w.stored})`);
  const inFlightPresent = inFlight.filter((w) => w.stored === 'whole').length;

  // And the restarted gateway serves what survived: a client's acknowledged entry through the API.
  const firstEntry = journal.find((w) => w.status === 201);
  let served = null;
  if (firstEntry) {
    const owner = accounts.find((a) => a.id === firstEntry.userId);
    const listed = await call(restarted.base, 'GET', `/api/journal-entries/search?q=${encodeURIComponent(firstEntry.title)}`, { token: await signIn(restarted.base, owner.email, 'Resilience123') });
    served = { status: listed.status, text: listed.text, found: listed.text.includes(firstEntry.title) };
  }

  const byKind = (list) => ['task', 'journal', 'invitation'].map((k) => `${k} ${list.filter((w) => w.kind === k).length}`).join(', ');
  // How long the answered writes took: a slow answer before the kill is load, not the crash.
  const longest = (list) => (list.length ? Math.max(...list.map((w) => w.ms)) : null);
  const slowestMs = Object.fromEntries(['task', 'journal', 'invitation'].map((k) => [k, longest(writes.filter((w) => w.kind === k && w.status !== 0))]));
  const oldestInFlightMs = longest(inFlight);
  const summary =
    `crash mid-write: ${writes.length} writes, ${acknowledged.length} acknowledged (${byKind(acknowledged)}), lost ${lost}, duplicated ${duplicated}; ` +
    `in flight ${inFlight.length} (cut off by the kill: ${byKind(inFlight)}), ${inFlightPresent} of them committed whole, the rest absent whole; ` +
    `${refusedConnection.length} refused a connection after the kill; slowest answer ${Object.entries(slowestMs).map(([k, ms]) => `${k} ${ms ?? '–'} ms`).join(', ')}, oldest in flight at the kill ${oldestInFlightMs ?? '–'} ms` +
    (rejected.length ? `; ${rejected.length} failed before the kill` : '') +
    (broken.length ? `; ${broken.length} stored in part` : '');
  return {
    gateway: restarted,
    writes: writes.length,
    acknowledged: acknowledged.length,
    acceptsAcknowledged: acknowledged.filter((w) => w.kind === 'invitation').length,
    inFlight: inFlight.length,
    inFlightPresent,
    refusedConnection: refusedConnection.length,
    slowestMs,
    oldestInFlightMs,
    rejected,
    lost,
    duplicated,
    broken,
    served,
    summary,
  };
}

/** Outbox rows among `ids` not yet marked sent. */
export async function unsent(pg, ids) {
  const { rows } = await pg.query('select id::text as id from mail_outbox where id = any($1::bigint[]) and sent_at is null', [ids]);
  return new Set(rows.map((row) => row.id));
}

/**
 * Queues `mails` mails (the reminder job's digests, the rest invitations), kills the gateway once a third
 * has reached `maildev`, restarts it on the same database and waits for every mail to be sent. Mails are
 * counted at MailDev by their X-Embark-Mail-Id header (the outbox id). Answers the restarted gateway and
 * the counts; `duplicated` holds [id, times] for each mail received more than once.
 */
export async function crashMidSend({ stack, maildev, mails, run }) {
  const { pg } = stack;
  const gateway = stack.gateway();
  const before = new Set((await maildev.received()).map((m) => m.id));
  // Digests (the reminder job) and invitations, queued together.
  const token = await signIn(gateway.base, 'admin@example.com', 'Admin12345');
  const reminders = await call(gateway.base, 'POST', '/api/admin/jobs/reminders/run', { token, timeoutMs: 60_000 });
  assert.equal(reminders.status, 200, reminders.text);
  const { digests } = JSON.parse(reminders.text);
  const { rows: digestRows } = await pg.query("select id::text as id from mail_outbox where kind = 'digest'");
  assert.equal(digestRows.length, digests);
  const invitationRows = await importInvitations({ base: gateway.base, pg, token, prefix: `send-${run}-crash`, count: mails - digests });
  const ids = [...digestRows.map((row) => row.id), ...invitationRows.map((row) => row.id)];
  assert.equal(ids.length, mails);
  const queued = new Set(ids);
  const digestIds = new Set(digestRows.map((row) => row.id));
  // Delivery runs at some tens of mails a second on a busy machine: the waits grow with the count, and
  // MailDev's inbox (read whole on each poll) is read less often when it is large.
  const patience = Math.max(120_000, mails * 100);
  const every = Math.max(250, mails / 10);

  // Killed once a good part, not all, has gone out.
  await waitFor(async () => (await maildev.received()).filter((m) => queued.has(m.id)).length >= mails * 0.3, 'a third of the mails delivered', patience, every);
  await gateway.crash();
  const leftUnsent = await unsent(pg, ids);
  // A delivery cut by the kill either reached MailDev whole or not at all; give it a moment to land.
  await new Promise((r) => setTimeout(r, 1000));
  const receivedAtKill = new Set((await maildev.received()).map((m) => m.id));
  const inFlightAtKill = [...leftUnsent].filter((id) => receivedAtKill.has(id));

  const restarted = await stack.restart();
  await waitFor(async () => (await unsent(pg, ids)).size === 0, 'the restarted gateway to deliver the rest', patience * 1.5, Math.max(500, every));
  const received = (await maildev.received()).filter((m) => !before.has(m.id));
  const counts = tally(received.map((m) => m.id));
  const lost = ids.filter((id) => !counts.has(id));
  const duplicated = [...counts].filter(([, n]) => n > 1);
  const byKind = tally(received.map((m) => (digestIds.has(m.id) ? 'digest' : 'invitation')));
  const summary =
    `mail, kill -9 mid-send: ${mails} queued (${digests} digests, ${mails - digests} invitations), ${receivedAtKill.size - before.size} received before the kill, ` +
    `${counts.size} delivered (${[...byKind].map(([k, n]) => `${k} ${n}`).join(', ')}), lost ${lost.length}, ` +
    `duplicated ${duplicated.length} (in flight at the kill: ${inFlightAtKill.length}, at most ${IN_FLIGHT_MAX})`;
  return {
    gateway: restarted,
    queued: mails,
    digests,
    receivedBeforeKill: receivedAtKill.size - before.size,
    leftUnsentAtKill: leftUnsent.size,
    delivered: counts.size,
    withoutId: received.filter((m) => m.id === null).length,
    unknown: [...counts.keys()].filter((id) => !queued.has(id)),
    lost,
    duplicated,
    inFlightAtKill,
    summary,
  };
}
