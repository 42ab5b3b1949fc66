import type { DataSource, EntityManager } from 'typeorm';
import type { RateLimitRule } from '../../config';
import { ADMIN_ROLE_ID, ANONYMOUS, requireAdmin, type Actor, type RequestMeta } from '../../shared/actor';
import { isLockTimeout, isUniqueViolation } from '../../shared/db-errors';
import { hashLinkToken, newLinkToken } from '../../shared/link-tokens';
import { ConflictError, NotFoundError, RateLimitedError, ServiceUnavailableError, UnsupportedMediaTypeError, ValidationError } from '../../shared/errors';
import { pageWindow, queryRows, SqlParams } from '../../shared/sql';
import { invalid, parseInput } from '../../shared/validation';
import type { AuditService } from '../audit';
import { assertNewPasswordAllowed, buckets, type AuthPayload, type AuthService, type PasswordHasher, type RateLimiter } from '../auth';
import type { MailOutbox, OutboxMail } from '../mail';
import type { RolesService } from '../roles';
import type { UsersService } from '../users';
import { readInvitationCsv, type CsvLine, type LineError } from './invitations.csv';
import { INVITATION_LIMITS, INVITATION_MESSAGES as M } from './invitations.messages';
import { AcceptInvitationInput, ImportCsv, ImportQuery, InvitationId, InvitationInput, InvitationLine, InvitationListQuery, InvitationToken } from './invitations.schemas';
import type { InvitationImportResultType, InvitationImportRoleType, InvitationPageType, InvitationPreviewType, InvitationType } from './invitations.types';

/** The status of a row, from its timestamps and the clock (docs/product.md#admin). */
const STATUS_SQL = `case when i.accepted_at is not null then 'accepted' when i.revoked_at is not null then 'revoked' when i.expires_at <= now() then 'expired' else 'pending' end`;
/** Not accepted, revoked or replaced: the rows the unique index on lower(email) covers. */
const OPEN_SQL = `i.accepted_at is null and i.revoked_at is null and i.replaced_at is null`;
/** An invitation whose link works now. */
const USABLE_SQL = `${OPEN_SQL} and i.expires_at > now()`;
const TTL_SQL = `now() + make_interval(days => ${INVITATION_LIMITS.ttlDays})`;

// The role's current name while it exists; once deleted (closed invitations only), the name it had when the invitation was sent.
const VIEW_SQL = `
  select i.id, i.email, i.name, i.role_id, coalesce(r.name, i.role_name) as role_name, i.start_date::text as start_date, i.manager_id, i.buddy_id,
         ${STATUS_SQL} as status, i.expires_at, i.created_at
    from invitations i left join roles r on r.id = i.role_id`;

/**
 * How many open invitations (not accepted, revoked or replaced; expired ones can be resent) use the
 * role: role deletion refuses while any does, since accepting one creates an account with it.
 */
export async function openInvitationsWithRole(db: DataSource | EntityManager, roleId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, `select count(*)::int as n from invitations i where i.role_id = $1 and ${OPEN_SQL}`, [roleId]);
  return row?.n ?? 0;
}

/**
 * Self-registration and the writers of invitations take this lock (registration shared, writers
 * exclusive) before checking each other's table, so an address cannot be invited and registered at once.
 * An SQL expression: the tests take it too, to hold registrations or writers.
 */
export const EMAIL_CLAIM_LOCK = `hashtext('invitations.email')`;

/**
 * Whether an invitation whose link works now holds `email`: registration refuses such an address, since
 * the account the link creates carries the role, manager and buddy the administrator chose. With
 * `holdWriters` (inside the registration's transaction) it first waits for, then holds off, any
 * invitation being written.
 */
export async function pendingInvitationFor(db: DataSource | EntityManager, email: string, options: { holdWriters: boolean }): Promise<boolean> {
  if (options.holdWriters) await holdInvitationWriters(db);
  return (await invitedEmails(db, [email])).size > 0;
}

/**
 * Takes the invitation writers' lock shared, for the rest of the caller's transaction: an account
 * being made for an address (registration, admin:create) and an invitation of it take turns.
 * Bounded: waiting out a long import would otherwise hold the connection pool, so after
 * `registrationWaitSeconds` it gives up with 503.
 */
async function holdInvitationWriters(db: DataSource | EntityManager): Promise<void> {
  await db.query(`set local lock_timeout = '${INVITATION_LIMITS.registrationWaitSeconds}s'`);
  try {
    await db.query(`select pg_advisory_xact_lock_shared(${EMAIL_CLAIM_LOCK})`);
  } catch (err) {
    if (isLockTimeout(err)) throw new ServiceUnavailableError(M.busyInviting);
    throw err;
  }
  // The rest of the transaction waits as it always did (an insert may queue behind another's).
  await db.query('set local lock_timeout to default');
}

/** The lower-cased addresses among `emails` that an invitation whose link works now holds. */
async function invitedEmails(db: DataSource | EntityManager, emails: readonly string[]): Promise<Set<string>> {
  const lower = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter((e) => e !== ''))];
  const rows = await queryRows<{ email: string }>(db, `select lower(i.email) as email from invitations i where lower(i.email) = any($1::text[]) and ${USABLE_SQL}`, [lower]);
  return new Set(rows.map((r) => r.email));
}

/** Taken first by a transaction that writes invitations: registrations wait until it ends (see above). */
async function holdRegistrations(manager: EntityManager): Promise<void> {
  await manager.query(`select pg_advisory_xact_lock(${EMAIL_CLAIM_LOCK})`);
}

interface ViewRow extends Omit<InvitationType, 'expires_at' | 'created_at'> {
  expires_at: Date;
  created_at: Date;
}

function toView(row: ViewRow): InvitationType {
  return { ...row, expires_at: row.expires_at.toISOString(), created_at: row.created_at.toISOString() };
}

type LinkToken = ReturnType<typeof newLinkToken>;
/** A CSV line that passed every check, with its line number in the file for a later refusal. */
type CheckedLine = InvitationInput & { role_name: string; line: number };

/** How many lines invite into each role, by role id. */
function rolesOf(lines: readonly CheckedLine[]): InvitationImportRoleType[] {
  const byId = new Map<number, InvitationImportRoleType>();
  for (const { role_id, role_name } of lines) {
    const entry = byId.get(role_id);
    if (entry) entry.count += 1;
    else byId.set(role_id, { role_id, role_name, count: 1 });
  }
  return [...byId.values()].sort((a, b) => a.role_id - b.role_id);
}

/** One invitation mail; the dedupe key names the very link, so a retried statement cannot queue it twice. */
function invitationMail(to: string, name: string, roleName: string, token: LinkToken, expiresAt: Date, id: number): OutboxMail {
  return { to, dedupeKey: `${invitationMailKeys(id)}${token.hash}`, content: { kind: 'invitation', data: { name, roleName, token: token.token, expiresAt } } };
}

/** What the dedupe keys of every mail of invitation `id` start with: a revoke or resend withdraws those still queued. */
function invitationMailKeys(id: number): string {
  return `invitation:${id}:`;
}

export interface InvitationsConfig {
  /** Failed token look-ups (preview and accept) per address: guessing a link is capped like guessing a password. */
  tokenAttemptsPerAddress: RateLimitRule;
}

/**
 * Invitations of new hires and their CSV import: the only writer of the
 * invitations table. The account is created through the users module and
 * signed in through auth, in the same words as registration. Every mail is
 * queued in the transaction of the change that causes it (modules/mail).
 */
export class InvitationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly roles: RolesService,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly outbox: MailOutbox,
    private readonly hasher: PasswordHasher,
    private readonly limiter: RateLimiter,
    private readonly config: InvitationsConfig,
  ) {}

  /** POST /admin/invitations, `inviteUser`. */
  async invite(actor: Actor, input: unknown, meta: RequestMeta): Promise<InvitationType> {
    const admin = requireAdmin(actor);
    return this.create(parseInput(InvitationInput, input), admin.userId, meta);
  }

  /**
   * `npm run admin:create -- --invite`: an invitation into the administrator
   * role from the operator's command line, before any administrator exists to
   * sign in (the command is the authority, like a database migration).
   */
  async inviteAdministrator(input: { name: unknown; email: unknown }, meta: RequestMeta): Promise<InvitationType> {
    return this.create(parseInput(InvitationInput, { ...input, role_id: ADMIN_ROLE_ID }), null, meta);
  }

  private async create(data: InvitationInput, invitedBy: number | null, meta: RequestMeta): Promise<InvitationType> {
    return this.writing(async (manager) => {
      await holdRegistrations(manager);
      const problems: string[] = [];
      if (!(await this.roles.exists(data.role_id, manager))) problems.push(M.roleUnknown);
      // The users module's rule for a hire's people; an account still to come can only meet the "active user" part.
      const people = await this.users.peopleProblems(null, { managerId: data.manager_id, buddyId: data.buddy_id }, manager);
      if (people.includes('managerUnknown')) problems.push(M.managerUnknown);
      if (people.includes('buddyUnknown')) problems.push(M.buddyUnknown);
      if (problems.length > 0) throw invalid(problems);
      if ((await this.takenEmails(manager, [data.email])).size > 0) throw new ConflictError(M.emailTaken);

      const token = newLinkToken();
      await this.replaceExpired(manager, [data.email]);
      const [row] = await queryRows<{ id: number; expires_at: Date }>(
        manager,
        `insert into invitations (email, name, role_id, role_name, start_date, manager_id, buddy_id, token_hash, expires_at, invited_by)
         select $1, $2, r.id, r.name, $4, $5, $6, $7, ${TTL_SQL}, $8 from roles r where r.id = $3 returning id, expires_at`,
        [data.email, data.name, data.role_id, data.start_date, data.manager_id, data.buddy_id, token.hash, invitedBy],
      );
      if (!row) throw new Error('invitation insert returned no row');
      const view = await this.view(manager, row.id);
      await this.outbox.enqueue(manager, invitationMail(view.email, view.name, view.role_name, token, row.expires_at, view.id));
      await this.audit.record(
        { action: 'invitation.create', actorUserId: invitedBy, targetType: 'invitation', targetId: view.id, ip: meta.ip, details: { email: view.email, role_id: view.role_id } },
        manager,
      );
      return view;
    });
  }

  /** GET /admin/invitations, `invitations`: newest first, one status or all. */
  async list(actor: Actor, input: unknown): Promise<InvitationPageType> {
    requireAdmin(actor);
    const query = parseInput(InvitationListQuery, input);
    const params = new SqlParams();
    const where = query.status === null ? 'true' : `${STATUS_SQL} = ${params.add(query.status)}`;
    const [count] = await queryRows<{ total: number }>(this.dataSource, `select count(*)::int as total from invitations i where ${where}`, params.values);
    const rows = await queryRows<ViewRow>(this.dataSource, `${VIEW_SQL} where ${where} order by i.created_at desc, i.id desc ${pageWindow(params, query)}`, params.values);
    return { data: rows.map(toView), total: count?.total ?? 0, page: query.page, limit: query.limit };
  }

  /** POST /admin/invitations/{id}/resend, `resendInvitation`: a new link (the old one stops working), a new expiry, a new mail. */
  async resend(actor: Actor, rawId: unknown, meta: RequestMeta): Promise<InvitationType> {
    const admin = requireAdmin(actor);
    const id = parseInput(InvitationId, rawId);
    return this.writing(async (manager) => {
      await holdRegistrations(manager);
      const row = await this.lockForChange(manager, id);
      if (row.replaced) throw new ConflictError(M.replaced);
      if ((await this.users.takenEmails([row.email], manager)).size > 0) throw new ConflictError(M.emailTaken);
      const token = newLinkToken();
      const [updated] = await queryRows<{ expires_at: Date }>(
        manager,
        `update invitations set token_hash = $2, expires_at = ${TTL_SQL} where id = $1 returning expires_at`,
        [id, token.hash],
      );
      if (!updated) throw new NotFoundError(M.notFound);
      const view = await this.view(manager, id);
      await this.outbox.withdrawUnsent(manager, invitationMailKeys(id));
      await this.outbox.enqueue(manager, invitationMail(view.email, view.name, view.role_name, token, updated.expires_at, view.id));
      await this.audit.record({ action: 'invitation.resend', actorUserId: admin.userId, targetType: 'invitation', targetId: id, ip: meta.ip, details: { email: view.email } }, manager);
      return view;
    });
  }

  /** DELETE /admin/invitations/{id}, `revokeInvitation`: the link stops working. Revoking a revoked one changes nothing. */
  async revoke(actor: Actor, rawId: unknown, meta: RequestMeta): Promise<void> {
    const admin = requireAdmin(actor);
    const id = parseInput(InvitationId, rawId);
    await this.writing(async (manager) => {
      const row = await this.lockForChange(manager, id, { revokedIsDone: true });
      if (row.revoked) return;
      await manager.query(`update invitations set revoked_at = now() where id = $1`, [id]);
      await this.outbox.withdrawUnsent(manager, invitationMailKeys(id));
      await this.audit.record({ action: 'invitation.revoke', actorUserId: admin.userId, targetType: 'invitation', targetId: id, ip: meta.ip, details: { email: row.email } }, manager);
    });
  }

  /**
   * Revokes, in the caller's transaction, the open invitation of `email` (expired ones too, which could
   * be resent): the caller is creating an account for that address another way (admin:create with a
   * password), after which its link could only answer 409. Holds the invitation writers off as
   * registration does (503 after a 5 s wait behind an import), so one being written meanwhile is
   * either revoked here or refused by the account. The ids revoked.
   */
  async revokeForNewAccount(manager: EntityManager, email: string, meta: RequestMeta): Promise<number[]> {
    await holdInvitationWriters(manager);
    const rows = await queryRows<{ id: number; email: string }>(
      manager,
      `update invitations i set revoked_at = now() where lower(i.email) = lower($1) and ${OPEN_SQL} returning i.id, i.email`,
      [email.trim()],
    );
    for (const row of rows) {
      await this.outbox.withdrawUnsent(manager, invitationMailKeys(row.id));
      await this.audit.record({ action: 'invitation.revoke', actorUserId: null, targetType: 'invitation', targetId: row.id, ip: meta.ip, details: { email: row.email, reason: 'account_created' } }, manager);
    }
    return rows.map((row) => row.id);
  }

  /** GET /invitations/{token}, `invitation(token)`: what the accept screen shows; 404 for any link that cannot be used. */
  async preview(_actor: Actor, rawToken: unknown, meta: RequestMeta): Promise<InvitationPreviewType> {
    const found = await this.findUsable(rawToken, meta);
    return { email: found.email, name: found.name, role_name: found.role_name };
  }

  /**
   * POST /invitations/{token}/accept, `acceptInvitation`: creates the account
   * with the invited role, start date, manager and buddy, closes the
   * invitation and signs the new user in, as registration does. A second
   * accept finds no usable invitation (404).
   */
  async accept(_actor: Actor, rawToken: unknown, input: unknown, meta: RequestMeta): Promise<AuthPayload> {
    const found = await this.findUsable(rawToken, meta);
    const { password } = parseInput(AcceptInvitationInput, input);
    assertNewPasswordAllowed(password, found.email);
    const passwordHash = await this.hasher.hash(password);
    const user = await this.writing(async (manager) => {
      // Locked and re-checked, link included: of two accepts of one link the second finds it closed,
      // and a resend that replaced the link while this accept waited for the lock leaves it unusable.
      const [row] = await queryRows<{ id: number; email: string; name: string; role_id: number; start_date: string | null; manager_id: number | null; buddy_id: number | null }>(
        manager,
        `select i.id, i.email, i.name, i.role_id, i.start_date::text as start_date, i.manager_id, i.buddy_id
           from invitations i where i.id = $1 and i.token_hash = $2 and ${USABLE_SQL} for update`,
        [found.id, found.tokenHash],
      );
      if (!row) throw new NotFoundError(M.linkInvalid);
      if ((await this.users.takenEmails([row.email], manager)).size > 0) throw new ConflictError(M.emailTaken);
      // A manager or buddy deactivated since the invitation was sent is left out (an administrator assigns
      // another): the hire cannot fix it, and their manager's tasks then escalate as for a hire without one.
      const people = await this.users.peopleProblems(null, { managerId: row.manager_id, buddyId: row.buddy_id }, manager);
      const managerId = people.includes('managerUnknown') ? null : row.manager_id;
      const buddyId = people.includes('buddyUnknown') ? null : row.buddy_id;
      // Named in the audit, so an administrator can see whom to assign instead.
      const leftOut = { ...(managerId !== row.manager_id ? { manager_left_out: row.manager_id } : {}), ...(buddyId !== row.buddy_id ? { buddy_left_out: row.buddy_id } : {}) };
      const created = await this.users.create(
        { name: row.name, email: row.email, passwordHash, roleId: row.role_id, startDate: row.start_date, managerId, buddyId },
        manager,
      );
      await manager.query(`update invitations set accepted_at = now(), user_id = $2 where id = $1`, [row.id, created.id]);
      await this.audit.record({ action: 'invitation.accept', actorUserId: created.id, targetType: 'invitation', targetId: row.id, ip: meta.ip, details: { user_id: created.id, ...leftOut } }, manager);
      return created;
    });
    return this.auth.startSession(user, meta);
  }

  /**
   * POST /admin/invitations/import, `importInvitations`: every line checked
   * first (set-based: one query per kind of lookup, whatever the size), then
   * either nothing (a dry run, or any error) or all lines in one transaction,
   * one mail each. `rawCsv` null: the body was not CSV (415).
   */
  async importCsv(actor: Actor, rawCsv: unknown, options: unknown, meta: RequestMeta): Promise<InvitationImportResultType> {
    const admin = requireAdmin(actor);
    if (rawCsv === null) throw new UnsupportedMediaTypeError(M.csvContentType);
    const { dry_run: dryRun = false } = parseInput(ImportQuery, options);
    const csv = parseInput(ImportCsv, rawCsv);
    const file = readInvitationCsv(csv);
    const { valid, errors } = file.errors.length > 0 && file.lines.length === 0 ? { valid: [], errors: file.errors } : await this.checkLines(file.lines, file.errors);
    const roles = rolesOf(valid);
    if (dryRun) return { valid: valid.length, roles, created: 0, errors };
    if (errors.length > 0 || valid.length === 0) {
      throw new ValidationError(M.csvRejected, [], { errors: errors.length > 0 ? errors : [{ line: 1, message: M.csvEmpty }] });
    }

    const created = await this.writing(async (manager) => {
      await holdRegistrations(manager);
      const tokens = valid.map(() => newLinkToken());
      await this.replaceExpired(manager, valid.map((v) => v.email));
      // The check above ran outside this transaction: an account registered (or an invitation sent) since then
      // gets the same per-line answer, not an invitation that could never be accepted.
      const taken = await this.takenEmails(manager, valid.map((v) => v.email));
      if (taken.size > 0) {
        const errors = valid.filter((v) => taken.has(v.email.toLowerCase())).map((v) => ({ line: v.line, message: M.emailTaken }));
        throw new ValidationError(M.csvRejected, [], { errors });
      }
      // The roles were read outside this transaction: one deleted since gets its lines refused, and the others
      // are held (FOR KEY SHARE), so none goes before these invitations are written.
      const roleIds = [...new Set(valid.map((v) => v.role_id))];
      const kept = new Set((await queryRows<{ id: number }>(manager, 'select id from roles where id = any($1::int[]) for key share', [roleIds])).map((r) => r.id));
      const gone = valid.filter((v) => !kept.has(v.role_id));
      if (gone.length > 0) throw new ValidationError(M.csvRejected, [], { errors: gone.map((v) => ({ line: v.line, message: M.csvRoleUnknown(v.role_name) })) });
      // The managers and buddies likewise, in id order as every writer of several users locks them (the inserts'
      // foreign keys would otherwise take them in the file's order); a line whose person was deactivated since is refused.
      const active = await this.users.holdPeople(valid.flatMap((v) => [v.manager_id, v.buddy_id]), manager);
      const inactive = (id: number | null) => id !== null && !active.has(id);
      const left = valid.filter((v) => inactive(v.manager_id) || inactive(v.buddy_id));
      if (left.length > 0) {
        const message = (v: CheckedLine) => [inactive(v.manager_id) ? M.managerUnknown : null, inactive(v.buddy_id) ? M.buddyUnknown : null].filter((m) => m !== null).join(', ');
        throw new ValidationError(M.csvRejected, [], { errors: left.map((v) => ({ line: v.line, message: message(v) })) });
      }
      const rows = await queryRows<{ id: number; email: string; name: string; expires_at: Date }>(
        manager,
        `insert into invitations (email, name, role_id, role_name, start_date, manager_id, buddy_id, token_hash, expires_at, invited_by)
         select t.email, t.name, r.id, r.name, t.start_date, t.manager_id, t.buddy_id, t.token_hash, ${TTL_SQL}, $8
           from unnest($1::text[], $2::text[], $3::int[], $4::date[], $5::int[], $6::int[], $7::text[]) as t(email, name, role_id, start_date, manager_id, buddy_id, token_hash)
           join roles r on r.id = t.role_id
         returning id, email, name, expires_at`,
        [
          valid.map((v) => v.email),
          valid.map((v) => v.name),
          valid.map((v) => v.role_id),
          valid.map((v) => v.start_date),
          valid.map((v) => v.manager_id),
          valid.map((v) => v.buddy_id),
          tokens.map((t) => t.hash),
          admin.userId,
        ],
      );
      // Rows come back in insert order; match them by address (unique within the file) to be independent of it.
      const byEmail = new Map(rows.map((r) => [r.email.toLowerCase(), r]));
      const written = valid.map((line, i) => {
        const row = byEmail.get(line.email.toLowerCase());
        if (!row) throw new Error('imported invitation missing from the insert');
        return { line, row, token: tokens[i] as LinkToken };
      });
      await this.outbox.enqueueMany(
        manager,
        written.map(({ line, row, token }) => invitationMail(row.email, row.name, line.role_name, token, row.expires_at, row.id)),
      );
      // Each invitation as a single invite records it, so its history (who invited whom, into what role) is complete;
      // the import's own entry comes last, so a newest-first list shows it above them.
      await this.audit.recordMany(
        written.map(({ line, row }) => ({
          action: 'invitation.create',
          actorUserId: admin.userId,
          targetType: 'invitation',
          targetId: row.id,
          ip: meta.ip,
          details: { email: row.email, role_id: line.role_id, imported: true },
        })),
        manager,
      );
      await this.audit.record({ action: 'invitation.import', actorUserId: admin.userId, targetType: 'invitation', targetId: null, ip: meta.ip, details: { created: rows.length } }, manager);
      return rows.length;
    });
    return { valid: valid.length, roles, created, errors: [] };
  }

  /** Each line as an invitation input, or its errors; all look-ups are one query per kind for the whole file. */
  private async checkLines(lines: CsvLine[], fileErrors: LineError[]): Promise<{ valid: CheckedLine[]; errors: LineError[] }> {
    const roles = await this.roles.list(ANONYMOUS);
    const roleById = new Map(roles.map((r) => [r.id, r]));
    const roleByName = new Map(roles.map((r) => [r.name.toLowerCase(), r]));
    const emails = lines.map((l) => l.cells.email);
    const people = [...lines.map((l) => l.cells.manager_email), ...lines.map((l) => l.cells.buddy_email)].filter((e) => e !== '');
    const [taken, active] = await Promise.all([this.takenEmails(this.dataSource.manager, emails), this.users.activeByEmails(people)]);
    const activeByEmail = new Map(active.map((p) => [p.email, p.id]));

    const problems = new Map<number, string[]>();
    const add = (line: number, message: string) => problems.set(line, [...(problems.get(line) ?? []), message]);
    const firstLineOf = new Map<string, number>();
    const valid: CheckedLine[] = [];
    for (const { line, cells } of lines) {
      const roleText = cells.role;
      const role = roleText === '' ? undefined : /^\d+$/.test(roleText) ? roleById.get(Number(roleText)) : roleByName.get(roleText.toLowerCase());
      if (roleText === '') add(line, M.csvRoleRequired);
      else if (!role) add(line, M.csvRoleUnknown(roleText));
      const person = (email: string, unknown: (e: string) => string): number | null => {
        if (email === '') return null;
        const id = activeByEmail.get(email.toLowerCase());
        if (id === undefined) add(line, unknown(email));
        return id ?? null;
      };
      const managerId = person(cells.manager_email, M.csvManagerUnknown);
      const buddyId = person(cells.buddy_email, M.csvBuddyUnknown);
      const parsed = InvitationLine.safeParse({ email: cells.email, name: cells.name, start_date: cells.start_date, manager_id: managerId, buddy_id: buddyId });
      if (!parsed.success) for (const message of new Set(parsed.error.issues.map((i) => i.message))) add(line, message);
      const key = cells.email.toLowerCase();
      const first = firstLineOf.get(key);
      if (key !== '' && first !== undefined) add(line, M.csvDuplicate(first));
      else if (key !== '') firstLineOf.set(key, line);
      if (taken.has(key)) add(line, M.emailTaken);
      if (parsed.success && role && !problems.has(line)) valid.push({ ...parsed.data, role_id: role.id, role_name: role.name, line });
    }
    const errors = [...fileErrors, ...[...problems].map(([line, messages]) => ({ line, message: messages.join(', ') }))].sort((a, b) => a.line - b.line);
    return { valid, errors };
  }

  /** The lower-cased addresses among `emails` that an account or a pending invitation uses. */
  private async takenEmails(manager: EntityManager, emails: readonly string[]): Promise<Set<string>> {
    const lower = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter((e) => e !== ''))];
    const [users, invited] = await Promise.all([this.users.takenEmails(lower, manager), invitedEmails(manager, lower)]);
    return new Set([...users, ...invited]);
  }

  /** Expired invitations of these addresses make way for new ones (they stay listed as expired). */
  private async replaceExpired(manager: EntityManager, emails: readonly string[]): Promise<void> {
    await manager.query(`update invitations i set replaced_at = now() where lower(i.email) = any($1::text[]) and ${OPEN_SQL} and i.expires_at <= now()`, [
      [...new Set(emails.map((e) => e.toLowerCase()))],
    ]);
  }

  /** The invitation behind a link, counted against the address's limit; 404 for anything unusable. */
  private async findUsable(rawToken: unknown, meta: RequestMeta): Promise<InvitationType & { id: number; tokenHash: string }> {
    const hit = await this.limiter.hit(buckets.invitationAddress(meta.ip), this.config.tokenAttemptsPerAddress);
    if (hit.limited) throw new RateLimitedError(M.tooManyAttempts, hit.resetsInSeconds);
    const token = InvitationToken.safeParse(rawToken);
    const tokenHash = token.success ? hashLinkToken(token.data) : null;
    const [row] = tokenHash !== null ? await queryRows<ViewRow>(this.dataSource, `${VIEW_SQL} where i.token_hash = $1 and ${USABLE_SQL}`, [tokenHash]) : [];
    if (!row || tokenHash === null) throw new NotFoundError(M.linkInvalid);
    // Only guesses count: the invited person opening their link (and retrying a weak password) does not.
    await this.limiter.refund(hit);
    return { ...toView(row), tokenHash };
  }

  private async view(manager: EntityManager, id: number): Promise<InvitationType> {
    const [row] = await queryRows<ViewRow>(manager, `${VIEW_SQL} where i.id = $1`, [id]);
    if (!row) throw new NotFoundError(M.notFound);
    return toView(row);
  }

  /** Locks an invitation an admin changes; 404 unknown, 409 once accepted (or revoked, unless that is the goal). */
  private async lockForChange(manager: EntityManager, id: number, options: { revokedIsDone?: boolean } = {}): Promise<{ email: string; revoked: boolean; replaced: boolean }> {
    const [row] = await queryRows<{ email: string; accepted: boolean; revoked: boolean; replaced: boolean }>(
      manager,
      `select i.email, i.accepted_at is not null as accepted, i.revoked_at is not null as revoked, i.replaced_at is not null as replaced
         from invitations i where i.id = $1 for update`,
      [id],
    );
    if (!row) throw new NotFoundError(M.notFound);
    if (row.accepted) throw new ConflictError(M.alreadyAccepted);
    if (row.revoked && !options.revokedIsDone) throw new ConflictError(M.alreadyRevoked);
    return row;
  }

  /** One transaction per change; two admins inviting one address at once meet the unique index: 409. */
  private async writing<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(work);
    } catch (err) {
      if (isUniqueViolation(err, 'uq_invitations_open_email') || isUniqueViolation(err, 'uq_users_email_lower')) throw new ConflictError(M.emailTaken);
      throw err;
    }
  }
}
