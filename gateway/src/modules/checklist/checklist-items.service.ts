import type { DataSource, EntityManager } from 'typeorm';
import { requireAdmin, type Actor, type RequestMeta, type UserActor } from '../../shared/actor';
import { isForeignKeyViolation } from '../../shared/db-errors';
import { NotFoundError } from '../../shared/errors';
import { parseId, parseIdList } from '../../shared/ids';
import { containsPattern, queryRows, SqlParams } from '../../shared/sql';
import { invalid, parseInput } from '../../shared/validation';
import type { AuditEntry, AuditService } from '../audit';
import { ROLE_MESSAGES, type RolesService } from '../roles';
import { CHECKLIST_MESSAGES } from './checklist.service';
import { ITEM_COLUMNS } from './checklist.sql';
import type { OwnerTypeName } from './checklist.rules';
import type { AdminChecklistItemType, RoleChecklistType } from './checklist.types';
import { CHECKLIST_ITEM_MESSAGES } from './checklist-items.messages';
import { ChecklistItemListQuery, CreateChecklistItem, UpdateChecklistItem, type ChecklistItemChanges } from './checklist-items.schemas';

/** Who does an item, as stored (the owner columns). */
interface ItemOwner {
  owner_type: OwnerTypeName;
  owner_role_id: number | null;
}

/** A row of `select`: role_ids is null for an item no role gets. */
type ItemRow = Omit<AdminChecklistItemType, 'role_ids'> & { role_ids: number[] | null };

/**
 * Administrators' writes to checklist content (docs/product.md#admin): item
 * create, update, delete and ordering, and the role ↔ item links. The ONLY
 * writer of checklist_items and role_checklist_items (ChecklistService reads
 * them for users' checklists). Every method is administrator-only, checked
 * here first, and every change is audited with its before/after state in the
 * same transaction.
 *
 * The primary role (`role_id`, docs/product.md#roles) always gets its item: creating an
 * item with a role links it to that role, and changing the role moves that
 * link (the old primary role loses the item, the new one gets it). Other
 * roles are linked and unlinked through the role links.
 */
export class ChecklistItemsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly roles: RolesService,
    private readonly audit: AuditService,
  ) {}

  /** GET /admin/checklist-items: every item (or a role's, a type's, matching a search), by item_order then id. */
  async list(actor: Actor, input: unknown): Promise<AdminChecklistItemType[]> {
    requireAdmin(actor);
    const query = parseInput(ChecklistItemListQuery, input);
    const params = new SqlParams();
    const where: string[] = [];
    if (query.roleId !== null) where.push(`exists (select 1 from role_checklist_items x where x.checklist_item_id = ci.id and x.role_id = ${params.add(query.roleId)})`);
    if (query.search !== '') {
      const pattern = params.add(containsPattern(query.search));
      where.push(`(ci.title ilike ${pattern} or ci.description ilike ${pattern})`);
    }
    if (query.type !== null) where.push(`ci.type = ${params.add(query.type)}`);
    return this.select(this.dataSource, where.length > 0 ? where.join(' and ') : 'true', params.values);
  }

  /** How many checklist items there are, in every role (the administration index). */
  async count(): Promise<number> {
    const [row] = await queryRows<{ total: number }>(this.dataSource, 'select count(*)::int as total from checklist_items');
    return row?.total ?? 0;
  }

  /** One item with its roles (administrators). */
  async get(actor: Actor, rawId: unknown): Promise<AdminChecklistItemType> {
    requireAdmin(actor);
    const id = parseId(rawId, CHECKLIST_MESSAGES.invalidItemId);
    const [item] = await this.select(this.dataSource, 'ci.id = $1', [id]);
    if (!item) throw new NotFoundError(CHECKLIST_MESSAGES.itemNotFound);
    return item;
  }

  /** POST /admin/checklist-items: appended at the end of the order; linked to its role when it has one. */
  async create(actor: Actor, input: unknown, meta: RequestMeta): Promise<AdminChecklistItemType> {
    const admin = requireAdmin(actor);
    const fields = parseInput(CreateChecklistItem, input);
    return this.writing(async (manager) => {
      await this.assertRoleExists(manager, fields.roleId);
      const owner = (await this.ownerOf(manager, fields, { owner_type: 'new_hire', owner_role_id: null })) ?? { owner_type: 'new_hire', owner_role_id: null };
      await this.lockOrder(manager);
      const [row] = await queryRows<{ id: number }>(
        manager,
        `insert into checklist_items (title, description, type, priority, due_days, role_id, owner_type, owner_role_id, item_order)
         values ($1, $2, $3, $4, $5, $6, $7, $8, (select coalesce(max(item_order), 0) + 1 from checklist_items))
         returning id`,
        [fields.title, fields.description ?? null, fields.type, fields.priority ?? 'medium', fields.dueDays ?? 0, fields.roleId ?? null, owner.owner_type, owner.owner_role_id],
      );
      const id = (row as { id: number }).id;
      if (fields.roleId !== undefined && fields.roleId !== null) await this.link(manager, fields.roleId, [id]);
      const created = await this.one(manager, id);
      await this.audit.record(this.entry(admin, meta, 'checklist_item.create', id, { after: created }), manager);
      return created;
    });
  }

  /** PUT /admin/checklist-items/{id}: fields left out keep their value. */
  async update(actor: Actor, rawId: unknown, input: unknown, meta: RequestMeta): Promise<AdminChecklistItemType> {
    const admin = requireAdmin(actor);
    const id = parseId(rawId, CHECKLIST_MESSAGES.invalidItemId);
    const fields = parseInput(UpdateChecklistItem, input);
    return this.writing(async (manager) => {
      // Roles before the item, the order a role's deletion takes them in (its foreign keys reach the
      // items): the other order could deadlock with it. Only roles the change names are held.
      await this.assertRoleExists(manager, fields.roleId);
      if (fields.ownerRoleId !== undefined && fields.ownerRoleId !== null) await this.roles.exists(fields.ownerRoleId, manager);
      const before = await this.lockOne(manager, id, 'no key update');
      const owner = await this.ownerOf(manager, fields, before);
      const params = new SqlParams();
      const id$ = params.add(id);
      const set = Object.entries({ ...columnsOf(fields), ...owner }).map(([column, value]) => `${column} = ${params.add(value)}`);
      await manager.query(`update checklist_items set ${[...set, 'updated_at = now()'].join(', ')} where id = ${id$}`, params.values);
      if (fields.roleId !== undefined && fields.roleId !== before.role_id) {
        if (before.role_id !== null) await this.unlink(manager, before.role_id, [id]);
        if (fields.roleId !== null) await this.link(manager, fields.roleId, [id]);
      }
      const after = await this.one(manager, id);
      await this.audit.record(this.entry(admin, meta, 'checklist_item.update', id, { before, after }), manager);
      return after;
    });
  }

  /** DELETE /admin/checklist-items/{id}: its role links, document links and users' progress go with it. */
  async delete(actor: Actor, rawId: unknown, meta: RequestMeta): Promise<AdminChecklistItemType> {
    const admin = requireAdmin(actor);
    const id = parseId(rawId, CHECKLIST_MESSAGES.invalidItemId);
    return this.writing(async (manager) => {
      const before = await this.lockOne(manager, id, 'update');
      await manager.query('delete from checklist_items where id = $1', [id]);
      await this.audit.record(this.entry(admin, meta, 'checklist_item.delete', id, { before }), manager);
      return before;
    });
  }

  /**
   * POST /admin/checklist-items/reorder `{ids}`: the given items swap the
   * item_order values they hold among themselves so they come in the order
   * given; no other item changes (a screen showing one role's items reorders
   * exactly what it shows, and "move up" sends just the two items). Where the
   * given items share a value, later ones are bumped just above the earlier,
   * so the order given is always strict. Returns the given items in their new
   * order.
   */
  async reorder(actor: Actor, rawIds: unknown, meta: RequestMeta): Promise<AdminChecklistItemType[]> {
    const admin = requireAdmin(actor);
    const ids = parseIdList(rawIds, CHECKLIST_ITEM_MESSAGES.idsInvalid);
    return this.writing(async (manager) => {
      await this.lockOrder(manager);
      const current = await queryRows<{ id: number; item_order: number }>(manager, 'select id, item_order from checklist_items where id = any($1::int[]) for no key update', [ids]);
      const before = new Map(current.map((r) => [r.id, r.item_order]));
      const unknown = ids.filter((id) => !before.has(id));
      if (unknown.length > 0) throw invalid([CHECKLIST_ITEM_MESSAGES.unknownItems(unknown)]);
      const targets = strictSlots(current.map((r) => r.item_order));
      const changed = ids.map((id, k) => ({ id, from: before.get(id) as number, to: targets[k] as number })).filter((c) => c.from !== c.to);
      if (changed.length > 0) {
        await manager.query(
          `update checklist_items c set item_order = v.item_order, updated_at = now()
             from unnest($1::int[], $2::int[]) as v(id, item_order) where c.id = v.id`,
          [changed.map((c) => c.id), changed.map((c) => c.to)],
        );
        await this.audit.record(
          this.entry(admin, meta, 'checklist_item.reorder', null, {
            ids,
            before: changed.map((c) => ({ id: c.id, item_order: c.from })),
            after: changed.map((c) => ({ id: c.id, item_order: c.to })),
          }),
          manager,
        );
      }
      return this.select(manager, 'ci.id = any($1::int[])', [ids]);
    });
  }

  /** GET /admin/roles/{id}/checklist-items: the items the role gets, in order. */
  async roleItems(actor: Actor, rawRoleId: unknown): Promise<RoleChecklistType> {
    requireAdmin(actor);
    const roleId = parseId(rawRoleId, ROLE_MESSAGES.invalidId);
    if (!(await this.roles.exists(roleId))) throw new NotFoundError(ROLE_MESSAGES.notFound);
    return { role_id: roleId, items: await this.roleItemsOf(this.dataSource, roleId) };
  }

  /** POST /admin/roles/{id}/checklist-items `{item_ids}`: the role gets these items too (links already there are kept). */
  async addRoleItems(actor: Actor, rawRoleId: unknown, rawItemIds: unknown, meta: RequestMeta): Promise<RoleChecklistType> {
    return this.changeRoleItems(actor, rawRoleId, rawItemIds, meta, 'add');
  }

  /** DELETE /admin/roles/{id}/checklist-items `{item_ids}`: the role no longer gets these items (ids not linked are ignored). */
  async removeRoleItems(actor: Actor, rawRoleId: unknown, rawItemIds: unknown, meta: RequestMeta): Promise<RoleChecklistType> {
    return this.changeRoleItems(actor, rawRoleId, rawItemIds, meta, 'remove');
  }

  private async changeRoleItems(actor: Actor, rawRoleId: unknown, rawItemIds: unknown, meta: RequestMeta, change: 'add' | 'remove'): Promise<RoleChecklistType> {
    const admin = requireAdmin(actor);
    const roleId = parseId(rawRoleId, ROLE_MESSAGES.invalidId);
    const itemIds = parseIdList(rawItemIds, CHECKLIST_ITEM_MESSAGES.itemIdsInvalid);
    return this.writing(async (manager) => {
      // FOR SHARE: the role cannot be deleted under this change (its links would cascade away).
      const [role] = await queryRows<{ id: number }>(manager, 'select id from roles where id = $1 for share', [roleId]);
      if (!role) throw new NotFoundError(ROLE_MESSAGES.notFound);
      const existing = await queryRows<{ id: number }>(manager, 'select id from checklist_items where id = any($1::int[]) for share', [itemIds]);
      const found = new Set(existing.map((r) => r.id));
      const unknown = itemIds.filter((id) => !found.has(id));
      if (unknown.length > 0) throw invalid([CHECKLIST_ITEM_MESSAGES.unknownItems(unknown)]);
      const touched = change === 'add' ? await this.link(manager, roleId, itemIds) : await this.unlink(manager, roleId, itemIds);
      if (touched.length > 0) {
        const action = change === 'add' ? 'role.checklist_items_add' : 'role.checklist_items_remove';
        await this.audit.record({ action, actorUserId: admin.userId, targetType: 'role', targetId: roleId, ip: meta.ip, details: change === 'add' ? { added: touched } : { removed: touched } }, manager);
      }
      return { role_id: roleId, items: await this.roleItemsOf(manager, roleId) };
    });
  }

  /** Links items to a role; returns the ids newly linked. */
  private async link(manager: EntityManager, roleId: number, itemIds: readonly number[]): Promise<number[]> {
    const rows = await queryRows<{ checklist_item_id: number }>(
      manager,
      `insert into role_checklist_items (role_id, checklist_item_id) select $1, unnest($2::int[])
       on conflict do nothing returning checklist_item_id`,
      [roleId, itemIds],
    );
    return rows.map((r) => r.checklist_item_id).sort((a, b) => a - b);
  }

  /** Unlinks items from a role; returns the ids that were linked. */
  private async unlink(manager: EntityManager, roleId: number, itemIds: readonly number[]): Promise<number[]> {
    const rows = await queryRows<{ checklist_item_id: number }>(
      manager,
      'delete from role_checklist_items where role_id = $1 and checklist_item_id = any($2::int[]) returning checklist_item_id',
      [roleId, itemIds],
    );
    return rows.map((r) => r.checklist_item_id).sort((a, b) => a - b);
  }

  private roleItemsOf(db: DataSource | EntityManager, roleId: number): Promise<AdminChecklistItemType[]> {
    return this.select(db, 'exists (select 1 from role_checklist_items x where x.checklist_item_id = ci.id and x.role_id = $1)', [roleId]);
  }

  /** Items with their roles, filtered by `where` (its placeholders bound to `values`), in order. */
  private async select(db: DataSource | EntityManager, where: string, values: unknown[]): Promise<AdminChecklistItemType[]> {
    const rows = await queryRows<ItemRow>(
      db,
      `select ${ITEM_COLUMNS},
              array(select rci.role_id from role_checklist_items rci where rci.checklist_item_id = ci.id order by rci.role_id) as role_ids
         from checklist_items ci
        where ${where}
        order by ci.item_order, ci.id`,
      values,
    );
    return rows.map((r) => ({ ...r, role_ids: r.role_ids ?? [] }));
  }

  private async one(manager: EntityManager, id: number): Promise<AdminChecklistItemType> {
    const [item] = await this.select(manager, 'ci.id = $1', [id]);
    if (!item) throw new NotFoundError(CHECKLIST_MESSAGES.itemNotFound);
    return item;
  }

  /**
   * The item, locked for this transaction (the audit's before-image is the row the change replaces):
   * FOR UPDATE for a deletion, FOR NO KEY UPDATE for a change, which rows merely referring to the item
   * (their foreign keys' FOR KEY SHARE, e.g. a long reminder run's escalations) do not hold up.
   */
  private async lockOne(manager: EntityManager, id: number, strength: 'update' | 'no key update'): Promise<AdminChecklistItemType> {
    const [locked] = await queryRows<{ id: number }>(manager, `select id from checklist_items where id = $1 for ${strength}`, [id]);
    if (!locked) throw new NotFoundError(CHECKLIST_MESSAGES.itemNotFound);
    return this.one(manager, id);
  }

  /** Serialises the writers of item_order (append, reorder), so two at once cannot hand out the same slot. */
  private async lockOrder(manager: EntityManager): Promise<void> {
    await manager.query(`select pg_advisory_xact_lock(hashtext('checklist_items.item_order'))`);
  }

  private async assertRoleExists(manager: EntityManager, roleId: number | null | undefined): Promise<void> {
    if (roleId === undefined || roleId === null) return;
    if (!(await this.roles.exists(roleId, manager))) throw invalid([CHECKLIST_ITEM_MESSAGES.roleUnknown]);
  }

  /**
   * The owner an item gets from `fields` over `current` (docs/product.md#roles):
   * undefined when neither owner field is given. A team owner must name an
   * existing role; any other owner has none.
   */
  private async ownerOf(manager: EntityManager, fields: ChecklistItemChanges, current: Pick<AdminChecklistItemType, 'owner_type' | 'owner_role_id'>): Promise<ItemOwner | undefined> {
    if (fields.ownerType === undefined && fields.ownerRoleId === undefined) return undefined;
    const ownerType = fields.ownerType ?? current.owner_type;
    if (ownerType !== 'role') return { owner_type: ownerType, owner_role_id: null };
    const roleId = fields.ownerRoleId !== undefined ? fields.ownerRoleId : current.owner_role_id;
    if (roleId === null) throw invalid([CHECKLIST_ITEM_MESSAGES.ownerRoleRequired]);
    // A role the change names is held (FOR KEY SHARE); the item's current one is only read: its foreign key already keeps it.
    if (!(await this.roles.exists(roleId, fields.ownerRoleId !== undefined ? manager : undefined))) throw invalid([CHECKLIST_ITEM_MESSAGES.ownerRoleNotFound]);
    return { owner_type: ownerType, owner_role_id: roleId };
  }

  private entry(admin: UserActor, meta: RequestMeta, action: AuditEntry['action'], targetId: number | null, details: AuditEntry['details']): AuditEntry {
    return { action, actorUserId: admin.userId, targetType: 'checklist_item', targetId, ip: meta.ip, details };
  }

  /** One transaction per change; a role deleted between the check and the write is a 400 like an unknown one. */
  private async writing<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(work);
    } catch (err) {
      if (isForeignKeyViolation(err)) throw invalid([CHECKLIST_ITEM_MESSAGES.roleUnknown]);
      throw err;
    }
  }
}

/** The columns an update writes (only the fields given), named as in the table. */
function columnsOf(fields: ChecklistItemChanges): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  if (fields.title !== undefined) columns.title = fields.title;
  if (fields.description !== undefined) columns.description = fields.description;
  if (fields.type !== undefined) columns.type = fields.type;
  if (fields.priority !== undefined) columns.priority = fields.priority;
  if (fields.dueDays !== undefined) columns.due_days = fields.dueDays;
  if (fields.roleId !== undefined) columns.role_id = fields.roleId;
  return columns;
}

/** The values sorted ascending, each raised to at least one above the previous: [5, 5, 9] → [5, 6, 9]. */
export function strictSlots(values: readonly number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  for (let i = 1; i < sorted.length; i += 1) sorted[i] = Math.max(sorted[i] as number, (sorted[i - 1] as number) + 1);
  return sorted;
}
