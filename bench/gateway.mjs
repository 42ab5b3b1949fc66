// Benchmark 1 (docs/performance.md), the gateway against the floor: a seeded data set (1,000 users × 40 checklist
// items, progress rows on half of each user's items), 200 users signed in through the real
// login API and rotated across requests, and in the same run a bare node:http + pg server
// running the same named statements on a pool of the same size (floor-server.mjs). Both answer
// the same autocannon request streams, alternated in rounds so a burst of noise on this shared
// machine hits both.
//
// A gateway faster than its floor means the floor is missing something the gateway has: the
// run then warns and fails (the phase throws, so `node bench/run.mjs` exits non-zero).
//
//   BENCH_CPU_PROF=<dir>              run the gateway under --cpu-prof, print its top self-time frames
//   BENCH_OPERATIONS=rest|graphql     load only one of the two operations (both by default)
import fs from 'node:fs';
import path from 'node:path';
import { startGateway, withClient } from './lib/cluster.mjs';
import { firstDifference } from './lib/compare.mjs';
import { combine, rotate, runLoad } from './lib/load.mjs';
import { median, round } from './lib/stats.mjs';
import { newestProfile, topSelfTime } from './lib/profile.mjs';
import { table, verdict } from './lib/report.mjs';
import { clusterCpuMs, processCpuMs } from './lib/cpu.mjs';
import { FLOOR_STATEMENTS, spawnFloorServer } from './floor-server.mjs';
import { checklistPath, DASHBOARD_BODY } from './queries.mjs';
import { benchEmail, CHEAP_ARGON2, passwordHash, seedChecklistData, settle, signInMany } from './seed.mjs';

export const DATASET = { users: 1000, items: 40, progressItems: 20, completedItems: 14, sessions: 200 };
/** req/s × floor (median of paired rounds), p99 × the floor's p99 (pooled over the rounds). */
export const TARGETS = { restRatio: 0.8, graphqlRatio: 0.7, p99Ratio: 1.5, connections: 20 };
/** DATABASE_POOL_MAX of the gateway, and the floor's pool: the same on both sides. */
export const POOL_MAX = 10;

const cpuProfileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;
const operations = (process.env.BENCH_OPERATIONS || 'rest,graphql').split(',').map((o) => o.trim());

/** Database, gateway (production mode), data set and signed-in sessions. */
export async function prepareGatewayDataset({ cluster, dataDir, port }) {
  const url = await cluster.createDatabase('bench_gateway');
  if (cpuProfileDir) fs.mkdirSync(cpuProfileDir, { recursive: true });
  const gateway = await startGateway({
    port, databaseUrl: url, dataDir, env: { DATABASE_POOL_MAX: String(POOL_MAX) },
    nodeArgs: cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [],
  });
  const hash = await passwordHash(CHEAP_ARGON2);
  const seeded = await withClient(url, async (client) => {
    const s = await seedChecklistData(client, { items: DATASET.items, lastUser: DATASET.users, progressItems: DATASET.progressItems, completedItems: DATASET.completedItems, hash });
    await settle(client);
    return s;
  });
  const step = DATASET.users / DATASET.sessions;
  const emails = Array.from({ length: DATASET.sessions }, (_, k) => benchEmail('bench', 1 + Math.floor(k * step)));
  const sessions = await signInMany(gateway.base, emails);
  console.info(`  data set: ${DATASET.users} users × ${DATASET.items} items, ${seeded.progressRows} progress rows (${seeded.seconds.toFixed(1)} s); ${sessions.length} users signed in`);
  return { url, gateway, sessions, seeded, clusterDir: cluster.clusterDir };
}

const restRequest = (s) => ({ path: checklistPath(s.userId), headers: { authorization: `Bearer ${s.token}` } });
const graphqlRequest = (s) => ({ path: '/graphql', headers: { authorization: `Bearer ${s.token}` }, body: DASHBOARD_BODY });

/** Both servers must answer the same JSON for the same users, or the comparison means nothing. */
async function sameAnswers(gatewayBase, floorBase, sessions) {
  const differences = [];
  for (const s of sessions) {
    for (const [name, build, method] of [['REST', restRequest, 'GET'], ['GraphQL', graphqlRequest, 'POST']]) {
      const r = build(s);
      const init = { method, headers: { ...r.headers, ...(r.body ? { 'content-type': 'application/json' } : {}) }, body: r.body };
      const [g, f] = await Promise.all([fetch(gatewayBase + r.path, init), fetch(floorBase + r.path, init)]);
      const [gj, fj] = [await g.json(), await f.json()];
      const d = g.status !== f.status ? `status ${g.status} ≠ ${f.status}` : firstDifference(gj, fj);
      if (d) differences.push(`${name} user ${s.userId}: ${d}`);
    }
  }
  return differences;
}

/** The pooled connections of the floor holding each of its named statements (pg_prepared_statements). */
async function floorStatements(floor) {
  const res = await fetch(`${floor.base}/__floor/statements`);
  if (!res.ok) throw new Error(`the floor's statement report answered ${res.status}`);
  return res.json();
}

export async function benchGatewayVsFloor({ report, ctx, floorPort, durationS, rounds }) {
  const floor = await spawnFloorServer({ databaseUrl: ctx.url, port: floorPort, poolMax: POOL_MAX });
  try {
    const differences = await sameAnswers(ctx.gateway.base, floor.base, ctx.sessions.slice(0, 5));
    for (const d of differences.slice(0, 5)) report.note(`floor and gateway answers differ: ${d}`);
    const ops = {
      rest: { label: 'REST checklist', method: 'GET', build: restRequest, target: TARGETS.restRatio },
      graphql: { label: 'GraphQL dashboard', method: 'POST', build: graphqlRequest, graphql: true, target: TARGETS.graphqlRatio },
    };
    const measured = Object.keys(ops).filter((op) => operations.includes(op));
    if (measured.length === 0) throw new Error(`BENCH_OPERATIONS must name rest and/or graphql, not ${operations.join(',')}`);
    const targets = {};
    for (const op of measured) {
      targets[`floor:${op}`] = { base: floor.base, pid: floor.pid, ...ops[op] };
      targets[`gateway:${op}`] = { base: ctx.gateway.base, pid: ctx.gateway.child.pid, ...ops[op] };
    }
    const runs = Object.fromEntries(Object.keys(targets).map((k) => [k, []]));
    let statements;
    for (let k = 0; k < rounds; k++) {
      for (const [key, t] of Object.entries(targets)) {
        const load = { base: t.base, method: t.method, connections: TARGETS.connections, next: rotate(ctx.sessions, t.build), graphql: t.graphql, warmupS: 0 };
        if (k === 0) await runLoad({ ...load, durationS: 2 });
        // CPU per answered request: the server's process, and the PostgreSQL cluster it drives.
        const cpuBefore = { server: processCpuMs(t.pid), db: clusterCpuMs(ctx.clusterDir) };
        const r = await runLoad({ ...load, durationS });
        r.cpuMsPerRequest = { server: round((processCpuMs(t.pid) - cpuBefore.server) / r.requests), db: round((clusterCpuMs(ctx.clusterDir) - cpuBefore.db) / r.requests) };
        console.info(`  round ${k + 1} ${key}: ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}; CPU per request: server ${r.cpuMsPerRequest.server} ms, PostgreSQL ${r.cpuMsPerRequest.db} ms`);
        runs[key].push(r);
        // Right after a floor run its pooled connections have served requests: each should hold the statements.
        if (key.startsWith('floor:')) {
          const now = await floorStatements(floor);
          // Each statement by the most connections seen holding it (an idle connection may have closed since).
          for (const [name, n] of Object.entries(statements?.connections ?? {})) now.connections[name] = Math.max(n, now.connections[name] ?? 0);
          statements = now;
        }
      }
    }
    const m = Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, {
      ...combine(v),
      cpuMsPerRequest: { server: round(median(v.map((r) => r.cpuMsPerRequest.server))), db: round(median(v.map((r) => r.cpuMsPerRequest.db))) },
    }]));
    // Each round's gateway run is paired with the floor run just before it (seconds apart, under the
    // same background load); the headline is the median of those paired ratios, which a burst of
    // load from other work on the machine moves far less than a ratio of pooled totals.
    const ratios = {};
    for (const op of measured) {
      const g = m[`gateway:${op}`];
      const f = m[`floor:${op}`];
      const perRound = runs[`gateway:${op}`].map((r, i) => round(r.rps / runs[`floor:${op}`][i].rps));
      ratios[op] = { rps: round(median(perRound)), rounds: perRound, pooled: round(g.rps / f.rps), p50: round(g.p50 / f.p50), p99: round(g.p99 / f.p99) };
    }

    console.info(`\n### 1. Gateway vs the floor (${TARGETS.connections} connections, pool ${POOL_MAX} on both, ${rounds} × ${durationS} s per target, ${ctx.sessions.length} users rotated)\n`);
    table(['server', 'operation', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'req/s × floor', 'p99 × floor', 'target', 'met'], measured.flatMap((op) => {
      const r = ratios[op];
      const met = r.rps >= ops[op].target && r.p99 <= TARGETS.p99Ratio;
      return [
        ['floor', ops[op].label, m[`floor:${op}`].rps, m[`floor:${op}`].p50, m[`floor:${op}`].p99, m[`floor:${op}`].errors, '1 (baseline)', '1', '', ''],
        ['gateway', ops[op].label, m[`gateway:${op}`].rps, m[`gateway:${op}`].p50, m[`gateway:${op}`].p99, m[`gateway:${op}`].errors, r.rps, r.p99, `≥ ${ops[op].target} · ≤ ${TARGETS.p99Ratio}`, verdict(met)],
      ];
    }));
    console.info(`\nreq/s × floor: median of the ${rounds} paired rounds (${measured.map((op) => `${ops[op].label} ${ratios[op].rounds.join(', ')}`).join('; ')}); pooled over all rounds: ${measured.map((op) => `${ops[op].label} ${ratios[op].pooled}`).join(', ')}`);
    console.info(`p50 × floor: ${measured.map((op) => `${ops[op].label} ${ratios[op].p50}`).join(', ')}; p99 × floor: ${measured.map((op) => `${ops[op].label} ${ratios[op].p99}`).join(', ')}`);
    for (const op of measured) {
      const [g, f] = [m[`gateway:${op}`].cpuMsPerRequest, m[`floor:${op}`].cpuMsPerRequest];
      console.info(`CPU per request, ${ops[op].label} (median of rounds): Node.js process gateway ${g.server} ms vs floor ${f.server} ms; PostgreSQL ${g.db} ms vs ${f.db} ms`);
    }
    console.info(`same JSON from both servers (5 users × 2 operations): ${differences.length === 0 ? 'yes' : `NO (${differences.length} differences)`}`);
    console.info(`floor's named statements (connections of ${statements.poolMax} holding each): ${Object.entries(statements.connections).map(([n, c]) => `${n} ${c}`).join(', ')}`);

    for (const op of measured) {
      const g = m[`gateway:${op}`];
      const f = m[`floor:${op}`];
      report.check({ item: 1, figure: `${ops[op].label} req/s, gateway ÷ floor (${g.rps} vs ${f.rps}; median of ${rounds} paired rounds)`, value: ratios[op].rps, unit: '×', target: `≥ ${ops[op].target}×`, met: ratios[op].rps >= ops[op].target });
      report.check({ item: 1, figure: `${ops[op].label} p99 at ${TARGETS.connections} connections, gateway ÷ floor (${g.p99} vs ${f.p99} ms)`, value: ratios[op].p99, unit: '×', target: `≤ ${TARGETS.p99Ratio}×`, met: ratios[op].p99 <= TARGETS.p99Ratio });
    }
    const count = (side) => measured.reduce((n, op) => n + m[`${side}:${op}`].errors, 0);
    report.check({ item: 1, figure: 'gateway errors (non-2xx, socket, timeouts, GraphQL errors)', value: count('gateway'), target: '0', met: count('gateway') === 0 });
    report.check({ item: 1, figure: 'floor errors (a failing floor is no baseline)', value: count('floor'), target: '0', met: count('floor') === 0 });
    report.check({ item: 1, figure: 'floor and gateway answer the same JSON', value: differences.length === 0 ? 'yes' : 'no', target: 'yes', met: differences.length === 0 });
    const unprepared = FLOOR_STATEMENTS.filter((n) => !(statements.connections[n] > 0) && (n !== 'embark_linked_documents' || measured.includes('rest')));
    report.check({ item: 1, figure: `floor runs named statements (${FLOOR_STATEMENTS.join(', ')}) on a pool of ${statements.poolMax}`, value: unprepared.length === 0 && statements.poolMax === POOL_MAX ? 'yes' : 'no', target: 'yes', met: unprepared.length === 0 && statements.poolMax === POOL_MAX });
    report.section('gatewayVsFloor', { dataset: { ...DATASET, progressRows: ctx.seeded.progressRows }, connections: TARGETS.connections, poolMax: POOL_MAX, durationS, rounds, operations: measured, floorStatements: statements, results: m, ratios, differences });

    // The floor must never lose: a gateway above 1.0× means the floor lacks an advantage the gateway has.
    const above = measured.filter((op) => ratios[op].rps > 1 || ratios[op].pooled > 1);
    for (const op of measured) {
      const beaten = ratios[op].rounds.filter((r) => r > 1);
      if (beaten.length && !above.includes(op)) report.note(`${ops[op].label}: the gateway out-ran the floor in ${beaten.length} round(s) (${beaten.join(', ')}×); noise, or a floor missing something`);
    }
    if (unprepared.length) throw new Error(`the floor's statements ${unprepared.join(', ')} are not prepared on any pooled connection: it is not an honest floor`);
    if (above.length) {
      const text = above.map((op) => `${ops[op].label} ${ratios[op].rps}× (pooled ${ratios[op].pooled}×)`).join(', ');
      console.warn(`\nWARNING: the gateway measured above its floor (${text}). The floor is missing something the gateway has; this run counts as failed.`);
      throw new Error(`gateway above the floor: ${text}`);
    }
  } finally {
    await floor.stop();
  }
}

/** With BENCH_CPU_PROF: the top self-time frames of the gateway's profile (written when it exits). */
export function reportCpuProfile(report) {
  if (!cpuProfileDir) return;
  const file = newestProfile(cpuProfileDir);
  if (!file) {
    report.note(`no CPU profile in ${cpuProfileDir}`);
    return;
  }
  const { totalMs, busyMs, top } = topSelfTime(file, 10);
  console.info(`\n### Gateway CPU profile: ${path.relative(process.cwd(), file)} (${busyMs} ms busy of ${totalMs} ms; load figures above are slowed by the profiler)\n`);
  table(['#', 'self ms', '% of busy', 'frame', 'where'], top.map((f, i) => [i + 1, f.selfMs, f.busyShare, `\`${f.frame}\``, f.where]));
  report.section('gatewayCpuProfile', { file, totalMs, busyMs, top });
}
