import type { DataSource, EntityManager, Repository } from 'typeorm';
import { requireSelfOrAdmin, requireUser, type Actor } from '../../shared/actor';
import { NotFoundError, UnauthenticatedError } from '../../shared/errors';
import { queryRows } from '../../shared/sql';
import { parseInput } from '../../shared/validation';
import { User } from './user.entity';
import type { CompanyToday } from './team.service';
import type { UserType } from './user.type';
import { USER_MESSAGES } from './users.messages';
import { UserId, type UserUpdate } from './users.schemas';

/**
 * Each user's onboarding completion, 0-100 (docs/product.md#progress), for
 * the User shape. The checklist computes it; services.ts hands it in, so the
 * users module, which the checklist's own dependencies build on, never
 * imports the checklist.
 */
export type CompletionReader = (userIds: readonly number[], manager?: EntityManager) => Promise<Map<number, number>>;

export interface NewUser {
  name: string;
  email: string;
  passwordHash: string;
  roleId: number;
  /** YYYY-MM-DD; the company's today when not given (docs/product.md#start-date). */
  startDate?: string | null;
  managerId?: number | null;
  buddyId?: number | null;
}

/** What can be wrong with the people around a user (docs/product.md#admin); each door words it. */
export type PeopleProblem = 'ownManager' | 'ownBuddy' | 'managerLoop' | 'managerUnknown' | 'buddyUnknown';

/** A manager and buddy to give a user: a user id, null for none, undefined to keep the current one. */
export interface PeopleChange {
  managerId?: number | null;
  buddyId?: number | null;
}

/** An active account found by id or address (a hire's manager or buddy). */
export interface ActiveUserRef {
  id: number;
  email: string;
}

/**
 * User records: the only writer of the users table (docs/architecture.md).
 * The two-factor rules live in the auth module's TwoFactorService, which
 * writes its columns through the named methods below.
 */
export class UsersService {
  private readonly repo: Repository<User>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly completion: CompletionReader,
    private readonly today: CompanyToday,
  ) {
    this.repo = dataSource.getRepository(User);
  }

  /**
   * GET /users/{userId}, `user(id)`: the user themself or, for administrators,
   * anyone. Another user's id answers 404 like an unknown one (requireSelfOrAdmin).
   */
  async get(actor: Actor, rawId: unknown): Promise<UserType> {
    requireUser(actor);
    const userId = parseInput(UserId, rawId);
    requireSelfOrAdmin(actor, userId, USER_MESSAGES.notFound);
    const user = await this.findById(userId);
    if (!user) throw new NotFoundError(USER_MESSAGES.notFound);
    return this.view(user);
  }

  /** GET /auth/me, `me`: the signed-in user. */
  async me(actor: Actor): Promise<UserType> {
    const { userId } = requireUser(actor);
    const user = await this.findById(userId);
    // The middleware just checked the row; it can only be gone if deleted in between.
    if (!user) throw new UnauthenticatedError();
    return this.view(user);
  }

  findById(id: number, manager?: EntityManager): Promise<User | null> {
    return this.repository(manager).findOne({ where: { id } });
  }

  /**
   * Case-insensitive, through the unique index on lower(email), and only when the account's address
   * lower-cased by JavaScript is the one asked for: under a UTF-8 ctype PostgreSQL's lower() also folds
   * letters JavaScript does not ('İ' to 'i'), and sign-in limits key the account by the JavaScript form,
   * so such a spelling must not reach the account (it would get limits of its own).
   */
  async findByEmail(email: string, manager?: EntityManager): Promise<User | null> {
    const user = await this.repository(manager).createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email: email.trim() }).getOne();
    return user && user.email.toLowerCase() === email.trim().toLowerCase() ? user : null;
  }

  /**
   * The one way an account is made (registration, an accepted invitation, the
   * administrator command). Without a start date it is the company's today,
   * not the database server's (docs/product.md#start-date).
   */
  async create(input: NewUser, manager: EntityManager): Promise<User> {
    const repo = this.repository(manager);
    const saved = await repo.save(
      repo.create({
        name: input.name,
        email: input.email,
        passwordHash: input.passwordHash,
        roleId: input.roleId,
        startDate: input.startDate || (await this.today(manager)),
        managerId: input.managerId ?? null,
        buddyId: input.buddyId ?? null,
      }),
    );
    // Reload for the database defaults (timestamps) and the start date in their stored form.
    return repo.findOneOrFail({ where: { id: saved.id } });
  }

  /** The lower-cased addresses among `emails` that an account already uses: one indexed read for any number. */
  async takenEmails(emails: readonly string[], manager?: EntityManager): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const rows = await queryRows<{ email: string }>(
      manager ?? this.dataSource,
      `select lower(email) as email from users where lower(email) = any($1::text[])`,
      [[...new Set(emails.map((e) => e.trim().toLowerCase()))]],
    );
    return new Set(rows.map((r) => r.email));
  }

  /**
   * Holds the users a write names as someone's manager or buddy (FOR SHARE, in id order) until the
   * caller's transaction ends, so a deactivation cannot commit between a check and that write.
   * Answers the ids among them that are active.
   */
  async holdPeople(userIds: ReadonlyArray<number | null>, manager: EntityManager): Promise<Set<number>> {
    return new Set((await this.lockInOrder(userIds, manager, 'for share')).keys());
  }

  /** The active accounts among `emails` (compared lower-cased), answered with their lower-cased address. */
  async activeByEmails(emails: readonly string[], manager?: EntityManager): Promise<ActiveUserRef[]> {
    if (emails.length === 0) return [];
    return queryRows<ActiveUserRef>(
      manager ?? this.dataSource,
      `select id, lower(email) as email from users where lower(email) = any($1::text[]) and is_active`,
      [[...new Set(emails.map((e) => e.trim().toLowerCase()))]],
    );
  }

  /**
   * The one rule for the people around a user (docs/product.md#admin): a
   * manager or buddy is another, active user, and a manager never reports to
   * the user, however far up the chain. `userId` null is an account still to
   * be created (an invitation), which nobody reports to yet. Only ids given
   * are checked (null clears). In the caller's transaction: changes of a
   * manager serialize on one lock, so two changes at once cannot close a loop
   * that each alone would not; the walk up the chain is one statement.
   */
  async peopleProblems(userId: number | null, people: PeopleChange, manager: EntityManager): Promise<PeopleProblem[]> {
    const managerId = people.managerId ?? null;
    const buddyId = people.buddyId ?? null;
    const problems: PeopleProblem[] = [];
    if (userId !== null && managerId === userId) problems.push('ownManager');
    if (userId !== null && buddyId === userId) problems.push('ownBuddy');
    if (managerId === null && buddyId === null) return problems;
    if (userId !== null && managerId !== null) await this.lockManagerChanges(manager);
    await this.holdPeople([managerId, buddyId], manager);
    const [found] = await queryRows<{ manager_ok: boolean; buddy_ok: boolean; loops: boolean }>(
      manager,
      // UNION (not UNION ALL) ends the walk at a user already seen, whatever the data holds.
      `with recursive chain(id) as (
         select $2::int where $2::int is not null
         union
         select u.manager_id from chain c join users u on u.id = c.id where u.manager_id is not null
       )
       select exists (select 1 from users where id = $2::int and is_active) as manager_ok,
              exists (select 1 from users where id = $3::int and is_active) as buddy_ok,
              exists (select 1 from chain where id = $1::int) as loops`,
      [userId, managerId, buddyId],
    );
    if (managerId !== null && managerId !== userId) {
      if (!found?.manager_ok) problems.push('managerUnknown');
      else if (found.loops) problems.push('managerLoop');
    }
    if (buddyId !== null && buddyId !== userId && !found?.buddy_ok) problems.push('buddyUnknown');
    return problems;
  }

  /**
   * The lock that serializes changes of a manager (see peopleProblems), held
   * to the end of the transaction. A caller that also locks users rows takes
   * it first: two changes that each hold their own row and then wait for the
   * other's (the manager_id foreign key reads the manager's row) would deadlock.
   */
  async lockManagerChanges(manager: EntityManager): Promise<void> {
    await manager.query(`select pg_advisory_xact_lock(hashtext('users.manager_id'))`);
  }

  /**
   * Holds users' rows until the caller's transaction ends (docs/decisions.md, Row locks):
   * FOR NO KEY UPDATE for a change (the default), FOR SHARE for a check that must stay true. Always in
   * id order: a change that writes one user and names others (a manager, a buddy) reads the named rows
   * through its foreign keys, so two changes naming each other, each holding its own row first, would
   * deadlock. Answers the held users that are active, each with its role id, read under the same
   * lock (a missing or inactive id is absent).
   */
  async lockInOrder(userIds: ReadonlyArray<number | null | undefined>, manager: EntityManager, strength: 'for no key update' | 'for share' = 'for no key update'): Promise<Map<number, number>> {
    const ids = [...new Set(userIds.filter((id): id is number => typeof id === 'number'))];
    const rows = await queryRows<{ id: number; is_active: boolean; role_id: number }>(manager, `select id, is_active, role_id from users where id = any($1::int[]) order by id ${strength}`, [ids]);
    return new Map(rows.filter((r) => r.is_active).map((r) => [r.id, r.role_id]));
  }

  async countByRole(roleId: number, manager?: EntityManager): Promise<number> {
    return this.repository(manager).count({ where: { roleId } });
  }

  /** How many accounts there are, and how many of them may sign in (the administration index). */
  async counts(): Promise<{ users: number; active: number }> {
    const [row] = await queryRows<{ users: number; active: number }>(this.dataSource, 'select count(*)::int as users, (count(*) filter (where is_active))::int as active from users');
    return row ?? { users: 0, active: 0 };
  }

  /**
   * Stores a new password hash (the caller ends the sessions in the same
   * transaction). False when the user does not exist.
   */
  async setPassword(userId: number, passwordHash: string, manager: EntityManager): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(manager, `update users set password_hash = $2, updated_at = now() where id = $1 returning id`, [userId, passwordHash]);
    return rows.length === 1;
  }

  /**
   * Replaces a hash of the same password by `next` (one of the current cost), unless the password
   * changed meanwhile: false then, and the stored hash stays.
   */
  async upgradePasswordHash(userId: number, previous: string, next: string): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(this.dataSource, `update users set password_hash = $3 where id = $1 and password_hash = $2 returning id`, [userId, previous, next]);
    return rows.length === 1;
  }

  /**
   * Writes the profile fields an administrator may change (only those given).
   * Returns the row as it was before and after, or null when the user does not
   * exist. The caller runs it in its transaction and maps the unique index on
   * lower(email) to a 409.
   */
  async updateProfile(userId: number, changes: Omit<UserUpdate, 'reonboard'>, manager: EntityManager): Promise<{ before: User; after: User } | null> {
    const repo = this.repository(manager);
    // Locked: the before-image the caller audits is the row this change replaces.
    const before = await repo.findOne({ where: { id: userId }, lock: { mode: 'for_no_key_update' } });
    if (!before) return null;
    const set: Partial<User> = {};
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.email !== undefined) set.email = changes.email;
    if (changes.roleId !== undefined) set.roleId = changes.roleId;
    if (changes.startDate !== undefined) set.startDate = changes.startDate;
    if (changes.managerId !== undefined) set.managerId = changes.managerId;
    if (changes.buddyId !== undefined) set.buddyId = changes.buddyId;
    if (Object.keys(set).length > 0) await repo.update({ id: userId }, set);
    return { before: { ...before }, after: await repo.findOneOrFail({ where: { id: userId } }) };
  }

  /**
   * Activates or deactivates an account. The middleware refuses the sessions
   * of an inactive account at once; the caller also ends them, so a later
   * reactivation does not revive them. Returns null for an unknown user.
   */
  async setActive(userId: number, active: boolean, manager: EntityManager): Promise<User | null> {
    await manager.query(`update users set is_active = $2, updated_at = now() where id = $1`, [userId, active]);
    return this.repository(manager).findOne({ where: { id: userId } });
  }

  /**
   * Moves users to a role in one statement. Returns each user's role before
   * the move (only users that exist), locked for the caller's transaction.
   */
  async assignRole(userIds: readonly number[], roleId: number, manager: EntityManager): Promise<Array<{ id: number; previousRoleId: number }>> {
    const rows = await queryRows<{ id: number; previous_role_id: number }>(
      manager,
      `with previous as (select id, role_id from users where id = any($1::int[]) order by id for no key update)
       update users u set role_id = $2, updated_at = now() from previous p
        where u.id = p.id
       returning u.id, p.role_id as previous_role_id`,
      [[...new Set(userIds)], roleId],
    );
    return rows.map((r) => ({ id: r.id, previousRoleId: r.previous_role_id }));
  }

  /**
   * Stores a pending (inactive) TOTP secret, already sealed, and resets the
   * replay guard. False when two-factor is already on, so an active secret is
   * never replaced.
   */
  async setTwoFactorSecret(userId: number, sealedSecret: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const updated = await queryRows<{ id: number }>(
      manager,
      `update users set two_factor_secret = $2, last_totp_step = null, updated_at = now() where id = $1 and two_factor_enabled = false returning id`,
      [userId, sealedSecret],
    );
    return updated.length > 0;
  }

  /**
   * Turns two-factor on with the pending secret the code was checked against,
   * spending its time step. False when it lost a race: already enabled, the
   * secret replaced meanwhile, or the step already used.
   */
  async enableTwoFactor(userId: number, step: number, sealedSecret: string | null, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const enabled = await queryRows<{ id: number }>(
      manager,
      `update users set two_factor_enabled = true, last_totp_step = $2, updated_at = now()
        where id = $1 and two_factor_enabled = false and two_factor_secret = $3 and (last_totp_step is null or last_totp_step < $2)
        returning id`,
      [userId, step, sealedSecret],
    );
    return enabled.length > 0;
  }

  /** Turns two-factor off and forgets the secret and the replay guard. */
  async disableTwoFactor(userId: number, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`update users set two_factor_enabled = false, two_factor_secret = null, last_totp_step = null, updated_at = now() where id = $1`, [userId]);
  }

  /** Records a used TOTP time step, atomically: false when that step (or a later one) was already spent. */
  async spendTotpStep(userId: number, step: number, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const spent = await queryRows<{ id: number }>(
      manager,
      `update users set last_totp_step = $2 where id = $1 and (last_totp_step is null or last_totp_step < $2) returning id`,
      [userId, step],
    );
    return spent.length === 1;
  }

  async recordLogin(userId: number): Promise<void> {
    await this.dataSource.query(`update users set last_login_at = now() where id = $1`, [userId]);
  }

  /** Completion of the onboarding checklist per user, 0-100 (the injected CompletionReader). */
  completionPercentages(userIds: readonly number[], manager?: EntityManager): Promise<Map<number, number>> {
    return this.completion(userIds, manager);
  }

  /** The User shape of a row; `completionPercentage` when the caller already has it (from the same snapshot as its stats). */
  async view(user: User, completionPercentage?: number): Promise<UserType> {
    const [view] = await this.views([user], completionPercentage === undefined ? undefined : new Map([[user.id, completionPercentage]]));
    if (!view) throw new Error('view of one user is missing');
    return view;
  }

  /** The User shape of rows: completion (read unless given) and the names of their managers and buddies, one read each. */
  async views(users: readonly User[], completion?: ReadonlyMap<number, number>): Promise<UserType[]> {
    const peopleIds = [...new Set(users.flatMap((u) => [u.managerId, u.buddyId]).filter((id): id is number => id !== null))];
    const [percentages, people] = await Promise.all([
      completion ?? this.completionPercentages(users.map((u) => u.id)),
      peopleIds.length === 0 ? [] : queryRows<{ id: number; name: string }>(this.dataSource, 'select id, name from users where id = any($1::int[])', [peopleIds]),
    ]);
    const names = new Map(people.map((p) => [p.id, p.name]));
    return users.map((u) => toUserType(u, percentages.get(u.id) ?? 0, names));
  }

  private repository(manager?: EntityManager): Repository<User> {
    return manager ? manager.getRepository(User) : this.repo;
  }
}

/**
 * The User shape of a row, with its completion and the names of its people
 * (`names` by user id): the public fields only, so nothing else of the row can leak.
 */
function toUserType(user: User, completionPercentage: number, names: ReadonlyMap<number, string>): UserType {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role_id: user.roleId,
    completion_percentage: completionPercentage,
    last_login_at: user.lastLoginAt ? user.lastLoginAt.toISOString() : null,
    created_at: user.createdAt.toISOString(),
    start_date: user.startDate,
    manager_id: user.managerId,
    buddy_id: user.buddyId,
    manager_name: user.managerId === null ? null : (names.get(user.managerId) ?? null),
    buddy_name: user.buddyId === null ? null : (names.get(user.buddyId) ?? null),
  };
}
