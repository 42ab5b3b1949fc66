import type { DataSource, EntityManager } from 'typeorm';
import type { AuthConfig, RateLimitRule } from '../../config';
import { ADMIN_ROLE_ID, ANONYMOUS, requireUser, type Actor, type RequestMeta } from '../../shared/actor';
import { isForeignKeyViolation, isUniqueViolation } from '../../shared/db-errors';
import { countSignInFailure, type SignInFailureReason } from '../../http/metrics';
import { ConflictError, ForbiddenError, RateLimitedError, UnauthenticatedError } from '../../shared/errors';
import { hashLinkToken, newLinkToken } from '../../shared/link-tokens';
import { queryRows } from '../../shared/sql';
import { invalid, parseInput } from '../../shared/validation';
import type { AuditService } from '../audit';
import type { RolesService } from '../roles';
import { refusalOf, SETTINGS_MESSAGES, type SettingsService } from '../settings';
import { USER_LIMITS, type InvitationClaims, type User, type UsersService } from '../users';
import { AUTH_MESSAGES as MESSAGES, normalizeEmail } from './auth.messages';
import { LoginInput, RegisterInput, VerifyLoginInput } from './auth.schemas';
import type { AuthPayload, LoginResult } from './auth.types';
import { closeOpenChallenges } from './login-challenges';
import { assertNewPasswordAllowed } from './password-policy';
import type { PasswordHasher } from './passwords';
import { buckets, type RateHit, type RateLimiter } from './rate-limiter';
import type { SessionService } from './sessions';
import type { TokenService } from './tokens';
import type { TwoFactorService } from './two-factor.service';

// Arbitrary but fixed: serialises "is there an administrator yet?" across replicas.
const FIRST_ADMIN_LOCK_KEY = 7_326_153_013;

/** One limit a sign-in attempt counts against; `name` is how the audit trail calls it. */
interface SignInLimit {
  name: 'account_address' | 'account' | 'address' | 'two_factor_account';
  bucket: string;
  rule: RateLimitRule;
}

/**
 * Registration, sign-in (with the optional TOTP step), sessions and sign-out.
 *
 * Each sign-in starts a session (sessions.ts) and its token carries the
 * session's id (`sid`); a request counts only while that session is live.
 * Sign-out ends the caller's session alone, so the user's other devices stay
 * signed in (docs/product.md#sessions).
 */
export class AuthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly roles: RolesService,
    private readonly audit: AuditService,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
    private readonly limiter: RateLimiter,
    private readonly twoFactor: TwoFactorService,
    private readonly settings: SettingsService,
    private readonly config: AuthConfig,
    private readonly invitations: InvitationClaims,
  ) {}

  /**
   * The actor behind an Authorization header, for every request (REST and
   * GraphQL). Anything short of a valid token of a live session of an active
   * account is anonymous; the role is read from the database now, not from the
   * token, so a sign-out, demotion or deactivation takes effect on the next request.
   */
  async actorFor(authorization: string | undefined): Promise<Actor> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (!match?.[1]) return ANONYMOUS;
    const claims = this.tokens.verify(match[1]);
    if (!claims) return ANONYMOUS;
    const state = await this.sessions.current(claims.userId, claims.sessionId);
    if (!state) return ANONYMOUS;
    return { kind: 'user', userId: claims.userId, roleId: state.roleId, sessionId: claims.sessionId };
  }

  async register(actor: Actor, input: unknown, meta: RequestMeta): Promise<AuthPayload> {
    // Counted before anything else, so probing emails through 409s is capped too.
    const hit = await this.limiter.hit(buckets.registerAddress(meta.ip), this.config.rateLimits.registerPerAddress);
    if (hit.limited) throw new RateLimitedError(MESSAGES.tooManyRegistrations, hit.resetsInSeconds);

    // The company's policy first: when only invitations may create accounts, nothing in the form matters.
    const policy = await this.settings.registration(actor);
    if (policy.mode === 'invite') return this.refuseRegistration(SETTINGS_MESSAGES.registrationInviteOnly, 'invite_only', null, meta);
    const { role_id: roleId, ...data } = parseInput(RegisterInput, input);
    const refusal = refusalOf(policy.mode, policy.domains, data.email);
    if (refusal) return this.refuseRegistration(refusal, 'email_domain', data.email, meta);
    // Not in the schema: the list and the email rule are the company's rules, not the form's.
    assertNewPasswordAllowed(data.password, data.email);
    if (!(await this.roles.exists(roleId))) throw invalid([MESSAGES.roleUnknown]);
    // Cheap pre-checks before the deliberately slow hash; both are repeated under the lock below.
    if (roleId === ADMIN_ROLE_ID && (await this.users.countByRole(ADMIN_ROLE_ID)) > 0) await this.refuseAdmin(data.email, meta);
    if (await this.users.findByEmail(data.email)) throw new ConflictError(MESSAGES.duplicateEmail);
    if (await this.invitations.pendingFor(data.email)) await this.refuseInvited(data.email, meta);

    const passwordHash = await this.hasher.hash(data.password);
    const user = await this.dataSource.transaction(async (manager) => {
      if (roleId === ADMIN_ROLE_ID) {
        // Only the first administrator of an empty install may sign up as one; the
        // transaction-scoped lock makes two simultaneous attempts take turns.
        await manager.query('select pg_advisory_xact_lock($1)', [FIRST_ADMIN_LOCK_KEY]);
        if ((await this.users.countByRole(ADMIN_ROLE_ID, manager)) > 0) return null;
      }
      if (await this.invitations.pendingFor(data.email, manager)) return 'invited' as const;
      try {
        const created = await this.users.create({ name: data.name, email: data.email, passwordHash, roleId }, manager);
        await this.audit.record({ action: 'auth.register', actorUserId: created.id, targetType: 'user', targetId: created.id, ip: meta.ip, details: { role_id: roleId } }, manager);
        return created;
      } catch (err) {
        if (isUniqueViolation(err, 'uq_users_email_lower')) throw new ConflictError(MESSAGES.duplicateEmail);
        // The role was deleted after the check above.
        if (isForeignKeyViolation(err)) throw invalid([MESSAGES.roleUnknown]);
        throw err;
      }
    });
    if (user === null) return this.refuseAdmin(data.email, meta);
    if (user === 'invited') return this.refuseInvited(data.email, meta);
    return this.session(user, meta);
  }

  /**
   * Email and password. Failures answer the same 401 whether or not the
   * account exists (an unknown email still costs one argon2 verification), and
   * count against the account+address and address limits; past either, every
   * attempt answers 429, even with the right password, until the window ends.
   */
  async login(_actor: Actor, input: unknown, meta: RequestMeta): Promise<LoginResult> {
    const { email, password } = parseInput(LoginInput, input);
    const limits = this.signInLimits(email, meta);
    const hits = await this.countSignInAttempt(email, meta, 'password', [limits.accountAddress, limits.account, limits.address]);

    // No address is longer than that: skip the lookup, not the (timing-equalising) hash work.
    const user = email.length <= USER_LIMITS.emailMax ? await this.users.findByEmail(email) : null;
    if (!user) {
      await this.hasher.burn(password);
      return this.failSignIn(null, email, meta, 'unknown_email');
    }
    const passwordOk = await this.hasher.verify(user.passwordHash, password);
    if (!passwordOk) return this.failSignIn(user.id, email, meta, 'bad_password');
    if (!user.isActive) return this.failSignIn(user.id, email, meta, 'inactive');

    await this.refund(hits);
    await this.upgradeHash(user, password);
    if (user.twoFactorEnabled) {
      const challengeId = await this.openChallenge(user);
      if (challengeId === null) return this.failSignIn(user.id, email, meta, 'changed_meanwhile');
      await this.audit.record({ action: 'auth.login_2fa_required', actorUserId: null, targetType: 'user', targetId: user.id, ip: meta.ip });
      return { requiresTwoFactor: true, challengeId };
    }
    const sessionId = await this.dataSource.transaction(async (manager) =>
      (await this.holdAccount(manager, user.id, { passwordHash: user.passwordHash, twoFactorEnabled: false })) ? this.sessions.start(user.id, meta, manager) : null,
    );
    if (sessionId === null) return this.failSignIn(user.id, email, meta, 'changed_meanwhile');
    await this.users.recordLogin(user.id);
    await this.audit.record({ action: 'auth.login_success', actorUserId: user.id, targetType: 'user', targetId: user.id, ip: meta.ip, details: { method: 'password' } });
    return { requiresTwoFactor: false, ...(await this.answer(user, sessionId, true)) };
  }

  /**
   * The second step (`verify-login`): valid only with the challenge id that
   * the password step answered, within the challenge lifetime, at most
   * `maxAttempts` tries, and one success consumes it. Failures also count as
   * failed sign-ins for the account+address, and against the account's
   * second-factor limit, so opening fresh challenges cannot reset the count.
   *
   * Without a live challenge id of this account the attempt counts against
   * the address alone: someone who knows only the email spends none of the
   * owner's tries (docs/product.md#two-factor).
   */
  async verifyLogin(_actor: Actor, input: unknown, meta: RequestMeta): Promise<AuthPayload> {
    const { email, token: code, isBackupCode = false, challengeId } = parseInput(VerifyLoginInput, input);
    const step = isBackupCode ? 'backup_code' : 'totp';
    const limits = this.signInLimits(email, meta);

    const user = email.length <= USER_LIMITS.emailMax ? await this.users.findByEmail(email) : null;
    const open = user ? await this.findChallenge(user.id, challengeId) : null;
    if (!user || !open) {
      await this.countSignInAttempt(email, meta, step, [limits.address]);
      return this.noChallenge(user?.id ?? null, meta);
    }
    const hits = await this.countSignInAttempt(email, meta, step, [limits.accountAddress, limits.secondFactor(user.id), limits.address]);
    const challenge = await this.takeChallengeAttempt(open);
    // Expired or consumed since it was found.
    if (!challenge) return this.noChallenge(user.id, meta);
    if (challenge === 'exhausted') {
      await this.audit.record({ action: 'auth.login_2fa_failure', actorUserId: null, targetType: 'user', targetId: user.id, ip: meta.ip, details: { reason: 'attempts_exhausted' } });
      throw new RateLimitedError(MESSAGES.tooManyCodeAttempts);
    }

    const accepted = user.isActive && (await this.twoFactor.checkSecondFactor(user, code, isBackupCode));
    if (!accepted) {
      await this.audit.record({ action: 'auth.login_2fa_failure', actorUserId: null, targetType: 'user', targetId: user.id, ip: meta.ip, details: { reason: isBackupCode ? 'bad_backup_code' : 'bad_totp' } });
      throw new UnauthenticatedError(isBackupCode ? MESSAGES.invalidBackupCode : MESSAGES.invalidCode);
    }
    const sessionId = await this.dataSource.transaction(async (manager) => {
      // A password or two-factor change closes the open steps: held, it either finished before (and this finds the step closed) or ends this session after.
      if (!(await this.holdAccount(manager, user.id))) return null;
      // One success per password step: of two concurrent correct answers, one consumes it.
      const consumed = await queryRows<{ id: string }>(manager, `update login_challenges set consumed_at = now() where id = $1 and consumed_at is null returning id`, [challenge.id]);
      return consumed.length === 0 ? null : this.sessions.start(user.id, meta, manager);
    });
    if (sessionId === null) throw new UnauthenticatedError(MESSAGES.signInExpired);

    await this.refund(hits);
    await this.users.recordLogin(user.id);
    await this.audit.record({ action: 'auth.login_success', actorUserId: user.id, targetType: 'user', targetId: user.id, ip: meta.ip, details: { method: isBackupCode ? 'backup_code' : 'totp' } });
    return this.answer(user, sessionId, true);
  }

  /** Signs in an account another module has just created (an accepted invitation), answering as registration does. */
  startSession(user: User, meta: RequestMeta): Promise<AuthPayload> {
    return this.session(user, meta);
  }

  /** Ends the caller's session only: the user's other devices stay signed in. */
  async logout(actor: Actor, meta: RequestMeta): Promise<void> {
    const { userId, sessionId } = requireUser(actor);
    await this.sessions.end(userId, sessionId);
    await this.audit.record({ action: 'auth.logout', actorUserId: userId, targetType: 'user', targetId: userId, ip: meta.ip });
  }

  /**
   * The limits a sign-in attempt may count against (docs/product.md#rate-limits),
   * named as the audit trail names them. Buckets key the address by addressKey.
   */
  private signInLimits(email: string, meta: RequestMeta): Record<'accountAddress' | 'account' | 'address', SignInLimit> & { secondFactor(userId: number): SignInLimit } {
    const rules = this.config.rateLimits;
    const key = normalizeEmail(email);
    return {
      accountAddress: { name: 'account_address', bucket: buckets.loginAccount(key, meta.ip), rule: rules.loginPerAccount },
      // Every address together: a thousand addresses get no more guesses at one password than one does.
      account: { name: 'account', bucket: buckets.loginAccountTotal(key), rule: rules.loginPerAccountTotal },
      address: { name: 'address', bucket: buckets.loginAddress(meta.ip), rule: rules.loginPerAddress },
      // Wrong codes over all challenges, shared with the signed-in checks: one allowance per authenticator.
      secondFactor: (userId) => ({ name: 'two_factor_account', bucket: buckets.userChecks(userId), rule: rules.twoFactorPerUser }),
    };
  }

  /**
   * Counts one sign-in attempt against each of `limits`; past any of them,
   * throws 429 with Retry-After (and audits it), even for a right answer.
   * A caller whose attempt succeeds refunds the hits.
   *
   * A refused attempt keeps only the hits of the limits it was over: while an
   * attacker holds the account-wide slow-down, the owner's refused retries
   * must not fill the owner's own (account, address) bucket too.
   */
  private async countSignInAttempt(email: string, meta: RequestMeta, step: string, limits: SignInLimit[]): Promise<RateHit[]> {
    const hits: RateHit[] = [];
    for (const limit of limits) hits.push(await this.limiter.hit(limit.bucket, limit.rule));
    // Stale rate-limit windows and long-ended sessions go on roughly one sign-in attempt in pruneOneIn.
    const { pruneOneIn } = this.config.sessions;
    if (pruneOneIn > 0 && Math.random() * pruneOneIn < 1) {
      await this.limiter.prune(Math.max(...Object.values(this.config.rateLimits).map((r) => r.windowSeconds)) * 2);
      await this.sessions.prune();
    }
    const limited = limits.filter((_, i) => hits[i]?.limited);
    if (limited.length > 0) {
      await this.refund(hits.filter((h) => !h.limited));
      await this.audit.record({
        action: 'auth.login_rate_limited',
        actorUserId: null,
        targetType: 'user',
        targetId: null,
        ip: meta.ip,
        details: { email: normalizeEmail(email), step, limit: limited.map((l) => l.name).join(',') },
      });
      throw new RateLimitedError(MESSAGES.tooManyLogins, Math.max(...hits.filter((h) => h.limited).map((h) => h.resetsInSeconds)));
    }
    return hits;
  }

  /**
   * After the password was verified: a hash made at an earlier cost is replaced by one of the current
   * cost, so a refused sign-in (checked at the current cost for an unknown email) takes as long as
   * one of any account. `user` then carries the stored hash, which the steps after it hold.
   */
  private async upgradeHash(user: User, password: string): Promise<void> {
    if (!this.hasher.needsRehash(user.passwordHash)) return;
    const passwordHash = await this.hasher.hash(password);
    if (await this.users.upgradePasswordHash(user.id, user.passwordHash, passwordHash)) {
      user.passwordHash = passwordHash;
      return;
    }
    // Another sign-in of the same password upgraded it first: its hash verifies this password too. A
    // password changed meanwhile does not; the old hash stays in `user`, and holding the account fails.
    const stored = (await this.users.findById(user.id))?.passwordHash;
    if (stored !== undefined && (await this.hasher.verify(stored, password))) user.passwordHash = stored;
  }

  /** A second step without an open challenge: audited, and 401 'Your sign-in has expired…'. */
  private async noChallenge(userId: number | null, meta: RequestMeta): Promise<never> {
    await this.audit.record({ action: 'auth.login_2fa_failure', actorUserId: null, targetType: 'user', targetId: userId, ip: meta.ip, details: { reason: 'no_challenge' } });
    throw new UnauthenticatedError(MESSAGES.signInExpired);
  }

  private async refund(hits: RateHit[]): Promise<void> {
    for (const hit of hits) await this.limiter.refund(hit);
  }

  private async failSignIn(userId: number | null, email: string, meta: RequestMeta, reason: SignInFailureReason): Promise<never> {
    countSignInFailure(reason);
    await this.audit.record({ action: 'auth.login_failure', actorUserId: null, targetType: 'user', targetId: userId, ip: meta.ip, details: { email: normalizeEmail(email), reason } });
    throw new UnauthenticatedError(MESSAGES.invalidCredentials);
  }

  private refuseAdmin(email: string, meta: RequestMeta): Promise<never> {
    return this.refuseRegistration(MESSAGES.adminRegistrationRefused, 'administrator_exists', email, meta);
  }

  private refuseInvited(email: string, meta: RequestMeta): Promise<never> {
    return this.refuseRegistration(MESSAGES.invitationPending, 'invitation_pending', email, meta);
  }

  /** A registration the rules do not allow: 403 with `message`, audited with the reason. */
  private async refuseRegistration(message: string, reason: string, email: string | null, meta: RequestMeta): Promise<never> {
    await this.audit.record({ action: 'auth.register_refused', actorUserId: null, ip: meta.ip, details: { ...(email === null ? {} : { email: normalizeEmail(email) }), reason } });
    throw new ForbiddenError(message);
  }

  /**
   * A fresh password step; earlier open ones for the user are closed, so only
   * the newest counts. Answers its id (256 random bits, as a link token), which
   * only the browser that passed the password step learns; the table keeps
   * its hash.
   */
  private async openChallenge(user: User): Promise<string | null> {
    const { token, hash } = newLinkToken();
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.holdAccount(manager, user.id, { passwordHash: user.passwordHash, twoFactorEnabled: true }))) return null;
      await closeOpenChallenges(manager, user.id);
      await manager.query(`insert into login_challenges (user_id, secret_hash, expires_at) values ($1, $2, now() + make_interval(secs => $3))`, [
        user.id,
        hash,
        this.config.twoFactor.challengeTtlSeconds,
      ]);
      return token;
    });
  }

  /**
   * A sign-in's proof (the password, the second step) is checked outside any
   * transaction, during argon2 work; a password reset or change, a two-factor
   * change or a deactivation may commit meanwhile. Holding the account's row
   * (FOR SHARE, users before sessions and challenges as every writer takes
   * them) until the session or step is written makes such a change either
   * finish first, which this sees (inactive, or `checked` no longer current:
   * false), or wait and then end what this wrote. The password step passes
   * what it decided on: the hash it verified, and whether two-factor was on
   * (turned on meanwhile, a password alone must not make a session).
   */
  private async holdAccount(manager: EntityManager, userId: number, checked?: { passwordHash: string; twoFactorEnabled: boolean }): Promise<boolean> {
    const held = await queryRows<{ id: number }>(
      manager,
      `select id from users where id = $1 and is_active and ($2::text is null or (password_hash = $2 and two_factor_enabled = $3)) for share`,
      [userId, checked?.passwordHash ?? null, checked?.twoFactorEnabled ?? null],
    );
    return held.length === 1;
  }

  /** The user's open challenge with this id, if there is one (the id of another user's is nothing). */
  private async findChallenge(userId: number, challengeId: string): Promise<string | null> {
    if (challengeId === '') return null;
    const [row] = await queryRows<{ id: string }>(
      this.dataSource,
      `select id from login_challenges where secret_hash = $1 and user_id = $2 and consumed_at is null and expires_at > now()`,
      [hashLinkToken(challengeId), userId],
    );
    return row?.id ?? null;
  }

  /**
   * Counts one attempt on an open challenge, atomically. null: no longer open
   * (expired or consumed meanwhile); 'exhausted': the attempts are used up,
   * and the challenge is closed.
   */
  private async takeChallengeAttempt(challengeId: string): Promise<{ id: string } | 'exhausted' | null> {
    const open = await queryRows<{ id: string; attempts: number }>(
      this.dataSource,
      `update login_challenges set attempts = attempts + 1
        where id = $1 and consumed_at is null and expires_at > now()
        returning id, attempts`,
      [challengeId],
    );
    const row = open[0];
    if (!row) return null;
    if (row.attempts > this.config.twoFactor.maxAttempts) {
      await this.dataSource.query(`update login_challenges set consumed_at = now() where id = $1 and consumed_at is null`, [row.id]);
      return 'exhausted';
    }
    return { id: row.id };
  }

  /** A new session for an account just created (registration, an accepted invitation): its token and the user. */
  private async session(user: User, meta: RequestMeta): Promise<AuthPayload> {
    return this.answer(user, await this.sessions.start(user.id, meta));
  }

  /** A sign-in's answer for a started session: its token and the user. */
  private async answer(user: User, sessionId: string, reload = false): Promise<AuthPayload> {
    // After recordLogin the row changed (last_login_at); reload so the answer shows it.
    const current = reload ? ((await this.users.findById(user.id)) ?? user) : user;
    return { token: await this.tokens.sign({ userId: current.id, sessionId }), user: await this.users.view(current) };
  }
}
