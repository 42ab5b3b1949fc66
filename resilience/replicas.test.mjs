// Resilience (docs/reliability.md): two gateway processes on two ports against one PostgreSQL, as a
// load balancer would run them, with requests alternating between them. Everything a replica decides
// (sessions, rate limits, invitations, the reminder job, the schema, the mail queue) lives in the
// database, so the pair must behave as one gateway.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../scripts/lib/paths.mjs';
import { call, database, mailDev, registerEmployees, signIn, sql, startGateway, tally, waitFor } from './stack.mjs';

const dataDir = path.join(repoRoot, '.data', 'resilience-replicas');
const db = database({ dataDir, port: Number(process.env.RESILIENCE_REPLICAS_PG_PORT || 15403) });
const ports = [Number(process.env.RESILIENCE_REPLICA_A_PORT || 4403), Number(process.env.RESILIENCE_REPLICA_B_PORT || 4404)];
const smtpPort = Number(process.env.RESILIENCE_REPLICAS_SMTP_PORT || 1404);
const webPort = Number(process.env.RESILIENCE_REPLICAS_WEB_PORT || 1405);
const run = Date.now().toString(36);
/** [A, B] */
let replicas = [];
let maildev;
let pg;

before(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await db.start();
  maildev = await mailDev({ smtpPort, webPort });
  // Both at once on an empty database: they race to migrate and seed it.
  const env = { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, METRICS_PORT: 'off', LOG_LEVEL: 'info', LOG_FORMAT: 'json' };
  const started = await Promise.allSettled(ports.map((port) => startGateway({ port, databaseUrl: db.url, dataDir, env })));
  replicas = started.filter((s) => s.status === 'fulfilled').map((s) => s.value);
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  pg = await sql(db.url);
});

after(async () => {
  await pg?.end();
  await Promise.all(replicas.map((r) => r.stop()));
  await maildev?.stop();
  await db.stop();
});

const [A, B] = [0, 1];
const on = (i, method, route, options) => call(replicas[i].base, method, route, options);

test('started together on an empty database, the replicas migrate it once', async () => {
  const applied = replicas.flatMap((r) => r.stderr.join('').split('\n').filter((line) => line.includes('"migration applied"')).map((line) => JSON.parse(line).migration));
  const { rows } = await pg.query('select name from migrations order by id');
  assert.ok(rows.length > 10, `only ${rows.length} migrations recorded`);
  assert.deepEqual([...tally(rows.map((r) => r.name)).values()].filter((n) => n > 1), [], 'a migration was recorded twice');
  assert.deepEqual(applied.sort(), rows.map((r) => r.name).sort(), 'each migration applied by exactly one replica');
  const appliedBy = replicas.map((r) => r.stderr.join('').includes('"migration applied"'));
  console.info(`replicas: ${rows.length} migrations applied once (by replica ${appliedBy[A] ? 'A' : 'B'}); both answer ready`);
  assert.ok(appliedBy[A] !== appliedBy[B], 'one replica migrated, the other found the schema done');
  const { rows: admins } = await pg.query("select count(*)::int as n from users where email = 'admin@example.com'");
  assert.equal(admins[0].n, 1, 'the demo data was seeded once');
  for (const i of [A, B]) assert.equal((await on(i, 'GET', '/readyz')).status, 200);
});

test('a sign-out through one replica is refused on the very next request through the other', async () => {
  const [user] = await registerEmployees(replicas[A].base, `replica-${run}-logout`, 1);
  for (const [first, second] of [[A, B], [B, A]]) {
    const token = await signIn(replicas[first].base, user.email, 'Resilience123');
    assert.equal((await on(second, 'GET', '/api/auth/me', { token })).status, 200, 'a session opened on one replica works on the other');
    const out = await on(first, 'POST', '/api/auth/logout', { token });
    assert.ok(out.status >= 200 && out.status < 300, `logout: ${out.status} ${out.text}`);
    assert.equal((await on(second, 'GET', '/api/auth/me', { token })).status, 401, 'the other replica still accepted a signed-out session');
  }
});

test('a deactivation through one replica ends the sessions on the other at once', async () => {
  const admin = await signIn(replicas[A].base, 'admin@example.com', 'Admin12345');
  const [user] = await registerEmployees(replicas[B].base, `replica-${run}-deactivate`, 1);
  const token = await signIn(replicas[B].base, user.email, 'Resilience123');
  assert.equal((await on(B, 'GET', '/api/auth/me', { token })).status, 200);
  const off = await on(A, 'POST', `/api/admin/users/${user.id}/deactivate`, { token: admin });
  assert.equal(off.status, 200, off.text);
  assert.equal((await on(B, 'GET', '/api/auth/me', { token })).status, 401, 'a deactivated user kept a session on the other replica');
  assert.equal((await on(B, 'POST', '/api/auth/login', { body: { email: user.email, password: 'Resilience123' } })).status, 401, 'a deactivated user signed in on the other replica');
});

test('rate limits count across both replicas', async () => {
  const [user] = await registerEmployees(replicas[A].base, `replica-${run}-limit`, 1);
  // RATE_LIMIT_LOGIN_ACCOUNT: 5 failures per account and address; alternating, each replica sees 3.
  const statuses = [];
  for (let k = 0; k < 6; k++) statuses.push((await on(k % 2, 'POST', '/api/auth/login', { body: { email: user.email, password: 'Wrong-password-1' } })).status);
  assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429], 'the sixth failure, the third on each replica, must be refused as over the limit');
  const right = await on(A, 'POST', '/api/auth/login', { body: { email: user.email, password: 'Resilience123' } });
  assert.equal(right.status, 429, 'past the limit even the right password waits, on either replica');
});

test('an invitation created through one replica is accepted through the other', async () => {
  const admin = await signIn(replicas[A].base, 'admin@example.com', 'Admin12345');
  const email = `replica-${run}-invited@example.org`;
  const created = await on(A, 'POST', '/api/admin/invitations', { token: admin, body: { email, name: 'Invited Hire', role_id: 1 } });
  assert.equal(created.status, 201, created.text);
  const mail = await waitFor(async () => (await maildev.received()).find((m) => m.to.includes(email)), 'the invitation mail');
  const token = decodeURIComponent(/[?&]token=([^\s&]+)/.exec(mail.text)[1]);
  assert.equal((await on(B, 'GET', `/api/invitations/${encodeURIComponent(token)}`)).status, 200);
  const accepted = await on(B, 'POST', `/api/invitations/${encodeURIComponent(token)}/accept`, { body: { password: 'Invited-Hire-2024' } });
  assert.ok(accepted.status >= 200 && accepted.status < 300, `accept: ${accepted.status} ${accepted.text}`);
  const me = await on(A, 'GET', '/api/auth/me', { token: JSON.parse(accepted.text).token });
  assert.equal(me.status, 200);
  assert.equal(JSON.parse(me.text).email, email);
  const again = await on(A, 'POST', `/api/invitations/${encodeURIComponent(token)}/accept`, { body: { password: 'Invited-Hire-2024' } });
  assert.equal(again.status, 404, 'the used link works again on the other replica');
  const list = await on(A, 'GET', '/api/admin/invitations?status=accepted', { token: admin });
  assert.ok(JSON.parse(list.text).data.some((i) => i.email === email), 'the creating replica lists it accepted');
});

test('the reminder job triggered on both replicas at once sends each reminder once', async () => {
  const admin = await signIn(replicas[A].base, 'admin@example.com', 'Admin12345');
  // A hire who started two months ago and has done nothing: tasks overdue long enough to escalate.
  const [late] = await registerEmployees(replicas[B].base, `replica-${run}-late`, 1);
  await pg.query("update users set start_date = current_date - 60 where id = $1", [late.id]);
  const runs = await Promise.all([A, B].map((i) => on(i, 'POST', '/api/admin/jobs/reminders/run', { token: admin, timeoutMs: 60_000 })));
  for (const r of runs) assert.equal(r.status, 200, r.text);
  const sent = runs.map((r) => JSON.parse(r.text));
  const digests = sent[A].digests + sent[B].digests;
  const escalations = sent[A].escalations + sent[B].escalations;
  assert.ok(digests > 0, 'the demo data has reminders due: nothing was tested');
  assert.ok(escalations > 0, 'no task was overdue enough to escalate: nothing was tested');

  const { rows: claimed } = await pg.query('select count(*)::int as n from reminder_digests where day = (select max(day) from reminder_digests)');
  assert.equal(claimed[0].n, digests, 'each digest claimed once, by one of the runs');
  const { rows: queued } = await pg.query("select id::text as id, to_address from mail_outbox where kind = 'digest'");
  assert.equal(queued.length, digests, 'one digest mail queued per person');
  assert.equal(new Set(queued.map((m) => m.to_address)).size, digests, 'one digest per recipient');
  const { rows: notified } = await pg.query("select user_id, count(*)::int as n from notifications where type = 'digest' group by user_id having count(*) > 1");
  assert.deepEqual(notified, [], 'someone got two digest notifications');

  // Escalations: each overdue task claimed by one run, and told in one notification and one mail.
  const { rows: escalated } = await pg.query('select count(*)::int as n, count(distinct (user_id, checklist_item_id))::int as tasks from task_escalations');
  assert.deepEqual(escalated[0], { n: escalations, tasks: escalations }, 'each escalation claimed once, by one of the runs');
  // A notification's body starts with the number of tasks it tells of ("3 tasks: …").
  const { rows: told } = await pg.query("select user_id, body from notifications where type = 'escalation'");
  assert.equal(told.reduce((sum, n) => sum + Number(/^(\d+) tasks?:/.exec(n.body)?.[1] ?? NaN), 0), escalations, 'each escalated task in exactly one notification');
  assert.deepEqual([...tally(told.map((n) => n.user_id))].filter(([, n]) => n > 1), [], 'someone was told of escalations twice');
  const { rows: escalationMails } = await pg.query("select id::text as id, to_address from mail_outbox where kind = 'escalation'");
  assert.ok(escalationMails.length > 0 && escalationMails.length <= told.length, `${escalationMails.length} escalation mails for ${told.length} people told`);
  assert.equal(new Set(escalationMails.map((m) => m.to_address)).size, escalationMails.length, 'one escalation mail per person told');

  // Both replicas run a mail worker: each reminder still arrives once.
  const ids = [...queued, ...escalationMails].map((m) => m.id);
  const received = await waitFor(async () => {
    const counts = tally((await maildev.received()).map((m) => m.id));
    return ids.every((id) => counts.has(id)) && counts;
  }, 'the digests and escalations at MailDev');
  await new Promise((r) => setTimeout(r, 1000)); // a second copy would arrive in this time
  const final = tally((await maildev.received()).map((m) => m.id));
  const twice = ids.filter((id) => final.get(id) !== 1);
  console.info(
    `replicas: reminders run on both at once: ${digests} digests (A ${sent[A].digests}, B ${sent[B].digests}), ${escalations} escalations (A ${sent[A].escalations}, B ${sent[B].escalations}) ` +
      `to ${told.length} ${told.length === 1 ? 'person' : 'people'}; ${ids.filter((id) => received.get(id) === 1).length} of ${ids.length} reminder mails received once, ${twice.length} twice`,
  );
  assert.deepEqual(twice, [], 'a digest or escalation was delivered twice');
});
