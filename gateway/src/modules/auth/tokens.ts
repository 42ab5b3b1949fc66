import crypto from 'node:crypto';
import { SignJWT } from 'jose';

/** HS256 only, 8 hours, with issuer, audience and type pinned (docs/product.md#sessions). */
export const TOKEN_ALGORITHM = 'HS256';
export const TOKEN_TTL_SECONDS = 8 * 60 * 60;
/** The header's `typ`: a JWT, so no other JOSE object signed with this secret passes for a session token. */
export const TOKEN_TYPE = 'JWT';
export const TOKEN_ISSUER = 'embark-gateway';
export const TOKEN_AUDIENCE = 'embark';
/** The largest PostgreSQL `integer`, the type of users.id. */
const MAX_USER_ID = 2_147_483_647;
/** Longest Authorization value we bother to parse; real tokens are ~250 bytes. */
const MAX_TOKEN_LENGTH = 4096;
/** Seconds of clock skew allowed on exp/nbf (jose's default, which this service always used). */
export const TOKEN_CLOCK_TOLERANCE_SECONDS = 0;
/**
 * How far in the future `iat` may lie: another replica's clock may run a little ahead, but a
 * token from further ahead was minted outside our sign(), and would outlive its 8 hours.
 */
export const TOKEN_MAX_FUTURE_IAT_SECONDS = 30;
/** Claims a token must carry (iss and aud are required by their pinned checks too). */
const REQUIRED_CLAIMS = ['iss', 'aud', 'sub', 'iat', 'exp', 'sid'] as const;
/** A session id as PostgreSQL prints a uuid (sessions.id); anything else could never match. */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What a verified token says; the caller still checks it against the database. */
export interface TokenClaims {
  userId: number;
  /** The sign-in (sessions.id) the token belongs to; ending that session revokes the token. */
  sessionId: string;
}

// The base64url alphabet without padding, as JWS compact serialization requires.
const SEGMENT = /^[A-Za-z0-9_-]+$/;
// Invalid UTF-8 in a header or payload is a malformed token, not U+FFFD (jose decodes the same way).
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** A base64url segment as a JSON object, or null for anything else (jose's isObject: no arrays, no null). */
function decodeJsonObject(segment: string): Record<string, unknown> | null {
  // A length of 4n+1 cannot be base64; Buffer would silently drop the last character.
  if (segment.length % 4 === 1) return null;
  try {
    const value: unknown = JSON.parse(strictUtf8.decode(Buffer.from(segment, 'base64url')));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Signs session tokens with jose and verifies them with node:crypto's HMAC.
 *
 * Verification runs on every request, and jose's verify goes through
 * WebCrypto (an async job and a CryptoKey per call), which profiling showed at
 * about 7 % of a request's CPU. The synchronous HMAC below applies exactly the
 * checks jwtVerify applied with our options: compact form, the `crit`/`b64`
 * rules, `alg` pinned to HS256 (so `none` and algorithm confusion are refused),
 * a constant-time signature comparison, a JSON-object payload, required
 * iss/aud/sub/iat/exp/sid, the pinned issuer and audience (a string, or an
 * array containing it), `typ` pinned to JWT as jose compares it
 * (case-insensitive, "application/" implied), numeric iat, nbf and exp checked
 * against the clock with the same tolerance. On top of jose: `iat` at most 30 s
 * ahead of the clock, a lifetime (`exp - iat`) of at most TOKEN_TTL_SECONDS,
 * `sid` a uuid, and two things stricter than jose, neither occurring in a token
 * we issue: `sub` must be a string (RFC 7519), and the segments unpadded
 * base64url (RFC 7515; jose tolerates `=`). It stays rather than a library
 * because none does the same within 5 % of its cost (`npm run bench -- tokens`,
 * docs/decisions.md); tokens.test.ts and tokens.property.test.ts hold it to
 * jose plus those rules.
 * Revocation and the account state are checked by the auth service against the
 * database on every request.
 */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: TokenClaims): Promise<string> {
    // One clock reading for both: two could straddle a second and make the lifetime 1 s too long.
    const issuedAt = Math.floor(Date.now() / 1000);
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: TOKEN_TYPE })
      .setSubject(String(claims.userId))
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + TOKEN_TTL_SECONDS)
      // Unique per token: lets logs and audits tell two sessions of one user apart.
      .setJti(crypto.randomUUID())
      .sign(this.key);
  }

  /** The claims of a valid token, or null for anything else (bad signature, algorithm, audience, expired, malformed). */
  verify(token: string, now: Date = new Date()): TokenClaims | null {
    if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string];
    if (!SEGMENT.test(encodedHeader) || !SEGMENT.test(encodedPayload) || !SEGMENT.test(encodedSignature)) return null;

    const header = decodeJsonObject(encodedHeader);
    if (!header || !this.headerAccepted(header)) return null;

    const expected = crypto.createHmac('sha256', this.key).update(`${encodedHeader}.${encodedPayload}`).digest();
    // Decoded like jose decodes it, then compared in constant time; a wrong length is simply wrong.
    const given = encodedSignature.length % 4 === 1 ? null : Buffer.from(encodedSignature, 'base64url');
    if (!given || given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;

    const payload = decodeJsonObject(encodedPayload);
    if (!payload || !claimsAccepted(payload, now)) return null;
    const sub = payload.sub;
    const sid = payload.sid;
    // User ids are PostgreSQL integers and session ids uuids: anything else could never match, and a
    // session id that is not a uuid would fail the batched session read (`uuid[]`) for every request sharing its batch.
    if (typeof sub !== 'string' || !/^[1-9]\d{0,9}$/.test(sub) || Number(sub) > MAX_USER_ID || typeof sid !== 'string' || !SESSION_ID.test(sid)) return null;
    return { userId: Number(sub), sessionId: sid };
  }

  /**
   * jose's header rules for a JWT: `crit`, when present, is a non-empty list
   * naming only the one extension jose knows (`b64`), which must then be
   * present as a boolean, and a JWT must not use an unencoded payload
   * (`b64: false`); `alg` must be on the allow-list; `typ` must be ours.
   */
  private headerAccepted(header: Record<string, unknown>): boolean {
    const crit = header.crit;
    if (crit !== undefined) {
      if (!Array.isArray(crit) || crit.length === 0 || crit.some((name) => name !== 'b64')) return false;
      if (header.b64 !== true) return false;
    }
    return header.alg === TOKEN_ALGORITHM && typeof header.typ === 'string' && mediaType(header.typ) === mediaType(TOKEN_TYPE);
  }
}

/** A `typ` as RFC 7515 compares it (and jose): case-insensitive, with "application/" implied when there is no slash. */
function mediaType(typ: string): string {
  const lower = typ.toLowerCase();
  return typ.includes('/') ? lower : `application/${lower}`;
}

/**
 * jose's validateClaimsSet with our options (issuer, audience, requiredClaims, default clock
 * tolerance), then the age rules jose has no option for: `iat` not beyond the allowed skew ahead
 * of the clock, and `exp - iat` not beyond our token lifetime (JSON's 1e400 is Infinity: written
 * as "accept only if", so no arithmetic on it can let a token through).
 */
function claimsAccepted(claims: Record<string, unknown>, now: Date): boolean {
  if (!REQUIRED_CLAIMS.every((claim) => Object.hasOwn(claims, claim))) return false;
  if (claims.iss !== TOKEN_ISSUER) return false;
  const aud = claims.aud;
  if (!(aud === TOKEN_AUDIENCE || (Array.isArray(aud) && aud.includes(TOKEN_AUDIENCE)))) return false;
  const seconds = Math.floor(now.getTime() / 1000);
  const iat = claims.iat;
  if (typeof iat !== 'number' || !(iat <= seconds + TOKEN_MAX_FUTURE_IAT_SECONDS)) return false;
  const nbf = claims.nbf;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > seconds + TOKEN_CLOCK_TOLERANCE_SECONDS)) return false;
  const exp = claims.exp;
  return typeof exp === 'number' && exp > seconds - TOKEN_CLOCK_TOLERANCE_SECONDS && exp - iat <= TOKEN_TTL_SECONDS;
}
