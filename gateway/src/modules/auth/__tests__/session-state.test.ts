import request from 'supertest';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { bearer, createUser, deleteUsers, sessionFor, tokenFor, type TestUser } from '../../../../test/auth';
import { systemClock } from '../../../shared/clock';
import { SESSION_BATCH_MAX, SessionStateReader } from '../session-state';

const UNKNOWN_SESSION = '00000000-0000-4000-8000-000000000000';

/** The statements sent through the pool (where the named session read goes) while `fn` runs. */
async function poolStatements(t: TestApp, fn: () => Promise<unknown>): Promise<string[]> {
  const pool = (t.dataSource.driver as unknown as { master: { query: (config: { text: string }) => Promise<unknown> } }).master;
  const original = pool.query.bind(pool);
  const seen: string[] = [];
  const spy = jest.spyOn(pool, 'query').mockImplementation((config: { text: string }) => {
    seen.push(config.text);
    return original(config);
  });
  try {
    await fn();
  } finally {
    spy.mockRestore();
  }
  return seen.filter((text) => text.includes('from sessions s join users'));
}

describe('session state reads (batched per event-loop turn, never cached)', () => {
  let t: TestApp;
  let users: TestUser[];

  beforeAll(async () => {
    t = await buildTestApp();
    users = [await createUser(t.dataSource), await createUser(t.dataSource), await createUser(t.dataSource)];
  });
  afterAll(async () => {
    await deleteUsers(t.dataSource, users.map((u) => u.id));
    await t.close();
  });

  const newReader = () => new SessionStateReader(t.dataSource, { clock: systemClock, idleMinutes: 120 });

  it('answers each caller with its own session, null for an unknown one, in one statement per turn', async () => {
    const reader = newReader();
    const [a, b, c] = users as [TestUser, TestUser, TestUser];
    const [sa, sb, sc] = [await sessionFor(t.dataSource, a.id), await sessionFor(t.dataSource, b.id), await sessionFor(t.dataSource, c.id)];
    let results: unknown[] = [];
    const statements = await poolStatements(t, async () => {
      results = await Promise.all([reader.read(sa), reader.read(sb), reader.read(sa), reader.read(UNKNOWN_SESSION), reader.read(sc)]);
    });
    expect(statements).toHaveLength(1);
    expect(results).toEqual([{ userId: a.id, roleId: 1 }, { userId: b.id, roleId: 1 }, { userId: a.id, roleId: 1 }, null, { userId: c.id, roleId: 1 }]);
    // Two callers of one account get two objects.
    expect(results[0]).not.toBe(results[2]);
  });

  it('splits a burst larger than the batch limit', async () => {
    const reader = newReader();
    const ids = Array.from({ length: SESSION_BATCH_MAX + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const statements = await poolStatements(t, () => Promise.all(ids.map((id) => reader.read(id))));
    expect(statements).toHaveLength(2);
  });

  it('reads again for every turn: a change is seen by the very next read', async () => {
    const reader = newReader();
    const user = users[2] as TestUser;
    const [first, second] = [await sessionFor(t.dataSource, user.id), await sessionFor(t.dataSource, user.id)];
    expect(await reader.read(first)).toEqual({ userId: user.id, roleId: 1 });
    await t.dataSource.query('update users set role_id = 4 where id = $1', [user.id]);
    expect(await reader.read(first)).toEqual({ userId: user.id, roleId: 4 });
    await t.dataSource.query('update sessions set revoked_at = now() where id = $1', [first]);
    expect(await reader.read(first)).toBeNull();
    expect(await reader.read(second)).toEqual({ userId: user.id, roleId: 4 });
    await t.dataSource.query('update users set is_active = false, role_id = 1 where id = $1', [user.id]);
    expect(await reader.read(second)).toBeNull();
  });

  it('fails every caller of a batch when the read fails', async () => {
    const pool = (t.dataSource.driver as unknown as { master: { query: () => Promise<unknown> } }).master;
    const spy = jest.spyOn(pool, 'query').mockRejectedValue(Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' }));
    const reader = newReader();
    try {
      const outcomes = await Promise.allSettled([reader.read(UNKNOWN_SESSION), reader.read(`${UNKNOWN_SESSION.slice(0, -1)}1`)]);
      expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    } finally {
      spy.mockRestore();
    }
  });

  it('concurrent requests of one session after its logout are all refused (no answer outlives its turn)', async () => {
    const user = users[0] as TestUser;
    const token = await tokenFor(t.dataSource, user.id);
    const me = () => request(t.app).get('/api/auth/me').set(bearer(token));
    expect((await Promise.all([me(), me(), me()])).map((r) => r.status)).toEqual([200, 200, 200]);
    await request(t.app).post('/api/auth/logout').set(bearer(token)).expect(200);
    expect((await Promise.all([me(), me(), me()])).map((r) => r.status)).toEqual([401, 401, 401]);
  });
});
