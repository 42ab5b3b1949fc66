import crypto from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { ChecklistItemTypeName, TaskPriorityName } from '../src/modules/checklist';
import { createUser, deleteUsers, type TestUser } from './auth';

/*
 * Checklist fixtures. Test files share the run's database and run in
 * parallel, so each fixture is a throwaway role of its own with its own items
 * and users: nothing a test does shows up in another test's checklist, and
 * `remove()` deletes all of it (progress goes with the users and items).
 */

export interface FixtureItem {
  title?: string;
  description?: string | null;
  type?: ChecklistItemTypeName;
  priority?: TaskPriorityName;
  itemOrder?: number;
  dueDays?: number;
}

export interface ChecklistFixture {
  roleId: number;
  /** Item ids in the order they were given. */
  itemIds: number[];
  users: TestUser[];
  /** A user of the fixture's role, optionally starting on `startDate` (YYYY-MM-DD). */
  addUser(startDate?: string): Promise<TestUser>;
  /** Links an existing item to the fixture's role too. */
  link(itemId: number): Promise<void>;
  remove(): Promise<void>;
}

export async function makeChecklist(db: DataSource, items: FixtureItem[]): Promise<ChecklistFixture> {
  const tag = crypto.randomBytes(5).toString('hex');
  const [role] = (await db.query('insert into roles (name) values ($1) returning id', [`Checklist fixture ${tag}`])) as Array<{ id: number }>;
  const roleId = (role as { id: number }).id;
  const itemIds: number[] = [];
  for (const [i, item] of items.entries()) {
    const [row] = (await db.query(
      `insert into checklist_items (title, description, type, priority, role_id, item_order, due_days) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
      [item.title ?? `Task ${i + 1} ${tag}`, item.description === undefined ? `About task ${i + 1}` : item.description, item.type ?? 'form', item.priority ?? 'medium', roleId, item.itemOrder ?? i + 1, item.dueDays ?? 0],
    )) as Array<{ id: number }>;
    itemIds.push((row as { id: number }).id);
  }
  if (itemIds.length > 0) {
    await db.query('insert into role_checklist_items (role_id, checklist_item_id) select $1, unnest($2::int[])', [roleId, itemIds]);
  }
  const users: TestUser[] = [];
  return {
    roleId,
    itemIds,
    users,
    async addUser(startDate) {
      const user = await createUser(db, { roleId, name: `Fixture ${tag}` });
      if (startDate) await db.query('update users set start_date = $2 where id = $1', [user.id, startDate]);
      users.push(user);
      return user;
    },
    async link(itemId) {
      await db.query('insert into role_checklist_items (role_id, checklist_item_id) values ($1, $2)', [roleId, itemId]);
    },
    async remove() {
      await deleteUsers(db, users.map((u) => u.id));
      if (itemIds.length > 0) await db.query('delete from checklist_items where id = any($1)', [itemIds]);
      await db.query('delete from roles where id = $1', [roleId]);
    },
  };
}

/** Writes a progress row directly (bypassing the service), e.g. to set up a dashboard. */
export async function addProgress(db: DataSource, userId: number, itemId: number, progress: { completedAt?: string | null; note?: string | null } = {}): Promise<void> {
  const completedAt = progress.completedAt ?? null;
  await db.query(
    `insert into user_progress (user_id, checklist_item_id, status, note, completed_at) values ($1, $2, $3, $4, $5)
     on conflict (user_id, checklist_item_id) do update set status = excluded.status, note = excluded.note, completed_at = excluded.completed_at`,
    [userId, itemId, completedAt ? 'completed' : 'pending', progress.note ?? null, completedAt],
  );
}

/** A clock that always answers `iso`. */
export function fixedClock(iso: string): () => Date {
  const at = new Date(iso);
  return () => new Date(at);
}

/** The exact field list of the UserChecklistItem REST shape (the contract type's fields). */
export const USER_CHECKLIST_ITEM_FIELDS = [
  'completed',
  'completed_at',
  'created_at',
  'daysUntilDue',
  'description',
  'documents',
  'dueDate',
  'due_date',
  'due_days',
  'estimatedTime',
  'has_progress',
  'id',
  'isOverdue',
  'item_order',
  'note',
  'priority',
  'progress_id',
  'role_id',
  'status',
  'title',
  'type',
  'updated_at',
  'owner_type',
  'owner_role_id',
  'ownerLabel',
  'ownerName',
  'canComplete',
].sort();

/** The exact field list of the ChecklistItem REST shape. */
export const CHECKLIST_ITEM_FIELDS = ['created_at', 'description', 'documents', 'due_days', 'id', 'item_order', 'priority', 'role_id', 'title', 'type', 'updated_at', 'owner_type', 'owner_role_id'].sort();
