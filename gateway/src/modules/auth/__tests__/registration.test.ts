import request from 'supertest';
import { ADMIN_ROLE_ID } from '../../../shared/actor';
import { AUTH_MESSAGES as MESSAGES } from '../auth.messages';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { bearer, createUser, deleteUsers, expectNoSecrets, gql, PROXY_ENV, randomIp, tokenFor, uniqueEmail } from '../../../../test/auth';
import { fixedClock } from '../../../../test/checklist';
import { createScratchDatabase, type ScratchDatabase } from '../../../../test/scratch-database';

const GOOD = { name: 'Nina New', password: 'Welcome123', role_id: 1 };

describe('registration', () => {
  let t: TestApp;
  const created: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ env: PROXY_ENV });
  });
  afterAll(async () => {
    await deleteUsers(t.dataSource, created);
    await t.close();
  });

  /** Each registration from its own address, so the per-address cap never interferes. */
  const register = (body: Record<string, unknown>, ip = randomIp()) => request(t.app).post('/api/auth/register').set('x-forwarded-for', ip).send(body);

  it('creates the account: 201 {token, user} in the public shape, and the token works', async () => {
    const email = uniqueEmail('reg');
    const res = await register({ ...GOOD, email }).expect(201);
    created.push(res.body.user.id);
    expect(Object.keys(res.body).sort()).toEqual(['token', 'user']);
    expect(Object.keys(res.body.user).sort()).toEqual(['buddy_id', 'buddy_name', 'completion_percentage', 'created_at', 'email', 'id', 'last_login_at', 'manager_id', 'manager_name', 'name', 'role_id', 'start_date']);
    expect(res.body.user).toMatchObject({ name: 'Nina New', email, role_id: 1, completion_percentage: 0, last_login_at: null, manager_id: null, buddy_id: null, manager_name: null, buddy_name: null });
    expect(res.body.user.start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(res.body.user.created_at).toISOString()).toBe(res.body.user.created_at);
    expectNoSecrets(res.body);
    const me = await request(t.app).get('/api/auth/me').set(bearer(res.body.token)).expect(200);
    expect(me.body).toEqual(res.body.user);
    expectNoSecrets(me.body);
    // Stored as argon2id with at least the configured cost, never the password.
    const [row] = (await t.dataSource.query('select password_hash from users where id = $1', [res.body.user.id])) as Array<{ password_hash: string }>;
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=1\$/);
    const audit = (await t.dataSource.query(`select action, details from audit_log where target_type = 'user' and target_id = $1`, [String(res.body.user.id)])) as Array<{ action: string }>;
    expect(audit.map((a) => a.action)).toContain('auth.register');
  });

  it.each([
    ['name missing', { name: undefined }, [MESSAGES.nameRequired]],
    ['name blank', { name: '   ' }, [MESSAGES.nameRequired]],
    ['name too long', { name: 'n'.repeat(101) }, [MESSAGES.nameTooLong]],
    ['email missing', { email: '' }, [MESSAGES.emailRequired]],
    ['email malformed', { email: 'not-an-email' }, [MESSAGES.emailInvalid]],
    ['email too long', { email: `${'e'.repeat(250)}@x.io` }, [MESSAGES.emailTooLong]],
    ['password short', { password: 'abc123' }, [MESSAGES.passwordRule]],
    ['password without digits', { password: 'abcdefghij' }, [MESSAGES.passwordRule]],
    ['password without letters', { password: '1234567890' }, [MESSAGES.passwordRule]],
    ['password among the most common', { password: 'password1' }, ['This password is too common']],
    ['a common password in capitals', { password: 'PASSWORD123' }, ['This password is too common']],
    ['password containing the email name', { email: 'nina.new@auth-test.example.org', password: 'Nina.New2025' }, ['Password must not contain your email']],
    ['role missing', { role_id: undefined }, [MESSAGES.roleRequired]],
    ['role not a number', { role_id: 'manager' }, [MESSAGES.roleUnknown]],
  ])('400 with the product message: %s', async (_case, change, details) => {
    const body: Record<string, unknown> = { ...GOOD, email: uniqueEmail('val'), ...change };
    const res = await register(body).expect(400);
    expect(res.body).toEqual({ error: details.join(', '), details });
  });

  it('lists every problem at once', async () => {
    const res = await register({}).expect(400);
    expect(res.body.details).toEqual([MESSAGES.nameRequired, MESSAGES.emailRequired, MESSAGES.passwordRule, MESSAGES.roleRequired]);
    expect(res.body.error).toBe('Name is required, Email is required, Password must be at least 8 characters with letters and numbers, Please select a role');
  });

  it('accepts a name of exactly 100 and an email of exactly 254 characters', async () => {
    const email = `${'a'.repeat(254 - '@auth-test.example.org'.length - 6)}${Date.now().toString().slice(-6)}@auth-test.example.org`;
    expect(email).toHaveLength(254);
    const res = await register({ ...GOOD, name: 'n'.repeat(100), email }).expect(201);
    created.push(res.body.user.id);
  });

  it('looks for the email name only from 3 characters: "al" may be inside a password', async () => {
    const res = await register({ ...GOOD, email: `al@short-${Date.now()}.example.org`, password: 'Walnut-tree9' }).expect(201);
    created.push(res.body.user.id);
  });

  it('refuses an unknown role with 400', async () => {
    const res = await register({ ...GOOD, email: uniqueEmail('role'), role_id: 999_999 }).expect(400);
    expect(res.body).toEqual({ error: MESSAGES.roleUnknown, details: [MESSAGES.roleUnknown] });
  });

  it('refuses a duplicate email in another case with 409', async () => {
    const email = uniqueEmail('dup');
    const first = await register({ ...GOOD, email }).expect(201);
    created.push(first.body.user.id);
    const res = await register({ ...GOOD, email: `  ${email.toUpperCase()} ` }).expect(409);
    expect(res.body).toEqual({ error: 'An account with this email already exists.' });
  });

  it('refuses role 4 once an administrator exists (403), and audits it', async () => {
    const email = uniqueEmail('sneaky');
    const res = await register({ ...GOOD, email, role_id: ADMIN_ROLE_ID }).expect(403);
    expect(res.body).toEqual({ error: MESSAGES.adminRegistrationRefused });
    const [row] = (await t.dataSource.query(`select count(*)::int as n from audit_log where action = 'auth.register_refused' and details->>'email' = $1`, [email])) as Array<{ n: number }>;
    expect(row?.n).toBe(1);
  });

  it('caps registrations per address (20 per hour by default): the 21st answers 429', async () => {
    const ip = randomIp();
    for (let i = 0; i < 20; i++) {
      // Invalid attempts count too: the cap also limits probing emails through 409s.
      await register({ email: 'x' }, ip).expect(400);
    }
    const res = await register({ ...GOOD, email: uniqueEmail('cap') }, ip).expect(429);
    expect(res.body).toEqual({ error: 'Too many registration attempts. Please try again later.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
    // Another address is not affected.
    const other = await register({ ...GOOD, email: uniqueEmail('cap') }).expect(201);
    created.push(other.body.user.id);
  });

  it('counts every aliased GraphQL register call: 15 aliases use 15 of the 20 allowed', async () => {
    const ip = randomIp();
    const fields = Array.from({ length: 15 }, (_, i) => `a${i}: register(input: {name: "Alias ${i}", email: "${uniqueEmail('alias')}", password: "Welcome123", role_id: 1}) { user { id } }`).join('\n');
    const res = await gql(t, `mutation { ${fields} }`, {}, { ip });
    expect(res.body.errors).toBeUndefined();
    const data = res.body.data as Record<string, { user: { id: number } }>;
    created.push(...Object.values(data).map((r) => r.user.id));
    expect(Object.keys(data)).toHaveLength(15);
    for (let i = 0; i < 5; i++) {
      const ok = await register({ ...GOOD, email: uniqueEmail('alias') }, ip).expect(201);
      created.push(ok.body.user.id);
    }
    await register({ ...GOOD, email: uniqueEmail('alias') }, ip).expect(429);
  });

  it('GraphQL register: same rules and messages, same user shape', async () => {
    const mutation = 'mutation ($input: RegisterInput!) { register(input: $input) { token user { id name email role_id completion_percentage last_login_at created_at start_date } } }';
    const ok = await gql(t, mutation, { input: { ...GOOD, email: uniqueEmail('gql') } }, { ip: randomIp() });
    expect(ok.body.errors).toBeUndefined();
    created.push(ok.body.data.register.user.id);
    expect(ok.body.data.register.user.completion_percentage).toBe(0);

    const bad = await gql(t, mutation, { input: { ...GOOD, email: 'nope', password: 'short' } }, { ip: randomIp() });
    expect(bad.body.errors[0]).toMatchObject({ message: `${MESSAGES.emailInvalid}, ${MESSAGES.passwordRule}`, extensions: { code: 'BAD_USER_INPUT', details: [MESSAGES.emailInvalid, MESSAGES.passwordRule] } });

    const admin = await gql(t, mutation, { input: { ...GOOD, email: uniqueEmail('gql'), role_id: ADMIN_ROLE_ID } }, { ip: randomIp() });
    expect(admin.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});

describe('the first administrator of an empty install', () => {
  let db: ScratchDatabase;
  let t: TestApp;

  beforeAll(async () => {
    // Roles and an open registration policy, but no demo accounts: there is no administrator yet.
    db = await createScratchDatabase({ seedSteps: ['roles', 'registration'] });
    t = await buildTestApp({ dataSource: db.dataSource, env: PROXY_ENV });
  });
  afterAll(async () => {
    await t.close();
    await db.drop();
  });

  it('may register as role 4; of simultaneous attempts exactly one wins, and later ones get 403', async () => {
    const attempt = (i: number) =>
      request(t.app)
        .post('/api/auth/register')
        .set('x-forwarded-for', randomIp())
        .send({ ...GOOD, name: `First Admin ${i}`, email: uniqueEmail('first'), role_id: ADMIN_ROLE_ID });
    const results = await Promise.all([0, 1, 2, 3].map(attempt));
    expect(results.map((r) => r.status).sort()).toEqual([201, 403, 403, 403]);
    const winner = results.find((r) => r.status === 201);
    expect(winner?.body.user.role_id).toBe(ADMIN_ROLE_ID);
    await attempt(9).expect(403);
    const [row] = (await t.dataSource.query('select count(*)::int as n from users where role_id = 4')) as Array<{ n: number }>;
    expect(row?.n).toBe(1);
  });
});

describe("the start date, when none is given, is the company's today", () => {
  // 20:00 UTC on 2 March is already 3 March in Auckland (UTC+13 in summer).
  const NOW = '2026-03-02T20:00:00.000Z';
  let db: ScratchDatabase;
  let t: TestApp;

  beforeAll(async () => {
    // A database of its own: the company time zone is a setting of the whole instance.
    db = await createScratchDatabase({ seedSteps: ['roles', 'registration'] });
    await db.dataSource.query(`update company_settings set time_zone = 'Pacific/Auckland'`);
    t = await buildTestApp({ dataSource: db.dataSource, env: PROXY_ENV, clock: fixedClock(NOW) });
  });
  afterAll(async () => {
    await t.close();
    await db.drop();
  });

  it('registration and an invitation without a start date both start on the company calendar day, not the server UTC day', async () => {
    const registered = await request(t.app)
      .post('/api/auth/register')
      .set('x-forwarded-for', randomIp())
      .send({ ...GOOD, email: uniqueEmail('auckland') })
      .expect(201);
    expect(registered.body.user.start_date).toBe('2026-03-03');

    const admin = await createUser(t.dataSource, { roleId: ADMIN_ROLE_ID });
    const email = uniqueEmail('invited');
    await request(t.app)
      .post('/api/admin/invitations')
      .set(bearer(await tokenFor(t.dataSource, admin.id, new Date(NOW))))
      .send({ email, name: 'Ina Invited', role_id: 1 })
      .expect(201);
    const [mail] = (await t.dataSource.query('select text from mail_outbox where lower(to_address) = lower($1)', [email])) as Array<{ text: string }>;
    const token = /\/accept-invite\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    const accepted = await request(t.app).post(`/api/invitations/${token}/accept`).set('x-forwarded-for', randomIp()).send({ password: 'Welcome-2030x' }).expect(201);
    expect(accepted.body.user.start_date).toBe('2026-03-03');
    const stored = (await t.dataSource.query(`select to_char(start_date, 'YYYY-MM-DD') as start_date from users where id = any($1::int[]) order by id`, [[registered.body.user.id, accepted.body.user.id]])) as unknown[];
    expect(stored).toEqual([{ start_date: '2026-03-03' }, { start_date: '2026-03-03' }]);
  });
});
