import { generateSecret, generateURI, verify } from 'otplib';

/**
 * TOTP as every authenticator app expects it (docs/product.md#two-factor): SHA-1, 30-second
 * steps, 6 digits, one step of clock drift either way.
 */
export const TOTP_ISSUER = 'Embark';
export const TOTP_PERIOD_SECONDS = 30;
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

/** A fresh base32 secret of 20 random bytes (160 bits, RFC 4226's recommendation). */
export function newTotpSecret(): string {
  return generateSecret();
}

export function otpauthUrl(secret: string, accountEmail: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: accountEmail, secret, algorithm: 'sha1', digits: 6, period: TOTP_PERIOD_SECONDS });
}

/**
 * The time step a code belongs to, or null when it is wrong, outside ±1 step,
 * or not after `afterStep` (a step already used: a replay).
 */
export async function matchTotp(secret: string, code: string, afterStep: number | null, epochSeconds?: number): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    algorithm: 'sha1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    ...(epochSeconds === undefined ? {} : { epoch: epochSeconds }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
