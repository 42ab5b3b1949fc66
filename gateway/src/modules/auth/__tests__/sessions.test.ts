import { SignJWT, UnsecuredJWT } from 'jose';
import request from 'supertest';
import { ADMIN_ROLE_ID } from '../../../shared/actor';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, TokenService } from '../tokens';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from '../../../../test/app';
import { bearer, createUser, deleteUsers, gql, PROXY_ENV, randomIp, sessionFor, tokenFor, type TestUser } from '../../../../test/auth';

const key = new TextEncoder().encode(TEST_JWT_SECRET);

/** A token with the right claims for `user` (and session `sid`), adjustable to break one thing at a time. */
async function forge(user: TestUser & { sid: string }, tweak: (jwt: SignJWT) => SignJWT = (j) => j, secret: Uint8Array = key, alg = 'HS256'): Promise<string> {
  const jwt = new SignJWT({ sid: user.sid }).setProtectedHeader({ alg, typ: 'JWT' }).setSubject(String(user.id)).setIssuer(TOKEN_ISSUER).setAudience(TOKEN_AUDIENCE).setIssuedAt().setExpirationTime('1h');
  return tweak(jwt).sign(secret);
}

describe('sessions and tokens', () => {
  let t: TestApp;
  const created: number[] = [];
  let employee: TestUser & { sid: string };

  beforeAll(async () => {
    t = await buildTestApp({ env: PROXY_ENV });
    const user = await createUser(t.dataSource);
    employee = { ...user, sid: await sessionFor(t.dataSource, user.id) };
    created.push(employee.id);
  });
  afterAll(async () => {
    await deleteUsers(t.dataSource, created);
    await t.close();
  });

  const me = (token: string) => request(t.app).get('/api/auth/me').set(bearer(token));

  it('a correctly signed token of an active user works (the control for the cases below)', async () => {
    const res = await me(await forge(employee)).expect(200);
    expect(res.body).toMatchObject({ id: employee.id, email: employee.email });
  });

  it('refuses a token with a tampered payload or signature', async () => {
    const good = await forge(employee);
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const otherPayload = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url');
    await me(`${header}.${otherPayload}.${signature}`).expect(401);
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    await me(`${header}.${payload}.${flipped}`).expect(401);
    await me(await forge(employee, (j) => j, new TextEncoder().encode('another-secret-another-secret-another-secret'))).expect(401);
  });

  it('refuses alg "none" and algorithms outside the allow-list', async () => {
    const unsecured = new UnsecuredJWT({ sid: employee.sid }).setSubject(String(employee.id)).setIssuer(TOKEN_ISSUER).setAudience(TOKEN_AUDIENCE).setIssuedAt().setExpirationTime('1h').encode();
    await me(unsecured).expect(401);
    await me(await forge(employee, (j) => j, key, 'HS512')).expect(401);
  });

  it('refuses a wrong audience or issuer', async () => {
    await me(await forge(employee, (j) => j.setAudience('someone-else'))).expect(401);
    await me(await forge(employee, (j) => j.setIssuer('someone-else'))).expect(401);
  });

  it('refuses an expired token, and one without exp', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    await me(await forge(employee, (j) => j.setIssuedAt(past - 60).setExpirationTime(past))).expect(401);
    const noExp = await new SignJWT({ sid: employee.sid }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(String(employee.id)).setIssuer(TOKEN_ISSUER).setAudience(TOKEN_AUDIENCE).setIssuedAt().sign(key);
    await me(noExp).expect(401);
  });

  it('issues 8-hour HS256 tokens with sub, sid, iss, aud, iat, exp', async () => {
    const token = await new TokenService(TEST_JWT_SECRET).sign({ userId: employee.id, sessionId: employee.sid });
    const [header, payload] = token.split('.').slice(0, 2).map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>) as [Record<string, unknown>, Record<string, unknown>];
    expect(header.alg).toBe('HS256');
    expect(payload).toMatchObject({ sub: String(employee.id), sid: employee.sid, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE });
    expect((payload.exp as number) - (payload.iat as number)).toBe(8 * 3600);
  });

  it('logout revokes the token of that session only, through REST and GraphQL', async () => {
    const user = await createUser(t.dataSource);
    created.push(user.id);
    const first = await tokenFor(t.dataSource, user.id);
    const second = await tokenFor(t.dataSource, user.id);
    await me(first).expect(200);
    const res = await request(t.app).post('/api/auth/logout').set(bearer(first)).expect(200);
    expect(res.body).toEqual({ success: true });
    await me(first).expect(401);
    await me(second).expect(200);
    await request(t.app).post('/api/auth/logout').set(bearer(first)).expect(401);

    const third = await tokenFor(t.dataSource, user.id);
    const out = await gql(t, 'mutation { logout }', {}, { token: third });
    expect(out.body).toEqual({ data: { logout: true } });
    const after = await gql(t, '{ me { id } }', {}, { token: third });
    expect(after.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('a deactivated user\'s token stops working at once, and the user cannot sign in', async () => {
    const user = await createUser(t.dataSource);
    created.push(user.id);
    const token = await tokenFor(t.dataSource, user.id);
    await me(token).expect(200);
    await t.dataSource.query('update users set is_active = false where id = $1', [user.id]);
    await me(token).expect(401);
    const login = await request(t.app).post('/api/auth/login').set('x-forwarded-for', randomIp()).send({ email: user.email, password: user.password }).expect(401);
    expect(login.body).toEqual({ error: 'Invalid email or password' });
  });

  it('a demoted administrator loses admin access on the very next request', async () => {
    const admin = await createUser(t.dataSource, { roleId: ADMIN_ROLE_ID });
    created.push(admin.id);
    const token = await tokenFor(t.dataSource, admin.id);
    const createRole = (name: string) => request(t.app).post('/api/roles').set(bearer(token)).send({ name });
    const made = await createRole(`Demotion ${admin.id}`).expect(201);
    await t.dataSource.query('update users set role_id = 1 where id = $1', [admin.id]);
    await createRole(`Demotion ${admin.id} again`).expect(403);
    const gqlRes = await gql(t, 'mutation ($id: Int!) { deleteRole(id: $id) }', { id: (made.body as { id: number }).id }, { token });
    expect(gqlRes.body.errors[0].extensions.code).toBe('FORBIDDEN');
    // Same token, still a valid session: only the privilege went.
    const self = await me(token).expect(200);
    expect(self.body.role_id).toBe(1);
    await t.dataSource.query('delete from roles where id = $1', [(made.body as { id: number }).id]);
  });

  it("a token of a deleted user, of an unknown session, or of another user's session, is refused", async () => {
    const user = await createUser(t.dataSource);
    const token = await tokenFor(t.dataSource, user.id);
    const sid = await sessionFor(t.dataSource, user.id);
    await me(await forge({ ...user, sid })).expect(200);
    await me(await forge({ ...user, sid: '00000000-0000-4000-8000-000000000000' })).expect(401);
    // A valid session of another user does not lend its life to this user's id.
    await me(await forge({ ...user, sid: employee.sid })).expect(401);
    await deleteUsers(t.dataSource, [user.id]);
    await me(token).expect(401);
  });

  it('an invalid token on a public operation is simply anonymous (sign-in still works)', async () => {
    await request(t.app).get('/api/roles').set(bearer('garbage')).expect(200);
    const login = await request(t.app)
      .post('/api/auth/login')
      .set(bearer('garbage.garbage.garbage'))
      .set('x-forwarded-for', randomIp())
      .send({ email: employee.email, password: employee.password })
      .expect(200);
    expect(login.body.user.id).toBe(employee.id);
  });
});
