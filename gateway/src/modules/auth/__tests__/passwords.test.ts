import crypto from 'node:crypto';
import request from 'supertest';
import { buildTestApp, type TestApp } from '../../../../test/app';
import {
  bearer,
  createUser,
  deleteUsers,
  enableTwoFactor,
  expectNoSecrets,
  gql,
  PROXY_ENV,
  randomIp,
  resetMailsTo,
  resetTokenMailedTo,
  tokenFor,
  uniqueEmail,
  type TestUser,
} from '../../../../test/auth';
import { whileLocked } from '../../../../test/locks';

/*
 * The password lifecycle over REST and GraphQL on the real app and database:
 * change, 'Forgot password?', the reset link, and an administrator's reset
 * mail. Mail is read back from the outbox, where the mail worker would take
 * it (its delivery over SMTP is the mail module's test).
 */

const NEW_PASSWORD = 'Fresh-start-42';
const INVALID_LINK = 'This reset link is invalid or has expired';

describe('the password lifecycle', () => {
  let t: TestApp;
  const created: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ env: PROXY_ENV });
  });
  afterAll(async () => {
    await deleteUsers(t.dataSource, created);
    await t.close();
  });

  async function user(options: { roleId?: number; email?: string } = {}): Promise<TestUser & { token: string }> {
    const u = await createUser(t.dataSource, options);
    created.push(u.id);
    return { ...u, token: await tokenFor(t.dataSource, u.id) };
  }

  const post = (app: TestApp, path: string, body: Record<string, unknown>, options: { token?: string; ip?: string } = {}) => {
    let req = request(app.app).post(path).set('x-forwarded-for', options.ip ?? randomIp());
    if (options.token) req = req.set(bearer(options.token));
    return req.send(body);
  };
  const me = (token: string) => request(t.app).get('/api/auth/me').set(bearer(token));
  const login = (email: string, password: string) => post(t, '/api/auth/login', { email, password });
  const forgot = (email: string, ip?: string) => post(t, '/api/auth/forgot-password', { email }, { ip });
  const reset = (token: unknown, password: unknown = NEW_PASSWORD) => post(t, '/api/auth/reset-password', { token, password });

  /** Asks for a link as the user would, and reads it from the mail. */
  async function mailedLink(u: TestUser): Promise<string> {
    await forgot(u.email).expect(202, { success: true });
    const token = await resetTokenMailedTo(t.dataSource, u.email);
    if (!token) throw new Error(`no reset mail for ${u.email}`);
    return token;
  }

  describe('change', () => {
    it("200 {token}: the new password works, the old one and the user's other sessions do not", async () => {
      const u = await user();
      const otherDevice = await tokenFor(t.dataSource, u.id);
      const res = await post(t, '/api/auth/change-password', { currentPassword: u.password, newPassword: NEW_PASSWORD }, { token: u.token }).expect(200);
      expect(Object.keys(res.body)).toEqual(['token']);
      expectNoSecrets(res.body);
      await me(res.body.token).expect(200);
      // The caller goes on with the fresh token only: a copy of the old one, taken before, is refused.
      await me(u.token).expect(401);
      await me(otherDevice).expect(401);
      await login(u.email, NEW_PASSWORD).expect(200);
      await login(u.email, u.password).expect(401);
      const audit = (await t.dataSource.query(`select actor_user_id from audit_log where action = 'auth.password_change' and target_id = $1`, [String(u.id)])) as Array<{ actor_user_id: number }>;
      expect(audit).toEqual([{ actor_user_id: u.id }]);
    });

    it('a wrong current password answers 400 and the session goes on', async () => {
      const u = await user();
      const res = await post(t, '/api/auth/change-password', { currentPassword: 'Not-my-password9', newPassword: NEW_PASSWORD }, { token: u.token }).expect(400);
      expect(res.body).toEqual({ error: 'Current password is incorrect', details: ['Current password is incorrect'] });
      await me(u.token).expect(200);
      await login(u.email, u.password).expect(200);
      const [row] = (await t.dataSource.query(`select details from audit_log where action = 'auth.password_check_failure' and target_id = $1`, [String(u.id)])) as Array<{ details: unknown }>;
      expect(row?.details).toEqual({ operation: 'change_password', reason: 'invalid' });
    });

    it('wrong current passwords count toward the limit: past it, 429 even with the right one', async () => {
      const limited = await buildTestApp({ env: { ...PROXY_ENV, RATE_LIMIT_2FA_USER_MAX: '3' } });
      try {
        const u = await user();
        for (let i = 0; i < 3; i++) await post(limited, '/api/auth/change-password', { currentPassword: `Wrong-${i}-pass`, newPassword: NEW_PASSWORD }, { token: u.token }).expect(400);
        const res = await post(limited, '/api/auth/change-password', { currentPassword: u.password, newPassword: NEW_PASSWORD }, { token: u.token }).expect(429);
        expect(res.body).toEqual({ error: 'Too many attempts. Please try again later.' });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        await login(u.email, u.password).expect(200);
      } finally {
        await limited.close();
      }
    });

    it.each([
      ['current password missing', { currentPassword: undefined, newPassword: NEW_PASSWORD }, ['Please enter your current password']],
      ['new password missing', { currentPassword: 'x' }, ['Password must be at least 8 characters with letters and numbers']],
      ['new password too short', { currentPassword: 'x', newPassword: 'ab1' }, ['Password must be at least 8 characters with letters and numbers']],
      ['new password too common', { newPassword: 'Qwerty123' }, ['This password is too common']],
    ])('400 with the product message: %s', async (_case, body, details) => {
      const u = await user();
      const res = await post(t, '/api/auth/change-password', { currentPassword: u.password, ...body }, { token: u.token }).expect(400);
      expect(res.body).toEqual({ error: details.join(', '), details });
      await me(u.token).expect(200);
    });

    it("refuses a new password containing the email's name", async () => {
      const u = await user({ email: `harriet.${crypto.randomBytes(3).toString('hex')}@auth-test.example.org` });
      const name = u.email.split('@')[0] as string;
      const res = await post(t, '/api/auth/change-password', { currentPassword: u.password, newPassword: `${name.toUpperCase()}-99` }, { token: u.token }).expect(400);
      expect(res.body).toEqual({ error: 'Password must not contain your email', details: ['Password must not contain your email'] });
    });

    it('needs a session: 401 without one', async () => {
      await post(t, '/api/auth/change-password', { currentPassword: 'x', newPassword: NEW_PASSWORD }).expect(401, { error: 'Authentication required' });
    });

    it('closes the reset links still open', async () => {
      const u = await user();
      const link = await mailedLink(u);
      await post(t, '/api/auth/change-password', { currentPassword: u.password, newPassword: NEW_PASSWORD }, { token: u.token }).expect(200);
      await reset(link, 'Another-pass-77').expect(400, { error: INVALID_LINK, details: [INVALID_LINK] });
    });

    it('GraphQL changePassword: the same rules, a fresh token', async () => {
      const u = await user();
      const otherDevice = await tokenFor(t.dataSource, u.id);
      const mutation = 'mutation ($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) { token } }';
      const wrong = await gql(t, mutation, { c: 'Wrong-pass-1', n: NEW_PASSWORD }, { token: u.token });
      expect(wrong.body.errors[0]).toMatchObject({ message: 'Current password is incorrect', extensions: { code: 'BAD_USER_INPUT' } });
      const ok = await gql(t, mutation, { c: u.password, n: NEW_PASSWORD }, { token: u.token });
      expect(ok.body.errors).toBeUndefined();
      await me(ok.body.data.changePassword.token).expect(200);
      await me(u.token).expect(401);
      await me(otherDevice).expect(401);
      const anonymous = await gql(t, mutation, { c: u.password, n: NEW_PASSWORD });
      expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    });
  });

  describe('forgot', () => {
    it('202 for an account: one mail with a link to /reset-password, valid 1 hour, stored only as a hash', async () => {
      const u = await user();
      const res = await forgot(u.email.toUpperCase()).expect(202);
      expect(res.body).toEqual({ success: true });
      const [mail] = (await t.dataSource.query(`select to_address, subject, text, html from mail_outbox where to_address = $1 and kind = 'password-reset'`, [u.email])) as Array<{
        to_address: string;
        subject: string;
        text: string;
        html: string;
      }>;
      expect(mail?.subject).toBe('Reset your Embark password');
      const token = await resetTokenMailedTo(t.dataSource, u.email);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(mail?.text).toContain(`http://localhost:3000/reset-password?token=${token}`);
      expect(mail?.html).toContain(`http://localhost:3000/reset-password?token=${token}`);
      const rows = (await t.dataSource.query(`select token_hash, extract(epoch from expires_at - created_at)::int as ttl, used_at, requested_by from password_resets where user_id = $1`, [u.id])) as Array<{
        token_hash: string;
        ttl: number;
        used_at: Date | null;
        requested_by: number | null;
      }>;
      expect(rows).toEqual([{ token_hash: crypto.createHash('sha256').update(token as string).digest('hex'), ttl: 3600, used_at: null, requested_by: null }]);
      const [audit] = (await t.dataSource.query(`select details from audit_log where action = 'auth.password_reset_request' and target_id = $1`, [String(u.id)])) as Array<{ details: unknown }>;
      expect(audit?.details).toEqual({ email: u.email.toLowerCase(), outcome: 'sent' });
    });

    it('the same 202, in the same time, for an address without an account, and nothing is mailed', async () => {
      const u = await user();
      const timed = async (email: string): Promise<number> => {
        const started = process.hrtime.bigint();
        await forgot(email).expect(202, { success: true });
        return Number(process.hrtime.bigint() - started) / 1e6;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 3; i++) {
        known.push(await timed(u.email));
        unknown.push(await timed(uniqueEmail('nobody')));
      }
      // Both wait for the same floor, so neither can be told from the other by its time.
      for (const ms of [...known, ...unknown]) expect(ms).toBeGreaterThanOrEqual(245);
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[1] as number;
      expect(Math.abs(median(known) - median(unknown))).toBeLessThan(150);
      expect(await resetMailsTo(t.dataSource, u.email)).toBe(3);
      const ghost = uniqueEmail('ghost');
      await forgot(ghost).expect(202);
      expect(await resetMailsTo(t.dataSource, ghost)).toBe(0);
    });

    it('a deactivated account gets no mail (and the same 202)', async () => {
      const u = await user();
      await t.dataSource.query('update users set is_active = false where id = $1', [u.id]);
      await forgot(u.email).expect(202, { success: true });
      expect(await resetMailsTo(t.dataSource, u.email)).toBe(0);
    });

    it('400 for something that is not an address', async () => {
      const res = await forgot('not-an-email').expect(400);
      expect(res.body).toEqual({ error: 'Please enter a valid email address', details: ['Please enter a valid email address'] });
      await post(t, '/api/auth/forgot-password', {}).expect(400, { error: 'Email is required', details: ['Email is required'] });
    });

    it('an address with NUL or a lone surrogate is read without them, never a 500 from the database', async () => {
      const u = await user();
      const [local, domain] = u.email.split('@');
      await forgot(`${local}\u0000@${domain}`).expect(202, { success: true });
      await forgot(`\uD800${u.email}`).expect(202, { success: true });
      expect(await resetMailsTo(t.dataSource, u.email)).toBe(1);
    });

    it('per account: past 5 mails an hour, the same 202 but no more mail', async () => {
      const u = await user();
      for (let i = 0; i < 7; i++) await forgot(u.email).expect(202, { success: true });
      expect(await resetMailsTo(t.dataSource, u.email)).toBe(5);
    });

    it('per address: past the limit, 429', async () => {
      const limited = await buildTestApp({ env: { ...PROXY_ENV, RATE_LIMIT_PASSWORD_RESET_ADDRESS_MAX: '2' } });
      try {
        const ip = randomIp();
        for (let i = 0; i < 2; i++) await post(limited, '/api/auth/forgot-password', { email: uniqueEmail('addr') }, { ip }).expect(202);
        const res = await post(limited, '/api/auth/forgot-password', { email: uniqueEmail('addr') }, { ip }).expect(429);
        expect(res.body).toEqual({ error: 'Too many password reset requests. Please try again later.' });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        await post(limited, '/api/auth/forgot-password', { email: uniqueEmail('addr') }).expect(202);
      } finally {
        await limited.close();
      }
    });

    it('GraphQL forgotPassword: always true', async () => {
      const u = await user();
      const mutation = 'mutation ($e: String!) { forgotPassword(email: $e) }';
      expect((await gql(t, mutation, { e: u.email }, { ip: randomIp() })).body).toEqual({ data: { forgotPassword: true } });
      expect((await gql(t, mutation, { e: uniqueEmail('nobody') }, { ip: randomIp() })).body).toEqual({ data: { forgotPassword: true } });
      expect(await resetMailsTo(t.dataSource, u.email)).toBe(1);
    });
  });

  describe('reset', () => {
    it('200: the new password works, every session ends, and the link works once', async () => {
      const u = await user();
      const link = await mailedLink(u);
      const second = await mailedLink(u);
      await reset(link).expect(200, { success: true });
      await me(u.token).expect(401);
      await login(u.email, u.password).expect(401);
      await login(u.email, NEW_PASSWORD).expect(200);
      await reset(link, 'Yet-another-pass-1').expect(400, { error: INVALID_LINK, details: [INVALID_LINK] });
      // Using one link closes the others.
      await reset(second, 'Yet-another-pass-1').expect(400);
      const audit = (await t.dataSource.query(`select actor_user_id from audit_log where action = 'auth.password_reset' and target_id = $1`, [String(u.id)])) as Array<{ actor_user_id: number | null }>;
      expect(audit).toEqual([{ actor_user_id: null }]);
    });

    it('of two simultaneous uses of one link, exactly one succeeds', async () => {
      const u = await user();
      const link = await mailedLink(u);
      const results = await Promise.all([reset(link, 'Parallel-one-11'), reset(link, 'Parallel-two-22')]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    });

    it.each([
      ['an unknown token', () => crypto.randomBytes(32).toString('base64url')],
      ['no token', () => undefined],
      ['a token too short to be one', () => 'abc'],
      ['not text', () => 12345],
    ])('400 for %s', async (_case, token) => {
      const res = await reset(token()).expect(400);
      expect(res.body).toEqual({ error: INVALID_LINK, details: [INVALID_LINK] });
    });

    it('400 once the hour has passed', async () => {
      const u = await user();
      const link = await mailedLink(u);
      await t.dataSource.query(`update password_resets set expires_at = now() - interval '1 second' where user_id = $1`, [u.id]);
      await reset(link).expect(400, { error: INVALID_LINK, details: [INVALID_LINK] });
      await login(u.email, u.password).expect(200);
    });

    it('400 when the account was deactivated after the mail', async () => {
      const u = await user();
      const link = await mailedLink(u);
      await t.dataSource.query('update users set is_active = false where id = $1', [u.id]);
      await reset(link).expect(400, { error: INVALID_LINK, details: [INVALID_LINK] });
    });

    it("waits for a change of the same account instead of deadlocking with it: the change closes the link, 400", async () => {
      const u = await user();
      const link = await mailedLink(u);
      // A password change as it writes: the account's row held, then its open links closed.
      const res = await whileLocked({
        hold: (client) => client.query('select 1 from users where id = $1 for no key update', [u.id]),
        start: () => reset(link),
        waitingOn: '%users%',
        what: 'the reset waiting on the change that holds the account',
        beforeCommit: (client) => client.query('update password_resets set used_at = now() where user_id = $1 and used_at is null', [u.id]),
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: INVALID_LINK, details: [INVALID_LINK] });
      await login(u.email, u.password).expect(200);
    });

    it('a refused new password leaves the link usable', async () => {
      const u = await user();
      const link = await mailedLink(u);
      await reset(link, 'short').expect(400, { error: 'Password must be at least 8 characters with letters and numbers', details: ['Password must be at least 8 characters with letters and numbers'] });
      await reset(link, 'iloveyou1').expect(400, { error: 'This password is too common', details: ['This password is too common'] });
      await reset(link).expect(200);
    });

    it('two-factor stays required after a reset', async () => {
      const u = await user();
      const ip = randomIp();
      await enableTwoFactor(t, u.token, ip, u.password);
      await reset(await mailedLink(u)).expect(200);
      const res = await login(u.email, NEW_PASSWORD).expect(200);
      expect(res.body).toEqual({ requiresTwoFactor: true, challengeId: expect.any(String) });
      const [row] = (await t.dataSource.query('select two_factor_enabled from users where id = $1', [u.id])) as Array<{ two_factor_enabled: boolean }>;
      expect(row?.two_factor_enabled).toBe(true);
    });

    it('GraphQL resetPassword: true, or the same message', async () => {
      const u = await user();
      const link = await mailedLink(u);
      const mutation = 'mutation ($t: String!, $p: String!) { resetPassword(token: $t, password: $p) }';
      expect((await gql(t, mutation, { t: link, p: NEW_PASSWORD })).body).toEqual({ data: { resetPassword: true } });
      const again = await gql(t, mutation, { t: link, p: NEW_PASSWORD });
      expect(again.body.errors[0]).toMatchObject({ message: INVALID_LINK, extensions: { code: 'BAD_USER_INPUT' } });
    });
  });

  describe("an administrator's reset mail", () => {
    it('202: a reset link mailed to the user, audited; the user sets a new password with it', async () => {
      const admin = await user({ roleId: 4 });
      const u = await user();
      const res = await post(t, `/api/admin/users/${u.id}/password-reset`, {}, { token: admin.token }).expect(202);
      expect(res.body).toEqual({ success: true });
      const token = await resetTokenMailedTo(t.dataSource, u.email);
      expect(token).not.toBeNull();
      const [row] = (await t.dataSource.query('select requested_by from password_resets where user_id = $1', [u.id])) as Array<{ requested_by: number }>;
      expect(row?.requested_by).toBe(admin.id);
      const audit = (await t.dataSource.query(`select actor_user_id, target_type from audit_log where action = 'user.password_reset_sent' and target_id = $1`, [String(u.id)])) as unknown[];
      expect(audit).toEqual([{ actor_user_id: admin.id, target_type: 'user' }]);
      // Sending a link changes nothing yet: the user's password and sessions stay until they use it.
      await me(u.token).expect(200);
      await reset(token).expect(200);
      await login(u.email, NEW_PASSWORD).expect(200);
    });

    it('administrators only; 404 for an unknown user, 400 for a bad id, 409 for a deactivated account', async () => {
      const admin = await user({ roleId: 4 });
      const employee = await user();
      const target = await user();
      await post(t, `/api/admin/users/${target.id}/password-reset`, {}).expect(401);
      await post(t, `/api/admin/users/${target.id}/password-reset`, {}, { token: employee.token }).expect(403);
      expect(await resetMailsTo(t.dataSource, target.email)).toBe(0);
      await post(t, '/api/admin/users/99999999/password-reset', {}, { token: admin.token }).expect(404, { error: 'User not found' });
      await post(t, '/api/admin/users/abc/password-reset', {}, { token: admin.token }).expect(400, { error: 'Invalid user id', details: ['Invalid user id'] });
      await t.dataSource.query('update users set is_active = false where id = $1', [target.id]);
      const res = await post(t, `/api/admin/users/${target.id}/password-reset`, {}, { token: admin.token }).expect(409);
      expect(res.body).toEqual({ error: 'This account is deactivated: reactivate it before sending a reset link' });
    });

    it('GraphQL sendPasswordReset: administrators only', async () => {
      const admin = await user({ roleId: 4 });
      const employee = await user();
      const target = await user();
      const mutation = 'mutation ($id: Int!) { sendPasswordReset(userId: $id) }';
      expect((await gql(t, mutation, { id: target.id }, { token: employee.token })).body.errors[0].extensions.code).toBe('FORBIDDEN');
      expect((await gql(t, mutation, { id: target.id }, { token: admin.token })).body).toEqual({ data: { sendPasswordReset: true } });
      expect((await gql(t, mutation, { id: 99999999 }, { token: admin.token })).body.errors[0].extensions.code).toBe('NOT_FOUND');
      expect(await resetMailsTo(t.dataSource, target.email)).toBe(1);
    });
  });
});
