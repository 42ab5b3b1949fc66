// autocannon, driven programmatically: rotating requests (one per signed-in user, round robin
// across all connections), a discarded warm-up, and every response's latency kept at
// sub-millisecond resolution (autocannon's own histogram rounds to whole milliseconds).
import autocannon from 'autocannon';
import { quantile, round } from './stats.mjs';

/**
 * @param {{
 *   base: string, connections: number, durationS: number, warmupS?: number, method?: string,
 *   next: () => { path: string, headers?: Record<string, string>, body?: string },
 *   graphql?: boolean,
 * }} options `next()` builds each request; `graphql`: a 200 carrying `errors` counts as an error
 */
export async function runLoad({ base, connections, durationS, warmupS = 2, method = 'GET', next, graphql = false }) {
  const once = (duration, record) => new Promise((resolve, reject) => {
    const latencies = [];
    let graphqlErrors = 0;
    const instance = autocannon({
      url: base,
      connections,
      duration,
      timeout: 10,
      requests: [{
        method,
        setupRequest(request) {
          const r = next();
          return { ...request, method, path: r.path, headers: { ...(r.body ? { 'content-type': 'application/json' } : {}), ...r.headers }, body: r.body };
        },
        ...(graphql ? { onResponse(status, body) { if (status === 200 && body.includes('"errors"')) graphqlErrors++; } } : {}),
      }],
    }, (err, result) => (err ? reject(err) : resolve({ result, latencies, graphqlErrors })));
    if (record) instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
  if (warmupS > 0) await once(warmupS, false);
  const { result, latencies, graphqlErrors } = await once(durationS, true);
  const seconds = (new Date(result.finish) - new Date(result.start)) / 1000;
  return summarize({ result, latencies, graphqlErrors, seconds, connections });
}

function summarize({ result, latencies, graphqlErrors, seconds, connections }) {
  const ok = result['2xx'] - graphqlErrors;
  return {
    connections,
    seconds: round(seconds),
    requests: latencies.length,
    rps: round(ok / seconds),
    p50: round(quantile(latencies, 0.5)),
    p95: round(quantile(latencies, 0.95)),
    p99: round(quantile(latencies, 0.99)),
    max: round(latencies.reduce((m, x) => (x > m ? x : m), 0)),
    non2xx: result.non2xx,
    socketErrors: result.errors,
    timeouts: result.timeouts,
    graphqlErrors,
    errors: result.non2xx + result.errors + result.timeouts + graphqlErrors,
    latencies,
  };
}

/** Several runs of the same target as one: requests/s averaged over the total time, percentiles over every response. */
export function combine(runs) {
  const latencies = runs.flatMap((r) => r.latencies);
  const seconds = runs.reduce((n, r) => n + r.seconds, 0);
  const ok = runs.reduce((n, r) => n + r.rps * r.seconds, 0);
  const sum = (k) => runs.reduce((n, r) => n + r[k], 0);
  return {
    connections: runs[0].connections,
    seconds: round(seconds),
    requests: latencies.length,
    rps: round(ok / seconds),
    rpsPerRun: runs.map((r) => r.rps),
    p50: round(quantile(latencies, 0.5)),
    p95: round(quantile(latencies, 0.95)),
    p99: round(quantile(latencies, 0.99)),
    max: round(latencies.reduce((m, x) => (x > m ? x : m), 0)),
    non2xx: sum('non2xx'),
    socketErrors: sum('socketErrors'),
    timeouts: sum('timeouts'),
    graphqlErrors: sum('graphqlErrors'),
    errors: sum('errors'),
  };
}

/** Round-robin over `items`, shared by every connection. */
export function rotate(items, build) {
  let i = 0;
  return () => build(items[i++ % items.length]);
}
