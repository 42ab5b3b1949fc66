import { hash, verify, type Algorithm } from '@node-rs/argon2';
import type { AuthConfig } from '../../config';

// `Algorithm` is an ambient const enum, which isolatedModules cannot inline; 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

/**
 * argon2id hashing for passwords and backup codes (docs/product.md#passwords: m ≥ 19 MiB,
 * t ≥ 2, p = 1; the config refuses less outside NODE_ENV=test). Verification
 * reads the parameters from the stored hash, so raising the cost later keeps
 * old hashes valid.
 */
export class PasswordHasher {
  private readonly options: { algorithm: Algorithm; memoryCost: number; timeCost: number; parallelism: number };
  private readonly dummy: Promise<string>;

  constructor(config: AuthConfig['argon2']) {
    this.options = { algorithm: ARGON2ID, memoryCost: config.memoryKib, timeCost: config.timeCost, parallelism: 1 };
    // Made up front, so even the first unknown-email sign-in costs one verification, not a hash and a verification.
    this.dummy = this.hash('embark-timing-equaliser');
    // Observed here so a failure cannot become an unhandled rejection; burn() awaits it again.
    this.dummy.catch(() => undefined);
  }

  hash(secret: string): Promise<string> {
    return hash(secret, this.options);
  }

  /**
   * Whether `storedHash` was made at another cost than the current one (the cost changed since).
   * A sign-in that has just verified such a hash stores a new one of the current cost, so accounts
   * end up checked at one cost, the one `burn` spends for unknown emails (docs/decisions.md).
   */
  needsRehash(storedHash: string): boolean {
    const params = /^\$argon2id\$v=\d+\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(storedHash);
    if (!params) return true;
    const { memoryCost, timeCost, parallelism } = this.options;
    return Number(params[1]) !== memoryCost || Number(params[2]) !== timeCost || Number(params[3]) !== parallelism;
  }

  /** False (never a throw) for a malformed stored hash: the caller answers "invalid", not 500. */
  async verify(storedHash: string, secret: string): Promise<boolean> {
    try {
      return await verify(storedHash, secret);
    } catch {
      return false;
    }
  }

  /**
   * Spends the same time as a real check against a hash of the current cost,
   * for sign-ins with an unknown email: otherwise the response time would tell
   * an attacker which addresses have accounts.
   */
  async burn(secret: string): Promise<void> {
    await this.verify(await this.dummy, secret);
  }
}
