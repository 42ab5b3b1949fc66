import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** DESIGN §5: HS256 only, 8 hours, with issuer and audience pinned. */
export const TOKEN_ALGORITHM = 'HS256';
export const TOKEN_TTL_SECONDS = 8 * 60 * 60;
export const TOKEN_ISSUER = 'embark-gateway';
export const TOKEN_AUDIENCE = 'embark';
/** Longest Authorization value we bother to parse; real tokens are ~250 bytes. */
const MAX_TOKEN_LENGTH = 4096;

/** What a verified token says; the caller still checks it against the database. */
export interface TokenClaims {
  userId: number;
  /** users.token_version at issue time; a bump revokes the token. */
  tokenVersion: number;
}

/**
 * Signs and verifies session tokens with jose. Verification pins the algorithm
 * (so `alg: none` and RS/HS confusion are refused), the issuer and audience,
 * and requires exp/iat/sub; revocation and the account state are checked by
 * the auth service against the database on every request.
 */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ tv: claims.tokenVersion })
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
      // Unique per token: lets logs and audits tell two sessions of one user apart.
      .setJti(crypto.randomUUID())
      .sign(this.key);
  }

  /** The claims of a valid token, or null for anything else (bad signature, algorithm, audience, expired, malformed). */
  async verify(token: string): Promise<TokenClaims | null> {
    if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [TOKEN_ALGORITHM],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        requiredClaims: ['exp', 'iat', 'sub', 'tv'],
      });
      const sub = payload.sub ?? '';
      const tv = payload.tv;
      if (!/^[1-9]\d{0,9}$/.test(sub) || typeof tv !== 'number' || !Number.isInteger(tv) || tv < 0) return null;
      return { userId: Number(sub), tokenVersion: tv };
    } catch {
      // jose throws a typed error per failure; to the caller they all mean "not signed in".
      return null;
    }
  }
}
