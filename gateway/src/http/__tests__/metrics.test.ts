import request from 'supertest';
import { buildTestApp, GQL_HEADERS, type TestApp } from '../../../test/app';
import { testDatabaseUrl, withClient } from '../../../test/database';
import { startJobs, type PgBoss } from '../../jobs';
import { createLogger } from '../../shared/logger';
import { trackDatabasePool, trackJobQueue } from '../metrics';
import { startMetricsServer, type MetricsServer } from '../metrics-server';

/** The value of one sample line of the scrape, e.g. `embark_x_total{a="b"}`; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics on its own port', () => {
  let t: TestApp;
  let metrics: MetricsServer;
  let boss: PgBoss;
  const schema = `pgboss_metrics_${process.pid}`;
  const scrape = async (): Promise<string> => {
    const res = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };

  beforeAll(async () => {
    // A low per-account limit, so the second wrong password is over it.
    t = await buildTestApp({ env: { RATE_LIMIT_LOGIN_ACCOUNT_MAX: '1' } });
    trackDatabasePool(() => (t.dataSource.driver as unknown as { master: { totalCount: number; idleCount: number; waitingCount: number } }).master);
    boss = await startJobs({ url: testDatabaseUrl(), logger: createLogger('silent'), schema, schedule: false });
    trackJobQueue(boss);
    metrics = await startMetricsServer({ port: 0, host: '127.0.0.1', logger: createLogger('silent') });
  });

  afterAll(async () => {
    await metrics?.close();
    await boss?.stop({ graceful: false, wait: true });
    await withClient(testDatabaseUrl(), (c) => c.query(`drop schema if exists ${c.escapeIdentifier(schema)} cascade`));
    await t?.close();
  });

  it('times REST requests by route template, never by the raw path, and counts errors by status', async () => {
    await request(t.app).get('/api/roles').expect(200);
    const token = 'Yx3_9aQ-kL0pZr7Tn2Wv5Bc8Hd1Jf4Gm6Ns0Qe2Ru9';
    await request(t.app).get(`/api/invitations/${token}`).expect(404);
    await request(t.app).get('/api/no-such-thing').expect(404);
    const text = await scrape();
    expect(sample(text, 'embark_http_request_duration_seconds_count{method="GET",route="/api/roles",status_code="200"}')).toBe(1);
    // An error answer still carries its route's template (the token never becomes a label).
    expect(sample(text, 'embark_http_request_duration_seconds_count{method="GET",route="/api/invitations/:token",status_code="404"}')).toBe(1);
    expect(sample(text, 'embark_http_request_duration_seconds_count{method="GET",route="unknown",status_code="404"}')).toBe(1);
    expect(text).not.toContain(token);
    expect(text).not.toContain('no-such-thing');
    expect(sample(text, 'embark_http_errors_total{status_code="404"}')).toBe(2);
    expect(text).toContain('embark_http_request_duration_seconds_bucket{le="0.1",method="GET",route="/api/roles",status_code="200"}');
  });

  it('times GraphQL operations by operation name, and unnamed ones as unknown', async () => {
    await request(t.app).post('/graphql').set(GQL_HEADERS).send({ query: 'query MetricsRoles { roles { id } }' }).expect(200);
    await request(t.app).post('/graphql').set(GQL_HEADERS).send({ query: '{ roles { id } }' }).expect(200);
    const me = await request(t.app).post('/graphql').set(GQL_HEADERS).send({ query: 'query MetricsMe { me { id } }' }).expect(200);
    const text = await scrape();
    expect(sample(text, 'embark_graphql_operation_duration_seconds_count{operation="MetricsRoles",type="query"}')).toBe(1);
    expect(sample(text, 'embark_graphql_operation_duration_seconds_count{operation="unknown",type="query"}')).toBe(1);
    expect(sample(text, 'embark_http_request_duration_seconds_count{method="POST",route="/graphql",status_code="200"}')).toBe(3);
    const code = (me.body as { errors?: { extensions?: { code?: string } }[] }).errors?.[0]?.extensions?.code;
    expect(code).toBe('UNAUTHENTICATED');
    expect(sample(text, 'embark_graphql_errors_total{operation="MetricsMe",code="UNAUTHENTICATED"}')).toBe(1);
  });

  it('counts refused sign-ins by reason and attempts past a rate limit by limit', async () => {
    const email = `metrics-${process.pid}-${Date.now()}@example.com`;
    await request(t.app).post('/api/auth/login').send({ email, password: 'Wrong12345' }).expect(401);
    await request(t.app).post('/api/auth/login').send({ email, password: 'Wrong12345' }).expect(429);
    const text = await scrape();
    expect(sample(text, 'embark_sign_in_failures_total{reason="unknown_email"}')).toBe(1);
    expect(sample(text, 'embark_rate_limit_hits_total{limit="login:acct"}')).toBe(1);
  });

  it('reads the database pool and the job queue depth at scrape time, and counts failed jobs', async () => {
    await boss.createQueue('metrics-waiting');
    await boss.send('metrics-waiting', { n: 1 });
    await boss.send('metrics-waiting', { n: 2 });
    await boss.createQueue('metrics-failing', { name: 'metrics-failing', retryLimit: 0 });
    await boss.work('metrics-failing', { pollingIntervalSeconds: 0.5 }, () => Promise.reject(new Error('handler failed')));
    await boss.send('metrics-failing', {});
    let text = await scrape();
    for (let waited = 0; sample(text, 'embark_job_failures_total{queue="metrics-failing"}') === undefined && waited < 10_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      text = await scrape();
    }
    expect(sample(text, 'embark_job_failures_total{queue="metrics-failing"}')).toBe(1);
    expect(sample(text, 'embark_job_queue_depth{queue="metrics-waiting"}')).toBe(2);
    expect(sample(text, 'embark_db_pool_clients{state="total"}')).toBeGreaterThanOrEqual(1);
    for (const state of ['idle', 'in_use', 'waiting']) expect(sample(text, `embark_db_pool_clients{state="${state}"}`)).toBeGreaterThanOrEqual(0);
    // Process metrics (prom-client's defaults) and the mail counters' families.
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(text).toContain('# TYPE embark_mail_sent_total counter');
    expect(text).toContain('# TYPE embark_mail_failed_total counter');
  });

  it('answers without the queue depths while the queues cannot be read (the database down or stuck)', async () => {
    try {
      trackJobQueue({ getQueues: () => Promise.reject(new Error('connect ECONNREFUSED')), getQueueSize: () => Promise.resolve(0) });
      let text = await scrape();
      expect(text).not.toMatch(/^embark_job_queue_depth\{/m);
      expect(sample(text, 'embark_db_pool_clients{state="total"}')).toBeGreaterThanOrEqual(1);
      // A read that never answers: the scrape waits for it at most QUEUE_DEPTH_TIMEOUT_MS.
      trackJobQueue({ getQueues: () => new Promise(() => undefined), getQueueSize: () => Promise.resolve(0) });
      text = await scrape();
      expect(text).not.toMatch(/^embark_job_queue_depth\{/m);
      expect(text).toContain('# TYPE embark_http_errors_total counter');
    } finally {
      trackJobQueue(boss);
    }
  });

  it('is not served by the app, and the metrics port serves nothing else', async () => {
    const onApp = await request(t.app).get('/metrics').expect(404);
    expect(onApp.text).not.toContain('embark_http_request_duration_seconds');
    const other = await fetch(`http://127.0.0.1:${metrics.port}/api/roles`);
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain('embark_');
  });
});
