import type { DataSource, EntityManager, Repository } from 'typeorm';
import { ADMIN_ROLE_ID, requireAdmin, type Actor, type RequestMeta } from '../../shared/actor';
import { isForeignKeyViolation, isUniqueViolation } from '../../shared/db-errors';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { queryRows } from '../../shared/sql';
import { parseInput } from '../../shared/validation';
import type { AuditService } from '../audit';
import { Role } from './role.entity';
import { ROLE_MESSAGES } from './roles.messages';
import { CreateRoleInput, RoleId, RoleJson, UpdateRoleInput } from './roles.schemas';

/** Who holds a role: what role deletion asks before it runs (the users and invitations modules answer). */
export interface RoleHolders {
  countByRole(roleId: number, manager?: EntityManager): Promise<number>;
  /** Open invitations into the role: accepting one would create an account with it. */
  openInvitations(roleId: number, manager: EntityManager): Promise<number>;
}

/**
 * Role operations. The only code that touches the roles repository; every
 * method takes the actor, and changes are administrator-only (docs/product.md#admin),
 * audited with their before/after state in the same transaction.
 */
export class RolesService {
  private readonly repo: Repository<Role>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly holders: RoleHolders,
    private readonly audit: AuditService,
  ) {
    this.repo = dataSource.getRepository(Role);
  }

  /** Public: the registration form needs the list before anyone signs in. */
  async list(_actor: Actor): Promise<Role[]> {
    return this.repo.find({ order: { id: 'ASC' } });
  }

  /**
   * Whether the role exists. In a caller's transaction the role is also held (FOR KEY SHARE) until it
   * commits: the caller is about to refer to it, so a delete waits and then finds the reference (409),
   * instead of the caller's insert failing on a role deleted since this check (500).
   */
  async exists(id: number, manager?: EntityManager): Promise<boolean> {
    if (!manager) return this.repo.exists({ where: { id } });
    return (await queryRows<{ id: number }>(manager, 'select id from roles where id = $1 for key share', [id])).length > 0;
  }

  async create(actor: Actor, input: unknown, meta: RequestMeta): Promise<Role> {
    const admin = requireAdmin(actor);
    const { name, description } = parseInput(CreateRoleInput, input);
    return this.writing(async (manager) => {
      await this.assertNameFree(manager, name, null);
      const repo = manager.getRepository(Role);
      const role = await repo.save(repo.create({ name, description }));
      await this.audit.record({ action: 'role.create', actorUserId: admin.userId, targetType: 'role', targetId: role.id, ip: meta.ip, details: { after: RoleJson.parse(role) } }, manager);
      return role;
    });
  }

  /** PUT semantics for the name (required); a description left out keeps its value, `null` clears it. */
  async update(actor: Actor, id: unknown, input: unknown, meta: RequestMeta): Promise<Role> {
    const admin = requireAdmin(actor);
    const roleId = parseInput(RoleId, id);
    const { name, description } = parseInput(UpdateRoleInput, input);
    return this.writing(async (manager) => {
      const repo = manager.getRepository(Role);
      // FOR UPDATE: the before-image in the audit is the row this change replaces.
      const role = await repo.findOne({ where: { id: roleId }, lock: { mode: 'pessimistic_write' } });
      if (!role) throw new NotFoundError(ROLE_MESSAGES.notFound);
      const before = RoleJson.parse(role);
      // The client hides the role named SysAdmin from registration (docs/product.md#roles); renaming it would expose it.
      if (role.id === ADMIN_ROLE_ID && name !== role.name) throw new ConflictError(ROLE_MESSAGES.adminRoleRename);
      await this.assertNameFree(manager, name, role.id);
      role.name = name;
      if (description !== undefined) role.description = description;
      const saved = await repo.save(role);
      await this.audit.record({ action: 'role.update', actorUserId: admin.userId, targetType: 'role', targetId: role.id, ip: meta.ip, details: { before, after: RoleJson.parse(saved) } }, manager);
      return saved;
    });
  }

  /** Answers the role as it was. */
  async delete(actor: Actor, id: unknown, meta: RequestMeta): Promise<Role> {
    const admin = requireAdmin(actor);
    const roleId = parseInput(RoleId, id);
    if (roleId === ADMIN_ROLE_ID) throw new ConflictError(ROLE_MESSAGES.adminRoleDelete);
    return this.writing(async (manager) => {
      const repo = manager.getRepository(Role);
      const role = await repo.findOne({ where: { id: roleId }, lock: { mode: 'pessimistic_write' } });
      if (!role) throw new NotFoundError(ROLE_MESSAGES.notFound);
      if ((await this.holders.countByRole(roleId, manager)) > 0) throw new ConflictError(ROLE_MESSAGES.inUse);
      // An invitation is written while holding its role (exists, FOR KEY SHARE), so none can start after this.
      if ((await this.holders.openInvitations(roleId, manager)) > 0) throw new ConflictError(ROLE_MESSAGES.openInvitations);
      await repo.delete({ id: roleId });
      await this.audit.record({ action: 'role.delete', actorUserId: admin.userId, targetType: 'role', targetId: roleId, ip: meta.ip, details: { before: RoleJson.parse(role) } }, manager);
      return role;
    });
  }

  /** One transaction per change, with the constraint races mapped to 409. */
  private async writing<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(work);
    } catch (err) {
      // Two admins writing the same name (in any case) at once: the check before each saw it free.
      if (isUniqueViolation(err, 'uq_roles_name') || isUniqueViolation(err, 'uq_roles_name_any_case')) throw new ConflictError(ROLE_MESSAGES.duplicateName);
      // Checklist items owned by the role (a team) keep it: the admin must hand those tasks on first.
      if (isForeignKeyViolation(err, 'fk_checklist_items_owner_role')) throw new ConflictError(ROLE_MESSAGES.ownsTasks);
      // A user (or, later, another table) took the role between the check and the delete.
      if (isForeignKeyViolation(err)) throw new ConflictError(ROLE_MESSAGES.inUse);
      throw err;
    }
  }

  /** Role names are unique ignoring case: "manager" next to "Manager" would only confuse. */
  private async assertNameFree(manager: EntityManager, name: string, exceptId: number | null): Promise<void> {
    const qb = manager.getRepository(Role).createQueryBuilder('r').where('lower(r.name) = lower(:name)', { name });
    if (exceptId !== null) qb.andWhere('r.id <> :id', { id: exceptId });
    if ((await qb.getCount()) > 0) throw new ConflictError(ROLE_MESSAGES.duplicateName);
  }
}
