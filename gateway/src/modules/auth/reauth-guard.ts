import type { RateLimitRule } from '../../config';
import type { RequestMeta } from '../../shared/actor';
import { RateLimitedError, ValidationError } from '../../shared/errors';
import type { AuditAction, AuditService } from '../audit';
import { AUTH_MESSAGES as MESSAGES } from './auth.messages';
import { buckets, type RateLimiter } from './rate-limiter';

/**
 * A signed-in user proving it is them (the password, or an authenticator
 * code) before a sensitive change: turning two-factor off, new backup codes,
 * a new password. Every such check of a user counts against ONE per-user
 * limit, so a stolen session cannot guess the password through one door
 * after using up the other (docs/product.md#rate-limits).
 */
export class ReauthGuard {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly audit: AuditService,
    private readonly rule: RateLimitRule,
  ) {}

  /**
   * Runs `check` under the limit: counted before it runs, refunded when it
   * passes. A failure is audited as `failureAction` and answers 400 with
   * `failure`, never 401: the session is fine, and a 401 would sign the client
   * out (docs/product.md#status-codes).
   */
  async check(userId: number, meta: RequestMeta, failureAction: AuditAction, operation: string, check: () => Promise<boolean>, failure: string): Promise<void> {
    const hit = await this.limiter.hit(buckets.userChecks(userId), this.rule);
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
