import crypto from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, TokenService } from '../tokens';
import { joseAnswer, REFERENCE_SECRET as SECRET, referenceKey as key, referenceVerify } from './tokens-reference';

/*
 * TokenService.verify is a hand-written HS256 check (node:crypto) standing in
 * for jose's jwtVerify on the hot path. These cases pin it to the reference
 * (tokens-reference.ts: jose with the service's options, plus the rules jose
 * has no option for): every token below must get the SAME answer from both,
 * so a difference in any check (algorithm, crit, typ, issuer, audience,
 * required claims, time, age) fails here. tokens.property.test.ts does the
 * same for thousands of generated tokens.
 */

const NOW = new Date('2026-06-01T12:00:00Z');
const now = Math.floor(NOW.getTime() / 1000);
const SID = '0b6a3c4e-5d2f-4a1b-9c8d-7e6f5a4b3c2d';

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
  const jwt = new SignJWT({ sid: SID }).setProtectedHeader({ alg, typ: 'JWT' }).setSubject('42').setIssuer(TOKEN_ISSUER).setAudience(TOKEN_AUDIENCE).setIssuedAt(now - 60).setExpirationTime(now + 3600);
  return tweak(jwt).sign(secret);
}

describe('TokenService.verify (node:crypto) answers exactly as the jose reference does', () => {
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
    expect(service.verify(token, NOW)).toEqual(await referenceVerify(token, NOW));
  });

  // Deliberately stricter than jose alone (tokens.ts explains); never produced by sign().
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

  it.each(stricter)('refuses what jose lets through: %s', async (_name, make) => {
    const token = await make();
    expect(await joseAnswer(token, NOW)).not.toBeNull();
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

describe('TokenService.verify refuses tokens by age and by type', () => {
  const service = new TokenService(SECRET);
  /** A correctly signed token issued `iatOffset` seconds from now, living `lifetime` seconds. */
  const aged = (iatOffset: number, lifetime: number) => raw(HEADER, { ...CLAIMS, iat: now + iatOffset, exp: now + iatOffset + lifetime });
  const typed = (typ: unknown) => raw({ alg: 'HS256', ...(typ === undefined ? {} : { typ }) }, CLAIMS);

  const cases: Array<[string, string, boolean]> = [
    ['issued now, for 8 hours', aged(0, 28_800), true],
    ['issued 30 s ahead of the clock (skew between replicas)', aged(30, 28_800), true],
    ['issued 31 s ahead of the clock', aged(31, 3600), false],
    ['issued 10 minutes ahead of the clock', aged(600, 3600), false],
    ['issued a day ahead, already valid by nbf', raw(HEADER, { ...CLAIMS, iat: now + 86_400, nbf: now - 60, exp: now + 3600 }), false],
    ['a lifetime of exactly 8 hours, half spent', aged(-14_400, 28_800), true],
    ['a lifetime of 8 hours and 1 s', aged(-60, 28_801), false],
    ['a lifetime of 30 days, issued a minute ago', aged(-60, 30 * 86_400), false],
    ['iat -1e400 and exp 1e400 (an endless lifetime)', raw(HEADER, JSON.stringify({ ...CLAIMS, iat: 0, exp: 1 }).replace('"iat":0', '"iat":-1e400').replace('"exp":1', '"exp":1e400')), false],
    ['typ JWT', typed('JWT'), true],
    ['typ jwt (media types are case-insensitive)', typed('jwt'), true],
    ['typ application/jwt (the prefix may be omitted)', typed('application/jwt'), true],
    ['no typ', typed(undefined), false],
    ['typ JOSE', typed('JOSE'), false],
    ['typ at+jwt (an access token of another issuer)', typed('at+jwt'), false],
    ['typ text/jwt', typed('text/jwt'), false],
    ['typ as a number', typed(1), false],
  ];

  it.each(cases)('%s', async (_name, token, accepted) => {
    expect(service.verify(token, NOW)).toEqual(accepted ? { userId: 42, sessionId: SID } : null);
    expect(await referenceVerify(token, NOW)).toEqual(service.verify(token, NOW));
  });
});
