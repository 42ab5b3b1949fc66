import request from 'supertest';
import { DataSource } from 'typeorm';
import { entities } from '../../db/entities';
import { buildTestApp, type TestApp } from '../../../test/app';
import { testDatabaseUrl } from '../../../test/database';
import { loggablePath } from '../request-log';

describe('loggablePath', () => {
  it('masks segments that look like link tokens and keeps ids, words and route names', () => {
    const token = 'Yx3_9aQ-kL0pZr7Tn2Wv5Bc8Hd1Jf4Gm6Ns0Qe2Ru9';
    expect(loggablePath(`/api/invitations/${token}`)).toBe('/api/invitations/:token');
    expect(loggablePath(`/api/invitations/${token}/accept`)).toBe('/api/invitations/:token/accept');
    expect(loggablePath(`/api/invitations/${'x'.repeat(500)}`)).toBe('/api/invitations/:token');
    expect(loggablePath('/api/admin/invitations/12345678901234567890123/resend')).toBe('/api/admin/invitations/12345678901234567890123/resend');
    expect(loggablePath('/api/admin/invitations/import')).toBe('/api/admin/invitations/import');
    expect(loggablePath('/api/user-checklist-items/user/7/item/3')).toBe('/api/user-checklist-items/user/7/item/3');
    expect(loggablePath('/')).toBe('/');
    // The query string is dropped whole: reset and invitation links may carry tokens there.
    expect(loggablePath('/api/documents?limit=5&token=abc')).toBe('/api/documents');
    expect(loggablePath(`/reset-password/${token}?next=%2Fapp`)).toBe('/reset-password/:token');
  });
});

describe('request lines', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The test client connects from loopback: here, a proxy the gateway trusts.
    t = await buildTestApp({ env: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(() => t.close());

  it("takes a trusted proxy's well-formed X-Request-Id, echoes it and files the line under it", async () => {
    const res = await request(t.app).get('/api/roles').set('x-request-id', 'edge-7f3a.1').expect(200);
    expect(res.headers['x-request-id']).toBe('edge-7f3a.1');
    const line = t.records.find((r) => r.msg === 'request' && r.requestId === 'edge-7f3a.1');
    expect(line).toMatchObject({ level: 'info', method: 'GET', path: '/api/roles', status: 200 });
    expect(typeof line?.ms).toBe('number');
    expect(typeof line?.time).toBe('string');
  });

  it('replaces a malformed id, even from a trusted proxy', async () => {
    for (const bad of ['bad id!', 'x'.repeat(101), '<script>']) {
      const res = await request(t.app).get('/healthz').set('x-request-id', bad).expect(200);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
    expect(JSON.stringify(t.records)).not.toContain('<script>');
  });

  it('logs probes at debug, masks link tokens in paths and never logs headers or the query', async () => {
    const token = 'Yx3_9aQ-kL0pZr7Tn2Wv5Bc8Hd1Jf4Gm6Ns0Qe2Ru9';
    const res = await request(t.app).get(`/api/invitations/${token}?next=secret-query`).set('authorization', 'Bearer abc.def.ghi').set('cookie', 'sid=9').expect(404);
    const id = res.headers['x-request-id'];
    expect(t.records.find((r) => r.requestId === id && r.msg === 'request')).toMatchObject({ path: '/api/invitations/:token', status: 404 });
    const probe = await request(t.app).get('/readyz').expect(200);
    expect(t.records.find((r) => r.requestId === probe.headers['x-request-id'])).toMatchObject({ level: 'debug', path: '/readyz' });
    const text = JSON.stringify(t.records);
    for (const secret of [token, 'secret-query', 'abc.def.ghi', 'sid=9']) expect(text).not.toContain(secret);
  });
});

describe('lines written while a request is handled', () => {
  it('carry its request id (the error handler logs through the request logger)', async () => {
    const broken = new DataSource({ type: 'postgres', url: testDatabaseUrl(), entities, schema: 'no_such_schema', poolSize: 1 });
    const t = await buildTestApp({ dataSource: broken });
    try {
      const res = await request(t.app).get('/api/roles').expect(500);
      const id = res.headers['x-request-id'];
      expect(t.records.find((r) => r.msg === 'unhandled request error')).toMatchObject({ level: 'error', requestId: id, path: '/api/roles' });
      expect(t.records.find((r) => r.msg === 'request' && r.requestId === id)).toMatchObject({ status: 500 });
    } finally {
      await t.close();
    }
  });
});
