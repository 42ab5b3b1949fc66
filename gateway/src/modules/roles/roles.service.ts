import type { DataSource, EntityManager, Repository } from 'typeorm';
import { ADMIN_ROLE_ID, requireAdmin, type Actor, type RequestMeta } from '../../shared/actor';
import { isForeignKeyViolation, isUniqueViolation } from '../../shared/db-errors';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { parseId } from '../../shared/ids';
import { invalid } from '../../shared/validation';
import type { AuditService } from '../audit/audit.service';
import type { UsersService } from '../users/users.service';
import { Role } from './role.entity';

/** The public shape of a role, identical through REST and GraphQL. */
export interface RoleView {
  id: number;
  name: string;
  description: string | null;
}

export const ROLE_NAME_MAX = 100;
export const ROLE_DESCRIPTION_MAX = 1000;

export const ROLE_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be less than 100 characters',
  descriptionInvalid: 'Description must be text',
  descriptionTooLong: 'Description must be less than 1000 characters',
  duplicateName: 'A role with this name already exists',
  inUse: 'Cannot delete a role that is assigned to users',
  referenced: 'Cannot delete a role that is still in use',
  adminRoleDelete: 'The administrator role cannot be deleted',
  adminRoleRename: 'The administrator role cannot be renamed',
  invalidId: 'Invalid role id',
  notFound: 'Role not found',
} as const;

/** Input of create and update, as received (REST body or GraphQL input). */
export interface RoleInput {
  name?: unknown;
  description?: unknown;
}

/**
 * Role operations. The only code that touches the roles repository; every
 * method takes the actor, and changes are administrator-only (DESIGN §5),
 * audited with their before/after state in the same transaction.
 */
export class RolesService {
  private readonly repo: Repository<Role>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly audit: AuditService,
  ) {
    this.repo = dataSource.getRepository(Role);
  }

  /** Public: the registration form needs the list before anyone signs in. */
  async list(_actor: Actor): Promise<Role[]> {
    return this.repo.find({ order: { id: 'ASC' } });
  }

  async exists(id: number, manager?: EntityManager): Promise<boolean> {
    return (manager ? manager.getRepository(Role) : this.repo).exists({ where: { id } });
  }

  async create(actor: Actor, input: RoleInput, meta: RequestMeta): Promise<Role> {
    const admin = requireAdmin(actor);
    const { name, description } = validateRoleInput(input, 'create');
    return this.writing(async (manager) => {
      await this.assertNameFree(manager, name, null);
      const repo = manager.getRepository(Role);
      const role = await repo.save(repo.create({ name, description: description ?? null }));
      await this.audit.record({ action: 'role.create', actorUserId: admin.userId, targetType: 'role', targetId: role.id, ip: meta.ip, details: { after: toRoleView(role) } }, manager);
      return role;
    });
  }

  /** PUT semantics for the name (required); a description left out keeps its value, `null` clears it. */
  async update(actor: Actor, id: unknown, input: RoleInput, meta: RequestMeta): Promise<Role> {
    const admin = requireAdmin(actor);
    const roleId = parseRoleId(id);
    const { name, description } = validateRoleInput(input, 'update');
    return this.writing(async (manager) => {
      const repo = manager.getRepository(Role);
      // FOR UPDATE: the before-image in the audit is the row this change replaces.
      const role = await repo.findOne({ where: { id: roleId }, lock: { mode: 'pessimistic_write' } });
      if (!role) throw new NotFoundError(ROLE_MESSAGES.notFound);
      const before = toRoleView(role);
      // The client hides the role named SysAdmin from registration (spec §6); renaming it would expose it.
      if (role.id === ADMIN_ROLE_ID && name !== role.name) throw new ConflictError(ROLE_MESSAGES.adminRoleRename);
      await this.assertNameFree(manager, name, role.id);
      role.name = name;
      if (description !== undefined) role.description = description;
      const saved = await repo.save(role);
      await this.audit.record({ action: 'role.update', actorUserId: admin.userId, targetType: 'role', targetId: role.id, ip: meta.ip, details: { before, after: toRoleView(saved) } }, manager);
      return saved;
    });
  }

  async delete(actor: Actor, id: unknown, meta: RequestMeta): Promise<RoleView> {
    const admin = requireAdmin(actor);
    const roleId = parseRoleId(id);
    if (roleId === ADMIN_ROLE_ID) throw new ConflictError(ROLE_MESSAGES.adminRoleDelete);
    return this.writing(async (manager) => {
      const repo = manager.getRepository(Role);
      const role = await repo.findOne({ where: { id: roleId }, lock: { mode: 'pessimistic_write' } });
      if (!role) throw new NotFoundError(ROLE_MESSAGES.notFound);
      if ((await this.users.countByRole(roleId, manager)) > 0) throw new ConflictError(ROLE_MESSAGES.inUse);
      const before = toRoleView(role);
      await repo.delete({ id: roleId });
      await this.audit.record({ action: 'role.delete', actorUserId: admin.userId, targetType: 'role', targetId: roleId, ip: meta.ip, details: { before } }, manager);
      return before;
    });
  }

  /** One transaction per change, with the constraint races mapped to 409. */
  private async writing<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(work);
    } catch (err) {
      if (isUniqueViolation(err, 'uq_roles_name')) throw new ConflictError(ROLE_MESSAGES.duplicateName);
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

export function toRoleView(role: Role): RoleView {
  return { id: role.id, name: role.name, description: role.description };
}

/** Path ids arrive as strings (REST) or numbers (GraphQL). */
export function parseRoleId(raw: unknown): number {
  return parseId(raw, ROLE_MESSAGES.invalidId);
}

function validateRoleInput(input: RoleInput, mode: 'create' | 'update'): { name: string; description: string | null | undefined } {
  const details: string[] = [];
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name === '') details.push(ROLE_MESSAGES.nameRequired);
  else if (name.length > ROLE_NAME_MAX) details.push(ROLE_MESSAGES.nameTooLong);

  let description: string | null | undefined;
  if (input.description === undefined) description = mode === 'create' ? null : undefined;
  else if (input.description === null) description = null;
  else if (typeof input.description !== 'string') details.push(ROLE_MESSAGES.descriptionInvalid);
  else if (input.description.trim().length > ROLE_DESCRIPTION_MAX) details.push(ROLE_MESSAGES.descriptionTooLong);
  else description = input.description.trim() === '' ? null : input.description.trim();

  if (details.length > 0) throw invalid(details);
  return { name, description };
}
