import request from 'supertest';
import { AUTH_MESSAGES as MESSAGES } from '../auth.messages';
import { buildTestApp } from '../../../../test/app';
import { authTestApp, bearer, enableTwoFactor, expectNoSecrets, gql, PROXY_ENV, randomIp, tokenFor, totp, type TestUser } from '../../../../test/auth';

describe('two-factor sign-in', () => {
  const suite = authTestApp();

  async function user(): Promise<TestUser & { token: string }> {
    const u = await suite.user();
    return { ...u, token: await tokenFor(suite.t.dataSource, u.id) };
  }

  /** A user with TOTP on; `token` is the session after enabling. */
  async function enrolled(): Promise<TestUser & { token: string; secret: string; backupCodes: string[]; ip: string }> {
    const u = await user();
    const ip = randomIp();
    const on = await enableTwoFactor(suite.t, u.token, ip, u.password);
    return { ...u, ...on, ip };
  }

  const post = (path: string, body: Record<string, unknown>, options: { token?: string; ip?: string } = {}) => {
    let req = request(suite.t.app).post(path).set('x-forwarded-for', options.ip ?? randomIp());
    if (options.token) req = req.set(bearer(options.token));
    return req.send(body);
  };
  const passwordStep = (u: TestUser, ip: string) => post('/api/auth/login', { email: u.email, password: u.password }, { ip });
  /** A passed password step: its challengeId. */
  const challenge = async (u: TestUser, ip: string): Promise<string> => ((await passwordStep(u, ip).expect(200)).body as { challengeId: string }).challengeId;
  const secondStep = (u: TestUser, challengeId: string, token: string, ip: string, isBackupCode = false) =>
    post('/api/auth/2fa/verify-login', { email: u.email, challengeId, token, isBackupCode }, { ip });

  it('setup → verify → enable: secret shown once, stored encrypted, 10 backup codes of 8 hex characters', async () => {
    const u = await user();
    const ip = randomIp();
    const status0 = await request(suite.t.app).get('/api/auth/2fa/status').set(bearer(u.token)).expect(200);
    expect(status0.body).toEqual({ enabled: false, backupCodesRemaining: 0 });

    const setup = await post('/api/auth/2fa/setup', {}, { token: u.token, ip }).expect(200);
    expect(Object.keys(setup.body).sort()).toEqual(['otpauthUrl', 'qrCodeDataUrl', 'secret']);
    const { secret, otpauthUrl, qrCodeDataUrl } = setup.body as { secret: string; otpauthUrl: string; qrCodeDataUrl: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Embark:/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toContain('issuer=Embark');
    expect(qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCodeDataUrl.split(',')[1] as string, 'base64').toString()).toMatch(/^<svg[^>]+viewBox/);
    expectNoSecrets(setup.body, { allowSecret: true });

    const [row] = (await suite.t.dataSource.query('select two_factor_secret, two_factor_enabled from users where id = $1', [u.id])) as Array<{ two_factor_secret: string; two_factor_enabled: boolean }>;
    expect(row?.two_factor_enabled).toBe(false);
    expect(row?.two_factor_secret).toMatch(/^v1:/);
    expect(row?.two_factor_secret).not.toContain(secret);

    // Pending: verifying is a dry run, the same code can then enable.
    const code = await totp(secret, -1);
    await post('/api/auth/2fa/verify', { token: '000000' === code ? '111111' : '000000' }, { token: u.token, ip }).expect(400, { error: MESSAGES.invalidCode, details: [MESSAGES.invalidCode] });
    await post('/api/auth/2fa/verify', { token: code }, { token: u.token, ip }).expect(200, { valid: true });
    await post('/api/auth/2fa/enable', { token: 'abc', password: u.password }, { token: u.token, ip }).expect(400, { error: MESSAGES.codeFormat, details: [MESSAGES.codeFormat] });
    const otherDevice = await tokenFor(suite.t.dataSource, u.id);
    const enabled = await post('/api/auth/2fa/enable', { token: code, password: u.password }, { token: u.token, ip }).expect(200);
    expect(enabled.body.enabled).toBe(true);
    expect(enabled.body.backupCodes).toHaveLength(10);
    for (const c of enabled.body.backupCodes as string[]) expect(c).toMatch(/^[0-9a-f]{8}$/);
    expect(new Set(enabled.body.backupCodes).size).toBe(10);

    // Backup codes are stored only as argon2 hashes.
    const hashes = (await suite.t.dataSource.query('select code_hash from backup_codes where user_id = $1', [u.id])) as Array<{ code_hash: string }>;
    expect(hashes).toHaveLength(10);
    for (const h of hashes) expect(h.code_hash).toMatch(/^\$argon2id\$/);

    // Enabling ended the other sessions and the caller's old token; the caller goes on with the returned one.
    await request(suite.t.app).get('/api/auth/me').set(bearer(otherDevice)).expect(401);
    await request(suite.t.app).get('/api/auth/me').set(bearer(u.token)).expect(401);
    const status = await request(suite.t.app).get('/api/auth/2fa/status').set(bearer(enabled.body.token)).expect(200);
    expect(status.body).toEqual({ enabled: true, backupCodesRemaining: 10 });
    // Setup again while enabled is refused: it would swap the authenticator silently.
    await post('/api/auth/2fa/setup', {}, { token: enabled.body.token, ip }).expect(409);
  });

  it('sign-in then needs the second step: {requiresTwoFactor: true, challengeId} without a token, then {user, token}', async () => {
    const u = await enrolled();
    const first = await passwordStep(u, u.ip).expect(200);
    expect(first.body).toEqual({ requiresTwoFactor: true, challengeId: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const second = await secondStep(u, first.body.challengeId as string, await totp(u.secret), u.ip).expect(200);
    expect(Object.keys(second.body).sort()).toEqual(['token', 'user']);
    expect(second.body.user.id).toBe(u.id);
    expectNoSecrets(second.body);
    await request(suite.t.app).get('/api/auth/me').set(bearer(second.body.token)).expect(200);
    const actions = (await suite.t.dataSource.query(`select action, details->>'method' as method from audit_log where target_id = $1 and action like 'auth.login%' order by id`, [String(u.id)])) as Array<{ action: string; method: string | null }>;
    expect(actions).toEqual([
      { action: 'auth.login_2fa_required', method: null },
      { action: 'auth.login_success', method: 'totp' },
    ]);
  });

  it('one success consumes the password step', async () => {
    const u = await enrolled();
    const id = await challenge(u, u.ip);
    await secondStep(u, id, await totp(u.secret, 0), u.ip).expect(200);
    const again = await secondStep(u, id, await totp(u.secret, 1), u.ip).expect(401);
    expect(again.body).toEqual({ error: MESSAGES.signInExpired });
  });

  it('a used TOTP step is refused (replay), even in a new sign-in', async () => {
    const u = await enrolled();
    const code = await totp(u.secret, 0);
    await secondStep(u, await challenge(u, u.ip), code, u.ip).expect(200);
    const id = await challenge(u, u.ip);
    const replay = await secondStep(u, id, code, u.ip).expect(401);
    expect(replay.body).toEqual({ error: 'Invalid authentication code' });
    // The enabling code's step (the previous one) is spent as well.
    await secondStep(u, id, await totp(u.secret, -1), u.ip).expect(401);
  });

  it('verify-login without a password step is refused', async () => {
    const u = await enrolled();
    const res = await secondStep(u, '', await totp(u.secret), u.ip).expect(401);
    expect(res.body).toEqual({ error: MESSAGES.signInExpired });
    // Nor does a wrong password open one.
    const wrong = await post('/api/auth/login', { email: u.email, password: 'Wrong-password1' }, { ip: u.ip }).expect(401);
    expect(wrong.body).toEqual({ error: 'Invalid email or password' });
    await secondStep(u, '', await totp(u.secret), u.ip).expect(401, { error: MESSAGES.signInExpired });
  });

  it('verify-login more than 5 minutes after the password step is refused', async () => {
    const u = await enrolled();
    const id = await challenge(u, u.ip);
    const [row] = (await suite.t.dataSource.query(`select extract(epoch from expires_at - created_at)::int as ttl from login_challenges where user_id = $1`, [u.id])) as Array<{ ttl: number }>;
    expect(row?.ttl).toBe(300);
    await suite.t.dataSource.query(`update login_challenges set created_at = created_at - interval '5 minutes 1 second', expires_at = expires_at - interval '5 minutes 1 second' where user_id = $1`, [u.id]);
    await secondStep(u, id, await totp(u.secret), u.ip).expect(401, { error: MESSAGES.signInExpired });
  });

  it('backup codes work once each', async () => {
    const u = await enrolled();
    const [code] = u.backupCodes as [string];
    const ok = await secondStep(u, await challenge(u, u.ip), code.toUpperCase(), u.ip, true).expect(200);
    expect(ok.body.user.id).toBe(u.id);
    const id = await challenge(u, u.ip);
    const reuse = await secondStep(u, id, code, u.ip, true).expect(401);
    expect(reuse.body).toEqual({ error: 'Invalid backup code. Please check and try again.' });
    const status = await request(suite.t.app).get('/api/auth/2fa/status').set(bearer(ok.body.token)).expect(200);
    expect(status.body.backupCodesRemaining).toBe(9);
    // A backup code checked in authenticator mode is just a malformed code.
    await secondStep(u, id, u.backupCodes[1] as string, u.ip, false).expect(400, { error: MESSAGES.codeFormat, details: [MESSAGES.codeFormat] });
  });

  it('at most 5 attempts per challenge, even with the right code afterwards', async () => {
    // A higher account limit, so the per-challenge cap is what stops the sixth try.
    const strict = await buildTestApp({ env: { ...PROXY_ENV, RATE_LIMIT_LOGIN_ACCOUNT_MAX: '50' } });
    try {
      const u = await enrolled();
      const step = await request(strict.app).post('/api/auth/login').set('x-forwarded-for', u.ip).send({ email: u.email, password: u.password }).expect(200);
      const challengeId = (step.body as { challengeId: string }).challengeId;
      const good = await totp(u.secret);
      const wrong = good === '123456' ? '654321' : '123456';
      const attempt = (code: string) => request(strict.app).post('/api/auth/2fa/verify-login').set('x-forwarded-for', u.ip).send({ email: u.email, challengeId, token: code, isBackupCode: false });
      for (let i = 0; i < 5; i++) await attempt(wrong).expect(401, { error: 'Invalid authentication code' });
      const sixth = await attempt(good).expect(429);
      expect(sixth.body).toEqual({ error: MESSAGES.tooManyCodeAttempts });
      // The challenge is closed: a new password step is needed.
      await attempt(good).expect(401, { error: MESSAGES.signInExpired });
    } finally {
      await strict.close();
    }
  });

  it('failed second steps count as failed sign-ins for the account and address', async () => {
    const u = await enrolled();
    const id = await challenge(u, u.ip);
    const good = await totp(u.secret);
    const wrong = good === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) await secondStep(u, id, wrong, u.ip).expect(401);
    // Opening a fresh challenge does not reset anything: the account is locked from this address.
    await passwordStep(u, u.ip).expect(429);
    await secondStep(u, id, good, u.ip).expect(429, { error: 'Too many login attempts. Please try again later.' });
  });

  it('disable needs the password (or a current code); a wrong one is 400, never 401', async () => {
    const u = await enrolled();
    const wrong = await post('/api/auth/2fa/disable', { password: 'Wrong-password1' }, { token: u.token, ip: u.ip }).expect(400);
    expect(wrong.body).toEqual({ error: 'Incorrect password', details: ['Incorrect password'] });
    await post('/api/auth/2fa/disable', {}, { token: u.token, ip: u.ip }).expect(400, { error: MESSAGES.passwordOrCodeRequired, details: [MESSAGES.passwordOrCodeRequired] });
    const otherDevice = await tokenFor(suite.t.dataSource, u.id);
    const off = await post('/api/auth/2fa/disable', { password: u.password }, { token: u.token, ip: u.ip }).expect(200);
    expect(off.body).toEqual({ enabled: false, token: expect.any(String) });
    await request(suite.t.app).get('/api/auth/me').set(bearer(otherDevice)).expect(401);
    await request(suite.t.app).get('/api/auth/me').set(bearer(u.token)).expect(401);
    const status = await request(suite.t.app).get('/api/auth/2fa/status').set(bearer(off.body.token)).expect(200);
    expect(status.body).toEqual({ enabled: false, backupCodesRemaining: 0 });
    const [row] = (await suite.t.dataSource.query('select two_factor_secret from users where id = $1', [u.id])) as Array<{ two_factor_secret: string | null }>;
    expect(row?.two_factor_secret).toBeNull();
    // Sign-in is back to one step.
    const login = await passwordStep(u, u.ip).expect(200);
    expect(login.body.requiresTwoFactor).toBe(false);
    // Already off: a conflict with the current state, as enabling twice is.
    const notOn = { error: 'Two-factor authentication is not enabled' };
    await post('/api/auth/2fa/disable', { password: u.password }, { token: off.body.token, ip: u.ip }).expect(409, notOn);
    await post('/api/auth/2fa/backup-codes/regenerate', { password: u.password }, { token: off.body.token, ip: u.ip }).expect(409, notOn);
  });

  it('disable with a current code works, and spends its step', async () => {
    const u = await enrolled();
    const code = await totp(u.secret);
    await post('/api/auth/2fa/disable', { token: code }, { token: u.token, ip: u.ip }).expect(200);
  });

  it('regenerating backup codes needs the password, replaces the old codes, and revokes other sessions', async () => {
    const u = await enrolled();
    await post('/api/auth/2fa/backup-codes/regenerate', { password: 'Wrong-password1' }, { token: u.token, ip: u.ip }).expect(400);
    const otherDevice = await tokenFor(suite.t.dataSource, u.id);
    const res = await post('/api/auth/2fa/backup-codes/regenerate', { password: u.password }, { token: u.token, ip: u.ip }).expect(200);
    expect(Object.keys(res.body).sort()).toEqual(['backupCodes', 'token']);
    expect(res.body.backupCodes).toHaveLength(10);
    expect(res.body.backupCodes).not.toContain(u.backupCodes[0]);
    await request(suite.t.app).get('/api/auth/me').set(bearer(otherDevice)).expect(401);
    await request(suite.t.app).get('/api/auth/me').set(bearer(u.token)).expect(401);
    await request(suite.t.app).get('/api/auth/me').set(bearer(res.body.token)).expect(200);
    const id = await challenge(u, u.ip);
    await secondStep(u, id, u.backupCodes[0] as string, u.ip, true).expect(401);
    await secondStep(u, id, res.body.backupCodes[0] as string, u.ip, true).expect(200);
  });

  it('limits wrong password/code checks on the 2FA settings per user', async () => {
    const u = await enrolled();
    for (let i = 0; i < 10; i++) await post('/api/auth/2fa/disable', { password: `Wrong-${i}-pass` }, { token: u.token, ip: randomIp() }).expect(400);
    const res = await post('/api/auth/2fa/disable', { password: u.password }, { token: u.token, ip: randomIp() }).expect(429);
    expect(res.body).toEqual({ error: MESSAGES.tooManyTwoFactorChecks });
  });

  it('the whole flow works through GraphQL too', async () => {
    const u = await user();
    const ip = randomIp();
    const setup = await gql(suite.t, 'mutation { twoFactorSetup { secret otpauthUrl qrCodeDataUrl } }', {}, { token: u.token, ip });
    const secret = setup.body.data.twoFactorSetup.secret as string;
    const verify = await gql(suite.t, 'mutation ($c: String!) { twoFactorVerify(token: $c) { valid } }', { c: await totp(secret, -1) }, { token: u.token, ip });
    expect(verify.body.data.twoFactorVerify).toEqual({ valid: true });
    const enable = await gql(suite.t, 'mutation ($c: String!, $p: String!) { twoFactorEnable(token: $c, password: $p) { enabled backupCodes token } }', { c: await totp(secret, -1), p: u.password }, { token: u.token, ip });
    const { token, backupCodes } = enable.body.data.twoFactorEnable as { token: string; backupCodes: string[] };
    const status = await gql(suite.t, '{ twoFactorStatus { enabled backupCodesRemaining } }', {}, { token, ip });
    expect(status.body.data.twoFactorStatus).toEqual({ enabled: true, backupCodesRemaining: 10 });

    const login = await gql(suite.t, 'mutation ($e: String!, $p: String!) { login(input: {email: $e, password: $p}) { requiresTwoFactor token user { id } challengeId } }', { e: u.email, p: u.password }, { ip });
    expect(login.body.data.login).toEqual({ requiresTwoFactor: true, token: null, user: null, challengeId: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const id = login.body.data.login.challengeId as string;
    const wrong = await gql(suite.t, 'mutation ($e: String!, $i: String!, $c: String!) { verifyLogin(input: {email: $e, challengeId: $i, token: $c, isBackupCode: true}) { token } }', { e: u.email, i: id, c: 'deadbeef' }, { ip });
    expect(wrong.body.errors[0]).toMatchObject({ message: 'Invalid backup code. Please check and try again.', extensions: { code: 'UNAUTHENTICATED' } });
    const second = await gql(suite.t, 'mutation ($e: String!, $i: String!, $c: String!) { verifyLogin(input: {email: $e, challengeId: $i, token: $c}) { token user { id } } }', { e: u.email, i: id, c: await totp(secret) }, { ip });
    expect(second.body.data.verifyLogin.user).toEqual({ id: u.id });

    const regen = await gql(suite.t, 'mutation ($p: String!) { regenerateBackupCodes(input: {password: $p}) { backupCodes token } }', { p: u.password }, { token, ip });
    expect(regen.body.data.regenerateBackupCodes.backupCodes).toHaveLength(10);
    expect(regen.body.data.regenerateBackupCodes.backupCodes).not.toEqual(backupCodes);
    const off = await gql(suite.t, 'mutation ($p: String!) { twoFactorDisable(input: {password: $p}) { enabled token } }', { p: u.password }, { token: regen.body.data.regenerateBackupCodes.token, ip });
    expect(off.body.data.twoFactorDisable.enabled).toBe(false);
  });
});
