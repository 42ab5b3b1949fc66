import request from 'supertest';
import { authTestApp, enableTwoFactor, gql, randomIp, tokenFor, totp, type TestUser } from '../../../../test/auth';
import { hashLinkToken } from '../../../shared/link-tokens';

const EXPIRED = { error: 'Your sign-in has expired. Please enter your email and password again.' };

describe('the second sign-in step belongs to the browser that passed the first', () => {
  const suite = authTestApp();

  async function enrolled(): Promise<TestUser & { secret: string; backupCodes: string[] }> {
    const u = await suite.user();
    const on = await enableTwoFactor(suite.t, await tokenFor(suite.t.dataSource, u.id), randomIp(), u.password);
    return { ...u, secret: on.secret, backupCodes: on.backupCodes };
  }

  const passwordStep = async (u: TestUser, ip: string): Promise<string> => {
    const res = await request(suite.t.app).post('/api/auth/login').set('x-forwarded-for', ip).send({ email: u.email, password: u.password }).expect(200);
    return (res.body as { challengeId: string }).challengeId;
  };
  const secondStep = (body: Record<string, unknown>, ip: string) => request(suite.t.app).post('/api/auth/2fa/verify-login').set('x-forwarded-for', ip).send(body);

  async function challengeAttempts(userId: number): Promise<number[]> {
    const rows = (await suite.t.dataSource.query(`select attempts from login_challenges where user_id = $1 and consumed_at is null`, [userId])) as Array<{ attempts: number }>;
    return rows.map((r) => r.attempts);
  }

  it('the challenge id is 256 random bits, stored only as its SHA-256', async () => {
    const u = await enrolled();
    const id = await passwordStep(u, randomIp());
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = (await suite.t.dataSource.query(`select secret_hash from login_challenges where user_id = $1 and consumed_at is null`, [u.id])) as Array<{ secret_hash: string }>;
    expect(rows).toEqual([{ secret_hash: hashLinkToken(id) }]);
    expect(JSON.stringify(rows)).not.toContain(id);
  });

  it("a stranger with the email but no challenge id: five wrong codes leave the owner's correct code working", async () => {
    const owner = await enrolled();
    const ownerIp = randomIp();
    const challengeId = await passwordStep(owner, ownerIp);
    const good = await totp(owner.secret);
    const wrong = good === '123456' ? '654321' : '123456';

    // The stranger tries from the owner's own address, to show that no account bucket is touched either.
    for (let i = 0; i < 5; i++) await secondStep({ email: owner.email, token: wrong }, ownerIp).expect(401, EXPIRED);
    expect(await challengeAttempts(owner.id)).toEqual([0]);

    const res = await secondStep({ email: owner.email, challengeId, token: good }, ownerIp).expect(200);
    expect(res.body.user.id).toBe(owner.id);
    const reasons = (await suite.t.dataSource.query(`select details->>'reason' as reason from audit_log where action = 'auth.login_2fa_failure' and target_id = $1`, [String(owner.id)])) as Array<{
      reason: string;
    }>;
    expect(reasons).toEqual(Array.from({ length: 5 }, () => ({ reason: 'no_challenge' })));
  });

  it("unknown, malformed, another user's and a used challenge id: 401, and none counts against the owner", async () => {
    const owner = await enrolled();
    const other = await enrolled();
    const ip = randomIp();
    const challengeId = await passwordStep(owner, ip);
    const othersId = await passwordStep(other, randomIp());
    const good = await totp(owner.secret);
    const wrong = good === '123456' ? '654321' : '123456';

    const strangers: unknown[] = ['', 'not-a-challenge', challengeId.slice(1), othersId, 42, null, { $ne: '' }, ['x'], 'a'.repeat(10_000)];
    for (const id of strangers) await secondStep({ email: owner.email, challengeId: id, token: wrong }, ip).expect(401, EXPIRED);
    expect(await challengeAttempts(owner.id)).toEqual([0]);
    // The other user's challenge is untouched as well.
    expect(await challengeAttempts(other.id)).toEqual([0]);
    const [second] = (await suite.t.dataSource.query(`select count from rate_limits where bucket = $1`, [`reauth:user:${owner.id}`])) as Array<{ count: number }>;
    expect(second?.count ?? 0).toBe(0);

    await secondStep({ email: owner.email, challengeId, token: good }, ip).expect(200);
    // Used: the same id opens nothing any more.
    await secondStep({ email: owner.email, challengeId, token: await totp(owner.secret, 1) }, ip).expect(401, EXPIRED);
  });

  it('a newer password step replaces the older challenge id', async () => {
    const u = await enrolled();
    const ip = randomIp();
    const older = await passwordStep(u, ip);
    const newer = await passwordStep(u, ip);
    expect(newer).not.toBe(older);
    await secondStep({ email: u.email, challengeId: older, token: await totp(u.secret) }, ip).expect(401, EXPIRED);
    await secondStep({ email: u.email, challengeId: newer, token: await totp(u.secret) }, ip).expect(200);
  });

  it('GraphQL: login answers the challengeId and verifyLogin requires it', async () => {
    const u = await enrolled();
    const ip = randomIp();
    const login = await gql(suite.t, 'mutation ($e: String!, $p: String!) { login(input: {email: $e, password: $p}) { requiresTwoFactor challengeId token } }', { e: u.email, p: u.password }, { ip });
    const { challengeId } = login.body.data.login as { challengeId: string };
    expect(login.body.data.login).toEqual({ requiresTwoFactor: true, challengeId: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), token: null });

    const missing = await gql(suite.t, 'mutation ($e: String!, $c: String!) { verifyLogin(input: {email: $e, token: $c}) { token } }', { e: u.email, c: await totp(u.secret) }, { ip });
    expect(missing.body.errors[0].message).toMatch(/challengeId/);
    const unknown = await gql(suite.t, 'mutation ($e: String!, $c: String!) { verifyLogin(input: {email: $e, challengeId: "nope", token: $c}) { token } }', { e: u.email, c: await totp(u.secret) }, { ip });
    expect(unknown.body.errors[0]).toMatchObject({ message: EXPIRED.error, extensions: { code: 'UNAUTHENTICATED' } });
    const ok = await gql(suite.t, 'mutation ($e: String!, $i: String!, $c: String!) { verifyLogin(input: {email: $e, challengeId: $i, token: $c}) { user { id } } }', { e: u.email, i: challengeId, c: await totp(u.secret) }, { ip });
    expect(ok.body.data.verifyLogin).toEqual({ user: { id: u.id } });
  });

  it('sign-in without two-factor answers no challenge id', async () => {
    const u = await suite.user();
    const res = await request(suite.t.app).post('/api/auth/login').set('x-forwarded-for', randomIp()).send({ email: u.email, password: u.password }).expect(200);
    expect(Object.keys(res.body).sort()).toEqual(['requiresTwoFactor', 'token', 'user']);
  });
});
