import crypto from 'node:crypto';
import fc from 'fast-check';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, TOKEN_TTL_SECONDS, TokenService } from '../tokens';
import { REFERENCE_SECRET, referenceKey, referenceVerify } from './tokens-reference';

/*
 * Thousands of mutated valid tokens through TokenService.verify and through the reference (jose's
 * jwtVerify plus the service's own rules, tokens-reference.ts): the two must give the same answer
 * and the same claims for every one. The tokens start from what sign() issues and are broken the
 * ways an attacker or a buggy client would: header and claim values changed and re-signed with the
 * right key (times around every boundary, typ, alg, crit, b64, audience lists, sub and sid forms),
 * other keys and HMAC sizes, payloads that are not JSON objects, padded or non-url base64, and
 * characters flipped, dropped or added, segments added or removed after signing.
 * A failure prints the seed and the shrunk token; FC_SEED=<seed> replays it.
 */

const NOW = new Date('2026-06-01T12:00:00Z');
const now = Math.floor(NOW.getTime() / 1000);
const TTL = TOKEN_TTL_SECONDS;
const service = new TokenService(REFERENCE_SECRET);
const RUNS = Number(process.env.FC_RUNS ?? 4000);

/** A JSON number text JSON.stringify cannot write (1e400 parses to Infinity); spliced in after stringify. */
class RawNumber {
  constructor(readonly text: string) {}
}
/** Marks a field to remove from the header or payload. */
const DELETE = Symbol('delete');
type Value = unknown;

function jsonText(value: Value): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => (v instanceof RawNumber ? `\u0000raw${raws.push(v.text) - 1}\u0000` : v));
  return text.replace(/"\\u0000raw(\d+)\\u0000"/g, (_m, i: string) => raws[Number(i)] ?? '0');
}

function withOverrides(base: Record<string, unknown>, overrides: ReadonlyArray<[string, Value]>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [name, value] of overrides) {
    if (value === DELETE) delete out[name];
    else out[name] = value;
  }
  return out;
}

const odd: fc.Arbitrary<Value> = fc.oneof(
  fc.constantFrom<Value>(null, true, false, '', 0, -1, 1.5, [], {}, new RawNumber('1e400'), new RawNumber('-1e400'), new RawNumber('1E2')),
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Seconds around now and around every boundary the rules draw. */
const instant = fc.oneof(
  fc.constantFrom(0, -1, 1, 29, 30, 31, 60, 600, -60, -TTL, -TTL - 1, TTL, TTL + 1).map((d) => now + d),
  fc.integer({ min: -3 * TTL, max: 3 * TTL }).map((d) => now + d),
  fc.integer({ min: 0, max: 2 ** 40 }),
);
const lifetime = fc.oneof(
  { weight: 8, arbitrary: fc.constant(TTL) },
  { weight: 1, arbitrary: fc.constantFrom(TTL - 1, TTL + 1, 1, 0, -1, 30 * 86_400) },
  { weight: 1, arbitrary: fc.integer({ min: -TTL, max: 2 * TTL }) },
);

const sessionId = fc.oneof(
  { weight: 6, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.uuid().map((u) => u.toUpperCase()) },
  { weight: 1, arbitrary: fc.uuid().map((u) => u.replace(/-/g, '')) },
  { weight: 1, arbitrary: fc.uuid().map((u) => `{${u}}`) },
  { weight: 1, arbitrary: fc.constantFrom<Value>('', 'not-a-session', '00000000-0000-0000-0000-000000000000', 7, ['0b6a3c4e-5d2f-4a1b-9c8d-7e6f5a4b3c2d']) },
);

/** Values worth trying for each claim, beside the odd ones every claim gets. */
const claimValues: Record<string, fc.Arbitrary<Value>> = {
  iss: fc.constantFrom<Value>(TOKEN_ISSUER, 'someone-else', [TOKEN_ISSUER], TOKEN_ISSUER.toUpperCase()),
  aud: fc.constantFrom<Value>(TOKEN_AUDIENCE, 'someone-else', [TOKEN_AUDIENCE], ['other', TOKEN_AUDIENCE], ['other'], [], [7, TOKEN_AUDIENCE], TOKEN_AUDIENCE.toUpperCase()),
  sub: fc.oneof(fc.constantFrom<Value>('42', '1', '0', '042', '-1', ' 42', '4.2', '1e3', '2147483647', '2147483648', '99999999999', 42), fc.integer({ min: 1, max: 2 ** 31 + 10 }).map(String)),
  sid: sessionId,
  iat: instant,
  exp: instant,
  nbf: instant,
  jti: fc.oneof(fc.uuid(), odd),
  typ: fc.constantFrom<Value>('JWT', 'at+jwt'),
  pad: fc.integer({ min: 2800, max: 3200 }).map((n) => 'x'.repeat(n)),
};

const claimOverride: fc.Arbitrary<[string, Value]> = fc
  .constantFrom(...Object.keys(claimValues), 'extra')
  .chain((name) => fc.tuple(fc.constant(name), fc.oneof({ weight: 3, arbitrary: claimValues[name] ?? odd }, { weight: 1, arbitrary: odd }, { weight: 1, arbitrary: fc.constant<Value>(DELETE) })));

const headerValues: Record<string, fc.Arbitrary<Value>> = {
  alg: fc.constantFrom<Value>('HS256', 'HS384', 'HS512', 'none', 'hs256', 'RS256', 'ES256', '', null, 256),
  typ: fc.constantFrom<Value>('JWT', 'jwt', 'Jwt', 'application/jwt', 'APPLICATION/JWT', 'application/jose', 'at+jwt', 'JOSE', 'jwt ', 'text/jwt', 'application/jwt+json', '', null, 1, ['JWT'], DELETE),
  crit: fc.constantFrom<Value>(['b64'], [], 'b64', ['exp'], ['b64', 'b64'], [1], ['typ'], null, DELETE),
  b64: fc.constantFrom<Value>(true, false, 'true', 1, null, DELETE),
  kid: fc.oneof(fc.string({ maxLength: 8 }), odd),
  cty: fc.constantFrom<Value>('JWT', 'json', 1),
};
const headerOverride: fc.Arbitrary<[string, Value]> = fc.constantFrom(...Object.keys(headerValues)).chain((name) => fc.tuple(fc.constant(name), headerValues[name] ?? odd));

/** Text in a segment that is not a JSON object (or not JSON, or not UTF-8). */
const oddSegment = fc.oneof(
  fc.constantFrom('null', '[]', '[{}]', '42', '"text"', '{', '{"sub":', '', ' ', 'true').map((t) => Buffer.from(t)),
  fc.uint8Array({ minLength: 1, maxLength: 24 }).map((b) => Buffer.from(b)),
  // A JSON object with one byte that is not valid UTF-8 inside a string.
  fc.constant(Buffer.concat([Buffer.from('{"x":"'), Buffer.from([0xff]), Buffer.from('"}')])),
);

/** base64url as RFC 7515 wants it, or padded, or the standard alphabet, or with a character more (a 4n+1 length can only be an error). */
type Encoding = 'url' | 'padded' | 'standard' | 'extra';
const encoding = fc.oneof({ weight: 12, arbitrary: fc.constant<Encoding>('url') }, { weight: 1, arbitrary: fc.constantFrom<Encoding>('padded', 'standard', 'extra') });

function encode(bytes: Buffer, how: Encoding): string {
  if (how === 'url') return bytes.toString('base64url');
  if (how === 'extra') return `${bytes.toString('base64url')}A`;
  const standard = bytes.toString('base64');
  return how === 'standard' ? standard : standard.replace(/\+/g, '-').replace(/\//g, '_');
}

type Signer = 'right' | 'wrong-key' | 'sha384' | 'sha512' | 'empty' | 'garbage';
const signer = fc.oneof({ weight: 14, arbitrary: fc.constant<Signer>('right') }, { weight: 1, arbitrary: fc.constantFrom<Signer>('wrong-key', 'sha384', 'sha512', 'empty', 'garbage') });

function signature(input: string, how: Signer, sigEncoding: Encoding): string {
  const mac = (alg: string, key: Uint8Array) => crypto.createHmac(alg, key).update(input).digest();
  switch (how) {
    case 'right': return encode(mac('sha256', referenceKey), sigEncoding);
    case 'wrong-key': return encode(mac('sha256', Buffer.from('another-secret-another-secret-another')), sigEncoding);
    case 'sha384': return encode(mac('sha384', referenceKey), sigEncoding);
    case 'sha512': return encode(mac('sha512', referenceKey), sigEncoding);
    case 'empty': return '';
    case 'garbage': return 'A'.repeat(43);
  }
}

const CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ ';
/** A change to the finished token, after signing. */
type Tamper = { kind: 'none' } | { kind: 'replace' | 'insert' | 'delete'; at: number; char: string } | { kind: 'segments'; count: number } | { kind: 'append'; text: string };
const tamper: fc.Arbitrary<Tamper> = fc.oneof(
  { weight: 20, arbitrary: fc.constant<Tamper>({ kind: 'none' }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constantFrom('replace' as const, 'insert' as const, 'delete' as const), at: fc.nat(), char: fc.constantFrom(...CHARS) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('segments' as const), count: fc.constantFrom(1, 2, 4, 5) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('append' as const), text: fc.constantFrom('=', '==', '.', '.x', ' ', '\n') }) },
);

function applyTamper(token: string, t: Tamper): string {
  switch (t.kind) {
    case 'none': return token;
    case 'append': return token + t.text;
    case 'segments': {
      const parts = token.split('.');
      return t.count < parts.length ? parts.slice(0, t.count).join('.') : [...parts, ...parts].slice(0, t.count).join('.');
    }
    default: {
      const at = t.at % (token.length + 1);
      if (t.kind === 'insert') return token.slice(0, at) + t.char + token.slice(at);
      if (t.kind === 'delete') return token.slice(0, at) + token.slice(at + 1);
      return token.slice(0, at) + t.char + token.slice(at + 1);
    }
  }
}

/** A token as sign() would issue it at some time around now, then changed in zero or more ways. */
const token = fc
  .record({
    iat: fc.oneof({ weight: 5, arbitrary: fc.integer({ min: -TTL, max: 40 }).map((d) => now + d) }, { weight: 1, arbitrary: instant }),
    lifetime,
    // Now and then a user id just past PostgreSQL's integer.
    sub: fc.oneof({ weight: 9, arbitrary: fc.integer({ min: 1, max: 2_147_483_647 }) }, { weight: 1, arbitrary: fc.integer({ min: 2_147_483_640, max: 2_147_483_655 }) }).map(String),
    sid: fc.uuid(),
    // Most tokens keep sign()'s claims and header: the rest are changed in up to 3 places.
    claimOverrides: fc.oneof({ weight: 2, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.array(claimOverride, { minLength: 1, maxLength: 3 }) }),
    headerOverrides: fc.oneof({ weight: 2, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.array(headerOverride, { minLength: 1, maxLength: 2 }) }),
    header: fc.oneof({ weight: 30, arbitrary: fc.constant<Buffer | null>(null) }, { weight: 1, arbitrary: oddSegment }),
    payload: fc.oneof({ weight: 30, arbitrary: fc.constant<Buffer | null>(null) }, { weight: 1, arbitrary: oddSegment }),
    headerEncoding: encoding,
    payloadEncoding: encoding,
    signatureEncoding: encoding,
    signer,
    tamper,
  })
  .map((m) => {
    const claims = withOverrides(
      { sid: m.sid, sub: m.sub, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, iat: m.iat, exp: m.iat + m.lifetime, jti: '7d1c2e9a-7b36-4d5f-8a4e-0c2b9f1d3e5a' },
      m.claimOverrides,
    );
    const header = withOverrides({ alg: 'HS256', typ: 'JWT' }, m.headerOverrides);
    const input = `${encode(m.header ?? Buffer.from(jsonText(header)), m.headerEncoding)}.${encode(m.payload ?? Buffer.from(jsonText(claims)), m.payloadEncoding)}`;
    return applyTamper(`${input}.${signature(input, m.signer, m.signatureEncoding)}`, m.tamper);
  });

describe('TokenService.verify gives the reference answer (jose plus the service rules) for mutated tokens', () => {
  it(`agrees on ${RUNS} generated tokens, accepting and refusing many`, async () => {
    let accepted = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(token, async (t) => {
        const expected = await referenceVerify(t, NOW);
        expect(service.verify(t, NOW)).toEqual(expected);
        if (expected) accepted++;
        else refused++;
      }),
      { numRuns: RUNS, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
    );
    // A generator that only ever produced refusals (or only acceptances) would prove nothing.
    expect(accepted).toBeGreaterThan(RUNS * 0.15);
    expect(refused).toBeGreaterThan(RUNS * 0.15);
    // About 5 s on a quiet machine; jose's async verify is most of it.
  }, 120_000);

  it('a token just issued by sign() is accepted by both, and its lifetime is exactly the configured one', async () => {
    const issued = await service.sign({ userId: 42, sessionId: '0b6a3c4e-5d2f-4a1b-9c8d-7e6f5a4b3c2d' });
    const claims = JSON.parse(Buffer.from(issued.split('.')[1] ?? '', 'base64url').toString()) as { iat: number; exp: number };
    expect(claims.exp - claims.iat).toBe(28_800);
    const at = new Date(claims.iat * 1000);
    expect(service.verify(issued, at)).toEqual({ userId: 42, sessionId: '0b6a3c4e-5d2f-4a1b-9c8d-7e6f5a4b3c2d' });
    expect(await referenceVerify(issued, at)).toEqual({ userId: 42, sessionId: '0b6a3c4e-5d2f-4a1b-9c8d-7e6f5a4b3c2d' });
  });
});
