// Benchmark 12 (docs/performance.md), crashes at size: the resilience suite's two kill -9 scenarios
// (resilience/lib/crash.mjs) with the bench's counts instead of the test's: 500 clients writing when the
// gateway is killed, and 5,000 mails going out to a real MailDev when it is killed. Each has its own
// PostgreSQL and gateway; counts are reported as figures, a broken promise as a missed target.
//
//   BENCH_CRASH_CLIENTS=n  BENCH_CRASH_LOAD_MS=ms  BENCH_CRASH_MAILS=n   (500, 10,000, 5,000)
import fs from 'node:fs';
import path from 'node:path';
import { crashMidSend, crashMidWrite, crashStack, crashWriteGatewayEnv, IN_FLIGHT_MAX } from '../resilience/lib/crash.mjs';
import { mailDev } from '../resilience/stack.mjs';
import { track } from './lib/cleanup.mjs';

export const CRASH = { clients: 500, loadBeforeKillMs: 10_000, mails: 5000 };

/** The resilience suite's crash stack, registered for the bench's cleanup; its data goes when it stops. */
async function stackFor({ name, dataDir, pgPort, gatewayPort, env }) {
  const stack = await crashStack({ dataDir, pgPort, gatewayPort, env });
  const stopStack = stack.stop;
  // Replaces stack.stop, so it must call the original: calling stack.stop here would call itself.
  stack.stop = track(`${name} PostgreSQL and gateway`, async () => {
    await stopStack();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return stack;
}

export async function benchCrashWrite({ report, ports, dataDir }) {
  const clients = Number(process.env.BENCH_CRASH_CLIENTS || CRASH.clients);
  const loadBeforeKillMs = Number(process.env.BENCH_CRASH_LOAD_MS || CRASH.loadBeforeKillMs);
  const stack = await stackFor({ name: 'crash-write', dataDir: path.join(dataDir, 'write'), pgPort: ports.writePg, gatewayPort: ports.writeGateway, env: crashWriteGatewayEnv(clients, ports.deadSmtp) });
  try {
    const r = await crashMidWrite({ stack, clients, loadBeforeKillMs, run: Date.now().toString(36) });
    console.info(r.summary);
    for (const b of r.broken.slice(0, 5)) console.info(`  stored in part: ${b}`);
    for (const w of r.rejected.slice(0, 5)) console.info(`  failed before the kill: ${w.kind} → ${w.status || w.error}`);
    const refused = r.rejected.length;
    report.section('crashWrite', { clients, loadBeforeKillMs, writes: r.writes, acknowledged: r.acknowledged, inFlight: r.inFlight, inFlightCommitted: r.inFlightPresent, refusedConnection: r.refusedConnection, slowestAnswerMs: r.slowestMs, oldestInFlightMs: r.oldestInFlightMs, refused, lost: r.lost, duplicated: r.duplicated, storedInPart: r.broken.length, servedAfterRestart: r.served?.found ?? null });
    const figure = (text) => `crash mid-write (${clients} clients): ${text}`;
    report.check({ item: 12, figure: figure('writes acknowledged'), value: r.acknowledged, target: `≥ ${clients}`, met: r.acknowledged >= clients });
    report.check({ item: 12, figure: figure('acknowledged writes lost'), value: r.lost, target: '0', met: r.lost === 0 });
    report.check({ item: 12, figure: figure('writes duplicated'), value: r.duplicated, target: '0', met: r.duplicated === 0 });
    report.check({ item: 12, figure: figure('writes stored in part'), value: r.broken.length, target: '0', met: r.broken.length === 0 });
    report.check({ item: 12, figure: figure('writes cut off in flight by the kill (all or nothing)'), value: r.inFlight, target: '≥ 1', met: r.inFlight > 0 });
    report.check({ item: 12, figure: figure('writes failed before the kill'), value: refused, target: '0', met: refused === 0 });
    // A write held up (a lock, a lost connection) waits through to the kill; the load alone queues each for about as long as the slowest answer.
    const slowest = Math.max(0, ...Object.values(r.slowestMs).filter((ms) => ms !== null));
    report.check({ item: 12, figure: figure('longest wait of a write in flight at the kill (ms)'), value: r.oldestInFlightMs, baseline: `slowest answer ${slowest} ms`, target: '≤ 2 × the slowest answer', met: r.oldestInFlightMs !== null && r.oldestInFlightMs <= 2 * slowest });
  } finally {
    await stack.stop();
  }
}

export async function benchCrashSend({ report, ports, dataDir }) {
  const mails = Number(process.env.BENCH_CRASH_MAILS || CRASH.mails);
  const maildev = await mailDev({ smtpPort: ports.smtp, webPort: ports.web });
  const stopMaildev = track('crash-send MailDev', () => maildev.stop());
  try {
    const stack = await stackFor({ name: 'crash-send', dataDir: path.join(dataDir, 'send'), pgPort: ports.sendPg, gatewayPort: ports.sendGateway, env: { SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`, METRICS_PORT: 'off' } });
    try {
      const r = await crashMidSend({ stack, maildev, mails, run: Date.now().toString(36) });
      console.info(r.summary);
      const duplicatesInFlight = r.duplicated.every(([id, n]) => n === 2 && r.inFlightAtKill.includes(id));
      report.section('crashSend', { ...r, gateway: undefined, lost: r.lost.length, unknown: r.unknown.length, duplicated: r.duplicated.length, inFlightAtKill: r.inFlightAtKill.length, duplicatesInFlight });
      const figure = (text) => `crash mid-send (${mails.toLocaleString('en-US')} mails): ${text}`;
      report.check({ item: 12, figure: figure('mails queued'), value: r.queued });
      report.check({ item: 12, figure: figure('of which digests (the reminder job)'), value: r.digests, target: '≥ 1', met: r.digests > 0 });
      report.check({ item: 12, figure: figure('mails received before the kill'), value: r.receivedBeforeKill, target: `< ${r.queued}`, met: r.leftUnsentAtKill > 0 });
      report.check({ item: 12, figure: figure('mails delivered'), value: r.delivered, target: `${r.queued}, none unknown`, met: r.delivered === r.queued && r.unknown.length === 0 });
      report.check({ item: 12, figure: figure('mails lost'), value: r.lost.length, target: '0', met: r.lost.length === 0 });
      report.check({
        item: 12,
        figure: figure('mails duplicated'),
        value: r.duplicated.length,
        baseline: `${r.inFlightAtKill.length} in flight at the kill`,
        target: `≤ ${IN_FLIGHT_MAX}, each in flight at the kill, twice at most`,
        met: duplicatesInFlight && r.inFlightAtKill.length <= IN_FLIGHT_MAX,
      });
    } finally {
      await stack.stop();
    }
  } finally {
    await stopMaildev();
  }
}
