// Resilience (docs/reliability.md): outgoing mail under failure. The gateway is killed with SIGKILL
// while its mail worker delivers hundreds of queued mails to a real MailDev, and SMTP is taken away
// altogether. Mails are counted at MailDev by the X-Embark-Mail-Id header (the outbox id): none is
// lost, and a mail is delivered twice only when the kill caught it between SMTP's "accepted" and the
// commit that marks it sent (at-least-once; at most the deliveries in flight at the kill). The kill
// scenario lives in resilience/lib/crash.mjs, shared with benchmark 12 (5,000 mails).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { repoRoot } from '../scripts/lib/paths.mjs';
import { crashMidSend, crashStack, importInvitations, IN_FLIGHT_MAX, unsent } from './lib/crash.mjs';
import { mailDev, signIn, tally, waitFor } from './stack.mjs';

const MAILS = Number(process.env.CRASH_SEND_MAILS || 500);
const smtpPort = Number(process.env.RESILIENCE_CRASH_SEND_SMTP_PORT || 1402);
const webPort = Number(process.env.RESILIENCE_CRASH_SEND_WEB_PORT || 1403);
const run = Date.now().toString(36);
let stack;
let maildev;

before(async () => {
  // MailDev is not up yet: the first test starts the gateway against a dead SMTP port.
  stack = await crashStack({
    dataDir: path.join(repoRoot, '.data', 'resilience-crash-send'),
    pgPort: Number(process.env.RESILIENCE_CRASH_SEND_PG_PORT || 15402),
    gatewayPort: Number(process.env.RESILIENCE_CRASH_SEND_GATEWAY_PORT || 4402),
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, METRICS_PORT: 'off' },
  });
});

after(async () => {
  await stack?.stop();
  await maildev?.stop();
});

/** Queues `count` invitation mails in one import; answers their outbox ids. */
async function queueInvitations(tag, count) {
  const base = stack.gateway().base;
  const token = await signIn(base, 'admin@example.com', 'Admin12345');
  const rows = await importInvitations({ base, pg: stack.pg, token, prefix: `send-${run}-${tag}`, count });
  return rows.map((row) => row.id);
}

test('SMTP down: mails stay queued and are retried with backoff, then delivered once it is back', { timeout: 180_000 }, async () => {
  const ids = await queueInvitations('down', 20);
  const { pg } = stack;
  // Every mail tried once against the dead port, its failure recorded, and its retry pushed into the future.
  const failed = await waitFor(async () => {
    const { rows } = await pg.query('select id::text as id, attempts, last_error, sent_at from mail_outbox where id = any($1::bigint[]) and attempts >= 1', [ids]);
    return rows.length === ids.length && rows;
  }, 'a first failed attempt of every mail');
  for (const row of failed) {
    assert.equal(row.sent_at, null);
    assert.match(row.last_error, /ECONNREFUSED|connect/i, `mail ${row.id} failed for another reason: ${row.last_error}`);
  }
  const { rows: jobs } = await pg.query(
    `select data->>'outboxId' as id, state, retry_count, extract(epoch from start_after - now())::float8 as wait_s
       from pgboss.job where name = 'mail-deliver' and data->>'outboxId' = any($1::text[])`,
    [ids],
  );
  // A mail may have two jobs (the start-up sweep re-queues what it finds unsent); the row lock keeps them from sending twice.
  for (const id of ids) {
    const mine = jobs.filter((job) => job.id === id);
    assert.ok(mine.length > 0, `mail ${id} has no delivery job`);
    assert.ok(!mine.some((job) => job.state === 'failed' || job.state === 'completed'), `mail ${id}: a job gave up or completed: ${JSON.stringify(mine)}`);
    assert.ok(
      mine.some((job) => job.state === 'retry' && job.wait_s > 5),
      `mail ${id} waits for no retry with backoff: ${JSON.stringify(mine)}`,
    );
  }
  await new Promise((r) => setTimeout(r, 2000));
  assert.equal((await unsent(pg, ids)).size, ids.length, 'nothing is marked sent while SMTP is down');

  // SMTP comes back: the retries deliver every mail, once, without a restart.
  maildev = await mailDev({ smtpPort, webPort });
  const startedAt = Date.now();
  await waitFor(async () => (await unsent(pg, ids)).size === 0, 'the retries to deliver every mail', 90_000, 500);
  const received = tally((await maildev.received()).map((m) => m.id));
  const { rows: attempts } = await pg.query('select min(attempts)::int as min, max(attempts)::int as max from mail_outbox where id = any($1::bigint[])', [ids]);
  console.info(
    `mail, SMTP down: ${ids.length} queued, each failed while it was down (${attempts[0].min}-${attempts[0].max} attempts a mail, the last one delivered), ` +
      `${ids.filter((id) => received.get(id) === 1).length} delivered once ${((Date.now() - startedAt) / 1000).toFixed(1)} s after SMTP returned`,
  );
  for (const id of ids) assert.equal(received.get(id), 1, `mail ${id} received ${received.get(id) ?? 0} times`);
});

test(`kill -9 while ${MAILS} mails are delivered: none lost, duplicates only those in flight at the kill`, { timeout: 300_000 }, async () => {
  assert.ok(maildev, 'MailDev runs (started by the previous test)');
  const result = await crashMidSend({ stack, maildev, mails: MAILS, run });
  console.info(result.summary);
  assert.ok(result.leftUnsentAtKill > 0, 'every mail was out before the kill: the test proved nothing');
  // Both kinds go through the same outbox; without digests only the invitations' path would be proven.
  assert.ok(result.digests > 0, 'the reminder job queued no digest');
  assert.equal(result.withoutId, 0, 'every mail carries its X-Embark-Mail-Id');
  assert.deepEqual(result.lost, [], 'mails were lost');
  assert.deepEqual(result.unknown, [], 'a mail nobody queued was delivered');
  for (const [id, n] of result.duplicated) {
    assert.equal(n, 2, `mail ${id} delivered ${n} times`);
    assert.ok(result.inFlightAtKill.includes(id), `mail ${id} was delivered twice though it was not in flight at the kill`);
  }
  assert.ok(result.inFlightAtKill.length <= IN_FLIGHT_MAX, `${result.inFlightAtKill.length} deliveries in flight at the kill, more than the worker runs at once`);
});
