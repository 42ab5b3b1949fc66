import type { DataSource, EntityManager } from 'typeorm';
import { ADMIN_ROLE_ID, requireAdmin, type Actor, type RequestMeta } from '../../shared/actor';
import { isForeignKeyViolation, isUniqueViolation } from '../../shared/db-errors';
import { ConflictError, ForbiddenError, NotFoundError } from '../../shared/errors';
import { pageWindow, queryRows, SqlParams } from '../../shared/sql';
import { invalid, parseInput } from '../../shared/validation';
import type { AuditEntry, AuditService } from '../audit';
import type { AdminUserPageType, AdminUserType, RoleAssignmentType } from './user.type';
import { CHECKLIST_CHANGED_NOTICE, USER_ADMIN_MESSAGES, USER_MESSAGES } from './users.messages';
import { RoleAssignment, UserId, UserListQuery, UserUpdate } from './users.schemas';
import { userListOrderSql, userListWhereSql } from './users.sql';
import type { PeopleProblem, UsersService } from './users.service';
import type { CompanyToday, TaskRules } from './team.service';

/** What user administration needs to know about roles (the roles module answers; services.ts hands it in). */
export interface RoleLookup {
  exists(roleId: number, manager?: EntityManager): Promise<boolean>;
}

/** Turning a user's two-factor sign-in off: the two-factor columns belong to the auth module. */
export interface TwoFactorReset {
  clear(userId: number, manager: EntityManager): Promise<unknown>;
}

/** Ending every session of a user: the sessions belong to the auth module. */
export interface SessionEnder {
  endAll(userId: number, manager: EntityManager): Promise<unknown>;
}

/**
 * Re-onboarding (docs/product.md#due-dates): each moved user's items that are
 * new to them (in the new role, not the previous one, no progress yet) start
 * from the move's `anchorDate`. The progress module, the only writer of users'
 * progress, does it in the caller's transaction; answers how many tasks were restarted.
 */
export type NewItemsAnchor = (manager: EntityManager, moves: ReadonlyArray<{ userId: number; previousRoleId: number; anchorDate: string }>) => Promise<number>;

/** The in-app notifications and mails telling users their checklist changed: the notifications module writes them all, set-based, in the caller's transaction. */
export interface ChecklistChangeNotice {
  notifyMany(manager: EntityManager, inputs: ReadonlyArray<{ userId: number; type: 'checklist_changed'; title: string; body: string; link: string; mail: { dedupeKey?: string } }>): Promise<unknown>;
}

/**
 * The invitations module's answer to "does a pending invitation hold this address?", handed in because
 * that module builds on this one. Given a transaction, it also holds off new invitations until it ends
 * (503 after a short wait behind an import).
 */
export interface InvitationClaims {
  pendingFor(email: string, manager?: EntityManager): Promise<boolean>;
}

/** What a role change sets off beyond the users row; services.ts hands in the modules that do it. */
export interface RoleChangeEffects {
  today: CompanyToday;
  anchorNewItems: NewItemsAnchor;
  notices: ChecklistChangeNotice;
}

/** The 400 message of each problem with a user's manager or buddy. */
const PEOPLE_MESSAGES: Record<PeopleProblem, string> = {
  ownManager: USER_ADMIN_MESSAGES.ownManager,
  ownBuddy: USER_ADMIN_MESSAGES.ownBuddy,
  managerLoop: USER_ADMIN_MESSAGES.managerLoop,
  managerUnknown: USER_ADMIN_MESSAGES.managerUnknown,
  buddyUnknown: USER_ADMIN_MESSAGES.buddyUnknown,
};

/** A users row joined to its role, as USER_COLUMNS selects it. */
type AdminUserRow = Omit<AdminUserType, 'completion_percentage' | 'last_login_at' | 'created_at'> & { last_login_at: Date | null; created_at: Date };

/** The columns of AdminUserRow (users u joined to roles r), the start date as text so no time zone can shift it. */
const USER_COLUMNS = `u.id, u.name, u.email, u.role_id, r.name as role_name, to_char(u.start_date, 'YYYY-MM-DD') as start_date,
  u.last_login_at, u.created_at, u.is_active, u.two_factor_enabled, u.manager_id, u.buddy_id, m.name as manager_name, b.name as buddy_name`;

/** The tables USER_COLUMNS reads: the user, their role, their manager and buddy. */
const USER_TABLES = `users u join roles r on r.id = u.role_id
  left join users m on m.id = u.manager_id
  left join users b on b.id = u.buddy_id`;

/**
 * User administration (docs/product.md#admin): listing, editing, deactivating
 * and reactivating accounts, resetting a user's two-factor sign-in, and moving
 * users between roles in bulk. Administrator-only (checked first in every
 * method); every change is audited with its before/after state in the same
 * transaction. The writes go through UsersService and the two-factor reset,
 * which own those columns.
 */
export class UserAdminService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly roles: RoleLookup,
    private readonly twoFactor: TwoFactorReset,
    private readonly sessions: SessionEnder,
    private readonly audit: AuditService,
    private readonly roleChange: RoleChangeEffects,
    private readonly rules: Pick<TaskRules, 'ownTaskSql' | 'completedSql'>,
    private readonly invitations: InvitationClaims,
  ) {}

  /**
   * GET /admin/users: a page of users, searched by name or email (a literal,
   * case-insensitive substring), filtered by role and status, sorted.
   * Completion comes from UsersService.completionPercentages for the page
   * (one set-based query); sorting by progress joins the same counts per user:
   * the user's own tasks only (docs/product.md#progress).
   */
  async list(actor: Actor, input: unknown): Promise<AdminUserPageType> {
    requireAdmin(actor);
    const query = parseInput(UserListQuery, input);
    const params = new SqlParams();
    const where = userListWhereSql(query, params);
    const [count] = await queryRows<{ total: number }>(this.dataSource, `select count(*)::int as total from users u where ${where}`, params.values);
    const progressJoin =
      query.sort === 'progress'
        ? `left join lateral (
             select count(*) as total, count(up.id) filter (where ${this.rules.completedSql('up')}) as done
               from role_checklist_items rci
               join checklist_items ci on ci.id = rci.checklist_item_id and ${this.rules.ownTaskSql('ci')}
               left join user_progress up on up.user_id = u.id and up.checklist_item_id = rci.checklist_item_id
              where rci.role_id = u.role_id
           ) p on true`
        : '';
    const rows = await queryRows<AdminUserRow>(
      this.dataSource,
      `select ${USER_COLUMNS}
         from ${USER_TABLES}
         ${progressJoin}
        where ${where}
        order by ${userListOrderSql(query)}
        ${pageWindow(params, query)}`,
      params.values,
    );
    return { data: await this.withCompletion(rows), total: count?.total ?? 0, page: query.page, limit: query.limit };
  }

  /** GET /admin/users/{id}. */
  async get(actor: Actor, rawId: unknown): Promise<AdminUserType> {
    requireAdmin(actor);
    const id = parseInput(UserId, rawId);
    const [user] = await this.views([id]);
    if (!user) throw new NotFoundError(USER_MESSAGES.notFound);
    return user;
  }

  /**
   * PUT /admin/users/{id} `{name?, email?, role_id?, start_date?, manager_id?,
   * buddy_id?, reonboard?}`: fields left out keep their value, a null manager
   * or buddy clears it. Email unique ignoring case (409); the role must exist
   * and the people follow UsersService.peopleProblems (400); administrators
   * cannot take away their own administrator role. A role change notifies
   * the user and, with `reonboard`, restarts the new role's items from today.
   */
  async update(actor: Actor, rawId: unknown, input: unknown, meta: RequestMeta): Promise<AdminUserType> {
    const admin = requireAdmin(actor);
    const id = parseInput(UserId, rawId);
    const { reonboard, ...changes } = parseInput(UserUpdate, input);
    if (id === admin.userId && changes.roleId !== undefined && changes.roleId !== ADMIN_ROLE_ID) throw new ConflictError(USER_ADMIN_MESSAGES.cannotDemoteSelf);
    return this.writing(async (manager) => {
      if (changes.email !== undefined) await this.refuseInvitedAddress(manager, id, changes.email);
      // Before the row lock: a manager change waits for another one to finish, never holding a row it may need.
      if (changes.managerId != null) await this.users.lockManagerChanges(manager);
      await this.holdActingAdmin(manager, admin.userId, [id, changes.managerId, changes.buddyId]);
      const before = await this.heldView(manager, id);
      if (changes.roleId !== undefined && !(await this.roles.exists(changes.roleId, manager))) throw invalid([USER_ADMIN_MESSAGES.roleUnknown]);
      // The people set before stay as they are: one who has left since must not block an unrelated edit
      // (the form sends both with every save). Only a change is checked.
      const changed = { managerId: changes.managerId === before.manager_id ? undefined : changes.managerId, buddyId: changes.buddyId === before.buddy_id ? undefined : changes.buddyId };
      const people = await this.users.peopleProblems(id, changed, manager);
      if (people.length > 0) throw invalid(people.map((p) => PEOPLE_MESSAGES[p]));
      if (changes.email !== undefined) {
        const holder = await this.users.findByEmail(changes.email, manager);
        if (holder && holder.id !== id) throw new ConflictError(USER_ADMIN_MESSAGES.duplicateEmail);
      }
      await this.users.updateProfile(id, changes, manager);
      const roleChanged = changes.roleId !== undefined && changes.roleId !== before.role_id;
      if (roleChanged) await this.afterRoleChange(manager, [{ userId: id, previousRoleId: before.role_id }], reonboard);
      const after = await this.heldView(manager, id);
      await this.audit.record(this.entry(admin.userId, meta, 'user.update', id, { before, after, ...(roleChanged ? { reonboard } : {}) }), manager);
      return after;
    });
  }

  /**
   * A new address an invitation holds is the invited hire's: its link would then only answer 409.
   * Asked before any lock of the update, as registration does, so the claim lock is never awaited
   * while holding a row. Only a changed address is asked (the edit form sends it with every save):
   * a rename does not wait behind an import.
   */
  private async refuseInvitedAddress(manager: EntityManager, id: number, email: string): Promise<void> {
    const current = await this.users.findById(id, manager);
    // An unknown user is the update's 404, found under its lock.
    if (!current || current.email.trim().toLowerCase() === email.trim().toLowerCase()) return;
    if (await this.invitations.pendingFor(email, manager)) throw new ConflictError(USER_ADMIN_MESSAGES.emailInvited);
  }

  /**
   * POST /admin/users/{id}/deactivate: the account can no longer sign in, and
   * every open session ends: each fails on its next request.
   * Not for one's own account (409). Deactivating an inactive user changes nothing.
   */
  async deactivate(actor: Actor, rawId: unknown, meta: RequestMeta): Promise<AdminUserType> {
    const admin = requireAdmin(actor);
    const id = parseInput(UserId, rawId);
    if (id === admin.userId) throw new ConflictError(USER_ADMIN_MESSAGES.cannotDeactivateSelf);
    return this.setActive(admin.userId, id, false, meta);
  }

  /** POST /admin/users/{id}/reactivate: the account may sign in again (old sessions stay ended). */
  async reactivate(actor: Actor, rawId: unknown, meta: RequestMeta): Promise<AdminUserType> {
    const admin = requireAdmin(actor);
    const id = parseInput(UserId, rawId);
    return this.setActive(admin.userId, id, true, meta);
  }

  /**
   * POST /admin/users/{id}/reset-2fa: turns two-factor off for a user who lost
   * their authenticator and backup codes, and ends their sessions; they sign
   * in with their password and may set it up again. 409 when it is not on, and
   * for one's own account (the profile page does that, with the password).
   */
  async resetTwoFactor(actor: Actor, rawId: unknown, meta: RequestMeta): Promise<AdminUserType> {
    const admin = requireAdmin(actor);
    const id = parseInput(UserId, rawId);
    if (id === admin.userId) throw new ConflictError(USER_ADMIN_MESSAGES.cannotResetOwnTwoFactor);
    return this.writing(async (manager) => {
      await this.holdActingAdmin(manager, admin.userId, [id]);
      const before = await this.heldView(manager, id);
      if (!before.two_factor_enabled) throw new ConflictError(USER_ADMIN_MESSAGES.twoFactorNotEnabled);
      await this.twoFactor.clear(id, manager);
      await this.sessions.endAll(id, manager);
      const after = await this.heldView(manager, id);
      await this.audit.record(this.entry(admin.userId, meta, 'user.2fa_reset', id, { before: { two_factor_enabled: true }, after: { two_factor_enabled: false } }), manager);
      return after;
    });
  }

  /**
   * PUT /admin/user-roles `{user_ids, role_id}`: moves every listed user to the
   * role in one statement (all or nothing: an unknown user id is a 400 and
   * nothing changes). One audit row per user whose role changed.
   */
  async assignRole(actor: Actor, input: unknown, meta: RequestMeta): Promise<RoleAssignmentType> {
    const admin = requireAdmin(actor);
    const { user_ids: userIds, role_id: roleId, reonboard = false } = parseInput(RoleAssignment, input);
    if (roleId !== ADMIN_ROLE_ID && userIds.includes(admin.userId)) throw new ConflictError(USER_ADMIN_MESSAGES.cannotDemoteSelf);
    return this.writing(async (manager) => {
      await this.holdActingAdmin(manager, admin.userId, userIds);
      // A role deleted meanwhile fails the move on its foreign key (a 400 in `writing`).
      if (!(await this.roles.exists(roleId, manager))) throw invalid([USER_ADMIN_MESSAGES.roleUnknown]);
      const moved = await this.users.assignRole(userIds, roleId, manager);
      const found = new Set(moved.map((m) => m.id));
      const unknown = userIds.filter((id) => !found.has(id));
      if (unknown.length > 0) throw invalid([USER_ADMIN_MESSAGES.unknownUsers(unknown)]);
      const changed = moved.filter((m) => m.previousRoleId !== roleId);
      await this.afterRoleChange(
        manager,
        changed.map((m) => ({ userId: m.id, previousRoleId: m.previousRoleId })),
        reonboard,
      );
      await this.audit.recordMany(
        changed.map((m) => this.entry(admin.userId, meta, 'user.role_assign', m.id, { before: { role_id: m.previousRoleId }, after: { role_id: roleId }, reonboard })),
        manager,
      );
      return { role_id: roleId, updated: changed.length, users: await this.views(userIds, manager) };
    });
  }

  /** Users by id (in the order given, unknown ids left out) as administrators see them, with completion. */
  async views(ids: readonly number[], manager?: EntityManager): Promise<AdminUserType[]> {
    const rows = await queryRows<AdminUserRow>(manager ?? this.dataSource, `select ${USER_COLUMNS} from ${USER_TABLES} where u.id = any($1::int[])`, [ids]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return this.withCompletion(
      ids.flatMap((id) => byId.get(id) ?? []),
      manager,
    );
  }

  /**
   * After users moved to another role (docs/product.md#due-dates): with
   * `reonboard` their new items count from the company's today, or from the
   * start date while it is still ahead; either way each is told, in the app
   * and by mail, in the same transaction.
   */
  private async afterRoleChange(manager: EntityManager, moves: ReadonlyArray<{ userId: number; previousRoleId: number }>, reonboard: boolean): Promise<void> {
    if (moves.length === 0) return;
    const today = reonboard ? await this.roleChange.today(manager) : null;
    const moved = await queryRows<{ id: number; role_name: string; restarted_on: string | null }>(
      manager,
      `select u.id, r.name as role_name, case when $2::date is not null then to_char(greatest($2::date, u.start_date), 'YYYY-MM-DD') end as restarted_on
         from users u join roles r on r.id = u.role_id
        where u.id = any($1::int[])`,
      [moves.map((m) => m.userId), today],
    );
    const restartedOn = new Map(moved.map((m) => [m.id, m.restarted_on]));
    if (today !== null) await this.roleChange.anchorNewItems(manager, moves.map((m) => ({ ...m, anchorDate: restartedOn.get(m.userId) ?? today })));
    await this.roleChange.notices.notifyMany(
      manager,
      moved.map(({ id, role_name: roleName, restarted_on: anchor }) => ({
        userId: id,
        type: 'checklist_changed',
        title: CHECKLIST_CHANGED_NOTICE.title,
        body: CHECKLIST_CHANGED_NOTICE.body(roleName, anchor),
        link: CHECKLIST_CHANGED_NOTICE.link,
        mail: {},
      })),
    );
  }

  private async setActive(adminId: number, id: number, active: boolean, meta: RequestMeta): Promise<AdminUserType> {
    return this.writing(async (manager) => {
      await this.holdActingAdmin(manager, adminId, [id]);
      const before = await this.heldView(manager, id);
      if (before.is_active === active) return before;
      await this.users.setActive(id, active, manager);
      // Ended for good: reactivating the account does not revive them.
      if (!active) await this.sessions.endAll(id, manager);
      const after = await this.heldView(manager, id);
      await this.audit.record(this.entry(adminId, meta, active ? 'user.reactivate' : 'user.deactivate', id, { before, after }), manager);
      return after;
    });
  }

  /**
   * First step of every change here: holds the acting administrator's row with the users the change
   * writes or names (in id order, so administrators acting on each other queue rather than deadlock),
   * then re-checks that the actor is still an active administrator. Checked only at the request's
   * start, two administrators demoting or deactivating each other at the same moment would both
   * succeed and leave the company without one. 403 when the actor no longer is one.
   */
  private async holdActingAdmin(manager: EntityManager, adminId: number, userIds: ReadonlyArray<number | null | undefined>): Promise<void> {
    const active = await this.users.lockInOrder([adminId, ...userIds], manager);
    if (active.get(adminId) !== ADMIN_ROLE_ID) throw new ForbiddenError();
  }

  /**
   * One user whose row `holdActingAdmin` already holds for the transaction, so the audit's
   * before-image is the row the change replaces. 404 when missing.
   */
  private async heldView(manager: EntityManager, id: number): Promise<AdminUserType> {
    const [view] = await this.views([id], manager);
    if (!view) throw new NotFoundError(USER_MESSAGES.notFound);
    return view;
  }

  private async withCompletion(rows: readonly AdminUserRow[], manager?: EntityManager): Promise<AdminUserType[]> {
    const completion = await this.users.completionPercentages(
      rows.map((r) => r.id),
      manager,
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      role_id: r.role_id,
      role_name: r.role_name,
      completion_percentage: completion.get(r.id) ?? 0,
      last_login_at: r.last_login_at ? r.last_login_at.toISOString() : null,
      created_at: r.created_at.toISOString(),
      start_date: r.start_date,
      is_active: r.is_active,
      two_factor_enabled: r.two_factor_enabled,
      manager_id: r.manager_id,
      buddy_id: r.buddy_id,
      manager_name: r.manager_name,
      buddy_name: r.buddy_name,
    }));
  }

  private entry(actorUserId: number, meta: RequestMeta, action: AuditEntry['action'], userId: number, details: AuditEntry['details']): AuditEntry {
    return { action, actorUserId, targetType: 'user', targetId: userId, ip: meta.ip, details };
  }

  /** One transaction per change, with the constraint races mapped: the email taken meanwhile (409), the role deleted meanwhile (400). */
  private async writing<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(work);
    } catch (err) {
      if (isUniqueViolation(err, 'uq_users_email_lower')) throw new ConflictError(USER_ADMIN_MESSAGES.duplicateEmail);
      if (isForeignKeyViolation(err)) throw invalid([USER_ADMIN_MESSAGES.roleUnknown]);
      throw err;
    }
  }
}
