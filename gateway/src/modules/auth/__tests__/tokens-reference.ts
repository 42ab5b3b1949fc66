import { jwtVerify, type JWTPayload } from 'jose';
import {
  TOKEN_ALGORITHM,
  TOKEN_AUDIENCE,
  TOKEN_CLOCK_TOLERANCE_SECONDS,
  TOKEN_ISSUER,
  TOKEN_MAX_FUTURE_IAT_SECONDS,
  TOKEN_TTL_SECONDS,
  TOKEN_TYPE,
  type TokenClaims,
} from '../tokens';

/*
 * The reference TokenService.verify is held to: jose's jwtVerify with the service's options, then
 * the rules jose has no option for, each spelled out here on its own. The fixed cases
 * (tokens.test.ts) and the property test (tokens.property.test.ts) both compare against it.
 */

export const REFERENCE_SECRET = 'tokens-test-secret-0123456789abcdef0123456789';
export const referenceKey = new TextEncoder().encode(REFERENCE_SECRET);

/** What jose alone says, with every option that maps onto one of the service's checks. */
export async function joseAnswer(token: string, now: Date): Promise<JWTPayload | null> {
  try {
    const { payload } = await jwtVerify(token, referenceKey, {
      algorithms: [TOKEN_ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      typ: TOKEN_TYPE,
      requiredClaims: ['exp', 'iat', 'sub', 'sid'],
      clockTolerance: TOKEN_CLOCK_TOLERANCE_SECONDS,
      // No maxTokenAge: jose applies one tolerance to exp, nbf and iat alike, and would refuse
      // any iat ahead of the clock; the 30 s skew on iat alone is checked below.
      currentDate: now,
    });
    return payload;
  } catch {
    return null;
  }
}

const UNPADDED_COMPACT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const USER_ID = /^[1-9]\d{0,9}$/;
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** jose's answer plus the service's own rules: what TokenService.verify must answer for every token. */
export async function referenceVerify(token: string, now: Date): Promise<TokenClaims | null> {
  // Real tokens are ~300 bytes; longer is refused before any parsing.
  if (token.length === 0 || token.length > 4096) return null;
  // RFC 7515: unpadded base64url segments (jose also takes `=` and other alphabets).
  if (!UNPADDED_COMPACT.test(token)) return null;
  const payload = await joseAnswer(token, now);
  if (!payload) return null;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const { iat, exp, sub, sid } = payload as { iat: number; exp: number; sub: unknown; sid: unknown };
  // Issued at most 30 s ahead of our clock, and for no longer than our lifetime. "Accept only if",
  // so no arithmetic on 1e400 (Infinity) lets a token through.
  if (!(iat <= nowSeconds + TOKEN_MAX_FUTURE_IAT_SECONDS)) return null;
  if (!(exp - iat <= TOKEN_TTL_SECONDS)) return null;
  // A user id that fits PostgreSQL's integer, as a string (RFC 7519); a session id as PostgreSQL prints a uuid.
  if (typeof sub !== 'string' || !USER_ID.test(sub) || Number(sub) > 2_147_483_647) return null;
  if (typeof sid !== 'string' || !SESSION_ID.test(sid)) return null;
  return { userId: Number(sub), sessionId: sid };
}
