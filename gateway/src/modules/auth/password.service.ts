import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuthConfig } from '../../config';
import { requireAdmin, requireUser, type Actor, type RequestMeta } from '../../shared/actor';
import { ConflictError, NotFoundError, RateLimitedError, UnauthenticatedError, ValidationError } from '../../shared/errors';
import { hashLinkToken, newLinkToken } from '../../shared/link-tokens';
import { queryRows } from '../../shared/sql';
import { invalid, parseInput } from '../../shared/validation';
import type { AuditService } from '../audit';
import type { MailOutbox } from '../mail';
import { USER_MESSAGES, UserId, type User, type UsersService } from '../users';
import { AUTH_LIMITS, AUTH_MESSAGES as MESSAGES, normalizeEmail } from './auth.messages';
import { ChangePasswordInput, ForgotPasswordInput, ResetPasswordInput } from './auth.schemas';
import type { ChangePasswordResult } from './auth.types';
import { closeOpenChallenges } from './login-challenges';
import { assertNewPasswordAllowed } from './password-policy';
import type { PasswordHasher } from './passwords';
import { buckets, type RateLimiter } from './rate-limiter';
import { ReauthGuard, reauthRules } from './reauth-guard';
import type { SessionService } from './sessions';
import type { TokenService } from './tokens';

/**
 * The password lifecycle (docs/product.md#passwords): a signed-in user
 * changes theirs, anyone asks for a reset link ('Forgot password?'), a link
 * sets a new one, and an administrator sends a link from a user's row.
 *
 * Reset links are single-use, valid for an hour, and stored as a hash only
 * (password_resets, this service's table); the mail is queued in the same
 * transaction as its link, so neither exists without the other. A new
 * password ends the user's other sessions (a change) or all of them (a reset),
 * in the transaction that stores the hash, and closes every other open link;
 * two-factor stays as it was, so a reset never skips the second step.
 */
export class PasswordService {
  private readonly guard: ReauthGuard;

  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly audit: AuditService,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
    private readonly limiter: RateLimiter,
    private readonly outbox: MailOutbox,
    private readonly config: AuthConfig,
  ) {
    // The same limits as the two-factor settings' password checks (reauth-guard.ts).
    this.guard = new ReauthGuard(limiter, audit, hasher, reauthRules(config));
  }

  /**
   * POST /auth/change-password, `changePassword`. A wrong current password
   * answers 400 and counts against the per-user limit. The caller continues
   * with the token in the answer; every other session has ended.
   */
  async change(actor: Actor, input: unknown, meta: RequestMeta): Promise<ChangePasswordResult> {
    const { userId, sessionId } = requireUser(actor);
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthenticatedError();
    const { currentPassword, newPassword } = parseInput(ChangePasswordInput, input);
    // The new password's own rules first: they say nothing about the current one, so they need not count.
    assertNewPasswordAllowed(newPassword, user.email);
    await this.guard.password(user, currentPassword, meta, 'auth.password_check_failure', 'change_password', MESSAGES.currentPasswordWrong);
    const passwordHash = await this.hasher.hash(newPassword);
    const renewed = await this.dataSource.transaction(async (manager) => {
      await this.sessions.holdForChange(user.id, sessionId, manager);
      await this.replacePassword(manager, user.id, passwordHash);
      const id = await this.sessions.renew(user.id, sessionId, manager);
      await this.audit.record({ action: 'auth.password_change', actorUserId: user.id, targetType: 'user', targetId: user.id, ip: meta.ip }, manager);
      return id;
    });
    return { token: await this.tokens.sign({ userId: user.id, sessionId: renewed }) };
  }

  /**
   * POST /auth/forgot-password, `forgotPassword`: a reset link for a known,
   * active account; the same answer, in the same time, for any other
   * address. Every request, known or not, costs one lookup, one counter per
   * address and per account, and one audit row, and the answer waits for a
   * fixed floor, so neither the answer nor its timing tells whether the
   * address has an account (docs/decisions.md). Past the address limit: 429;
   * past the account limit: the same answer, but no more mail.
   */
  async forgot(_actor: Actor, input: unknown, meta: RequestMeta): Promise<void> {
    // A malformed address is refused at once: that answer does not depend on any account.
    const { email } = parseInput(ForgotPasswordInput, input);
    const answerAt = Date.now() + AUTH_LIMITS.forgotPasswordFloorMs;
    try {
      const key = normalizeEmail(email);
      const { passwordResetPerAddress, passwordResetPerAccount } = this.config.rateLimits;
      const address = await this.limiter.hit(buckets.passwordResetAddress(meta.ip), passwordResetPerAddress);
      if (address.limited) throw new RateLimitedError(MESSAGES.tooManyResetRequests, address.resetsInSeconds);
      const account = await this.limiter.hit(buckets.passwordResetAccount(key), passwordResetPerAccount);

      const user = await this.users.findByEmail(key);
      let outcome: 'sent' | 'unknown' | 'inactive' | 'rate_limited' | 'undeliverable' = !user ? 'unknown' : !user.isActive ? 'inactive' : account.limited ? 'rate_limited' : 'sent';
      if (user && outcome === 'sent') {
        try {
          await this.dataSource.transaction((manager) => this.issueLink(manager, user, null));
        } catch (err) {
          // An address the mail module cannot send to must look like any other from outside.
          if (!(err instanceof ValidationError)) throw err;
          outcome = 'undeliverable';
        }
      }
      await this.audit.record({ action: 'auth.password_reset_request', actorUserId: null, targetType: 'user', targetId: user?.id ?? null, ip: meta.ip, details: { email: key, outcome } });
    } finally {
      const wait = answerAt - Date.now();
      if (wait > 0) await sleep(wait);
    }
  }

  /**
   * POST /auth/reset-password, `resetPassword`: a link's token and the new
   * password. A used, expired or unknown link (or one of an account
   * deactivated since) answers 400; a refused password leaves the link usable.
   */
  async reset(_actor: Actor, input: unknown, meta: RequestMeta): Promise<void> {
    const { token, password } = parseInput(ResetPasswordInput, input);
    const tokenHash = hashLinkToken(token);
    const [link] = await queryRows<{ user_id: number }>(this.dataSource, `select user_id from password_resets where token_hash = $1 and used_at is null and expires_at > now()`, [tokenHash]);
    const user = link ? await this.users.findById(link.user_id) : null;
    if (!user?.isActive) throw invalid([MESSAGES.resetLinkInvalid]);
    assertNewPasswordAllowed(password, user.email);
    const passwordHash = await this.hasher.hash(password);
    await this.dataSource.transaction(async (manager) => {
      // The account first, as a change and a deactivation take it: taking the link first could deadlock with them.
      if (!(await this.users.lockInOrder([user.id], manager)).has(user.id)) throw invalid([MESSAGES.resetLinkInvalid]);
      // Single use, decided here: of two requests with one link, exactly one updates the row.
      const used = await queryRows<{ id: string }>(manager, `update password_resets set used_at = now() where token_hash = $1 and used_at is null and expires_at > now() returning id`, [tokenHash]);
      if (used.length === 0) throw invalid([MESSAGES.resetLinkInvalid]);
      await this.replacePassword(manager, user.id, passwordHash);
      await this.sessions.endAll(user.id, manager);
      await this.audit.record({ action: 'auth.password_reset', actorUserId: null, targetType: 'user', targetId: user.id, ip: meta.ip }, manager);
    });
  }

  /** POST /admin/users/{id}/password-reset, `sendPasswordReset`: an administrator mails a user a reset link. */
  async sendReset(actor: Actor, rawUserId: unknown, meta: RequestMeta): Promise<void> {
    const admin = requireAdmin(actor);
    const userId = parseInput(UserId, rawUserId);
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundError(USER_MESSAGES.notFound);
    if (!user.isActive) throw new ConflictError(MESSAGES.resetForInactiveAccount);
    await this.dataSource.transaction(async (manager) => {
      await this.issueLink(manager, user, admin.userId);
      await this.audit.record({ action: 'user.password_reset_sent', actorUserId: admin.userId, targetType: 'user', targetId: user.id, ip: meta.ip }, manager);
    });
  }

  /** A new link for `user` and its mail, in the caller's transaction. Earlier open links stay valid until used or expired. */
  private async issueLink(manager: EntityManager, user: User, requestedBy: number | null): Promise<void> {
    const { token, hash } = newLinkToken();
    const [row] = await queryRows<{ expires_at: Date }>(
      manager,
      `insert into password_resets (user_id, token_hash, expires_at, requested_by) values ($1, $2, now() + make_interval(secs => $3), $4) returning expires_at`,
      [user.id, hash, AUTH_LIMITS.resetTtlSeconds, requestedBy],
    );
    if (!row) throw new Error('password_resets insert returned no row');
    await this.outbox.enqueue(manager, { to: user.email, content: { kind: 'password-reset', data: { name: user.name, token, expiresAt: row.expires_at } } });
  }

  /** The new hash, every open link and sign-in step ended (the caller ends the sessions). */
  private async replacePassword(manager: EntityManager, userId: number, passwordHash: string): Promise<void> {
    if (!(await this.users.setPassword(userId, passwordHash, manager))) throw new UnauthenticatedError();
    await manager.query(`update password_resets set used_at = now() where user_id = $1 and used_at is null`, [userId]);
    await closeOpenChallenges(manager, userId);
  }
}
