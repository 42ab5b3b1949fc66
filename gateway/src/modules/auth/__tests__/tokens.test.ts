import crypto from 'node:crypto';
import { jwtVerify, SignJWT, UnsecuredJWT } from 'jose';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, TokenService, type TokenClaims } from '../tokens';

/*
 * TokenService.verify is a hand-written HS256 check (node:crypto) standing in
 * for jose's jwtVerify on the hot path. These cases pin it to jose: every token
 * below must get the SAME answer from both, so a difference in any check
 * (algorithm, crit, issuer, audience, required claims, time) fails here.
 */

const SECRET = 'tokens-test-secret-0123456789abcdef0123456789';
const key = new TextEncoder().encode(SECRET);
const NOW = new Date('2026-06-01T12:00:00Z');
const now = Math.floor(NOW.getTime() / 1000);
const SID = '0b6a3c4e-5d2f-4a1b-9c8d-7e6f5a4b3c2d';

/** The verification this service did with jose before (tokens.ts history), at a fixed clock. */
async function joseVerify(token: string): Promise<TokenClaims | null> {
  if (token.length === 0 || token.length > 4096) return null;
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ['exp', 'iat', 'sub', 'sid'],
      currentDate: NOW,
    });
    const sub = payload.sub ?? '';
    const sid = payload.sid;
    if (!/^[1-9]\d{0,9}$/.test(sub) || typeof sid !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(sid)) return null;
    return { userId: Number(sub), sessionId: sid };
  } catch {
    return null;
  }
}

const b64 = (value: unknown): string => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const hmac = (input: string, alg = 'sha256', secret: Uint8Array = key): string => crypto.createHmac(alg, secret).update(input).digest('base64url');

/** A token from raw parts, so headers and claims jose would never produce can be tried. */
function raw(header: unknown, payload: unknown, sign: (input: string) => string = (i) => hmac(i)): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${sign(input)}`;
}

const HEADER = { alg: 'HS256', typ: 'JWT' };
const CLAIMS = { sid: SID, sub: '42', iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, iat: now - 60, exp: now + 3600 };
const without = (name: keyof typeof CLAIMS) => Object.fromEntries(Object.entries(CLAIMS).filter(([k]) => k !== name));

async function joseSigned(tweak: (jwt: SignJWT) => SignJWT = (j) => j, alg = 'HS256', secret = key): Promise<string> {
  const jwt = new SignJWT({ sid: SID }).setProtectedHeader({ alg }).setSubject('42').setIssuer(TOKEN_ISSUER).setAudience(TOKEN_AUDIENCE).setIssuedAt(now - 60).setExpirationTime(now + 3600);
  return tweak(jwt).sign(secret);
}

describe('TokenService.verify (node:crypto) answers exactly as jose jwtVerify did', () => {
  const service = new TokenService(SECRET);

  const cases: Array<[string, () => Promise<string> | string]> = [
    ['a good jose-signed token', () => joseSigned()],
    ['a token issued by sign()', async () => service.sign({ userId: 42, sessionId: SID })],
    ['another secret', () => joseSigned((j) => j, 'HS256', new TextEncoder().encode('another-secret-another-secret-another'))],
    ['HS384 with the same secret', () => joseSigned((j) => j, 'HS384')],
    ['HS512 with the same secret', () => joseSigned((j) => j, 'HS512')],
    ['alg none (unsecured)', () => new UnsecuredJWT({ sid: SID }).setSubject('42').setIssuer(TOKEN_ISSUER).setAudience(TOKEN_AUDIENCE).setIssuedAt(now - 60).setExpirationTime(now + 3600).encode()],
    ['alg none with an HS256 signature', () => raw({ alg: 'none' }, CLAIMS)],
    ['alg missing', () => raw({ typ: 'JWT' }, CLAIMS)],
    ['alg in lower case', () => raw({ alg: 'hs256' }, CLAIMS)],
    ['a HS384 header over an HS256 signature', () => raw({ alg: 'HS384' }, CLAIMS)],
    ['a HS256 header over an HS512 signature', () => raw(HEADER, CLAIMS, (i) => hmac(i, 'sha512'))],
    ['wrong issuer', () => joseSigned((j) => j.setIssuer('someone-else'))],
    ['no issuer', () => raw(HEADER, without('iss'))],
    ['wrong audience', () => joseSigned((j) => j.setAudience('someone-else'))],
    ['audience list containing ours', () => joseSigned((j) => j.setAudience(['other', TOKEN_AUDIENCE]))],
    ['audience list without ours', () => joseSigned((j) => j.setAudience(['other', 'more']))],
    ['audience as a number', () => raw(HEADER, { ...CLAIMS, aud: 7 })],
    ['no audience', () => raw(HEADER, without('aud'))],
    ['expired an hour ago', () => joseSigned((j) => j.setIssuedAt(now - 7200).setExpirationTime(now - 3600))],
    ['expiring exactly now', () => raw(HEADER, { ...CLAIMS, exp: now })],
    ['expiring in one second', () => raw(HEADER, { ...CLAIMS, exp: now + 1 })],
    ['exp as a string', () => raw(HEADER, { ...CLAIMS, exp: String(now + 3600) })],
    ['no exp', () => raw(HEADER, without('exp'))],
    ['not valid before a minute from now', () => joseSigned((j) => j.setNotBefore(now + 60))],
    ['not valid before now', () => joseSigned((j) => j.setNotBefore(now))],
    ['nbf as a string', () => raw(HEADER, { ...CLAIMS, nbf: String(now - 10) })],
    ['nbf null', () => raw(HEADER, { ...CLAIMS, nbf: null })],
    ['no iat', () => raw(HEADER, without('iat'))],
    ['iat as a string', () => raw(HEADER, { ...CLAIMS, iat: String(now) })],
    ['iat in the future', () => raw(HEADER, { ...CLAIMS, iat: now + 600 })],
    ['no sub', () => raw(HEADER, without('sub'))],
    ['sub with a leading zero', () => raw(HEADER, { ...CLAIMS, sub: '042' })],
    ['sub at the largest user id', () => raw(HEADER, { ...CLAIMS, sub: '2147483647' })],
    ['no sid', () => raw(HEADER, without('sid'))],
    ['sid as a number', () => raw(HEADER, { ...CLAIMS, sid: 3 })],
    ['sid not a uuid', () => raw(HEADER, { ...CLAIMS, sid: 'not-a-session' })],
    ['sid in upper case', () => raw(HEADER, { ...CLAIMS, sid: SID.toUpperCase() })],
    ['crit b64 with b64 true', () => raw({ ...HEADER, crit: ['b64'], b64: true }, CLAIMS)],
    ['crit b64 with b64 false', () => raw({ ...HEADER, crit: ['b64'], b64: false }, CLAIMS)],
    ['crit b64 without b64', () => raw({ ...HEADER, crit: ['b64'] }, CLAIMS)],
    ['crit b64 twice', () => raw({ ...HEADER, crit: ['b64', 'b64'], b64: true }, CLAIMS)],
    ['crit naming an unknown extension', () => raw({ ...HEADER, crit: ['exp'], exp: 1 }, CLAIMS)],
    ['crit empty', () => raw({ ...HEADER, crit: [] }, CLAIMS)],
    ['crit not a list', () => raw({ ...HEADER, crit: 'b64', b64: true }, CLAIMS)],
    ['b64 false without crit (ignored)', () => raw({ ...HEADER, b64: false }, CLAIMS)],
    ['a header that is a list', () => raw([HEADER], CLAIMS)],
    ['a payload that is a list', () => raw(HEADER, [CLAIMS])],
    ['a payload that is null', () => raw(HEADER, null)],
    ['a payload that is not JSON', () => raw(HEADER, '{"sub":')],
    ['a payload with invalid UTF-8', () => {
      const input = `${b64(HEADER)}.${Buffer.concat([Buffer.from(JSON.stringify(CLAIMS).slice(0, -1)), Buffer.from([0x2c, 0x22, 0x78, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d])]).toString('base64url')}`;
      return `${input}.${hmac(input)}`;
    }],
    ['a tampered payload', async () => {
      const [h, , s] = (await joseSigned()).split('.');
      return `${h}.${b64({ ...CLAIMS, sub: '1' })}.${s}`;
    }],
    ['a tampered signature', async () => {
      const t = await joseSigned();
      return t.slice(0, -3) + (t.endsWith('AAA') ? 'BBB' : 'AAA');
    }],
    ['the signature\'s last character with other unused bits', async () => {
      const t = await joseSigned();
      const last = t.at(-1) ?? 'A';
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const i = alphabet.indexOf(last);
      return t.slice(0, -1) + (alphabet[(i & ~3) | ((i + 1) & 3)] ?? 'A');
    }],
    ['a truncated signature', async () => (await joseSigned()).slice(0, -2)],
    ['an empty signature', async () => (await joseSigned()).replace(/[^.]+$/, '')],
    ['two parts', async () => (await joseSigned()).split('.').slice(0, 2).join('.')],
    ['four parts', async () => `${await joseSigned()}.x`],
    ['characters outside base64url', async () => (await joseSigned()).replace('.', '.+')],
    ['a header of 4n+1 characters', () => {
      const input = `${b64(HEADER)}A.${b64(CLAIMS)}`;
      return `${input}.${hmac(input)}`;
    }],
    ['an empty string', () => ''],
    ['garbage', () => 'garbage.garbage.garbage'],
    ['longer than 4096 characters', () => raw(HEADER, { ...CLAIMS, pad: 'x'.repeat(4096) })],
  ];

  it.each(cases)('%s', async (_name, make) => {
    const token = await make();
    expect(service.verify(token, NOW)).toEqual(await joseVerify(token));
  });

  // Deliberately stricter than before (tokens.ts explains); never produced by sign().
  const stricter: Array<[string, () => Promise<string> | string]> = [
    ['sub as a number', () => raw(HEADER, { ...CLAIMS, sub: 42 })],
    ['sub as a list', () => raw(HEADER, { ...CLAIMS, sub: [42] })],
    ['sub beyond the largest user id (PostgreSQL integer)', () => raw(HEADER, { ...CLAIMS, sub: '2147483648' })],
    ['a signature with padding', async () => `${await joseSigned()}=`],
    ['a payload with padding', () => {
      // One of three lengths of `x` leaves the encoding short of a multiple of 4, i.e. padded.
      const payload = ['a', 'ab', 'abc'].map((x) => Buffer.from(JSON.stringify({ ...CLAIMS, x })).toString('base64')).find((p) => p.endsWith('=')) ?? '';
      const input = `${b64(HEADER)}.${payload.replace(/\+/g, '-').replace(/\//g, '_')}`;
      return `${input}.${hmac(input)}`;
    }],
  ];

  it.each(stricter)('refuses what jose let through: %s', async (_name, make) => {
    const token = await make();
    expect(await joseVerify(token)).not.toBeNull();
    expect(service.verify(token, NOW)).toBeNull();
  });

  it('accepts what it should (the control for the refusals above)', async () => {
    expect(service.verify(await joseSigned(), NOW)).toEqual({ userId: 42, sessionId: SID });
    expect(service.verify(await service.sign({ userId: 7, sessionId: SID }))).toEqual({ userId: 7, sessionId: SID });
  });

  it('refuses a token once it has expired, by the clock at each call', async () => {
    const token = await joseSigned((j) => j.setExpirationTime(now + 10));
    expect(service.verify(token, new Date((now + 9) * 1000))).not.toBeNull();
    expect(service.verify(token, new Date((now + 10) * 1000))).toBeNull();
  });
});
