import type { AuthConfig, RateLimitRule } from '../../config';
import type { RequestMeta } from '../../shared/actor';
import { RateLimitedError, ValidationError } from '../../shared/errors';
import type { AuditAction, AuditService } from '../audit';
import { AUTH_MESSAGES as MESSAGES, normalizeEmail } from './auth.messages';
import type { PasswordHasher } from './passwords';
import { buckets, type RateLimiter } from './rate-limiter';

/** The limits a signed-in check counts against (docs/product.md#rate-limits). */
export interface ReauthRules {
  /** The code checks of one user, whichever door; its password checks, apart, by the same rule. */
  perUser: RateLimitRule;
  /** Failed passwords of one account, shared with sign-in. */
  accountPasswords: RateLimitRule;
}

/** The account a password is checked for. */
export interface PasswordOwner {
  id: number;
  email: string;
  passwordHash: string;
}

/**
 * A signed-in user proving it is them (the password, or an authenticator
 * code) before a sensitive change: turning two-factor off, new backup codes,
 * a new password. The password checks of a user, whichever door, count against
 * one per-user limit, and the code checks against another (shared with sign-in's
 * second step): filling the codes' limit, which anyone with the password can,
 * does not stop the owner changing it (docs/product.md#rate-limits).
 */
export class ReauthGuard {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly audit: AuditService,
    private readonly hasher: PasswordHasher,
    private readonly rules: ReauthRules,
  ) {}

  /**
   * The user's password under `check`'s limit. A wrong one also counts as a failed password of the
   * account, the count sign-in keeps, so a stolen session's guesses here leave sign-in no fresh
   * allowance. That count never refuses this check: anyone who knows the email can fill it, and the
   * owner must still be able to change a password during such an attack (docs/decisions.md).
   */
  async password(user: PasswordOwner, password: string, meta: RequestMeta, failureAction: AuditAction, operation: string, failure: string): Promise<void> {
    await this.guarded(
      buckets.userPasswordChecks(user.id),
      user.id,
      meta,
      failureAction,
      operation,
      async () => {
        if (await this.hasher.verify(user.passwordHash, password)) return true;
        await this.limiter.hit(buckets.loginAccountTotal(normalizeEmail(user.email)), this.rules.accountPasswords);
        return false;
      },
      failure,
    );
  }

  /**
   * Runs an authenticator-code `check` under the codes' limit: counted before it runs, refunded when it
   * passes. A failure is audited as `failureAction` and answers 400 with
   * `failure`, never 401: the session is fine, and a 401 would sign the client
   * out (docs/product.md#status-codes).
   */
  check(userId: number, meta: RequestMeta, failureAction: AuditAction, operation: string, check: () => Promise<boolean>, failure: string): Promise<void> {
    return this.guarded(buckets.userChecks(userId), userId, meta, failureAction, operation, check, failure);
  }

  private async guarded(bucket: string, userId: number, meta: RequestMeta, failureAction: AuditAction, operation: string, check: () => Promise<boolean>, failure: string): Promise<void> {
    const hit = await this.limiter.hit(bucket, this.rules.perUser);
    if (hit.limited) {
      await this.audit.record({ action: failureAction, actorUserId: userId, targetType: 'user', targetId: userId, ip: meta.ip, details: { operation, reason: 'rate_limited' } });
      throw new RateLimitedError(MESSAGES.tooManyTwoFactorChecks, hit.resetsInSeconds);
    }
    if (await check()) {
      // The change has committed: a failed refund costs one counted check, never the change's answer
      // (which carries the caller's only valid token).
      await this.limiter.refund(hit).catch(() => undefined);
      return;
    }
    await this.audit.record({ action: failureAction, actorUserId: userId, targetType: 'user', targetId: userId, ip: meta.ip, details: { operation, reason: 'invalid' } });
    throw new ValidationError(failure, [failure]);
  }
}

/** The configured limits of the signed-in checks. */
export function reauthRules(config: AuthConfig): ReauthRules {
  return { perUser: config.rateLimits.twoFactorPerUser, accountPasswords: config.rateLimits.loginPerAccountTotal };
}
