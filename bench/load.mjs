// Benchmark 11 (docs/performance.md), load: the employee journey of the resilience suite
// (resilience/lib/journey.mjs: sign in, dashboard, complete a task, a journal entry, notifications) with
// 1,000 employees for 60 s, and in the same run, on the same gateway, with 200 as its baseline. Reports
// errors, p99 and the throughput ratio, and checks every acknowledged write was stored.
//
// Both runs pause LOAD.thinkMs between an employee's steps, and arrivals spread over the first half of the
// run (docs/performance.md, benchmark 11, says why): the resilience test's brisk 250 ms pace already takes
// about all two cores give at 200 employees, and 1,000 sign-ins in its first 10 s outrun argon2 on two cores.
//
//   BENCH_LOAD_EMPLOYEES=n  BENCH_LOAD_BASELINE_EMPLOYEES=n  BENCH_LOAD_DURATION_MS=ms  BENCH_LOAD_THINK_MS=ms   (1,000, 200, 60,000, 3,000)
import fs from 'node:fs';
import { checkJourneyWrites, describeJourney, journeyGatewayEnv, registerJourneyEmployees, runJourney } from '../resilience/lib/journey.mjs';
import { database, startGateway, tally } from '../resilience/stack.mjs';
import { track } from './lib/cleanup.mjs';
import { ratio, round } from './lib/stats.mjs';

export const LOAD = { employees: 1000, baselineEmployees: 200, durationMs: 60_000, thinkMs: 3000, arrivalShare: 0.5 };

export async function benchLoad({ report, ports, dataDir }) {
  const employees = Number(process.env.BENCH_LOAD_EMPLOYEES || LOAD.employees);
  const baselineEmployees = Number(process.env.BENCH_LOAD_BASELINE_EMPLOYEES || LOAD.baselineEmployees);
  const durationMs = Number(process.env.BENCH_LOAD_DURATION_MS || LOAD.durationMs);
  const thinkMs = Number(process.env.BENCH_LOAD_THINK_MS || LOAD.thinkMs);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const db = database({ dataDir, port: ports.pg });
  await db.start();
  const stopDb = track('load PostgreSQL', () => db.stop());
  let stopGateway = async () => {};
  try {
    const gateway = await startGateway({ port: ports.gateway, databaseUrl: db.url, dataDir, env: journeyGatewayEnv(employees + baselineEmployees) });
    stopGateway = track('load gateway', () => gateway.stop());
    const run = Date.now().toString(36);
    // The baseline first: the larger run then works on a database the baseline has grown, which can only slow it.
    const measured = {};
    for (const [name, count] of [['baseline', baselineEmployees], ['load', employees]]) {
      const started = Date.now();
      const accounts = await registerJourneyEmployees(gateway.base, `bench-${name}-${run}`, count);
      console.info(`  ${count} employees registered in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      const journey = await runJourney({ base: gateway.base, accounts, durationMs, thinkMs, arrivalShare: LOAD.arrivalShare });
      console.info(describeJourney(journey));
      for (const f of journey.failures.slice(0, 5)) console.info(`  error: ${f.step} → ${f.status}: ${f.text.slice(0, 160)}`);
      const stored = await checkJourneyWrites(db.url, accounts, journey);
      measured[name] = { journey, stored };
    }

    const summary = ({ journey, stored }) => ({
      employees: journey.employees,
      seconds: round(journey.seconds),
      requests: journey.requests,
      throughput: round(journey.throughput),
      p50: journey.p50,
      p99: journey.p99,
      errors: journey.failures.length,
      errorsByStatus: Object.fromEntries(tally(journey.failures.map((f) => `${f.step} ${f.status}`))),
      steps: journey.steps,
      journalAcknowledged: journey.journalWrites.length,
      journalLost: stored.journalLost,
      progressLost: stored.progressLost.length,
    });
    const base = summary(measured.baseline);
    const load = summary(measured.load);
    const throughputRatio = round(ratio(load.throughput, base.throughput));
    report.section('load', { durationMs, thinkMs, baseline: base, load, throughputRatio });

    const n = (x) => x.toLocaleString('en-US');
    report.check({ item: 11, figure: `load: errors, ${n(employees)} employees, a step every ${n(thinkMs)} ms, arriving over ${n((durationMs * LOAD.arrivalShare) / 1000)} s`, value: load.errors, target: '0', met: load.errors === 0 });
    report.check({ item: 11, figure: `load: errors, ${n(baselineEmployees)} employees (baseline)`, value: base.errors, target: '0', met: base.errors === 0 });
    report.check({ item: 11, figure: `load: p99, ${n(employees)} employees`, value: load.p99, unit: 'ms', baseline: `${base.p99} ms with ${n(baselineEmployees)}` });
    report.check({ item: 11, figure: `load: p99 × the ${n(baselineEmployees)}-employee run`, value: round(ratio(load.p99, base.p99)) });
    // 5× the employees at the same think time: 5 would be a gateway with room to spare, 1 one saturated at both sizes.
    report.check({ item: 11, figure: `load: throughput ${n(employees)} ÷ ${n(baselineEmployees)} employees`, value: throughputRatio, baseline: `${base.throughput} answered/s` });
    const lost = load.journalLost + load.progressLost + base.journalLost + base.progressLost;
    report.check({ item: 11, figure: 'load: acknowledged writes not stored', value: lost, target: '0', met: lost === 0 });
  } finally {
    await stopGateway();
    await stopDb();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
