import request from 'supertest';
import { authTestApp, bearer, enableTwoFactor, gql, randomIp, tokenFor, totp, type TestUser } from '../../../../test/auth';
import { buckets } from '../rate-limiter';

const NEEDED = { error: 'Please enter your password', details: ['Please enter your password'] };
const INCORRECT = { error: 'Incorrect password', details: ['Incorrect password'] };

/*
 * Every sensitive change asks for the current password: turning two-factor
 * on (password and a code of the new authenticator), turning it off and new
 * backup codes (the password, or a current code), a new password (the current
 * one). Wrong answers count toward the per-account limit of checks.
 */
describe('sensitive changes need the password', () => {
  const suite = authTestApp();

  async function user(): Promise<TestUser & { token: string; ip: string }> {
    const u = await suite.user();
    return { ...u, token: await tokenFor(suite.t.dataSource, u.id), ip: randomIp() };
  }

  const post = (path: string, body: Record<string, unknown>, u: { token: string; ip: string }) => request(suite.t.app).post(path).set(bearer(u.token)).set('x-forwarded-for', u.ip).send(body);

  /** Starts setup; the new authenticator's secret. */
  async function setup(u: { token: string; ip: string }): Promise<string> {
    return ((await post('/api/auth/2fa/setup', {}, u).expect(200)).body as { secret: string }).secret;
  }

  async function twoFactorEnabled(userId: number): Promise<boolean> {
    const [row] = (await suite.t.dataSource.query('select two_factor_enabled from users where id = $1', [userId])) as Array<{ two_factor_enabled: boolean }>;
    return row?.two_factor_enabled ?? false;
  }

  async function checkFailures(userId: number): Promise<Array<{ operation: string; reason: string }>> {
    return (await suite.t.dataSource.query(`select details->>'operation' as operation, details->>'reason' as reason from audit_log where action = '2fa.check_failure' and target_id = $1 order by id`, [
      String(userId),
    ])) as Array<{ operation: string; reason: string }>;
  }

  it('enabling two-factor: no password is 400 "Please enter your password", a wrong one 400 "Incorrect password"; a session alone enrols nothing', async () => {
    const u = await user();
    const secret = await setup(u);
    const code = await totp(secret, -1);
    await post('/api/auth/2fa/enable', { token: code }, u).expect(400, NEEDED);
    await post('/api/auth/2fa/enable', { token: code, password: '' }, u).expect(400, NEEDED);
    await post('/api/auth/2fa/enable', { token: code, password: 'Wrong-password1' }, u).expect(400, INCORRECT);
    expect(await twoFactorEnabled(u.id)).toBe(false);
    expect(await checkFailures(u.id)).toEqual([{ operation: 'enable', reason: 'invalid' }]);

    const on = await post('/api/auth/2fa/enable', { token: code, password: u.password }, u).expect(200);
    expect(on.body).toEqual({ enabled: true, backupCodes: expect.any(Array), token: expect.any(String) });
    expect(await twoFactorEnabled(u.id)).toBe(true);
  });

  it('enabling with the right password still needs a right code', async () => {
    const u = await user();
    const secret = await setup(u);
    const good = await totp(secret, -1);
    await post('/api/auth/2fa/enable', { token: good === '123456' ? '654321' : '123456', password: u.password }, u).expect(400, {
      error: 'Invalid authentication code',
      details: ['Invalid authentication code'],
    });
    expect(await twoFactorEnabled(u.id)).toBe(false);
  });

  it('GraphQL twoFactorEnable(token, password) answers the same words', async () => {
    const u = await user();
    const secret = await setup(u);
    const enable = 'mutation ($c: String!, $p: String) { twoFactorEnable(token: $c, password: $p) { enabled } }';
    const missing = await gql(suite.t, enable, { c: await totp(secret, -1) }, u);
    expect(missing.body.errors[0]).toMatchObject({ message: 'Please enter your password', extensions: { code: 'BAD_USER_INPUT' } });
    const wrong = await gql(suite.t, enable, { c: await totp(secret, -1), p: 'Wrong-password1' }, u);
    expect(wrong.body.errors[0]).toMatchObject({ message: 'Incorrect password', extensions: { code: 'BAD_USER_INPUT' } });
    const ok = await gql(suite.t, enable, { c: await totp(secret, -1), p: u.password }, u);
    expect(ok.body.data.twoFactorEnable).toEqual({ enabled: true });
  });

  it('disable and new backup codes: a wrong password is 400 "Incorrect password"; a current code still works instead', async () => {
    const u = await user();
    const on = await enableTwoFactor(suite.t, u.token, u.ip, u.password);
    const session = { token: on.token, ip: u.ip };
    await post('/api/auth/2fa/disable', { password: 'Wrong-password1' }, session).expect(400, INCORRECT);
    await post('/api/auth/2fa/backup-codes/regenerate', { password: 'Wrong-password1' }, session).expect(400, INCORRECT);
    await post('/api/auth/2fa/backup-codes/regenerate', {}, session).expect(400, {
      error: 'Please enter your password or an authentication code',
      details: ['Please enter your password or an authentication code'],
    });
    const regenerated = await post('/api/auth/2fa/backup-codes/regenerate', { token: await totp(on.secret) }, session).expect(200);
    const off = await post('/api/auth/2fa/disable', { password: u.password }, { token: regenerated.body.token as string, ip: u.ip }).expect(200);
    expect(off.body.enabled).toBe(false);
  });

  it('a password change keeps {currentPassword, newPassword}', async () => {
    const u = await user();
    await post('/api/auth/change-password', { currentPassword: 'Wrong-password1', newPassword: 'Another-pass1' }, u).expect(400, {
      error: 'Current password is incorrect',
      details: ['Current password is incorrect'],
    });
    await post('/api/auth/change-password', { newPassword: 'Another-pass1' }, u).expect(400, {
      error: 'Please enter your current password',
      details: ['Please enter your current password'],
    });
    await post('/api/auth/change-password', { currentPassword: u.password, newPassword: 'Another-pass1' }, u).expect(200);
  });

  it('wrong passwords on every door share one per-account limit (10 per 15 minutes)', async () => {
    const u = await user();
    const secret = await setup(u);
    for (let i = 0; i < 4; i++) await post('/api/auth/2fa/enable', { token: await totp(secret, -1), password: `Wrong-${i}-pass` }, { ...u, ip: randomIp() }).expect(400, INCORRECT);
    for (let i = 0; i < 6; i++) await post('/api/auth/change-password', { currentPassword: `Wrong-${i}-pass`, newPassword: 'Another-pass1' }, { ...u, ip: randomIp() }).expect(400);
    const limited = await post('/api/auth/2fa/enable', { token: await totp(secret, -1), password: u.password }, { ...u, ip: randomIp() }).expect(429);
    expect(limited.body).toEqual({ error: 'Too many attempts. Please try again later.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800);
    expect(await twoFactorEnabled(u.id)).toBe(false);
  });

  it('wrong authenticator codes up to their limit leave the owner able to change the password', async () => {
    const u = await user();
    const on = await enableTwoFactor(suite.t, u.token, u.ip, u.password);
    const session = { token: on.token, ip: u.ip };
    const good = await totp(on.secret);
    const wrong = good === '123456' ? '654321' : '123456';
    // Someone who knows the password but not the authenticator uses up the account's code checks.
    for (let i = 0; i < 10; i++) await post('/api/auth/2fa/verify', { token: wrong }, { ...session, ip: randomIp() }).expect(400);
    await post('/api/auth/2fa/verify', { token: wrong }, { ...session, ip: randomIp() }).expect(429);
    // The owner's password change counts against the password checks, not the codes.
    const changed = await post('/api/auth/change-password', { currentPassword: u.password, newPassword: 'Another-pass1' }, session).expect(200);
    expect(changed.body).toMatchObject({ token: expect.any(String) });
    // The codes stay limited.
    await post('/api/auth/2fa/verify', { token: good }, { token: (changed.body as { token: string }).token, ip: u.ip }).expect(429);
  });

  it("a wrong password here is a failed password of the account: sign-in gets no fresh allowance, yet the owner's own check still works", async () => {
    const u = await user();
    const login = (password: string) => request(suite.t.app).post('/api/auth/login').set('x-forwarded-for', randomIp()).send({ email: u.email, password });
    const accountFailures = async () =>
      ((await suite.t.dataSource.query('select count from rate_limits where bucket = $1', [buckets.loginAccountTotal(u.email)])) as Array<{ count: number }>)[0]?.count ?? 0;

    for (let i = 0; i < 3; i++) await post('/api/auth/change-password', { currentPassword: `Wrong-${i}-pass`, newPassword: 'Another-pass1' }, u).expect(400);
    const on = await enableTwoFactor(suite.t, u.token, u.ip, u.password);
    const session = { token: on.token, ip: u.ip };
    await post('/api/auth/2fa/disable', { password: 'Wrong-3-pass' }, session).expect(400, INCORRECT);
    await post('/api/auth/2fa/backup-codes/regenerate', { password: 'Wrong-4-pass' }, session).expect(400, INCORRECT);
    // A wrong authenticator code is not a password guess.
    const good = await totp(on.secret);
    await post('/api/auth/2fa/backup-codes/regenerate', { token: good === '123456' ? '654321' : '123456' }, session).expect(400);
    expect(await accountFailures()).toBe(5);

    // Five more at sign-in reach the account's ten: the right password is slowed down too.
    for (let i = 5; i < 10; i++) await login(`Wrong-${i}-pass`).expect(401);
    await login(u.password).expect(429, { error: 'Too many login attempts. Please try again later.' });

    // The signed-in owner is not refused by that count: a wrong password is still just wrong, the right one changes it.
    await post('/api/auth/change-password', { currentPassword: 'Wrong-11-pass', newPassword: 'Another-pass1' }, session).expect(400);
    const changed = await post('/api/auth/change-password', { currentPassword: u.password, newPassword: 'Another-pass1' }, session).expect(200);
    expect(changed.body).toMatchObject({ token: expect.any(String) });
  });
});

