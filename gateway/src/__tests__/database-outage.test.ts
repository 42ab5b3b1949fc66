import request from 'supertest';
import { createDataSource } from '../db/data-source';
import { buildTestApp, captureLogger, GQL_HEADERS, type TestApp } from '../../test/app';
import { testDatabaseUrl } from '../../test/database';
import { TcpProxy } from '../../test/tcp-proxy';

/*
 * A PostgreSQL outage must not crash the gateway (docs/product.md#errors); requests fail with
 * a clean 503, /readyz reflects it, and the pool recovers when the server returns.
 */
describe('database outage', () => {
  let proxy: TcpProxy;
  let t: TestApp;

  beforeAll(async () => {
    const target = new URL(testDatabaseUrl());
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    const port = await proxy.start();
    const viaProxy = new URL(target.toString());
    viaProxy.port = String(port);
    t = await buildTestApp({ url: viaProxy.toString() });
  });

  afterAll(async () => {
    await t.close();
    await proxy.cut();
  });

  it('serves normally while the database is up', async () => {
    await request(t.app).get('/readyz').expect(200, { status: 'ready' });
    await request(t.app).get('/api/roles').expect(200);
  });

  it('answers 503 everywhere while the database is gone, without crashing', async () => {
    await proxy.cut();

    const ready = await request(t.app).get('/readyz').expect(503);
    expect(ready.body).toEqual({ status: 'unavailable', error: 'Database unavailable' });

    const rest = await request(t.app).get('/api/roles').expect(503);
    expect(rest.body).toEqual({ error: 'Service temporarily unavailable' });
    expect(rest.headers['retry-after']).toBeDefined();

    const gql = await request(t.app).post('/graphql').set(GQL_HEADERS).send({ query: '{ roles { id } }' }).expect(503);
    expect(gql.headers['retry-after']).toBeDefined();
    expect(gql.body.errors[0]).toMatchObject({ message: 'Service temporarily unavailable', extensions: { code: 'SERVICE_UNAVAILABLE' } });

    // Still alive: the liveness probe does not depend on the database.
    await request(t.app).get('/healthz').expect(200);
    // Idle pooled connections were reset: the pool reported it to our handler instead of crashing the process.
    expect(t.records.some((r) => r.msg.startsWith('database pool error'))).toBe(true);
    // Outages are operational, not bugs: no "unexpected error" noise.
    expect(t.records.some((r) => r.level === 'error')).toBe(false);
  });

  it('recovers once the database is back', async () => {
    await proxy.start(proxy.port);
    await request(t.app).get('/readyz').expect(200, { status: 'ready' });
    const res = await request(t.app).get('/api/roles').expect(200);
    expect(res.body.length).toBeGreaterThan(0);
  });
});

describe('/readyz with an unreachable database', () => {
  it('answers 503 when the data source could never connect', async () => {
    const { logger } = captureLogger();
    // Port 1 on loopback: nothing listens there, so connecting is refused at once.
    const dataSource = createDataSource({ url: 'postgres://nobody:nothing@127.0.0.1:1/none', poolMax: 1, logger, connectTimeoutMs: 1_000 });
    await expect(dataSource.initialize()).rejects.toThrow();
    const t = await buildTestApp({ dataSource, initialize: false });
    try {
      const res = await request(t.app).get('/readyz').expect(503);
      expect(res.body).toEqual({ status: 'unavailable', error: 'Database unavailable' });
    } finally {
      await t.close();
    }
  });
});
