import request from 'supertest';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { bearer, createUser, deleteUsers, tokenFor, type TestUser } from '../../../../test/auth';
import { SESSION_BATCH_MAX, SessionStateReader } from '../session-state';

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
  return seen.filter((text) => text.includes('token_version'));
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

  it('answers each caller with its own account, null for an unknown one, in one statement per turn', async () => {
    const reader = new SessionStateReader(t.dataSource);
    const [a, b, c] = users as [TestUser, TestUser, TestUser];
    let results: unknown[] = [];
    const statements = await poolStatements(t, async () => {
      results = await Promise.all([reader.read(a.id), reader.read(b.id), reader.read(a.id), reader.read(2_000_000_000), reader.read(c.id)]);
    });
    expect(statements).toHaveLength(1);
    const expected = { roleId: 1, isActive: true, tokenVersion: 0 };
    expect(results).toEqual([expected, expected, expected, null, expected]);
    // Two callers of one account get two objects.
    expect(results[0]).not.toBe(results[2]);
  });

  it('splits a burst larger than the batch limit', async () => {
    const reader = new SessionStateReader(t.dataSource);
    const statements = await poolStatements(t, () => Promise.all(Array.from({ length: SESSION_BATCH_MAX + 1 }, (_, i) => reader.read(1_000_000_000 + i))));
    expect(statements).toHaveLength(2);
  });

  it('reads again for every turn: a change is seen by the very next read', async () => {
    const reader = new SessionStateReader(t.dataSource);
    const user = users[2] as TestUser;
    expect(await reader.read(user.id)).toMatchObject({ tokenVersion: 0, isActive: true });
    await t.dataSource.query('update users set token_version = token_version + 1 where id = $1', [user.id]);
    expect(await reader.read(user.id)).toMatchObject({ tokenVersion: 1 });
    await t.dataSource.query('update users set is_active = false where id = $1', [user.id]);
    expect(await reader.read(user.id)).toMatchObject({ isActive: false });
  });

  it('fails every caller of a batch when the read fails', async () => {
    const pool = (t.dataSource.driver as unknown as { master: { query: () => Promise<unknown> } }).master;
    const spy = jest.spyOn(pool, 'query').mockRejectedValue(Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' }));
    const reader = new SessionStateReader(t.dataSource);
    try {
      const outcomes = await Promise.allSettled([reader.read(1), reader.read(2)]);
      expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    } finally {
      spy.mockRestore();
    }
  });

  it('concurrent requests of one user after a logout are all refused (no answer outlives its turn)', async () => {
    const user = users[0] as TestUser;
    const token = await tokenFor(t.dataSource, user.id);
    const me = () => request(t.app).get('/api/auth/me').set(bearer(token));
    expect((await Promise.all([me(), me(), me()])).map((r) => r.status)).toEqual([200, 200, 200]);
    await request(t.app).post('/api/auth/logout').set(bearer(token)).expect(200);
    expect((await Promise.all([me(), me(), me()])).map((r) => r.status)).toEqual([401, 401, 401]);
  });
});
