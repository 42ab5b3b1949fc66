// Benchmark 9 (docs/performance.md), the users CSV export at 100,000 users: `GET
// /api/admin/reports/users.csv` of a production-mode gateway, read over HTTP as fast as the
// client takes it, while the gateway's resident memory (VmRSS in /proc/<pid>/status) is sampled
// every 20 ms. The baseline is the same gateway's RSS just before the export, after a warm-up
// export of the same report that matches nobody. The product's target: the file streams, so
// the peak growth stays under 100 MB whatever the number of users. The file is checked too:
// one row per user, and the generated formula-looking names written as text.
// BENCH_REPORT_USERS sets the number of users (a smaller first run).
import fs from 'node:fs';
import { startGateway, withClient } from './lib/cluster.mjs';
import { round } from './lib/stats.mjs';
import { table, verdict } from './lib/report.mjs';
import { CHEAP_ARGON2, passwordHash, seedChecklistData, settle, signInMany } from './seed.mjs';

export const REPORTS_EXPORT = { users: Number(process.env.BENCH_REPORT_USERS || 100_000), items: 20, completedItems: 12, formulaEvery: 1000, targetMb: 100, sampleMs: 20 };

const MB = 1024 * 1024;

/** The process's resident set in bytes, from /proc (Linux), or null when unreadable. */
function rssOf(pid) {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/** Streams one export, counting bytes, lines and lines whose first cell is an escaped formula. */
async function download(base, token, query) {
  const res = await fetch(`${base}/api/admin/reports/users.csv?${new URLSearchParams(query)}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`users.csv answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
  let bytes = 0;
  let lines = 0;
  let escaped = 0;
  let first = null;
  let carry = '';
  // ignoreBOM keeps the byte order mark in the text, so the header check sees it.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  for await (const chunk of res.body) {
    bytes += chunk.length;
    const text = carry + decoder.decode(chunk, { stream: true });
    const parts = text.split('\r\n');
    carry = parts.pop() ?? '';
    for (const line of parts) {
      if (first === null) first = line;
      lines++;
      // A generated name '=HYPERLINK(…)' goes out as "'=HYPERLINK(…)…" (quoted: it holds a comma-free quote).
      if (line.startsWith(`"'=`) || line.startsWith(`'=`)) escaped++;
    }
  }
  return { bytes, lines, escaped, header: first };
}

export async function benchReportsExport({ report, cluster, dataDir, port }) {
  const { users, items, completedItems, formulaEvery, targetMb, sampleMs } = REPORTS_EXPORT;
  const url = await cluster.createDatabase('bench_reports');
  const gateway = await startGateway({ port, databaseUrl: url, dataDir });
  try {
    const hash = await passwordHash(CHEAP_ARGON2);
    const adminEmail = 'reports-admin@example.com';
    let seeded;
    await withClient(url, async (c) => {
      seeded = await seedChecklistData(c, { roleName: 'Bench reports', items, firstUser: 1, lastUser: users, progressItems: items, completedItems, hash, emailPrefix: 'report' });
      // Every thousandth hire has a name a spreadsheet would run, and a manager.
      await c.query(`update users set name = '=HYPERLINK("http://example.com/' || id || '")', manager_id = 1 where id % $1 = 0 and id > 1`, [formulaEvery]);
      await c.query(`insert into users (name, email, password_hash, role_id) values ('Reports Admin', $1, $2, 4)`, [adminEmail, hash]);
      await settle(c);
    });
    const expected = await withClient(url, async (c) => (await c.query('select count(*)::int as n, count(*) filter (where name like $1)::int as formulas from users', ['=%'])).rows[0]);
    console.info(`  seeded ${users.toLocaleString('en-US')} users × ${items} items (${seeded.progressRows.toLocaleString('en-US')} progress rows) in ${round(seeded.seconds)} s`);
    const [{ token }] = await signInMany(gateway.base, [adminEmail]);

    // Warm-up: the same code paths, no rows; then let the heap settle before the baseline.
    await download(gateway.base, token, { search: 'nobody-matches-this' });
    await new Promise((r) => setTimeout(r, 1000));
    const pid = gateway.child.pid;
    const before = rssOf(pid);
    if (before === null) throw new Error(`cannot read /proc/${pid}/status: this benchmark needs Linux`);
    let peak = before;
    const sampler = setInterval(() => {
      const now = rssOf(pid);
      if (now !== null && now > peak) peak = now;
    }, sampleMs);
    const started = process.hrtime.bigint();
    let file;
    try {
      file = await download(gateway.base, token, { sort: 'name' });
    } finally {
      clearInterval(sampler);
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    peak = Math.max(peak, rssOf(pid) ?? 0);
    const growthMb = round((peak - before) / MB);
    const rows = file.lines - 1;
    const headerOk = file.header === '\uFEFFName,Email,Role,Manager,Start date,Progress (%),Overdue tasks,Completed on';
    const countOk = rows === expected.n && file.escaped === expected.formulas && headerOk;

    console.info(`\n### 9. users.csv of ${users.toLocaleString('en-US')} users through the gateway\n`);
    table(['measure', 'value', 'baseline', 'target'], [
      ['gateway peak RSS growth during the export', `${growthMb} MB`, `RSS before: ${round(before / MB)} MB`, `< ${targetMb} MB`],
      ['rows in the file (header excluded) · users in the database', `${rows} · ${expected.n}`, '–', 'equal'],
      ['formula-looking names written as text', `${file.escaped} of ${expected.formulas}`, '–', 'all'],
      ['file size · time · rows/s', `${round(file.bytes / MB)} MB · ${round(seconds)} s · ${Math.round(rows / seconds)}`, '–', '–'],
    ]);
    report.section('reportsExport', { users, items, rows, bytes: file.bytes, seconds: round(seconds), rssBeforeMb: round(before / MB), rssPeakMb: round(peak / MB), growthMb, escaped: file.escaped, formulas: expected.formulas, headerOk });
    report.check({ item: 9, figure: `users.csv of ${users.toLocaleString('en-US')} users: gateway peak RSS growth (before: ${round(before / MB)} MB)`, value: growthMb, unit: 'MB', target: `< ${targetMb} MB`, met: growthMb < targetMb });
    report.check({ item: 9, figure: 'users.csv: one row per user, header row, formulas escaped', value: countOk ? 'yes' : `no (${rows} rows of ${expected.n}, ${file.escaped} of ${expected.formulas} escaped, header ${headerOk ? 'ok' : 'wrong'})`, target: 'yes', met: countOk });
    console.info(`  ${verdict(growthMb < targetMb)}: peak growth ${growthMb} MB; ${countOk ? 'file complete' : 'file WRONG'}`);
  } finally {
    await gateway.stop();
  }
}
