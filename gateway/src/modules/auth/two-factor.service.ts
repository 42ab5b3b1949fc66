import crypto from 'node:crypto';
import QRCode from 'qrcode';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuthConfig } from '../../config';
import { requireUser, type Actor, type RequestMeta } from '../../shared/actor';
import { ConflictError, UnauthenticatedError, ValidationError } from '../../shared/errors';
import { queryRows } from '../../shared/sql';
import { parseInput } from '../../shared/validation';
import type { AuditService } from '../audit';
import type { User, UsersService } from '../users';
import { AUTH_MESSAGES as MESSAGES } from './auth.messages';
import { EnableTwoFactorInput, ReauthInput, TotpCodeInput } from './auth.schemas';
import type { BackupCodesResult, TwoFactorDisableResult, TwoFactorEnableResult, TwoFactorSetup, TwoFactorStatus, TwoFactorVerifyResult } from './auth.types';
import { closeOpenChallenges } from './login-challenges';
import type { PasswordHasher } from './passwords';
import type { RateLimiter } from './rate-limiter';
import { ReauthGuard, reauthRules } from './reauth-guard';
import type { SecretBox } from './secret-box';
import type { SessionService } from './sessions';
import type { TokenService } from './tokens';
import { matchTotp, newTotpSecret, otpauthUrl } from './totp';

export const BACKUP_CODE_COUNT = 10;

/**
 * TOTP enrolment and second-factor checks. Owns the two-factor rules and the
 * backup_codes table; the users table's two-factor columns are written
 * through UsersService, its only writer.
 *
 * Flow: setup (secret stored encrypted, not yet active) → verify (optional
 * dry run) → enable with a current code and the password (returns the backup
 * codes, once) → sign-ins then need a code. A used time step is never accepted
 * again, and each
 * backup code works once. Every change ends the other sessions; the caller's
 * goes on, with a fresh token in the answer (docs/product.md#two-factor).
 */
export class TwoFactorService {
  private readonly guard: ReauthGuard;

  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly audit: AuditService,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
    limiter: RateLimiter,
    private readonly box: SecretBox,
    config: AuthConfig,
  ) {
    this.guard = new ReauthGuard(limiter, audit, hasher, reauthRules(config));
  }

  async status(actor: Actor): Promise<TwoFactorStatus> {
    const user = await this.currentUser(actor);
    const [row] = await queryRows<{ remaining: number }>(this.dataSource, `select count(*)::int as remaining from backup_codes where user_id = $1 and used_at is null`, [user.id]);
    return { enabled: user.twoFactorEnabled, backupCodesRemaining: user.twoFactorEnabled ? (row?.remaining ?? 0) : 0 };
  }

  /** A new secret, stored encrypted and inactive until `enable`; replaces an unfinished setup. */
  async setup(actor: Actor, meta: RequestMeta): Promise<TwoFactorSetup> {
    const user = await this.currentUser(actor);
    // Re-enrolling over an active authenticator would let a stolen session swap it silently.
    if (user.twoFactorEnabled) throw new ConflictError(MESSAGES.twoFactorAlreadyEnabled);
    const secret = newTotpSecret();
    const stored = await this.users.setTwoFactorSecret(user.id, this.box.seal(secret, user.id));
    if (!stored) throw new ConflictError(MESSAGES.twoFactorAlreadyEnabled);
    const url = otpauthUrl(secret, user.email);
    await this.audit.record({ action: '2fa.setup', actorUserId: user.id, targetType: 'user', targetId: user.id, ip: meta.ip });
    return { secret, otpauthUrl: url, qrCodeDataUrl: await qrCodeDataUrl(url) };
  }

  /**
   * Checks a code against the enrolled (or pending) secret: `{valid: true}` or
   * a 400. While 2FA is pending the check is a dry run that does not use up the
   * step, so the same code can then enable; once enabled, a verified step is
   * spent like any other.
   */
  async verify(actor: Actor, input: unknown, meta: RequestMeta): Promise<TwoFactorVerifyResult> {
    const user = await this.currentUser(actor);
    const { token: code } = parseInput(TotpCodeInput, input);
    const secret = this.secretOf(user);
    await this.guard.check(user.id, meta, '2fa.check_failure', 'verify', async () => {
      if (user.twoFactorEnabled) return this.spendTotp(user.id, secret, code, user.lastTotpStep);
      return (await matchTotp(secret, code, user.lastTotpStep)) !== null;
    }, MESSAGES.invalidCode);
    return { valid: true };
  }

  async enable(actor: Actor, input: unknown, meta: RequestMeta): Promise<TwoFactorEnableResult> {
    const user = await this.currentUser(actor);
    if (user.twoFactorEnabled) throw new ConflictError(MESSAGES.twoFactorAlreadyEnabled);
    const { token: code, password } = parseInput(EnableTwoFactorInput, input);
    const secret = this.secretOf(user);
    // A session alone must not enrol an authenticator: a stolen token would lock the owner out.
    await this.checkPassword(user, password, meta, 'enable');
    const codes = newBackupCodes();
    const hashes = await Promise.all(codes.map((c) => this.hasher.hash(c)));

    // The caller's session under its new id, set by the change below (the guard answers 400 without it).
    let renewed = '';
    await this.guard.check(user.id, meta, '2fa.check_failure', 'enable', async () => {
      const step = await matchTotp(secret, code, user.lastTotpStep);
      if (step === null) return false;
      return this.dataSource.transaction(async (manager) => {
        await this.sessions.holdForChange(user.id, requireUser(actor).sessionId, manager);
        const enabled = await this.users.enableTwoFactor(user.id, step, user.twoFactorSecret, manager);
        // Lost a race (enabled meanwhile, setup restarted, or the step spent): treat as a wrong code.
        if (!enabled) return false;
        await this.replaceBackupCodes(manager, user.id, hashes);
        renewed = await this.sessions.renew(user.id, requireUser(actor).sessionId, manager);
        await this.audit.record({ action: '2fa.enable', actorUserId: user.id, targetType: 'user', targetId: user.id, ip: meta.ip }, manager);
        return true;
      });
    }, MESSAGES.invalidCode);
    return { enabled: true, backupCodes: codes, token: await this.tokens.sign({ userId: user.id, sessionId: renewed }) };
  }

  async disable(actor: Actor, input: unknown, meta: RequestMeta): Promise<TwoFactorDisableResult> {
    const user = await this.currentUser(actor);
    if (!user.twoFactorEnabled) throw new ConflictError(MESSAGES.twoFactorNotEnabled);
    await this.reauthenticate(user, input, meta, 'disable');
    const renewed = await this.dataSource.transaction(async (manager) => {
      await this.sessions.holdForChange(user.id, requireUser(actor).sessionId, manager);
      await this.clear(user.id, manager);
      const id = await this.sessions.renew(user.id, requireUser(actor).sessionId, manager);
      await this.audit.record({ action: '2fa.disable', actorUserId: user.id, targetType: 'user', targetId: user.id, ip: meta.ip }, manager);
      return id;
    });
    return { enabled: false, token: await this.tokens.sign({ userId: user.id, sessionId: renewed }) };
  }

  async regenerateBackupCodes(actor: Actor, input: unknown, meta: RequestMeta): Promise<BackupCodesResult> {
    const user = await this.currentUser(actor);
    if (!user.twoFactorEnabled) throw new ConflictError(MESSAGES.twoFactorNotEnabled);
    await this.reauthenticate(user, input, meta, 'regenerate');
    const codes = newBackupCodes();
    const hashes = await Promise.all(codes.map((c) => this.hasher.hash(c)));
    const renewed = await this.dataSource.transaction(async (manager) => {
      await this.sessions.holdForChange(user.id, requireUser(actor).sessionId, manager);
      await this.replaceBackupCodes(manager, user.id, hashes);
      // A second step whose old code was spent just before would otherwise still sign in after this.
      await closeOpenChallenges(manager, user.id);
      const id = await this.sessions.renew(user.id, requireUser(actor).sessionId, manager);
      await this.audit.record({ action: '2fa.backup_codes_regenerated', actorUserId: user.id, targetType: 'user', targetId: user.id, ip: meta.ip }, manager);
      return id;
    });
    return { backupCodes: codes, token: await this.tokens.sign({ userId: user.id, sessionId: renewed }) };
  }

  /**
   * Turns two-factor off for a user and forgets everything of it: the secret,
   * the replay guard, the backup codes and any open second sign-in step. Used
   * by `disable` and by an administrator's reset (the caller checks
   * permissions, ends sessions and audits, in its transaction).
   */
  async clear(userId: number, manager: EntityManager): Promise<void> {
    await this.users.disableTwoFactor(userId, manager);
    await manager.query(`delete from backup_codes where user_id = $1`, [userId]);
    await closeOpenChallenges(manager, userId);
  }

  /**
   * The second step of a sign-in: a TOTP code (spending its step) or an unused
   * backup code (spending the code). True when it was accepted.
   */
  async checkSecondFactor(user: User, code: string, isBackupCode: boolean): Promise<boolean> {
    if (!user.twoFactorEnabled || user.twoFactorSecret === null) return false;
    if (!isBackupCode) return this.spendTotp(user.id, this.secretOf(user), code, user.lastTotpStep);
    const unused = await queryRows<{ id: number; code_hash: string }>(this.dataSource, `select id, code_hash from backup_codes where user_id = $1 and used_at is null`, [user.id]);
    // Every stored hash is checked (in parallel on libuv's pool), whichever matches.
    const matches = await Promise.all(unused.map(async (row) => ((await this.hasher.verify(row.code_hash, code)) ? row.id : null)));
    const id = matches.find((m) => m !== null);
    if (id === undefined || id === null) return false;
    // Atomic: of two concurrent uses of one code, exactly one updates the row.
    const spent = await queryRows<{ id: number }>(this.dataSource, `update backup_codes set used_at = now() where id = $1 and used_at is null returning id`, [id]);
    return spent.length === 1;
  }

  /** Accepts a code only for a step after the last one used, and records it atomically. */
  private async spendTotp(userId: number, secret: string, code: string, lastStep: number | null): Promise<boolean> {
    const step = await matchTotp(secret, code, lastStep);
    if (step === null) return false;
    return this.users.spendTotpStep(userId, step);
  }

  /** The password, or a current authenticator code, before 2FA may be changed. */
  private async reauthenticate(user: User, input: unknown, meta: RequestMeta, operation: string): Promise<void> {
    const proof = parseInput(ReauthInput, input);
    if ('password' in proof) return this.checkPassword(user, proof.password, meta, operation);
    const { code } = proof;
    const secret = this.secretOf(user);
    await this.guard.check(user.id, meta, '2fa.check_failure', operation, () => this.spendTotp(user.id, secret, code, user.lastTotpStep), MESSAGES.invalidCode);
  }

  /** The user's password, checked under the per-user limit; wrong: 400 'Incorrect password'. */
  private checkPassword(user: User, password: string, meta: RequestMeta, operation: string): Promise<void> {
    return this.guard.password(user, password, meta, '2fa.check_failure', operation, MESSAGES.incorrectPassword);
  }

  private async replaceBackupCodes(manager: EntityManager, userId: number, hashes: string[]): Promise<void> {
    await manager.query(`delete from backup_codes where user_id = $1`, [userId]);
    const placeholders = hashes.map((_, i) => `($1, $${i + 2})`).join(', ');
    await manager.query(`insert into backup_codes (user_id, code_hash) values ${placeholders}`, [userId, ...hashes]);
  }

  private async currentUser(actor: Actor): Promise<User> {
    const { userId } = requireUser(actor);
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthenticatedError();
    return user;
  }

  private secretOf(user: User): string {
    if (user.twoFactorSecret === null) throw new ValidationError(MESSAGES.twoFactorNotSetUp, [MESSAGES.twoFactorNotSetUp]);
    return this.box.open(user.twoFactorSecret, user.id);
  }
}

/**
 * The otpauth URL as an SVG data URL: usable as an <img src> like a PNG, sharp
 * at any size, and cheap to make (PNG encoding in pure JS costs far more).
 */
async function qrCodeDataUrl(url: string): Promise<string> {
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/** 10 distinct codes of 8 lowercase hex characters (32 random bits each). */
export function newBackupCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < BACKUP_CODE_COUNT) codes.add(crypto.randomBytes(4).toString('hex'));
  return [...codes];
}
