import type { DataSource, EntityManager } from 'typeorm';
import { ADMIN_ROLE_ID, isAdmin, requireSelfOrAdmin, requireUser, type Actor } from '../../shared/actor';
import type { Clock } from '../../shared/clock';
import { NotFoundError } from '../../shared/errors';
import { parseId } from '../../shared/ids';
import { hotRows, queryRows } from '../../shared/sql';
import { USER_MESSAGES, type UsersService, type UserType } from '../users';
import { parseInput } from '../../shared/validation';
import { completionRate, completionStats, daysBetween, estimatedTime, isOverdue, ownerLabel, type OwnerTypeName, type ProgressStatusName } from './checklist.rules';
import { companyDay, type CompanyDay } from './calendar';
import { LOAD_CHECKLIST_SQL, MY_TASKS_SQL, READER_ITEM_SQL, ROLE_HEALTH_SQL, TASK_OWNER_LOCKS_SQL, TASK_OWNER_SQL, USER_TASK_SQL, type MyTaskRow, type TaskRow } from './checklist.sql';
import { MyTasksQuery } from './checklist.schemas';
import type { ChecklistItemFields, ChecklistItemType, CompletionStatsType, LinkedDocumentType, MyTasksPageType, RoleHealthType, UserChecklistItemType } from './checklist.types';

export const CHECKLIST_MESSAGES = {
  invalidItemId: 'Invalid checklist item id',
  itemNotFound: 'Checklist item not found',
} as const;

/**
 * The documents linked to each item, aligned with `itemIds` (one batched
 * read). The documents module owns them; services.ts hands its reader in, so
 * the checklist does not import documents (documents imports the checklist).
 */
export type LinkedDocumentsReader = (itemIds: readonly number[]) => Promise<LinkedDocumentType[][]>;

export type WithDocuments<T> = T & { documents: LinkedDocumentType[] };

/** `GET /users/{userId}/checklist`. */
export interface UserChecklistOverview {
  user: UserType;
  items: UserChecklistItemType[];
  stats: CompletionStatsType;
}

/**
 * Who reads a task, which decides its canComplete: its owner
 * (docs/product.md#roles) or an administrator may change it.
 */
export interface TaskViewer {
  userId: number;
  admin: boolean;
}

/** The reader of a request as a TaskViewer. */
export function viewerOf(actor: Actor): TaskViewer {
  return { userId: requireUser(actor).userId, admin: isAdmin(actor) };
}

/** Who a hire's task belongs to, as seen by one viewer (ChecklistService.taskOwner). */
export interface TaskOwnership {
  owner_type: OwnerTypeName;
  owner_role_name: string | null;
  viewer_owns: boolean;
}

/** A user's checklist as loaded: the start date the due dates count from, the items in order, and the company's day they were judged on. */
export interface LoadedChecklist {
  startDate: string;
  items: UserChecklistItemType[];
  day: CompanyDay;
}

/**
 * Checklist items and users' checklists. Every public method takes the actor:
 * users reach only their own checklist and the items of their role;
 * administrators reach everyone's and every item. Another user's data answers
 * 404, like data that does not exist (see requireSelfOrAdmin).
 */
export class ChecklistService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly clock: Clock,
    private readonly linkedDocuments: LinkedDocumentsReader,
  ) {}

  /** `myChecklist`: the signed-in user's checklist. */
  async myChecklist(actor: Actor): Promise<UserChecklistItemType[]> {
    const { userId } = requireUser(actor);
    return (await this.loadChecklist(userId, this.clock(), undefined, viewerOf(actor)))?.items ?? [];
  }

  /** GET /user-checklist-items/user/{userId}, `userChecklist(userId)`: sorted by item_order, then id. */
  async listForUser(actor: Actor, rawUserId: unknown): Promise<UserChecklistItemType[]> {
    const userId = this.authorizeUser(actor, rawUserId);
    const loaded = await this.loadChecklist(userId, this.clock(), undefined, viewerOf(actor));
    if (!loaded) throw new NotFoundError(USER_MESSAGES.notFound);
    return loaded.items;
  }

  /** GET /users/{userId}/checklist: the user, their checklist and its completion stats, from one snapshot. */
  async overview(actor: Actor, rawUserId: unknown): Promise<UserChecklistOverview> {
    const userId = this.authorizeUser(actor, rawUserId);
    const [user, loaded] = await Promise.all([this.users.findById(userId), this.loadChecklist(userId, this.clock(), undefined, viewerOf(actor))]);
    if (!user || !loaded) throw new NotFoundError(USER_MESSAGES.notFound);
    const stats = completionStats(loaded.items);
    // The percentage of the same rows as the stats, so the two numbers can never disagree.
    return { user: await this.users.view(user, stats.completionPercentage), items: loaded.items, stats };
  }

  /**
   * GET /checklist-items/{id}, `checklistItem(id)`: items of the user's role
   * (administrators any), with the due date and overdue state for the reader:
   * counted from the reader's start date, completed by the reader's progress.
   */
  async getItem(actor: Actor, rawId: unknown): Promise<ChecklistItemType> {
    const user = requireUser(actor);
    const id = parseId(rawId, CHECKLIST_MESSAGES.invalidItemId);
    const [row] = await queryRows<TaskRow>(this.dataSource, READER_ITEM_SQL, [id, user.userId, isAdmin(user) ? null : user.roleId]);
    if (!row) throw new NotFoundError(CHECKLIST_MESSAGES.itemNotFound);
    const { today } = await companyDay(this.dataSource, this.clock());
    const { dueDate, isOverdue: overdue, ownerLabel, ownerName, canComplete } = toUserChecklistItem(row, today, { userId: user.userId, admin: isAdmin(user) });
    return { ...itemOf(row), dueDate, isOverdue: overdue, ownerLabel, ownerName, canComplete };
  }

  /** The company's today at `now` and its time zone (docs/product.md#overdue), for reports that judge overdue in SQL. */
  companyDay(now: Date = this.clock()): Promise<CompanyDay> {
    return companyDay(this.dataSource, now);
  }

  /**
   * The documents linked to each item, aligned with `itemIds` (the shape of a
   * DataLoader batch), in one batched read for any number of items. GraphQL
   * reaches it through the per-request loader, REST through withDocuments, so
   * neither door ever asks per item. Callers only pass items the reader may
   * open, and whoever may open an item sees its linked documents
   * (docs/product.md#document-visibility).
   */
  async documentsForItems(itemIds: readonly number[]): Promise<LinkedDocumentType[][]> {
    return this.linkedDocuments(itemIds);
  }

  /**
   * Adds `documents` to each item, in place, with one batched lookup (the REST door). Callers
   * hand over objects just read for their answer; a copy of each (`{ ...item, documents }`)
   * would cost V8 about 9 µs an item (docs/performance.md).
   */
  async withDocuments<T extends { id: number }>(items: readonly T[]): Promise<Array<WithDocuments<T>>> {
    const documents = await this.documentsForItems(items.map((i) => i.id));
    return items.map((item, i) => Object.assign(item, { documents: documents[i] ?? [] }));
  }

  /**
   * A user's checklist in ONE query: the user's start date, the items of the
   * user's role (through the role links) and the user's progress on each, in
   * item_order. null when the user does not exist. Callers must have
   * authorised the actor for `userId`. `now` decides what is overdue, and
   * `viewer` (the user themself by default) what canComplete says.
   */
  async loadChecklist(userId: number, now: Date = this.clock(), manager?: EntityManager, viewer: TaskViewer = { userId, admin: false }): Promise<LoadedChecklist | null> {
    // The read behind the checklist page and the dashboard.
    // The company's day comes with the rows: one round trip for the page.
    const rows = await hotRows<Omit<TaskRow, 'id'> & { start_date: string; today: string; time_zone: string; id: number | null }>(manager ?? this.dataSource, 'embark_load_checklist', LOAD_CHECKLIST_SQL, [
      userId,
      viewer.userId,
      now,
    ]);
    const first = rows[0];
    if (!first) return null;
    const day: CompanyDay = { today: first.today, timeZone: first.time_zone };
    // A user whose role has no items comes back as one row of nulls.
    const items = rows.filter((r): r is TaskRow & { start_date: string; today: string; time_zone: string } => r.id !== null).map((r) => toUserChecklistItem(r, day.today, viewer));
    return { startDate: first.start_date, items, day };
  }

  /**
   * One task of a user (an item of the user's role) with the user's progress,
   * as of `now`; null when the user or the item (for this user's role) is
   * missing. Callers must have authorised `viewer` for `userId`; progress
   * reads back what it has just written, inside its transaction.
   */
  async userTask(userId: number, itemId: number, now: Date, viewer: TaskViewer, manager?: EntityManager): Promise<UserChecklistItemType | null> {
    const db = manager ?? this.dataSource;
    const [[row], { today }] = await Promise.all([queryRows<TaskRow>(db, USER_TASK_SQL, [userId, itemId, viewer.userId]), companyDay(db, now)]);
    return row ? toUserChecklistItem(row, today, viewer) : null;
  }

  /**
   * Who owns the task of item `itemId` for user `userId`, and whether
   * `viewerId` does (docs/product.md#roles), in one statement; null when the
   * user or the item (for the user's role) is missing. The progress write's
   * permission check.
   */
  async taskOwner(userId: number, itemId: number, viewerId: number, manager?: EntityManager): Promise<TaskOwnership | null> {
    const [row] = await queryRows<TaskOwnership>(manager ?? this.dataSource, TASK_OWNER_SQL, [userId, itemId, viewerId]);
    return row ?? null;
  }

  /** Locks what `taskOwner` decides on until `manager`'s transaction ends (TASK_OWNER_LOCKS_SQL). */
  async lockTaskOwnership(userId: number, itemId: number, viewerId: number, manager: EntityManager): Promise<void> {
    const [item, users, link] = TASK_OWNER_LOCKS_SQL;
    await manager.query(item, [itemId]);
    await manager.query(users, [[userId, viewerId]]);
    await manager.query(link, [userId, itemId]);
  }

  /**
   * GET /my-tasks, `myTasks`: the open tasks the signed-in user owns for
   * other active people (as their manager, buddy or a member of the owning
   * role), by due date, then the hire's name, then item_order; one page.
   */
  async myTasks(actor: Actor, input: unknown): Promise<MyTasksPageType> {
    const { userId } = requireUser(actor);
    const { limit, offset } = parseInput(MyTasksQuery, input);
    const rows = await queryRows<MyTaskRow>(this.dataSource, MY_TASKS_SQL, [userId, this.clock(), limit, offset]);
    // Past the last page there are no rows to carry the count: one cheap count then.
    const total = rows[0]?.total ?? (offset > 0 ? await this.countMyTasks(userId) : 0);
    return {
      total,
      data: rows.map((r) => ({
        hire: { id: r.hire_id, name: r.hire_name, start_date: r.hire_start_date },
        item: { id: r.id, title: r.title, description: r.description, type: r.type, priority: r.priority, due_days: r.due_days, owner_type: r.owner_type, owner_role_id: r.owner_role_id },
        dueDate: r.due_date,
        isOverdue: r.is_overdue,
        daysUntilDue: r.days_until_due,
        status: 'pending',
      })),
    };
  }

  private async countMyTasks(userId: number): Promise<number> {
    const [row] = await queryRows<MyTaskRow>(this.dataSource, MY_TASKS_SQL, [userId, this.clock(), 1, 0]);
    return row?.total ?? 0;
  }

  /**
   * Onboarding health of every role but the administrators' on `today`
   * (YYYY-MM-DD), by role id, from one statement (ROLE_HEALTH_SQL): the
   * checklist's own due-date, overdue and completion rules over each role's
   * active users. Administrators and deactivated users are not onboarding, so
   * they are left out (docs/product.md#admin). Callers must have authorised the actor.
   */
  async roleHealth(today: string): Promise<RoleHealthType[]> {
    const rows = await queryRows<Omit<RoleHealthType, 'completion_rate'>>(this.dataSource, ROLE_HEALTH_SQL, [today, ADMIN_ROLE_ID]);
    return rows.map((r) => ({ ...r, completion_rate: completionRate(r.completed_tasks, r.assigned_tasks) }));
  }

  /** Signed in (401), a valid id (400), and the user themself or an administrator (404 otherwise). */
  private authorizeUser(actor: Actor, rawUserId: unknown): number {
    requireUser(actor);
    const userId = parseId(rawUserId, USER_MESSAGES.invalidId);
    requireSelfOrAdmin(actor, userId, USER_MESSAGES.notFound);
    return userId;
  }
}

/** The stored item fields of a row. */
function itemOf(row: TaskRow): ChecklistItemFields {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    priority: row.priority,
    role_id: row.role_id,
    item_order: row.item_order,
    due_days: row.due_days,
    created_at: row.created_at,
    updated_at: row.updated_at,
    owner_type: row.owner_type,
    owner_role_id: row.owner_role_id,
  };
}

/**
 * A row with its progress, plus the computed fields (docs/product.md#due-dates,
 * #overdue, #estimated-time, #roles): the owner as the hire reads it, and
 * whether `viewer` may change it (its owner, or an administrator).
 */
function toUserChecklistItem(row: TaskRow, today: string, viewer: TaskViewer): UserChecklistItemType {
  const completed = row.status === 'completed';
  const status: ProgressStatusName = completed ? 'completed' : 'pending';
  // Object.assign, not `{ ...itemOf(row), … }`: V8 builds that literal on a slow path (tens of µs
  // per task, measured in docs/performance.md), and this runs for every task of every checklist read.
  return Object.assign(itemOf(row), {
    has_progress: row.progress_id !== null,
    progress_id: row.progress_id,
    status,
    completed,
    note: row.note,
    due_date: row.due_date,
    completed_at: row.completed_at,
    dueDate: row.due,
    isOverdue: isOverdue(row.due, completed, today),
    daysUntilDue: daysBetween(today, row.due),
    estimatedTime: estimatedTime(row.type),
    ownerLabel: ownerLabel(row.owner_type, row.owner_role_name),
    ownerName: row.owner_name,
    canComplete: viewer.admin || row.viewer_owns,
  });
}
