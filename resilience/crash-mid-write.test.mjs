// Resilience (docs/reliability.md): the gateway killed with SIGKILL while 50 clients write. After a
// restart, every acknowledged write is there exactly once, and every write left without an answer is
// either all there or not there at all: each is one transaction, and a crash cannot commit half of one.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../scripts/lib/paths.mjs';
import { call, database, registerEmployees, signIn, sql, startGateway, tally } from './stack.mjs';

const CLIENTS = Number(process.env.CRASH_WRITE_CLIENTS || 50);
const INVITATIONS_PER_CLIENT = 3;
const LOAD_BEFORE_KILL_MS = Number(process.env.CRASH_WRITE_LOAD_MS || 4000);
const dataDir = path.join(repoRoot, '.data', 'resilience-crash-write');
const db = database({ dataDir, port: Number(process.env.RESILIENCE_CRASH_WRITE_PG_PORT || 55401) });
const gatewayPort = Number(process.env.RESILIENCE_CRASH_WRITE_GATEWAY_PORT || 4401);
const gatewayEnv = {
  // Nothing listens there: the invitation mails stay in the outbox, where the test reads their links.
  SMTP_URL: `smtp://127.0.0.1:${Number(process.env.RESILIENCE_CRASH_WRITE_DEAD_SMTP_PORT || 1401)}`,
  // Every client shares one address; the per-address caps (a link's look-up counts before its refund) would stop them.
  RATE_LIMIT_REGISTER_MAX: String(CLIENTS * 2),
  RATE_LIMIT_INVITATION_TOKEN_MAX: String(CLIENTS * 10),
  METRICS_PORT: 'off',
};
const run = Date.now().toString(36);
let gateway;
let pg;

before(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await db.start();
  gateway = await startGateway({ port: gatewayPort, databaseUrl: db.url, dataDir, env: gatewayEnv });
  pg = await sql(db.url);
});

after(async () => {
  await pg?.end();
  await gateway?.stop();
  await db.stop();
});

/** Invites `count` hires in one import; answers { email, token } read from their queued (undelivered) mails. */
async function invite(adminToken, count) {
  const lines = Array.from({ length: count }, (_, i) => `crash-${run}-hire-${i}@example.org,Hire ${i},Employee,,,`);
  const csv = `email,name,role,start_date,manager_email,buddy_email\n${lines.join('\n')}\n`;
  const r = await call(gateway.base, 'POST', '/api/admin/invitations/import', { token: adminToken, raw: { type: 'text/csv', text: csv }, timeoutMs: 60_000 });
  assert.equal(r.status, 201, `invitation import: ${r.status} ${r.text.slice(0, 500)}`);
  const { rows } = await pg.query("select to_address, text from mail_outbox where kind = 'invitation' and to_address like $1", [`crash-${run}-hire-%`]);
  assert.equal(rows.length, count, 'one queued invitation mail per hire');
  return rows.map((row) => ({ email: row.to_address, token: decodeURIComponent(/[?&]token=([^\s&]+)/.exec(row.text)[1]) }));
}

test(`kill -9 under ${CLIENTS} writing clients: acknowledged writes kept once, the others all or nothing`, { timeout: 300_000 }, async () => {
  const adminToken = await signIn(gateway.base, 'admin@example.com', 'Admin12345');
  const accounts = await registerEmployees(gateway.base, `crash-${run}`, CLIENTS);
  const invitations = await invite(adminToken, CLIENTS * INVITATIONS_PER_CLIENT);
  for (const account of accounts) {
    const items = await call(gateway.base, 'GET', `/api/user-checklist-items/user/${account.id}`, { token: account.token });
    assert.equal(items.status, 200, items.text);
    account.tasks = JSON.parse(items.text).filter((i) => i.owner_type === 'new_hire').map((i) => i.id);
    assert.ok(account.tasks.length > 0, 'each employee has tasks of their own to complete');
  }

  // Every write carries a value of its own, so it can be found (and counted) afterwards.
  const writes = []; // { kind, key, status, ... }
  let crashed = false;
  async function client(account, c) {
    const mine = invitations.slice(c * INVITATIONS_PER_CLIENT, (c + 1) * INVITATIONS_PER_CLIENT);
    for (let k = 0; !crashed; k++) {
      let w;
      // A task, two journal entries, an acceptance (argon2: the slow one), again.
      if (k % 4 === 0 && k / 4 < account.tasks.length) {
        const itemId = account.tasks[k / 4];
        const note = `crash-${run}-note-${c}-${k}`;
        const r = await call(gateway.base, 'POST', `/api/tasks/${itemId}/complete`, { token: account.token, body: { notes: note } });
        w = { kind: 'task', userId: account.id, itemId, note, status: r.status };
      } else if (k % 4 === 3 && mine.length > 0) {
        const invitation = mine.shift();
        const r = await call(gateway.base, 'POST', `/api/invitations/${encodeURIComponent(invitation.token)}/accept`, { body: { password: 'Invited-Hire-2024' }, timeoutMs: 15_000 });
        w = { kind: 'invitation', email: invitation.email, status: r.status };
      } else {
        const title = `crash-${run}-entry-${c}-${k}`;
        const r = await call(gateway.base, 'POST', '/api/journal-entries', { token: account.token, body: { title, content: `content of ${title}`, tags: [`t${c}`, `k${k}`] } });
        w = { kind: 'journal', userId: account.id, title, status: r.status };
      }
      writes.push(w);
      if (w.status === 0) return; // no answer: the gateway is gone
      assert.ok(w.status >= 200 && w.status < 300, `${w.kind} write failed before the crash: ${w.status}`);
    }
  }
  const clients = Promise.all(accounts.map((account, c) => client(account, c)));
  await new Promise((r) => setTimeout(r, LOAD_BEFORE_KILL_MS));
  await gateway.crash();
  crashed = true;
  await clients;

  gateway = await startGateway({ port: gatewayPort, databaseUrl: db.url, dataDir, env: gatewayEnv });

  const acknowledged = writes.filter((w) => w.status >= 200 && w.status < 300);
  const unanswered = writes.filter((w) => w.status === 0);
  let lost = 0;
  let duplicated = 0;
  let unansweredPresent = 0;

  // Journal entries: one row per title at most, and an entry is never without its tags.
  const journal = writes.filter((w) => w.kind === 'journal');
  const { rows: entries } = await pg.query(
    `select e.title, e.user_id, e.content, e.tags_text, (select count(*)::int from journal_entry_tags t where t.entry_id = e.id) as tags
       from journal_entries e where e.title = any($1::text[])`,
    [journal.map((w) => w.title)],
  );
  const entriesByTitle = tally(entries.map((e) => e.title));
  for (const w of journal) {
    const n = entriesByTitle.get(w.title) ?? 0;
    if (n > 1) duplicated += n - 1;
    if (w.status === 0) unansweredPresent += n > 0 ? 1 : 0;
    else if (n === 0) lost++;
  }
  for (const e of entries) assert.equal(e.tags, 2, `journal entry "${e.title}" was kept without its tags`);

  // Task completions: a completed row always has its time and the note sent with it.
  const tasks = writes.filter((w) => w.kind === 'task');
  const { rows: progress } = await pg.query(
    'select user_id, checklist_item_id, status, note, completed_at from user_progress where user_id = any($1::int[])',
    [accounts.map((a) => a.id)],
  );
  const progressRows = tally(progress.map((p) => `${p.user_id}:${p.checklist_item_id}`));
  assert.ok([...progressRows.values()].every((n) => n === 1), 'one progress row per user and task');
  for (const p of progress) assert.equal(p.status === 'completed', p.completed_at !== null, `progress ${p.user_id}:${p.checklist_item_id} is half-completed`);
  for (const w of tasks) {
    const row = progress.find((p) => p.user_id === w.userId && p.checklist_item_id === w.itemId);
    const done = row?.status === 'completed';
    if (done) assert.equal(row.note, w.note, `task ${w.userId}:${w.itemId} completed without its note`);
    if (w.status === 0) unansweredPresent += done ? 1 : 0;
    else if (!done) lost++;
  }

  // Invitations: accepted exactly when the account exists, never one without the other.
  const accepts = writes.filter((w) => w.kind === 'invitation');
  const { rows: invited } = await pg.query(
    `select i.email, i.accepted_at, i.user_id, u.id as account, (select count(*)::int from users x where lower(x.email) = lower(i.email)) as accounts,
            (select count(*)::int from audit_log a where a.action = 'invitation.accept' and a.target_id = i.id::text) as audited
       from invitations i left join users u on u.id = i.user_id where i.email like $1`,
    [`crash-${run}-hire-%`],
  );
  for (const i of invited) {
    const accepted = i.accepted_at !== null;
    assert.ok(i.accounts <= 1, `${i.email} has ${i.accounts} accounts`);
    assert.equal(accepted, i.account !== null, `${i.email}: invitation accepted without its account, or the reverse`);
    assert.equal(accepted, i.accounts === 1, `${i.email}: an account exists for an invitation not marked accepted`);
    assert.equal(i.audited, accepted ? 1 : 0, `${i.email}: the acceptance and its audit entry parted`);
  }
  for (const w of accepts) {
    const row = invited.find((i) => i.email === w.email);
    const accepted = row?.accepted_at != null;
    if (w.status === 0) unansweredPresent += accepted ? 1 : 0;
    else if (!accepted) lost++;
  }

  // And the restarted gateway serves what survived: a client's acknowledged entry through the API.
  const firstEntry = journal.find((w) => w.status === 201);
  const owner = accounts.find((a) => a.id === firstEntry.userId);
  const listed = await call(gateway.base, 'GET', `/api/journal-entries/search?q=${encodeURIComponent(firstEntry.title)}`, { token: await signIn(gateway.base, owner.email, 'Resilience123') });
  assert.equal(listed.status, 200, listed.text);
  assert.ok(listed.text.includes(firstEntry.title), 'the restarted gateway finds an acknowledged entry');

  const byKind = (list) => ['task', 'journal', 'invitation'].map((k) => `${k} ${list.filter((w) => w.kind === k).length}`).join(', ');
  console.info(
    `crash mid-write: ${writes.length} writes, ${acknowledged.length} acknowledged (${byKind(acknowledged)}), lost ${lost}, duplicated ${duplicated}; ` +
      `${unanswered.length} unanswered at the kill (${byKind(unanswered)}), ${unansweredPresent} of them committed whole, the rest absent whole`,
  );
  assert.ok(acknowledged.length >= CLIENTS, `too few writes acknowledged before the kill to judge (${acknowledged.length})`);
  assert.ok(unanswered.length > 0, 'no write was in flight at the kill: the test proved nothing about one');
  assert.ok(accepts.some((w) => w.status >= 200 && w.status < 300), 'no invitation was accepted before the kill');
  assert.equal(lost, 0, 'acknowledged writes were lost');
  assert.equal(duplicated, 0, 'writes were duplicated');
});
