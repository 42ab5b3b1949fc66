import type { DataSource, EntityManager } from 'typeorm';
import { ADMIN_ROLE_ID, isAdmin, requireSelfOrAdmin, requireUser, type Actor } from '../../shared/actor';
import type { Clock } from '../../shared/clock';
import { NotFoundError } from '../../shared/errors';
import { parseId } from '../../shared/ids';
import { hotRows, queryRows } from '../../shared/sql';
import { toUserType, USER_MESSAGES, type UsersService, type UserType } from '../users';
import { completionRate, completionStats, daysBetween, estimatedTime, isOverdue, todayUtc } from './checklist.rules';
import { LOAD_CHECKLIST_SQL, READER_ITEM_SQL, ROLE_HEALTH_SQL, USER_TASK_SQL, type TaskRow } from './checklist.sql';
import type { ChecklistItemFields, ChecklistItemType, CompletionStatsType, LinkedDocumentType, RoleHealthType, UserChecklistItemType } from './checklist.types';

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

/** A user's checklist as loaded: the start date the due dates count from, and the items in order. */
export interface LoadedChecklist {
  startDate: string;
  items: UserChecklistItemType[];
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
    return (await this.loadChecklist(userId))?.items ?? [];
  }

  /** GET /user-checklist-items/user/{userId}, `userChecklist(userId)`: sorted by item_order, then id. */
  async listForUser(actor: Actor, rawUserId: unknown): Promise<UserChecklistItemType[]> {
    const userId = this.authorizeUser(actor, rawUserId);
    const loaded = await this.loadChecklist(userId);
    if (!loaded) throw new NotFoundError(USER_MESSAGES.notFound);
    return loaded.items;
  }

  /** GET /users/{userId}/checklist: the user, their checklist and its completion stats, from one snapshot. */
  async overview(actor: Actor, rawUserId: unknown): Promise<UserChecklistOverview> {
    const userId = this.authorizeUser(actor, rawUserId);
    const [user, loaded] = await Promise.all([this.users.findById(userId), this.loadChecklist(userId)]);
    if (!user || !loaded) throw new NotFoundError(USER_MESSAGES.notFound);
    const stats = completionStats(loaded.items);
    // The percentage of the same rows as the stats, so the two numbers can never disagree.
    return { user: toUserType(user, stats.completionPercentage), items: loaded.items, stats };
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
    const { dueDate, isOverdue: overdue } = toUserChecklistItem(row, todayUtc(this.clock()));
    return { ...itemOf(row), dueDate, isOverdue: overdue };
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

  /** Adds `documents` to each item with one batched lookup (the REST door). */
  async withDocuments<T extends { id: number }>(items: readonly T[]): Promise<Array<WithDocuments<T>>> {
    const documents = await this.documentsForItems(items.map((i) => i.id));
    return items.map((item, i) => ({ ...item, documents: documents[i] ?? [] }));
  }

  /**
   * A user's checklist in ONE query: the user's start date, the items of the
   * user's role (through the role links) and the user's progress on each, in
   * item_order. null when the user does not exist. Callers must have
   * authorised the actor for `userId`. `now` decides what is overdue.
   */
  async loadChecklist(userId: number, now: Date = this.clock(), manager?: EntityManager): Promise<LoadedChecklist | null> {
    // The read behind the checklist page and the dashboard.
    const rows = await hotRows<Omit<TaskRow, 'id'> & { start_date: string; id: number | null }>(manager ?? this.dataSource, 'embark_load_checklist', LOAD_CHECKLIST_SQL, [userId]);
    const first = rows[0];
    if (!first) return null;
    const today = todayUtc(now);
    // A user whose role has no items comes back as one row of nulls.
    const items = rows.filter((r): r is TaskRow & { start_date: string } => r.id !== null).map((r) => toUserChecklistItem(r, today));
    return { startDate: first.start_date, items };
  }

  /**
   * One task of a user (an item of the user's role) with the user's progress,
   * as of `now`; null when the user or the item (for this user's role) is
   * missing. Callers must have authorised the actor for `userId`; progress
   * reads back what it has just written, inside its transaction.
   */
  async userTask(userId: number, itemId: number, now: Date, manager?: EntityManager): Promise<UserChecklistItemType | null> {
    const [row] = await queryRows<TaskRow>(manager ?? this.dataSource, USER_TASK_SQL, [userId, itemId]);
    return row ? toUserChecklistItem(row, todayUtc(now)) : null;
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
  };
}

/** A row with its progress, plus the computed fields (docs/product.md#due-dates, #overdue, #estimated-time). */
function toUserChecklistItem(row: TaskRow, today: string): UserChecklistItemType {
  const completed = row.status === 'completed';
  return {
    ...itemOf(row),
    has_progress: row.progress_id !== null,
    progress_id: row.progress_id,
    status: completed ? 'completed' : 'pending',
    completed,
    note: row.note,
    due_date: row.due_date,
    completed_at: row.completed_at,
    dueDate: row.due,
    isOverdue: isOverdue(row.due, completed, today),
    daysUntilDue: daysBetween(today, row.due),
    estimatedTime: estimatedTime(row.type),
  };
}
