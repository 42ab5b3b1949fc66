// Benchmark 1 (README, "Benchmarks"), the gateway against the floor: a seeded data set (1,000 users × 40 checklist
// items, progress rows on half of each user's items), 200 users signed in through the real
// login API and rotated across requests, and in the same run a bare node:http + pg server
// running the same SQL (floor-server.mjs). Both answer the same autocannon request streams,
// alternated in rounds so a burst of noise on this shared machine hits both.
import { startGateway, withClient } from './lib/cluster.mjs';
import { firstDifference } from './lib/compare.mjs';
import { combine, rotate, runLoad } from './lib/load.mjs';
import { median, round } from './lib/stats.mjs';
import { table, verdict } from './lib/report.mjs';
import { startFloorServer } from './floor-server.mjs';
import { checklistPath, DASHBOARD_BODY } from './queries.mjs';
import { benchEmail, CHEAP_ARGON2, passwordHash, seedChecklistData, settle, signInMany } from './seed.mjs';

export const DATASET = { users: 1000, items: 40, progressItems: 20, completedItems: 14, sessions: 200 };
export const TARGETS = { restRatio: 0.6, graphqlRatio: 0.5, p99Ms: 50, connections: 20 };

/** Database, gateway (production mode), data set and signed-in sessions. */
export async function prepareGatewayDataset({ cluster, dataDir, port }) {
  const url = await cluster.createDatabase('bench_gateway');
  const gateway = await startGateway({ port, databaseUrl: url, dataDir });
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
  return { url, gateway, sessions, seeded };
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

export async function benchGatewayVsFloor({ report, ctx, floorPort, durationS, rounds }) {
  const floor = await startFloorServer({ databaseUrl: ctx.url, port: floorPort });
  try {
    const differences = await sameAnswers(ctx.gateway.base, floor.base, ctx.sessions.slice(0, 5));
    for (const d of differences.slice(0, 5)) report.note(`floor and gateway answers differ: ${d}`);
    const targets = {
      floorRest: { base: floor.base, method: 'GET', build: restRequest },
      gatewayRest: { base: ctx.gateway.base, method: 'GET', build: restRequest },
      floorGraphql: { base: floor.base, method: 'POST', build: graphqlRequest, graphql: true },
      gatewayGraphql: { base: ctx.gateway.base, method: 'POST', build: graphqlRequest, graphql: true },
    };
    const runs = Object.fromEntries(Object.keys(targets).map((k) => [k, []]));
    for (let round = 0; round < rounds; round++) {
      for (const [key, t] of Object.entries(targets)) {
        const r = await runLoad({ base: t.base, method: t.method, connections: TARGETS.connections, durationS, warmupS: round === 0 ? 2 : 0, next: rotate(ctx.sessions, t.build), graphql: t.graphql });
        console.info(`  round ${round + 1} ${key}: ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}`);
        runs[key].push(r);
      }
    }
    const m = Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, combine(v)]));
    // Each round's gateway run is paired with the floor run just before it (seconds apart, under the
    // same background load); the headline is the median of those paired ratios, which a burst of
    // load from other work on the machine moves far less than a ratio of pooled totals.
    const paired = (g, f) => runs[g].map((r, i) => round(r.rps / runs[f][i].rps));
    const restRounds = paired('gatewayRest', 'floorRest');
    const gqlRounds = paired('gatewayGraphql', 'floorGraphql');
    const rest = { rps: round(median(restRounds)), rounds: restRounds, pooled: round(m.gatewayRest.rps / m.floorRest.rps), p50: round(m.gatewayRest.p50 / m.floorRest.p50), p99: round(m.gatewayRest.p99 / m.floorRest.p99) };
    const gql = { rps: round(median(gqlRounds)), rounds: gqlRounds, pooled: round(m.gatewayGraphql.rps / m.floorGraphql.rps), p50: round(m.gatewayGraphql.p50 / m.floorGraphql.p50), p99: round(m.gatewayGraphql.p99 / m.floorGraphql.p99) };

    console.info(`\n### 1. Gateway vs the floor (${TARGETS.connections} connections, ${rounds} × ${durationS} s per target, ${ctx.sessions.length} users rotated)\n`);
    table(['server', 'operation', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'req/s × floor', 'target', 'met'], [
      ['floor', 'REST checklist', m.floorRest.rps, m.floorRest.p50, m.floorRest.p99, m.floorRest.errors, '1 (baseline)', '', ''],
      ['gateway', 'REST checklist', m.gatewayRest.rps, m.gatewayRest.p50, m.gatewayRest.p99, m.gatewayRest.errors, rest.rps, `≥ ${TARGETS.restRatio}`, verdict(rest.rps >= TARGETS.restRatio)],
      ['floor', 'GraphQL dashboard', m.floorGraphql.rps, m.floorGraphql.p50, m.floorGraphql.p99, m.floorGraphql.errors, '1 (baseline)', '', ''],
      ['gateway', 'GraphQL dashboard', m.gatewayGraphql.rps, m.gatewayGraphql.p50, m.gatewayGraphql.p99, m.gatewayGraphql.errors, gql.rps, `≥ ${TARGETS.graphqlRatio}`, verdict(gql.rps >= TARGETS.graphqlRatio)],
    ]);
    console.info(`\nreq/s × floor: median of the ${rounds} paired rounds (REST ${restRounds.join(', ')}; GraphQL ${gqlRounds.join(', ')}); pooled over all rounds: REST ${rest.pooled}, GraphQL ${gql.pooled}`);
    console.info(`p50 × floor: REST ${rest.p50}, GraphQL ${gql.p50}; p99 × floor: REST ${rest.p99}, GraphQL ${gql.p99}`);
    console.info(`same JSON from both servers (5 users × 2 operations): ${differences.length === 0 ? 'yes' : `NO (${differences.length} differences)`}`);

    const gatewayErrors = m.gatewayRest.errors + m.gatewayGraphql.errors;
    report.check({ item: 1, figure: `REST checklist req/s, gateway ÷ floor (${m.gatewayRest.rps} vs ${m.floorRest.rps})`, value: rest.rps, unit: '×', target: `≥ ${TARGETS.restRatio}×`, met: rest.rps >= TARGETS.restRatio });
    report.check({ item: 1, figure: `GraphQL dashboard req/s, gateway ÷ floor (${m.gatewayGraphql.rps} vs ${m.floorGraphql.rps})`, value: gql.rps, unit: '×', target: `≥ ${TARGETS.graphqlRatio}×`, met: gql.rps >= TARGETS.graphqlRatio });
    report.check({ item: 1, figure: `REST checklist p99 at ${TARGETS.connections} connections (floor ${m.floorRest.p99} ms)`, value: m.gatewayRest.p99, unit: 'ms', target: `≤ ${TARGETS.p99Ms} ms`, met: m.gatewayRest.p99 <= TARGETS.p99Ms });
    report.check({ item: 1, figure: `GraphQL dashboard p99 at ${TARGETS.connections} connections (floor ${m.floorGraphql.p99} ms)`, value: m.gatewayGraphql.p99, unit: 'ms', target: `≤ ${TARGETS.p99Ms} ms`, met: m.gatewayGraphql.p99 <= TARGETS.p99Ms });
    report.check({ item: 1, figure: 'gateway errors (non-2xx, socket, timeouts, GraphQL errors)', value: gatewayErrors, target: '0', met: gatewayErrors === 0 });
    report.check({ item: 1, figure: 'floor and gateway answer the same JSON', value: differences.length === 0 ? 'yes' : 'no', target: 'yes', met: differences.length === 0 });
    report.section('gatewayVsFloor', { dataset: { ...DATASET, progressRows: ctx.seeded.progressRows }, connections: TARGETS.connections, durationS, rounds, floorHasDocuments: floor.documents, results: m, ratios: { rest, graphql: gql }, differences });
  } finally {
    await floor.stop();
  }
}
