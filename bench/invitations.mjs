// Benchmark 6 (docs/performance.md), CSV import of invitations: 10,000 lines through the real
// REST API of a production-mode gateway (`POST /api/admin/invitations/import`, Content-Type
// text/csv), first as a dry run, then for real (rows, tokens, one queued mail each). The
// baseline, measured in the same run on the same database: one plain bulk INSERT … SELECT FROM
// unnest of the same rows into copies of the invitations and mail_outbox tables (their indexes
// included): the least any import of these rows can cost. The product's target: under 10 s.
import crypto from 'node:crypto';
import net from 'node:net';
import { startGateway, withClient } from './lib/cluster.mjs';
import { track } from './lib/cleanup.mjs';
import { median, round, timeMs } from './lib/stats.mjs';
import { table, verdict } from './lib/report.mjs';
import { benchEmail, CHEAP_ARGON2, passwordHash, signInMany } from './seed.mjs';

export const IMPORT = { lines: 10_000, rounds: 3, targetMs: 10_000, people: 50 };

const HEADER = 'email,name,role,start_date,manager_email,buddy_email';
const ROLES = ['Employee', 'manager', '3', 'Contractor'];

/** One import file: every line valid, names quoted (one with a comma), most lines with a manager and a buddy. */
function importFile(round) {
  const lines = [HEADER];
  for (let i = 1; i <= IMPORT.lines; i++) {
    const manager = i % 5 === 0 ? '' : benchEmail('person', 1 + (i % IMPORT.people));
    const buddy = i % 3 === 0 ? '' : benchEmail('person', 1 + ((i * 7) % IMPORT.people));
    const day = String(1 + (i % 28)).padStart(2, '0');
    lines.push(`hire-${round}-${i}@example.com,"Hire ${i}, Round ${round}",${ROLES[i % ROLES.length]},2031-02-${day},${manager},${buddy}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Accepts every mail and forgets it: the gateway's mail worker delivers the queued invitations
 * while later rounds run, as it would in production, without retry storms against a closed port.
 */
async function startSmtpSink() {
  const server = net.createServer((socket) => {
    let data = false;
    let buffered = '';
    socket.write('220 bench sink\r\n');
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      for (;;) {
        if (data) {
          const end = buffered.indexOf('\r\n.\r\n');
          if (end < 0) return;
          buffered = buffered.slice(end + 5);
          data = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffered.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffered.slice(0, eol).toUpperCase();
        buffered = buffered.slice(eol + 2);
        if (line.startsWith('EHLO') || line.startsWith('HELO')) socket.write('250 bench\r\n');
        else if (line.startsWith('DATA')) {
          data = true;
          socket.write('354 go on\r\n');
        } else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const stop = track('SMTP sink', () => new Promise((resolve) => server.close(() => resolve())));
  return { port: server.address().port, stop };
}

/** The baseline: the same rows in one INSERT … SELECT FROM unnest each, in one transaction, with tokens hashed as the gateway does. */
async function floorInsert(url, round) {
  const rows = Array.from({ length: IMPORT.lines }, (_, k) => {
    const i = k + 1;
    const token = crypto.randomBytes(32).toString('base64url');
    return { email: `floor-${round}-${i}@example.com`, name: `Hire ${i}, Round ${round}`, hash: crypto.createHash('sha256').update(token).digest('hex'), token };
  });
  return withClient(url, async (c) => {
    const [{ id: roleId }] = (await c.query('select min(id) as id from roles')).rows;
    return timeMs(async () => {
      await c.query('begin');
      // As the import writes them: the role held and its name kept on each invitation.
      await c.query('select id from roles where id = any($1::int[]) for key share', [[roleId]]);
      await c.query(
        `insert into bench_floor_invitations (email, name, role_id, role_name, token_hash, expires_at)
         select e, n, r.id, r.name, h, now() + interval '7 days' from unnest($1::text[], $2::text[], $3::text[]) as t(e, n, h)
           join roles r on r.id = $4`,
        [rows.map((r) => r.email), rows.map((r) => r.name), rows.map((r) => r.hash), roleId],
      );
      await c.query(
        `insert into bench_floor_outbox (to_address, subject, text, html, kind)
         select e, 'You''re invited to join Embark', 'Accept invitation: /accept-invite?token=' || t, '<p>' || t || '</p>', 'invitation'
           from unnest($1::text[], $2::text[]) as x(e, t)`,
        [rows.map((r) => r.email), rows.map((r) => r.token)],
      );
      await c.query('commit');
    });
  });
}

async function importOnce(base, token, csv, dryRun) {
  let res;
  let body;
  const ms = await timeMs(async () => {
    res = await fetch(`${base}/api/admin/invitations/import${dryRun ? '?dry_run=true' : ''}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' }, body: csv });
    body = await res.json();
  });
  const expected = dryRun ? 200 : 201;
  if (res.status !== expected || (dryRun ? body.valid !== IMPORT.lines || body.errors.length > 0 : body.created !== IMPORT.lines)) {
    throw new Error(`import ${dryRun ? '(dry run) ' : ''}answered ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
  }
  return ms;
}

export async function benchInvitationImport({ report, cluster, dataDir, port }) {
  const url = await cluster.createDatabase('bench_invitations');
  const sink = await startSmtpSink();
  const gateway = await startGateway({ port, databaseUrl: url, dataDir, env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}` } });
  try {
    const hash = await passwordHash(CHEAP_ARGON2);
    const adminEmail = 'import-admin@example.com';
    await withClient(url, async (c) => {
      await c.query(`insert into users (name, email, password_hash, role_id) values ('Import Admin', $1, $2, 4)`, [adminEmail, hash]);
      await c.query(
        `insert into users (name, email, password_hash, role_id) select 'Person ' || n, 'person-' || n || '@example.com', $1, 1 from generate_series(1, $2::int) n`,
        [hash, IMPORT.people],
      );
      await c.query('create table bench_floor_invitations (like invitations including all)');
      await c.query('create table bench_floor_outbox (like mail_outbox including all)');
      await c.query('vacuum analyze');
    });
    const [{ token }] = await signInMany(gateway.base, [adminEmail]);

    const dry = [];
    const real = [];
    const floor = [];
    for (let r = 1; r <= IMPORT.rounds; r++) {
      const csv = importFile(r);
      floor.push(await floorInsert(url, r));
      dry.push(await importOnce(gateway.base, token, csv, true));
      real.push(await importOnce(gateway.base, token, csv, false));
      console.info(`  round ${r}: floor ${round(floor.at(-1))} ms, dry run ${round(dry.at(-1))} ms, import ${round(real.at(-1))} ms (${(csv.length / 1024).toFixed(0)} KiB)`);
    }
    const counts = await withClient(url, async (c) => (await c.query(`select (select count(*) from invitations)::int as invitations, (select count(*) from mail_outbox where kind = 'invitation')::int as mails`)).rows[0]);
    const m = { floorMs: round(median(floor)), dryRunMs: round(median(dry)), importMs: round(median(real)) };
    const importRatio = round(m.importMs / m.floorMs);
    const dryRatio = round(m.dryRunMs / m.floorMs);

    console.info(`\n### 6. CSV import of ${IMPORT.lines.toLocaleString('en-US')} invitations (median of ${IMPORT.rounds})\n`);
    table(['measure', 'value', 'baseline', 'ratio'], [
      ['bulk INSERT of the same rows + mails (unnest, one transaction)', `${m.floorMs} ms`, '–', '1×'],
      ['import, dry run (parse, validate, look-ups)', `${m.dryRunMs} ms`, 'bulk INSERT', `${dryRatio}×`],
      ['import (HTTP, all checks, rows, tokens, mails, audit)', `${m.importMs} ms`, 'bulk INSERT', `${importRatio}×`],
    ]);
    console.info(`\ncreated ${counts.invitations} invitations and queued ${counts.mails} mails; under ${IMPORT.targetMs / 1000} s: ${verdict(m.importMs < IMPORT.targetMs)}`);

    report.check({ item: 6, figure: `CSV import of ${IMPORT.lines} lines (${importRatio}× a bulk INSERT of the same rows, ${m.floorMs} ms)`, value: m.importMs, unit: 'ms', target: `< ${IMPORT.targetMs} ms`, met: m.importMs < IMPORT.targetMs });
    report.check({ item: 6, figure: `dry run of the same file (${dryRatio}× the bulk INSERT)`, value: m.dryRunMs, unit: 'ms', target: '–', met: null });
    report.check({ item: 6, figure: 'invitations and mails created', value: counts.invitations === counts.mails ? counts.invitations : Number.NaN, target: `${IMPORT.lines * IMPORT.rounds}`, met: counts.invitations === IMPORT.lines * IMPORT.rounds && counts.mails === IMPORT.lines * IMPORT.rounds });
    report.section('invitations', { ...m, importRatio, dryRatio, rounds: { floor, dry, real }, counts, targets: IMPORT });
  } finally {
    await gateway.stop();
    await sink.stop();
  }
}
