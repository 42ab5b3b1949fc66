import request from 'supertest';
import { DEMO_ACCOUNTS } from '../../../db/seed';
import { AUTH_MESSAGES as MESSAGES } from '../auth.messages';
import { buildTestApp } from '../../../../test/app';
import { authTestApp, bearer, createUser, expectNoSecrets, gql, PROXY_ENV, randomIp, uniqueEmail, type TestUser } from '../../../../test/auth';
import { createMigratedScratchDatabase } from '../../../../test/database';

const TOO_MANY = { error: 'Too many login attempts. Please try again later.' };
const INVALID = { error: 'Invalid email or password' };

describe('sign-in', () => {
  const suite = authTestApp();
  const user = (): Promise<TestUser> => suite.user();

  const login = (body: Record<string, unknown>, ip: string) => request(suite.t.app).post('/api/auth/login').set('x-forwarded-for', ip).send(body);

  async function auditActions(userId: number): Promise<string[]> {
    const rows = (await suite.t.dataSource.query(`select action from audit_log where target_type = 'user' and target_id = $1 order by id`, [String(userId)])) as Array<{ action: string }>;
    return rows.map((r) => r.action);
  }

  it('signs in the demo accounts with their documented passwords', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const res = await login({ email: account.email, password: account.password }, randomIp()).expect(200);
      expect(res.body).toMatchObject({ requiresTwoFactor: false, user: { email: account.email, name: account.name, role_id: account.roleId } });
      expect(typeof res.body.token).toBe('string');
      expectNoSecrets(res.body);
    }
  });

  it('answers {token, user} with last_login_at set, case-insensitively on the email', async () => {
    const u = await user();
    const res = await login({ email: u.email.toUpperCase(), password: u.password }, randomIp()).expect(200);
    expect(Object.keys(res.body).sort()).toEqual(['requiresTwoFactor', 'token', 'user']);
    expect(res.body.user.id).toBe(u.id);
    expect(Date.now() - new Date(res.body.user.last_login_at).getTime()).toBeLessThan(60_000);
    await request(suite.t.app).get('/api/auth/me').set(bearer(res.body.token)).expect(200);
    expect(await auditActions(u.id)).toContain('auth.login_success');
  });

  it('answers the same 401 for a wrong password and an unknown account, auditing both', async () => {
    const u = await user();
    const ip = randomIp();
    const wrong = await login({ email: u.email, password: 'Wrong-password1' }, ip).expect(401);
    const unknown = await login({ email: uniqueEmail('ghost'), password: 'Wrong-password1' }, ip).expect(401);
    expect(wrong.body).toEqual(INVALID);
    expect(unknown.body).toEqual(INVALID);
    expect(await auditActions(u.id)).toContain('auth.login_failure');
    const rows = (await suite.t.dataSource.query(`select details->>'reason' as reason from audit_log where action = 'auth.login_failure' and ip = $1 order by id`, [ip])) as Array<{ reason: string }>;
    expect(rows.map((r) => r.reason)).toEqual(['bad_password', 'unknown_email']);
  });

  it('a failed sign-in with NUL in the email is a 401 and audited without it, not a server error', async () => {
    const ip = randomIp();
    await login({ email: 'nobody\u0000@example.org', password: 'Wrong-password1' }, ip).expect(401, INVALID);
    const rows = (await suite.t.dataSource.query(`select details->>'email' as email from audit_log where action = 'auth.login_failure' and ip = $1`, [ip])) as Array<{ email: string }>;
    expect(rows).toEqual([{ email: 'nobody@example.org' }]);
  });

  it("an address only PostgreSQL folds to the account's ('İ' for 'i') is not the account: it cannot add guesses to its limits", async () => {
    // JavaScript lower-cases 'İ' to 'i' plus a combining dot, so the sign-in limits key this spelling apart; PostgreSQL
    // folds it to 'i' under a UTF-8 ctype (the official image's), not under the C ctype of the shared test database.
    const scratch = await createMigratedScratchDatabase('ctype', { utf8Ctype: true });
    const t = await buildTestApp({ dataSource: scratch.dataSource, env: PROXY_ENV });
    try {
      const [folded] = (await scratch.dataSource.query(`select lower('İ') = 'i' as folds`)) as Array<{ folds: boolean }>;
      expect(folded?.folds).toBe(true);
      const u = await createUser(scratch.dataSource, { email: uniqueEmail('iris') });
      const ip = randomIp();
      const attempt = (email: string) => request(t.app).post('/api/auth/login').set('x-forwarded-for', ip).send({ email, password: u.password });
      await attempt(u.email.replace('i', 'İ')).expect(401, INVALID);
      await attempt(u.email.toUpperCase()).expect(200);
    } finally {
      await t.handle.stop();
      await scratch.close();
    }
  });

  it('answers 400 when a field is missing (not an attempt)', async () => {
    const res = await login({ email: '' }, randomIp()).expect(400);
    expect(res.body).toEqual({ error: `${MESSAGES.emailRequired}, ${MESSAGES.passwordRequired}`, details: [MESSAGES.emailRequired, MESSAGES.passwordRequired] });
  });

  it('after 5 failures for an account from an address: 429 even with the right password; other accounts and addresses unaffected', async () => {
    const victim = await user();
    const bystander = await user();
    const ip = randomIp();
    for (let i = 0; i < 5; i++) await login({ email: victim.email, password: `Wrong-${i}-pass` }, ip).expect(401);
    const locked = await login({ email: victim.email, password: victim.password }, ip).expect(429);
    expect(locked.body).toEqual(TOO_MANY);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    // Other account, same address: fine.
    await login({ email: bystander.email, password: bystander.password }, ip).expect(200);
    // Same account, another address: the per-account limit is per address.
    await login({ email: victim.email, password: victim.password }, randomIp()).expect(200);
    expect(await auditActions(victim.id)).toEqual(expect.arrayContaining(['auth.login_failure']));
    const [limited] = (await suite.t.dataSource.query(`select count(*)::int as n from audit_log where action = 'auth.login_rate_limited' and ip = $1`, [ip])) as Array<{ n: number }>;
    expect(limited?.n).toBe(1);

    // Once the window has passed (moved back in the database), the right password works again.
    await suite.t.dataSource.query(`update rate_limits set window_start = window_start - interval '16 minutes' where bucket like 'login:acct:%' and bucket like $1`, [`%:${ip}`]);
    await login({ email: victim.email, password: victim.password }, ip).expect(200);
  });

  it('successful sign-ins do not count towards the limit', async () => {
    const u = await user();
    const ip = randomIp();
    for (let i = 0; i < 4; i++) await login({ email: u.email, password: 'Wrong-password1' }, ip).expect(401);
    for (let i = 0; i < 3; i++) await login({ email: u.email, password: u.password }, ip).expect(200);
    await login({ email: u.email, password: 'Wrong-password1' }, ip).expect(401);
    await login({ email: u.email, password: u.password }, ip).expect(429);
  });

  it('concurrent guesses cannot slip past the limit', async () => {
    const u = await user();
    const ip = randomIp();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => login({ email: u.email, password: `Wrong-${i}-pass` }, ip)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('caps failures per address across accounts (100 per 15 minutes): then 429 for everyone from there', async () => {
    const ip = randomIp();
    const u = await user();
    for (let i = 0; i < 100; i++) await login({ email: uniqueEmail('spray'), password: 'Wrong-password1' }, ip).expect(401);
    const res = await login({ email: u.email, password: u.password }, ip).expect(429);
    expect(res.body).toEqual(TOO_MANY);
    await login({ email: u.email, password: u.password }, randomIp()).expect(200);
  });

  it('GraphQL aliases cannot multiply attempts: every executed login field is one attempt', async () => {
    const u = await user();
    const ip = randomIp();
    const fields = Array.from({ length: 15 }, (_, i) => `a${i}: login(input: {email: "${u.email}", password: "Wrong-${i}-pass"}) { requiresTwoFactor }`).join('\n');
    // Mutation fields run one after another; a failed non-null field stops the rest,
    // so each request executes at least one attempt. Keep going well past the limit.
    const codes: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await gql(suite.t, `mutation { ${fields} }`, {}, { ip });
      codes.push(...(res.body.errors as Array<{ extensions: { code: string } }>).map((e) => e.extensions.code));
    }
    expect(codes.filter((c) => c === 'UNAUTHENTICATED')).toHaveLength(5);
    expect(codes.filter((c) => c === 'RATE_LIMITED').length).toBeGreaterThan(0);
    expect(codes.every((c) => c === 'UNAUTHENTICATED' || c === 'RATE_LIMITED')).toBe(true);
    // Exactly five passwords were ever checked, whatever the aliasing.
    const [failures] = (await suite.t.dataSource.query(`select count(*)::int as n from audit_log where action = 'auth.login_failure' and target_id = $1`, [String(u.id)])) as Array<{ n: number }>;
    expect(failures?.n).toBe(5);
    // The account is now locked from that address, through either door.
    await login({ email: u.email, password: u.password }, ip).expect(429);
    const viaGql = await gql(suite.t, `mutation ($e: String!, $p: String!) { login(input: {email: $e, password: $p}) { token } }`, { e: u.email, p: u.password }, { ip });
    expect(viaGql.body.errors[0]).toMatchObject({ message: TOO_MANY.error, extensions: { code: 'RATE_LIMITED', retryAfter: expect.any(Number) } });
    expect(viaGql.body.errors[0].extensions.retryAfter).toBeGreaterThan(0);
    // More aliases than the armor limit are refused outright.
    const sixteen = Array.from({ length: 16 }, (_, i) => `a${i}: login(input: {email: "x@y.z", password: "p"}) { token }`).join('\n');
    const refused = await gql(suite.t, `mutation { ${sixteen} }`, {}, { ip: randomIp() }).expect(400);
    expect(JSON.stringify(refused.body)).toMatch(/Aliases limit/);
  });

  it('GraphQL login and me return the same user shape as REST', async () => {
    const u = await user();
    const res = await gql(suite.t, `mutation ($e: String!, $p: String!) { login(input: {email: $e, password: $p}) { requiresTwoFactor token user { id email role_id completion_percentage start_date } } }`, { e: u.email, p: u.password }, { ip: randomIp() });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.login).toMatchObject({ requiresTwoFactor: false, user: { id: u.id, email: u.email, role_id: 1, completion_percentage: 0 } });
    const me = await gql(suite.t, '{ me { id name email role_id completion_percentage last_login_at created_at start_date manager_id buddy_id manager_name buddy_name } }', {}, { token: res.body.data.login.token });
    const rest = await request(suite.t.app).get('/api/auth/me').set(bearer(res.body.data.login.token)).expect(200);
    expect(me.body.data.me).toEqual(rest.body);
  });
});
