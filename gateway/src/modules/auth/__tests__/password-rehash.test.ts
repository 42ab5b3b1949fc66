import request from 'supertest';
import { authTestApp, enableTwoFactor, PROXY_ENV, randomIp, tokenFor, totp, type TestUser } from '../../../../test/auth';
import { whileLocked } from '../../../../test/locks';

// The test users' hashes are made at m=8, t=1; this gateway runs at a higher cost, as after an operator raised it.
const RAISED = { ARGON2_MEMORY_KIB: '16', ARGON2_TIME_COST: '2' };
const COST = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/;

/*
 * A sign-in that verified a password hashed at an earlier cost stores a hash
 * of the current cost: refused sign-ins of unknown emails are checked at the
 * current cost, so accounts left at a cheaper one would answer faster and
 * tell an attacker they exist.
 */
describe('a password hashed at an earlier cost', () => {
  const suite = authTestApp({ ...PROXY_ENV, ...RAISED });

  async function storedHash(userId: number): Promise<string> {
    const [row] = (await suite.t.dataSource.query('select password_hash from users where id = $1', [userId])) as Array<{ password_hash: string }>;
    return row?.password_hash ?? '';
  }

  const login = (u: TestUser, password: string, ip: string) => request(suite.t.app).post('/api/auth/login').set('x-forwarded-for', ip).send({ email: u.email, password });

  it('is stored again at the current cost by the sign-in that verifies it, and only by that one', async () => {
    const u = await suite.user();
    const ip = randomIp();
    const original = await storedHash(u.id);
    expect(COST.exec(original)?.slice(1)).toEqual(['8', '1', '1']);

    await login(u, 'Wrong-password-1', ip).expect(401);
    expect(await storedHash(u.id)).toBe(original);

    await login(u, u.password, ip).expect(200);
    const upgraded = await storedHash(u.id);
    expect(COST.exec(upgraded)?.slice(1)).toEqual(['16', '2', '1']);

    // The same password, at the new cost; nothing is written again.
    await login(u, u.password, ip).expect(200);
    expect(await storedHash(u.id)).toBe(upgraded);
  });

  it('two sign-ins upgrading it at once both sign in: the one that comes second takes the first one\'s hash', async () => {
    const u = await suite.user();
    const ip = randomIp();
    // Both have verified the old hash and hashed anew when their upgrades line up behind this hold.
    const [a, b] = await whileLocked({
      hold: (client) => client.query('select 1 from users where id = $1 for update', [u.id]),
      start: () => Promise.all([login(u, u.password, ip), login(u, u.password, ip)]),
      waitingOn: '%update users set password_hash%',
      waiters: 2,
      what: 'both sign-ins waiting to store the upgraded hash',
    });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(COST.exec(await storedHash(u.id))?.slice(1)).toEqual(['16', '2', '1']);
  });

  it('with two-factor on: upgraded at the password step, and the second step still signs in', async () => {
    const u = await suite.user();
    const ip = randomIp();
    const on = await enableTwoFactor(suite.t, await tokenFor(suite.t.dataSource, u.id), ip, u.password);
    expect(COST.exec(await storedHash(u.id))?.slice(1)).toEqual(['8', '1', '1']);

    const step = await login(u, u.password, ip).expect(200);
    expect(step.body).toEqual({ requiresTwoFactor: true, challengeId: expect.any(String) });
    expect(COST.exec(await storedHash(u.id))?.slice(1)).toEqual(['16', '2', '1']);

    const done = await request(suite.t.app)
      .post('/api/auth/2fa/verify-login')
      .set('x-forwarded-for', ip)
      .send({ email: u.email, token: await totp(on.secret), challengeId: (step.body as { challengeId: string }).challengeId })
      .expect(200);
    expect(done.body).toEqual(expect.objectContaining({ token: expect.any(String) }));
  });
});
