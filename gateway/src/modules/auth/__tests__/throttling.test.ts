import crypto from 'node:crypto';
import request from 'supertest';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { authTestApp, bearer, createUser, deleteUsers, enableTwoFactor, PROXY_ENV, randomIp, tokenFor, totp } from '../../../../test/auth';
import { addressKey, buckets } from '../rate-limiter';

const TOO_MANY = { error: 'Too many login attempts. Please try again later.' };
const INVALID = { error: 'Invalid email or password' };

/** A random /64 of the documentation range (written as its canonical form), as a prefix to append an interface id to. */
function randomPrefix64(): string {
  const group = () => (0x1000 + crypto.randomInt(0xf000)).toString(16);
  return `2001:db8:${group()}:${group()}`;
}

describe('addressKey', () => {
  it('keys IPv6 by its /64, IPv4-mapped IPv6 as IPv4, and leaves IPv4 and the unparsable alone', () => {
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('unknown')).toBe('unknown');
  });
});

describe('sign-in throttling that follows the account', () => {
  const suite = authTestApp();
  const user = () => suite.user();

  const login = (app: TestApp, body: Record<string, unknown>, ip: string) => request(app.app).post('/api/auth/login').set('x-forwarded-for', ip).send(body);

  async function bucketCount(bucket: string): Promise<number | undefined> {
    const rows = (await suite.t.dataSource.query('select count from rate_limits where bucket = $1', [bucket])) as Array<{ count: number }>;
    return rows[0]?.count;
  }

  it('past 10 failed passwords from 6 addresses, the account answers 429 with Retry-After from anywhere, until the window passes', async () => {
    const victim = await user();
    const bystander = await user();
    const ips = Array.from({ length: 6 }, randomIp);
    // At most 2 per address: far below the per-address and per-account-and-address limits.
    for (let i = 0; i < 10; i++) await login(suite.t, { email: victim.email, password: `Wrong-${i}-pass` }, ips[i % 6] as string).expect(401, INVALID);

    for (const ip of [ips[5] as string, randomIp()]) {
      const slowed = await login(suite.t, { email: victim.email, password: victim.password }, ip).expect(429);
      expect(slowed.body).toEqual(TOO_MANY);
      expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(800);
      expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(900);
    }
    // Only that account: another one signs in from the same addresses.
    await login(suite.t, { email: bystander.email, password: bystander.password }, ips[0] as string).expect(200);
    const [audit] = (await suite.t.dataSource.query(
      `select count(*)::int as n from audit_log where action = 'auth.login_rate_limited' and details->>'email' = $1 and details->>'limit' = 'account'`,
      [victim.email],
    )) as Array<{ n: number }>;
    expect(audit?.n).toBe(2);

    // Not a lock-out: once the window has passed, the owner signs in.
    await suite.t.dataSource.query(`update rate_limits set window_start = window_start - interval '16 minutes' where bucket = $1`, [
      `login:acct-total:${crypto.createHash('sha256').update(victim.email).digest('hex').slice(0, 32)}`,
    ]);
    await login(suite.t, { email: victim.email, password: victim.password }, randomIp()).expect(200);
  });

  it("a refused attempt keeps no hit on the limits it was not over: the owner's retries leave their own buckets alone", async () => {
    const victim = await user();
    const home = randomIp();
    await login(suite.t, { email: victim.email, password: 'Wrong-own-pass' }, home).expect(401, INVALID);
    // The attacker reaches the account-wide limit from elsewhere.
    const ips = Array.from({ length: 6 }, randomIp);
    for (let i = 0; i < 9; i++) await login(suite.t, { email: victim.email, password: `Wrong-${i}-pass` }, ips[i % 6] as string).expect(401, INVALID);

    const own = buckets.loginAccount(victim.email, home);
    expect(await bucketCount(own)).toBe(1);
    expect(await bucketCount(buckets.loginAddress(home))).toBe(1);
    for (let i = 0; i < 6; i++) await login(suite.t, { email: victim.email, password: i % 2 ? victim.password : `Retry-${i}-pass` }, home).expect(429, TOO_MANY);
    expect(await bucketCount(own)).toBe(1);
    expect(await bucketCount(buckets.loginAddress(home))).toBe(1);
  });

  it('a correct password is refunded: ten good sign-ins leave the account-wide count where it was', async () => {
    const u = await user();
    for (let i = 0; i < 9; i++) await login(suite.t, { email: u.email, password: `Wrong-${i}-pass` }, randomIp()).expect(401);
    for (let i = 0; i < 10; i++) await login(suite.t, { email: u.email, password: u.password }, randomIp()).expect(200);
    await login(suite.t, { email: u.email, password: 'Wrong-10-pass' }, randomIp()).expect(401);
    await login(suite.t, { email: u.email, password: u.password }, randomIp()).expect(429, TOO_MANY);
  });

  it('6 addresses of one IPv6 /64 count as one address; the audit trail keeps each full address', async () => {
    const victim = await user();
    const prefix = randomPrefix64();
    const addresses = Array.from({ length: 6 }, (_, i) => `${prefix}:0:0:0:${(i + 1).toString(16)}`);
    for (let i = 0; i < 5; i++) await login(suite.t, { email: victim.email, password: `Wrong-${i}-pass` }, addresses[i] as string).expect(401, INVALID);
    // The sixth address of the /64 is the same client: the per-account-and-address limit holds, even for the right password.
    await login(suite.t, { email: victim.email, password: victim.password }, addresses[5] as string).expect(429, TOO_MANY);
    // One bucket for the /64 on each limit; the refused sixth stays counted only on the limit it was over.
    expect(await bucketCount(buckets.loginAccount(victim.email, addresses[0] as string))).toBe(6);
    expect(await bucketCount(`login:ip:${prefix}::/64`)).toBe(5);
    // Another /64 is another client.
    await login(suite.t, { email: victim.email, password: victim.password }, `${randomPrefix64()}::1`).expect(200);

    const rows = (await suite.t.dataSource.query(`select ip from audit_log where action = 'auth.login_failure' and target_id = $1 order by id`, [String(victim.id)])) as Array<{ ip: string }>;
    expect(rows.map((r) => r.ip)).toEqual(addresses.slice(0, 5));
  });

  it('every address bucket counts the /64: registration attempts too', async () => {
    const prefix = randomPrefix64();
    const strict = await buildTestApp({ env: { ...PROXY_ENV, RATE_LIMIT_REGISTER_MAX: '2' } });
    try {
      const register = (i: number) =>
        request(strict.app)
          .post('/api/auth/register')
          .set('x-forwarded-for', `${prefix}::${i}`)
          .send({ name: 'Sixty Four', email: '', password: 'x', role_id: 1 });
      // Refused for the form (or the registration policy), but counted first.
      for (const i of [1, 2]) expect((await register(i)).status).not.toBe(429);
      const third = await register(3).expect(429);
      expect(third.body).toEqual({ error: 'Too many registration attempts. Please try again later.' });
    } finally {
      await strict.close();
    }
  });

  it('wrong second-factor codes are capped per account across challenges (10 per 15 minutes), shared with the signed-in code checks', async () => {
    const u = await user();
    const setupIp = randomIp();
    const on = await enableTwoFactor(suite.t, await tokenFor(suite.t.dataSource, u.id), setupIp, u.password);
    const good = await totp(on.secret);
    const wrong = good === '123456' ? '654321' : '123456';

    // Two password steps from two addresses, five wrong codes each: no per-challenge or per-address limit is reached.
    for (const ip of [randomIp(), randomIp()]) {
      const step = await login(suite.t, { email: u.email, password: u.password }, ip).expect(200);
      const challengeId = (step.body as { challengeId: string }).challengeId;
      for (let i = 0; i < 5; i++) {
        await request(suite.t.app).post('/api/auth/2fa/verify-login').set('x-forwarded-for', ip).send({ email: u.email, challengeId, token: wrong }).expect(401, { error: 'Invalid authentication code' });
      }
    }
    // A third challenge, from a third address: even the right code waits.
    const ip = randomIp();
    const step = await login(suite.t, { email: u.email, password: u.password }, ip).expect(200);
    const capped = await request(suite.t.app)
      .post('/api/auth/2fa/verify-login')
      .set('x-forwarded-for', ip)
      .send({ email: u.email, challengeId: (step.body as { challengeId: string }).challengeId, token: good })
      .expect(429);
    expect(capped.body).toEqual(TOO_MANY);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(800);
    expect(await bucketCount(`reauth:user:${u.id}`)).toBe(11);
    // One allowance of codes per account: the signed-in code checks are spent too.
    const byCode = await request(suite.t.app).post('/api/auth/2fa/disable').set(bearer(on.token)).set('x-forwarded-for', setupIp).send({ token: good }).expect(429);
    expect(byCode.body).toEqual({ error: 'Too many attempts. Please try again later.' });
    // The owner's password is counted apart: whoever spent the codes cannot lock the owner out of their own account.
    await request(suite.t.app).post('/api/auth/2fa/disable').set(bearer(on.token)).set('x-forwarded-for', setupIp).send({ password: u.password }).expect(200);
  });
});

describe('the counted address behind TRUST_PROXY', () => {
  const apps: TestApp[] = [];
  const created: number[] = [];

  afterAll(async () => {
    const [first] = apps;
    if (first) await deleteUsers(first.dataSource, created);
    for (const app of apps) await app.close();
  });

  async function appWith(trustProxy: string | null): Promise<TestApp> {
    const app = await buildTestApp({ env: trustProxy === null ? {} : { TRUST_PROXY: trustProxy } });
    apps.push(app);
    return app;
  }

  /** One failed sign-in sent with this X-Forwarded-For; answers the address the bucket and the audit recorded. */
  async function countedAddress(app: TestApp, forwardedFor: string, expected: string): Promise<{ bucket: number | undefined; audit: string | undefined }> {
    const u = await createUser(app.dataSource);
    created.push(u.id);
    await request(app.app).post('/api/auth/login').set('x-forwarded-for', forwardedFor).send({ email: u.email, password: 'Wrong-password1' }).expect(401);
    const buckets = (await app.dataSource.query('select count from rate_limits where bucket = $1', [`login:ip:${expected}`])) as Array<{ count: number }>;
    const audit = (await app.dataSource.query(`select ip from audit_log where action = 'auth.login_failure' and target_id = $1`, [String(u.id)])) as Array<{ ip: string }>;
    return { bucket: buckets[0]?.count, audit: audit[0]?.ip };
  }

  it('TRUST_PROXY=1 (one nginx or balancer): the address it forwarded, not one the client made up', async () => {
    const app = await appWith('1');
    const client = randomIp();
    expect(await countedAddress(app, client, client)).toEqual({ bucket: 1, audit: client });
    // The client's own X-Forwarded-For comes first; the balancer appends the real peer.
    const real = randomIp();
    expect(await countedAddress(app, `6.6.6.6, ${real}`, real)).toEqual({ bucket: 1, audit: real });
  });

  it('TRUST_PROXY=2 (CDN then balancer): the entry two hops back', async () => {
    const app = await appWith('2');
    const client = randomIp();
    const cdn = randomIp();
    expect(await countedAddress(app, `6.6.6.6, ${client}, ${cdn}`, client)).toEqual({ bucket: 1, audit: client });
  });

  it('a forwarded entry that is no address (TRUST_PROXY=true trusts anything) falls back to the peer, never a 500', async () => {
    const app = await appWith('true');
    for (const forged of ['x'.repeat(300), 'not-an-address', `${'1'.repeat(70)}`]) {
      const u = await createUser(app.dataSource);
      created.push(u.id);
      await request(app.app).post('/api/auth/login').set('x-forwarded-for', forged).send({ email: u.email, password: 'Wrong-password1' }).expect(401);
      const audit = (await app.dataSource.query(`select ip from audit_log where action = 'auth.login_failure' and target_id = $1`, [String(u.id)])) as Array<{ ip: string }>;
      expect(audit[0]?.ip).toMatch(/^(127\.0\.0\.1|::1)$/);
    }
  });

  it('TRUST_PROXY unset: X-Forwarded-For is ignored, the peer is counted', async () => {
    const app = await appWith(null);
    const u = await createUser(app.dataSource);
    created.push(u.id);
    const forged = randomIp();
    await request(app.app).post('/api/auth/login').set('x-forwarded-for', forged).send({ email: u.email, password: 'Wrong-password1' }).expect(401);
    const audit = (await app.dataSource.query(`select ip from audit_log where action = 'auth.login_failure' and target_id = $1`, [String(u.id)])) as Array<{ ip: string }>;
    expect(audit[0]?.ip).toMatch(/^(127\.0\.0\.1|::1)$/);
  });
});
