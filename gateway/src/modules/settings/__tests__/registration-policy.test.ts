import request from 'supertest';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { bearer, createUser, gql, PROXY_ENV, randomIp, tokenFor, uniqueEmail, type TestUser } from '../../../../test/auth';
import { createScratchDatabase, type ScratchDatabase } from '../../../../test/scratch-database';
import { CreateCompanySettings1795920000000 } from '../../../db/migrations/1795920000000-CreateCompanySettings';

/*
 * Who may register, end to end. The policy is instance-wide, so this file has
 * a database of its own: other files register in parallel on the shared one.
 */

const GOOD = { name: 'Pat Policy', password: 'Welcome123', role_id: 1 };
const SETTINGS_FIELDS = 'mode domains';

describe('the registration policy', () => {
  let db: ScratchDatabase;
  let t: TestApp;
  let admin: TestUser;
  let employee: TestUser;
  let adminToken: string;
  let employeeToken: string;

  beforeAll(async () => {
    // The demo seed's registration step only: the policy starts 'open' as in the demo.
    db = await createScratchDatabase({ seedSteps: ['registration'] });
    t = await buildTestApp({ dataSource: db.dataSource, env: PROXY_ENV });
    admin = await createUser(t.dataSource, { roleId: 4 });
    employee = await createUser(t.dataSource, { roleId: 1 });
    adminToken = await tokenFor(t.dataSource, admin.id);
    employeeToken = await tokenFor(t.dataSource, employee.id);
  });
  afterAll(async () => {
    await t.close();
    await db.drop();
  });

  const put = (body: unknown, token: string | null = adminToken) => {
    const req = request(t.app).put('/api/admin/settings/registration').set('x-forwarded-for', randomIp());
    return (token ? req.set(bearer(token)) : req).send(body as object);
  };
  const register = (body: Record<string, unknown>) => request(t.app).post('/api/auth/register').set('x-forwarded-for', randomIp()).send(body);

  it('is public: anyone reads {mode, domains}', async () => {
    const res = await request(t.app).get('/api/settings/registration').expect(200);
    expect(res.body).toEqual({ mode: 'open', domains: [] });
    const signedIn = await request(t.app).get('/api/settings/registration').set(bearer(employeeToken)).expect(200);
    expect(signedIn.body).toEqual({ mode: 'open', domains: [] });
  });

  it('only administrators change it: 401 anonymous, 403 employee', async () => {
    await put({ mode: 'invite', domains: [] }, null).expect(401, { error: 'Authentication required' });
    await put({ mode: 'invite', domains: [] }, employeeToken).expect(403);
    const res = await request(t.app).get('/api/settings/registration').expect(200);
    expect(res.body.mode).toBe('open');
  });

  it.each([
    ['mode missing', { domains: [] }, ['Registration mode must be open, domains or invite']],
    ['mode unknown', { mode: 'closed', domains: [] }, ['Registration mode must be open, domains or invite']],
    ['mode in capitals', { mode: 'OPEN', domains: [] }, ['Registration mode must be open, domains or invite']],
    ['domains mode without domains', { mode: 'domains', domains: [] }, ['Add at least one company domain']],
    ['domains mode, domains left out', { mode: 'domains' }, ['Add at least one company domain']],
    ['domains not a list', { mode: 'domains', domains: 'example.com' }, ['Domains must be a list of domain names']],
    ['a domain not text', { mode: 'domains', domains: [42] }, ['Domains must be a list of domain names']],
    ['words, not a domain', { mode: 'domains', domains: ['not a domain'] }, ['Not a domain name: not a domain']],
    ['a single label', { mode: 'domains', domains: ['localhost'] }, ['Not a domain name: localhost']],
    ['an IP address', { mode: 'open', domains: ['10.0.0.1'] }, ['Not a domain name: 10.0.0.1']],
    ['a leading hyphen', { mode: 'domains', domains: ['-corp.example.com'] }, ['Not a domain name: -corp.example.com']],
    ['an empty label', { mode: 'domains', domains: ['corp..example.com'] }, ['Not a domain name: corp..example.com']],
    ['an address, not a domain', { mode: 'domains', domains: ['hr@example.com'] }, ['Not a domain name: hr@example.com']],
    ['blank', { mode: 'domains', domains: ['  '] }, ['Not a domain name: ']],
    ['too many', { mode: 'domains', domains: Array.from({ length: 101 }, (_, i) => `d${i}.example.com`) }, ['At most 100 company domains']],
  ])('400 with the message: %s', async (_case, body, details) => {
    const res = await put(body).expect(400);
    expect(res.body).toEqual({ error: details.join(', '), details });
  });

  it('stores domains lower-cased, without "@" or a trailing dot, IDNs in punycode, once each; audited with before and after', async () => {
    const res = await put({ mode: 'domains', domains: [' Example.COM ', '@corp.example.org', 'bücher.de', 'example.com', 'example.net.'] }).expect(200);
    expect(res.body).toEqual({ mode: 'domains', domains: ['example.com', 'corp.example.org', 'xn--bcher-kva.de', 'example.net'] });
    expect((await request(t.app).get('/api/settings/registration').expect(200)).body).toEqual(res.body);
    const [row] = (await t.dataSource.query(`select actor_user_id, target_type, target_id, details from audit_log where action = 'settings.registration_update' order by id desc limit 1`)) as Array<{
      actor_user_id: number;
      target_type: string;
      target_id: string;
      details: { before: unknown; after: unknown };
    }>;
    expect(row).toMatchObject({ actor_user_id: admin.id, target_type: 'settings', target_id: 'registration' });
    expect(row?.details.after).toEqual(res.body);
    expect(row?.details.before).toEqual({ mode: 'open', domains: [] });
  });

  it("'domains': only addresses at a listed domain register; others get 403 with the policy's words", async () => {
    await put({ mode: 'domains', domains: ['example.com'] }).expect(200);
    const outsider = await register({ ...GOOD, email: uniqueEmail('outsider') }).expect(403);
    expect(outsider.body).toEqual({ error: 'Registration is limited to company email addresses' });
    // A subdomain is another domain.
    await register({ ...GOOD, email: `sub-${Date.now()}@mail.example.com` }).expect(403);
    const insider = await register({ ...GOOD, email: `Insider-${Date.now()}@EXAMPLE.com` }).expect(201);
    expect(insider.body.user.role_id).toBe(1);
    // Bad input is still a 400: the form's own rules come before the domain's.
    const bad = await register({ ...GOOD, email: 'nope', password: 'short' }).expect(400);
    expect(bad.body.details).toEqual(['Please enter a valid email address', 'Password must be at least 8 characters with letters and numbers']);
    const [refused] = (await t.dataSource.query(`select details from audit_log where action = 'auth.register_refused' and details->>'reason' = 'email_domain' order by id desc limit 1`)) as Array<{ details: { email: string } }>;
    expect(refused?.details.email).toMatch(/@mail\.example\.com$/);
  });

  it("'invite': every self-registration answers 403 'Registration is by invitation only', whatever the form holds", async () => {
    const changed = await put({ mode: 'invite', domains: ['example.com'] }).expect(200);
    // The domains are kept for when the policy changes back.
    expect(changed.body).toEqual({ mode: 'invite', domains: ['example.com'] });
    for (const body of [{ ...GOOD, email: uniqueEmail('invite') }, { ...GOOD, email: `hire-${Date.now()}@example.com` }, {}, { ...GOOD, email: uniqueEmail('invite'), role_id: 4 }]) {
      const res = await register(body).expect(403);
      expect(res.body).toEqual({ error: 'Registration is by invitation only' });
    }
    const gqlRes = await gql(t, 'mutation ($input: RegisterInput!) { register(input: $input) { token } }', { input: { ...GOOD, email: uniqueEmail('invite') } }, { ip: randomIp() });
    expect(gqlRes.body.errors[0]).toMatchObject({ message: 'Registration is by invitation only', extensions: { code: 'FORBIDDEN' } });
    // Signing in is not registering: existing accounts keep working.
    await request(t.app).post('/api/auth/login').set('x-forwarded-for', randomIp()).send({ email: employee.email, password: employee.password }).expect(200);
  });

  it("'open': anyone registers again; the administrator role stays closed once an administrator exists", async () => {
    await put({ mode: 'open', domains: [] }).expect(200, { mode: 'open', domains: [] });
    await register({ ...GOOD, email: uniqueEmail('open') }).expect(201);
    const res = await register({ ...GOOD, email: uniqueEmail('open'), role_id: 4 }).expect(403);
    expect(res.body).toEqual({ error: 'Registration as an administrator is not allowed.' });
  });

  it('GraphQL: registrationSettings for anyone, updateRegistrationSettings for administrators, same rules and words', async () => {
    const read = await gql(t, `{ registrationSettings { ${SETTINGS_FIELDS} } }`);
    expect(read.body).toEqual({ data: { registrationSettings: { mode: 'open', domains: [] } } });

    const mutation = `mutation ($input: RegistrationSettingsInput!) { updateRegistrationSettings(input: $input) { ${SETTINGS_FIELDS} } }`;
    const anonymous = await gql(t, mutation, { input: { mode: 'invite', domains: [] } });
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const employeeRes = await gql(t, mutation, { input: { mode: 'invite', domains: [] } }, { token: employeeToken });
    expect(employeeRes.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const bad = await gql(t, mutation, { input: { mode: 'domains', domains: [] } }, { token: adminToken });
    expect(bad.body.errors[0]).toMatchObject({ message: 'Add at least one company domain', extensions: { code: 'BAD_USER_INPUT', details: ['Add at least one company domain'] } });
    const ok = await gql(t, mutation, { input: { mode: 'domains', domains: ['Corp.Example.com'] } }, { token: adminToken });
    expect(ok.body).toEqual({ data: { updateRegistrationSettings: { mode: 'domains', domains: ['corp.example.com'] } } });
    await gql(t, mutation, { input: { mode: 'open', domains: [] } }, { token: adminToken });
  });
});

describe('a fresh install (migrations only, no demo data)', () => {
  let db: ScratchDatabase;
  let t: TestApp;

  beforeAll(async () => {
    db = await createScratchDatabase({ seedSteps: [] });
    t = await buildTestApp({ dataSource: db.dataSource, env: PROXY_ENV });
  });
  afterAll(async () => {
    await t.close();
    await db.drop();
  });

  it('starts invitation-only: no open door, not even to the administrator role', async () => {
    expect((await request(t.app).get('/api/settings/registration').expect(200)).body).toEqual({ mode: 'invite', domains: [] });
    for (const role_id of [1, 4]) {
      const res = await request(t.app).post('/api/auth/register').set('x-forwarded-for', randomIp()).send({ ...GOOD, email: uniqueEmail('fresh'), role_id }).expect(403);
      expect(res.body).toEqual({ error: 'Registration is by invitation only' });
    }
    const [row] = (await t.dataSource.query('select count(*)::int as n from users')) as Array<{ n: number }>;
    expect(row?.n).toBe(0);
  });

  it('an instance upgraded with accounts in it keeps registration open until an administrator changes it', async () => {
    await createUser(t.dataSource);
    const migration = new CreateCompanySettings1795920000000();
    const runner = t.dataSource.createQueryRunner();
    try {
      await migration.down(runner);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    expect((await request(t.app).get('/api/settings/registration').expect(200)).body).toEqual({ mode: 'open', domains: [] });
  });
});
