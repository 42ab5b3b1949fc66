import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { entities } from '../db/entities';
import { buildTestApp, expectNoStack, GQL_HEADERS, type TestApp } from '../../test/app';
import { testDatabaseUrl } from '../../test/database';

describe('HTTP surface', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('GET /healthz answers ok without touching the database', async () => {
    const res = await request(t.app).get('/healthz').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers ready when the database is reachable', async () => {
    const res = await request(t.app).get('/readyz').expect(200);
    expect(res.body).toEqual({ status: 'ready' });
  });

  it('rejects malformed JSON with 400 and a JSON error', async () => {
    for (const path of ['/api/roles', '/graphql']) {
      const res = await request(t.app).post(path).set('content-type', 'application/json').send('{"query": ').expect(400);
      expect(res.body).toEqual({ error: 'Malformed JSON body' });
    }
  });

  it('answers a path whose percent-encoding does not decode with 400, for anyone, without logging an error', async () => {
    for (const path of ['/api/auth/sessions/%E0%A4%A', '/api/users/%', '/api/admin/users/%zz/password-reset']) {
      const method = path.startsWith('/api/auth') ? 'delete' : path.endsWith('reset') ? 'post' : 'get';
      const res = await request(t.app)[method](path).expect(400);
      expect(res.body).toEqual({ error: 'Malformed URL' });
    }
    expect(t.records.filter((r) => r.msg === 'unhandled request error')).toEqual([]);
  });

  it('rejects bodies over 1 MB with 413', async () => {
    const big = JSON.stringify({ query: '{ roles { id } }', padding: 'x'.repeat(1024 * 1024) });
    const res = await request(t.app).post('/graphql').set(GQL_HEADERS).send(big).expect(413);
    expect(res.body).toEqual({ error: 'Request body too large' });
  });

  it('accepts a body just under the limit', async () => {
    const body = JSON.stringify({ query: '{ roles { id } }', variables: { padding: 'x'.repeat(1000 * 1000) } });
    await request(t.app).post('/graphql').set(GQL_HEADERS).send(body).expect(200);
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await request(t.app).get('/api/does-not-exist').expect(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ error: 'Not found' });
    await request(t.app).delete('/api/roles').expect(404, { error: 'Not found' });
  });

  it('answers other unknown paths with a JSON 404 as well', async () => {
    const res = await request(t.app).get('/nowhere').expect(404);
    expect(res.body).toEqual({ error: 'Not found' });
  });

  it('sends security headers and hides the framework', async () => {
    const res = await request(t.app).get('/api/roles').expect(200);
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['permissions-policy']).toBe(
      'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=()',
    );
  });

  it("sends the pages' Permissions-Policy, as scripts/lib/security-headers.mjs builds it", async () => {
    const pages = path.resolve(__dirname, '../../../scripts/lib/security-headers.mjs');
    // The module is ESM and this suite is CommonJS: a plain node reads it.
    const expected = execFileSync(process.execPath, [
      '--input-type=module',
      '-e',
      `import { remoteHeaders } from ${JSON.stringify(pathToFileURL(pages).href)}; process.stdout.write(remoteHeaders()['Permissions-Policy']);`,
    ]).toString();
    expect(expected).toContain('camera=()');
    const res = await request(t.app).get('/healthz').expect(200);
    expect(res.headers['permissions-policy']).toBe(expected);
  });

  it('logs each request with a request id, without the query string', async () => {
    // No trusted proxy (TRUST_PROXY unset): a client's own X-Request-Id is not taken; see request-log.test.ts for a proxy's.
    const res = await request(t.app).get('/api/roles?token=should-not-be-logged').set('x-request-id', 'req-123').expect(200);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const line = t.records.find((r) => r.msg === 'request' && r.requestId === id);
    expect(line).toMatchObject({ level: 'info', method: 'GET', path: '/api/roles', status: 200 });
    expect(JSON.stringify(t.records)).not.toContain('should-not-be-logged');
    expect(JSON.stringify(t.records)).not.toContain('req-123');
  });

  it('turns /readyz to 503 and closes connections once shutdown begins', async () => {
    const draining = await buildTestApp();
    try {
      draining.handle.beginShutdown();
      const res = await request(draining.app).get('/readyz').expect(503);
      expect(res.body).toEqual({ status: 'unavailable', error: 'Shutting down' });
      expect(res.headers.connection).toBe('close');
    } finally {
      await draining.close();
    }
  });
});

describe('unexpected errors', () => {
  // A data source whose queries fail with a genuine SQL error (relation does not
  // exist): stands in for any bug, and must never leak details.
  let t: TestApp;
  beforeAll(async () => {
    const broken = new DataSource({ type: 'postgres', url: testDatabaseUrl(), entities, schema: 'no_such_schema', poolSize: 1 });
    t = await buildTestApp({ dataSource: broken });
  });
  afterAll(() => t.close());

  it('REST: 500 with a generic message, logged server-side with the cause', async () => {
    const res = await request(t.app).get('/api/roles').expect(500);
    expect(res.body).toEqual({ error: 'Internal server error' });
    expectNoStack(res.body);
    const logged = t.records.find((r) => r.msg === 'unhandled request error');
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).toMatch(/no_such_schema/);
  });

  it('GraphQL: INTERNAL_SERVER_ERROR with a generic message and no stack', async () => {
    const res = await request(t.app).post('/graphql').set(GQL_HEADERS).send({ query: '{ roles { id } }' }).expect(200);
    expect(res.body.data).toBeNull();
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0]).toMatchObject({ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' }, path: ['roles'] });
    expectNoStack(res.body);
    // Filed under the request's id, so the line can be matched to the request line and the user's report.
    const logged = t.records.find((r) => r.msg === 'unexpected GraphQL error');
    expect(logged).toMatchObject({ requestId: res.headers['x-request-id'], path: ['roles'] });
    expect(JSON.stringify(logged)).toMatch(/no_such_schema/);
  });
});
