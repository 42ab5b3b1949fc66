import { SignJWT } from 'jose';
import request from 'supertest';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../tokens';
import { TEST_JWT_SECRET } from '../../../../test/app';
import { authTestApp, bearer, gql, sessionFor, type TestUser } from '../../../../test/auth';

/*
 * Tokens signed with the real secret for a live session, refused through the doors only for
 * their age or type: issued in the future (beyond 30 s of clock skew), living longer than the
 * 8 hours of a session, or not typed as a JWT (docs/product.md#sessions).
 */

const key = new TextEncoder().encode(TEST_JWT_SECRET);
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('tokens refused for their age or type', () => {
  const suite = authTestApp();
  let user: TestUser & { sid: string };

  beforeAll(async () => {
    const created = await suite.user();
    user = { ...created, sid: await sessionFor(suite.t.dataSource, created.id) };
  });

  /** A correctly signed token of the user's live session, issued `iatOffset` s from now for `lifetime` s (`typ` null: none). */
  function token(iatOffset: number, lifetime: number, typ: string | null = 'JWT'): Promise<string> {
    const iat = nowSeconds() + iatOffset;
    return new SignJWT({ sid: user.sid })
      .setProtectedHeader({ alg: 'HS256', ...(typ === null ? {} : { typ }) })
      .setSubject(String(user.id))
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + lifetime)
      .sign(key);
  }

  const me = async (jwt: string) => request(suite.t.app).get('/api/auth/me').set(bearer(jwt));

  it('a token issued now for 8 hours works (the control for the refusals below)', async () => {
    const res = await me(await token(0, 8 * 3600));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, email: user.email });
  });

  it('a token issued a few seconds ahead of the clock works (another replica may run ahead)', async () => {
    expect((await me(await token(20, 8 * 3600))).status).toBe(200);
  });

  it('refuses a token issued 10 minutes in the future, through REST and GraphQL', async () => {
    const future = await token(600, 3600);
    const res = await me(future);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Authentication required' });
    const out = await gql(suite.t, '{ me { id } }', {}, { token: future });
    expect(out.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a token issued a day in the future even while its exp is near', async () => {
    expect((await me(await token(86_400, -86_400 + 3600))).status).toBe(401);
  });

  it('refuses a token living 30 days, and one living 8 hours and a second', async () => {
    const month = await me(await token(-60, 30 * 86_400));
    expect(month.status).toBe(401);
    expect(month.body).toEqual({ error: 'Authentication required' });
    expect((await me(await token(-60, 8 * 3600 + 1))).status).toBe(401);
  });

  it('refuses a token whose header is not typed as a JWT', async () => {
    expect((await me(await token(0, 3600, 'at+jwt'))).status).toBe(401);
    expect((await me(await token(0, 3600, null))).status).toBe(401);
  });
});
