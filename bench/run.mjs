#!/usr/bin/env node
// `npm run bench` (docs/performance.md, benchmarks 1–12): measures the production builds and prints each
// figure with its target, met or NOT met, as a ratio to a baseline measured in the same run
// (this machine is shared and noisy: only same-run ratios are comparable). Results:
// bench/results/latest.json. A measurement, not a gate: missed targets are reported, not
// turned into a failure; a benchmark that cannot run at all is (exit code 1).
//
//   node bench/run.mjs                  everything (after `npm run build`)
//   node bench/run.mjs gateway scale    only some: gateway (1), scale (2), bundles (3), page-speed (4), login (5), invitations (6), tokens (7), reminders (8), reports (9), fuzz (10), load (11), crash (12)
//   BENCH_DURATION=5 BENCH_ROUNDS=4     seconds per load run, alternating rounds per target
//   BENCH_CPU_PROF=dir, BENCH_OPERATIONS=rest|graphql   benchmark 1's profile and operations (gateway.mjs)
//   BENCH_REPORT_USERS=10000            benchmark 9's users (default 100,000)
//   BENCH_LOAD_EMPLOYEES, BENCH_LOAD_DURATION_MS; BENCH_CRASH_CLIENTS, BENCH_CRASH_MAILS   benchmarks 11 and 12 (load.mjs, crash.mjs)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { launchStack, stackEnv } from '../scripts/lib/stack.mjs';
import { repoRoot } from '../scripts/lib/paths.mjs';
import { measureBundles, reportBundles, signIn } from './bundles.mjs';
import { benchGatewayVsFloor, prepareGatewayDataset, reportCpuProfile } from './gateway.mjs';
import { benchCrashSend, benchCrashWrite, CRASH } from './crash.mjs';
import { benchFuzz } from './fuzz.mjs';
import { benchInvitationImport } from './invitations.mjs';
import { stopAll, track } from './lib/cleanup.mjs';
import { startCluster } from './lib/cluster.mjs';
import { Report } from './lib/report.mjs';
import { benchLoad, LOAD } from './load.mjs';
import { benchLogin } from './login.mjs';
import { measurePageSpeed } from './page-speed.mjs';
import { benchReminders } from './reminders.mjs';
import { benchReportsExport, REPORTS_EXPORT } from './reports-export.mjs';
import { benchScale } from './scale.mjs';
import { benchTokens } from './tokens.mjs';

const ALL = ['gateway', 'scale', 'bundles', 'page-speed', 'login', 'invitations', 'tokens', 'reminders', 'reports', 'fuzz', 'load', 'crash'];
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : ALL;
const unknown = wanted.filter((w) => !ALL.includes(w));
if (unknown.length) {
  console.error(`bench: unknown benchmark(s) ${unknown.join(', ')}; choose from ${ALL.join(', ')}`);
  process.exit(2);
}
const runs = (name) => wanted.includes(name);
const durationS = Number(process.env.BENCH_DURATION || 5);
const rounds = Number(process.env.BENCH_ROUNDS || 4);

// The front-end stack (bundles, page speed) and the bench's own PostgreSQL + gateways.
const ports = {
  stack: { shell: 3200, employee: 3201, admin: 3202, gateway: 4200, embeddedPg: 15432 },
  benchPg: 15433, fuzzPg: 15435, gateway: 4201, scaleSmall: 4203, scaleLarge: 4204, invitations: 4205, reports: 4206, floor: 4210, baselinePage: 3210,
  // Benchmarks 11 and 12: their own clusters, gateways and MailDev (1401–1405 and 44xx/49xx are the resilience suite's).
  load: { pg: 15436, gateway: 4207 },
  crash: { writePg: 15437, writeGateway: 4208, deadSmtp: 1408, sendPg: 15438, sendGateway: 4209, smtp: 1406, web: 1407 },
};
const origins = {
  shell: `http://localhost:${ports.stack.shell}`,
  employee: `http://localhost:${ports.stack.employee}`,
  admin: `http://localhost:${ports.stack.admin}`,
};
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));

const report = new Report();
const failures = [];
const timings = {};
const startedAt = new Date();

async function phase(name, fn) {
  const started = Date.now();
  console.info(`\n== ${name}`);
  try {
    await fn();
  } catch (err) {
    failures.push({ phase: name, error: String(err?.stack ?? err) });
    console.error(`bench: ${name} failed: ${err?.stack ?? err}`);
  } finally {
    timings[name] = Math.round((Date.now() - started) / 100) / 10;
  }
}

/** Items 1, 5, 2, 6, 8 and 9: one throwaway PostgreSQL cluster, a database (and a gateway) per data set. */
async function serverSide() {
  const dataDir = path.join(repoRoot, '.data', 'bench-gateway');
  const cluster = await startCluster({ dataDir, port: ports.benchPg });
  try {
    if (runs('gateway') || runs('login')) {
      let ctx;
      await phase('prepare: 1,000 users × 40 items behind a production-mode gateway', async () => {
        ctx = await prepareGatewayDataset({ cluster, dataDir, port: ports.gateway });
      });
      if (ctx) {
        if (runs('gateway')) await phase('1. gateway vs the floor', () => benchGatewayVsFloor({ report, ctx, floorPort: ports.floor, durationS, rounds }));
        if (runs('login')) await phase('5. login cost', () => benchLogin({ report, ctx, durationS }));
        await ctx.gateway.stop();
        reportCpuProfile(report);
      }
    }
    if (runs('invitations')) {
      await phase('6. CSV import: 10,000 invitations', () => benchInvitationImport({ report, cluster, dataDir, port: ports.invitations }));
    }
    if (runs('reminders')) {
      await phase('8. reminder job: 100,000 users × 50 items', () => benchReminders({ report, cluster }));
    }
    if (runs('reports')) {
      await phase(`9. CSV export: ${REPORTS_EXPORT.users.toLocaleString('en-US')} users`, () => benchReportsExport({ report, cluster, dataDir, port: ports.reports }));
    }
    if (runs('scale')) {
      await phase('2. scale: 100 vs 100,000 users', () => benchScale({ report, cluster, dataDir, ports: { small: ports.scaleSmall, large: ports.scaleLarge }, durationS: Math.max(4, Math.round(durationS * 0.75)), rounds }));
    }
  } finally {
    await cluster.stop();
    // Five million generated rows are not worth keeping.
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Items 3 and 4: the whole built stack (serve.mjs) with its own fresh database, and Chromium. */
async function frontEnd() {
  const stack = await launchStack({ env: stackEnv(ports.stack, path.join(repoRoot, '.data', 'bench')), stdio: ['ignore', 'ignore', 'inherit'] });
  const stopStack = track('front-end stack', () => stack.stop());
  const browser = await chromium.launch({
    ...(systemChromium ? { executablePath: systemChromium } : {}),
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
  });
  const closeBrowser = track('Chromium', () => browser.close());
  try {
    const gatewayUrl = `http://127.0.0.1:${ports.stack.gateway}`;
    const sessions = {
      employee: await signIn(gatewayUrl, 'employee@example.com', 'Employee12345'),
      admin: await signIn(gatewayUrl, 'admin@example.com', 'Admin12345'),
    };
    if (runs('bundles')) await phase('3. bundles', async () => reportBundles(report, await measureBundles(browser, origins, sessions)));
    if (runs('page-speed')) await phase('4. page speed', () => measurePageSpeed({ report, browser, origins, session: sessions.employee, baselinePort: ports.baselinePage }));
  } finally {
    await closeBrowser();
    await stopStack();
  }
}

const loadBefore = os.loadavg();
try {
  // In-process and short: first, before the load runs heat the machine.
  if (runs('tokens')) await phase('7. token verification', () => benchTokens({ report }));
  if (runs('gateway') || runs('login') || runs('scale') || runs('invitations') || runs('reminders') || runs('reports')) await phase('server side (items 1, 5, 2, 6, 8, 9)', serverSide);
  if (runs('bundles') || runs('page-speed')) await phase('front end (items 3, 4)', frontEnd);
  if (runs('fuzz')) await phase('10. hostile-input fuzz: 100,000 requests', () => benchFuzz({ report, port: ports.fuzzPg, dataDir: path.join(repoRoot, '.data', 'bench-fuzz') }));
  if (runs('load')) await phase(`11. load: the employee journey (${LOAD.employees.toLocaleString('en-US')} against ${LOAD.baselineEmployees} employees unless set)`, () => benchLoad({ report, ports: ports.load, dataDir: path.join(repoRoot, '.data', 'bench-load') }));
  if (runs('crash')) {
    const dataDir = path.join(repoRoot, '.data', 'bench-crash');
    await phase(`12. crash mid-write (${CRASH.clients} clients unless set)`, () => benchCrashWrite({ report, ports: ports.crash, dataDir }));
    await phase(`12. crash mid-send (${CRASH.mails.toLocaleString('en-US')} mails unless set)`, () => benchCrashSend({ report, ports: ports.crash, dataDir }));
  }
} finally {
  await stopAll();
}

report.printSummary();
for (const f of failures) console.error(`\nbench: ${f.phase} could not run:\n${f.error}`);
const results = {
  measuredAt: startedAt.toISOString(),
  node: process.version,
  machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, totalMemGiB: Math.round(os.totalmem() / 2 ** 30), loadavgBefore: loadBefore, loadavgAfter: os.loadavg() },
  settings: { durationS, rounds, benchmarks: wanted },
  secondsPerPhase: timings,
  checks: report.checks,
  notes: report.notes,
  failures,
  ...report.sections,
};
fs.mkdirSync(path.join(repoRoot, 'bench', 'results'), { recursive: true });
fs.writeFileSync(path.join(repoRoot, 'bench', 'results', 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
console.info(`\nwritten: bench/results/latest.json (load average ${loadBefore.map((n) => n.toFixed(1)).join(' ')} before, ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} after; ${os.cpus().length} CPUs)`);
process.exitCode = failures.length ? 1 : 0;
