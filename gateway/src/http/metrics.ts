import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import type { Request, RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/*
 * Prometheus metrics (prom-client), served by http/metrics-server.ts on METRICS_PORT, never on
 * the app. Every label value comes from a bounded set: route templates, operation names (capped),
 * status codes, queue names and kinds our code defines. Anything else is `unknown`, so no client
 * can grow the series without limit. The README's Metrics section lists them.
 */

/** This process's metrics; its own registry, not prom-client's global one, so nothing registers in it by accident. */
export const metricsRegistry = new Registry();

const UNKNOWN = 'unknown';
const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const httpDuration = new Histogram({
  name: 'embark_http_request_duration_seconds',
  help: 'HTTP requests by method, route template (REST: express route, e.g. /api/users/:id) and status',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: SECONDS,
  registers: [metricsRegistry],
});

const httpErrors = new Counter({
  name: 'embark_http_errors_total',
  help: 'HTTP answers with a 4xx or 5xx status, by status',
  labelNames: ['status_code'] as const,
  registers: [metricsRegistry],
});

const graphqlDuration = new Histogram({
  name: 'embark_graphql_operation_duration_seconds',
  help: 'GraphQL operations by operation name and type (query, mutation)',
  labelNames: ['operation', 'type'] as const,
  buckets: SECONDS,
  registers: [metricsRegistry],
});

const graphqlErrors = new Counter({
  name: 'embark_graphql_errors_total',
  help: 'Errors in GraphQL answers, by operation name and error code',
  labelNames: ['operation', 'code'] as const,
  registers: [metricsRegistry],
});

const mailSent = new Counter({
  name: 'embark_mail_sent_total',
  help: 'Mails handed to the SMTP server, by kind',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

const mailFailed = new Counter({
  name: 'embark_mail_failed_total',
  help: 'Failed SMTP deliveries (each attempt; retried until the attempts run out), by kind',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

const signInFailures = new Counter({
  name: 'embark_sign_in_failures_total',
  help: 'Refused sign-ins (wrong password, unknown or inactive account, account changed during the check), by reason',
  labelNames: ['reason'] as const,
  registers: [metricsRegistry],
});

const rateLimitHits = new Counter({
  name: 'embark_rate_limit_hits_total',
  help: 'Attempts past a rate limit, by limit (login:acct, login:ip, register:ip, reset:ip, …)',
  labelNames: ['limit'] as const,
  registers: [metricsRegistry],
});

const jobFailures = new Counter({
  name: 'embark_job_failures_total',
  help: 'Background jobs whose handler failed (pg-boss retries them while retries remain), by queue',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});

const jobQueueErrors = new Counter({
  name: 'embark_job_queue_errors_total',
  help: "Errors pg-boss reported (lost connections, failed maintenance); it retries on its own",
  registers: [metricsRegistry],
});

// ---------------------------------------------------------------------------------------------
// Gauges read at scrape time from whatever this process registered (the app's pool, its job queue).

/** The parts of pg's Pool the gauges read. */
export interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** The part of pg-boss the queue gauge reads. */
export interface QueueSizes {
  getQueues(): Promise<{ name: string }[]>;
  getQueueSize(name: string): Promise<number | null>;
}

const sources: { pool?: () => PoolCounts | undefined; queue?: QueueSizes } = {};

new Gauge({
  name: 'embark_db_pool_clients',
  help: 'Database pool clients: total, in_use, idle, and waiting (requests queued for a client)',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    const pool = sources.pool?.();
    if (!pool) return;
    this.set({ state: 'total' }, pool.totalCount);
    this.set({ state: 'idle' }, pool.idleCount);
    this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
    this.set({ state: 'waiting' }, pool.waitingCount);
  },
});

/** How long a scrape waits for the queue depths before answering without them. */
export const QUEUE_DEPTH_TIMEOUT_MS = 2_000;

new Gauge({
  name: 'embark_job_queue_depth',
  help: 'Jobs waiting to be worked (created or due for retry), by queue',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    const queue = sources.queue;
    if (!queue) return;
    const depths = async (): Promise<Array<[string, number]>> => {
      // pg-boss's own bookkeeping queues start with `__`; ours are the rest, a handful our code creates.
      const names = (await queue.getQueues()).map((q) => q.name).filter((name) => !name.startsWith('__'));
      const sizes = await Promise.all(names.map((name) => queue.getQueueSize(name)));
      return names.map((name, i) => [name, sizes[i] ?? 0]);
    };
    // The queues live in PostgreSQL: while it is down or slow this gauge stays empty, and the scrape
    // still answers with everything else (the pool's waiting clients, the 503s) when they matter most.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), QUEUE_DEPTH_TIMEOUT_MS);
    });
    const read = await Promise.race([depths().catch(() => null), late]).finally(() => clearTimeout(timer));
    for (const [name, depth] of read ?? []) this.set({ queue: name }, depth);
  },
});

/** The gauges read this pool (pg's Pool behind the TypeORM data source). */
export function trackDatabasePool(read: () => PoolCounts | undefined): void {
  sources.pool = read;
}

/** The queue-depth gauge reads this pg-boss. */
export function trackJobQueue(queue: QueueSizes | undefined): void {
  sources.queue = queue;
}

// ---------------------------------------------------------------------------------------------
// Counters the modules call at the one place each event happens.

const LABEL = /^[A-Za-z0-9_:.-]{1,64}$/;
const safeLabel = (value: string): string => (LABEL.test(value) ? value : UNKNOWN);

export const countMailSent = (kind: string): void => mailSent.inc({ kind: safeLabel(kind) });
export const countMailFailed = (kind: string): void => mailFailed.inc({ kind: safeLabel(kind) });
/** Why a password step was refused; the README's metrics table lists the same. */
export type SignInFailureReason = 'unknown_email' | 'bad_password' | 'inactive' | 'changed_meanwhile';
export const countSignInFailure = (reason: SignInFailureReason): void => signInFailures.inc({ reason: safeLabel(reason) });
export const countJobFailure = (queue: string): void => jobFailures.inc({ queue: safeLabel(queue) });
export const countJobQueueError = (): void => jobQueueErrors.inc();

/** `bucket` is a rate-limit bucket (`login:acct:<hash>:<address>`); its first two parts name the limit. */
export function countRateLimitHit(bucket: string): void {
  rateLimitHits.inc({ limit: safeLabel(bucket.split(':', 2).join(':')) });
}

// ---------------------------------------------------------------------------------------------
// HTTP and GraphQL timing.

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The route template of a finished request: express's matched route under its mount point, the
 * mount point of a middleware app (/graphql), or `unknown` (no route matched: a 404).
 * `restBase` is where the REST routers are mounted: by the time an error answer finishes, express
 * has already restored `req.baseUrl` to the app's, so it is put back from the URL.
 */
function routeTemplate(req: Request, restBase: string): string {
  const routePath = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof routePath === 'string') {
    const base = req.baseUrl || (req.originalUrl.startsWith(`${restBase}/`) ? restBase : '');
    return base + routePath;
  }
  return req.baseUrl || UNKNOWN;
}

/** Times every request into the histogram and counts error answers. One `finish` listener, no allocation beyond the labels. */
export function httpMetrics(options: { restBase: string }): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const status = res.statusCode;
      httpDuration.observe({ method: METHODS.has(req.method) ? req.method : 'other', route: routeTemplate(req, options.restBase), status_code: status }, seconds);
      if (status >= 400) httpErrors.inc({ status_code: status });
    });
    next();
  };
}

/** Operation names come from clients: only identifiers, and at most this many distinct ones, become labels. */
const MAX_OPERATION_NAMES = 200;
const OPERATION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const operationNames = new Set<string>();

function operationLabel(name: string | null | undefined): string {
  if (!name || !OPERATION_NAME.test(name)) return UNKNOWN;
  if (operationNames.has(name)) return name;
  if (operationNames.size >= MAX_OPERATION_NAMES) return UNKNOWN;
  operationNames.add(name);
  return name;
}

/** Apollo plugin: each operation's duration by name and type, and the error codes in its answer. */
export function graphqlMetricsPlugin(): ApolloServerPlugin<BaseContext> {
  return {
    async requestDidStart() {
      const started = process.hrtime.bigint();
      return {
        async willSendResponse(ctx) {
          // Only an operation that parsed and validated has a name worth a label.
          const operation = ctx.operation ? operationLabel(ctx.operationName) : UNKNOWN;
          graphqlDuration.observe({ operation, type: ctx.operation?.operation ?? UNKNOWN }, Number(process.hrtime.bigint() - started) / 1e9);
          const body = ctx.response.body;
          const errors = body.kind === 'single' ? body.singleResult.errors : undefined;
          for (const error of errors ?? []) {
            const code = error.extensions?.code;
            graphqlErrors.inc({ operation, code: typeof code === 'string' ? safeLabel(code) : UNKNOWN });
          }
        },
      };
    },
  };
}
