import type { DataSource, EntityManager, Repository } from 'typeorm';
import { isAdmin, requireSelfOrAdmin, requireUser, type Actor } from '../../shared/actor';
import type { Clock } from '../../shared/clock';
import { NotFoundError } from '../../shared/errors';
import { parseId } from '../../shared/ids';
import { hotRows } from '../../shared/sql';
import { linkedDocumentsForItems } from '../documents/documents.sql';
import { toUserView, USER_MESSAGES, type UsersService, type UserView } from '../users/users.service';
import { ChecklistItem } from './checklist-item.entity';
import {
  addDays,
  completionStats,
  estimatedTime,
  isOverdue,
  todayUtc,
  type ChecklistItemTypeName,
  type CompletionStatsView,
  type ProgressStatusName,
  type TaskPriorityName,
} from './checklist.rules';

/** Spec §3 checklist item, identical through REST and GraphQL (documents are added per door). */
export interface ChecklistItemView {
  id: number;
  title: string;
  description: string | null;
  type: ChecklistItemTypeName;
  priority: TaskPriorityName;
  role_id: number | null;
  item_order: number;
  due_days: number;
  created_at: Date;
  updated_at: Date;
}

/** A checklist item of the user's role with that user's progress and the computed fields. */
export interface UserChecklistItemView extends ChecklistItemView {
  has_progress: boolean;
  progress_id: number | null;
  status: ProgressStatusName;
  completed: boolean;
  note: string | null;
  due_date: string | null;
  completed_at: Date | null;
  dueDate: string;
  isOverdue: boolean;
  estimatedTime: string;
}

/** Spec §3 linked document. */
export interface LinkedDocumentView {
  id: number;
  title: string;
  url: string | null;
  description: string | null;
  document_class_name: string | null;
}

export type WithDocuments<T> = T & { documents: LinkedDocumentView[] };

/** `GET /users/{userId}/checklist`. */
export interface UserChecklistOverview {
  user: UserView;
  items: UserChecklistItemView[];
  stats: CompletionStatsView;
}

/** A user's checklist as loaded: the start date the due dates count from, and the items in order. */
export interface LoadedChecklist {
  startDate: string;
  items: UserChecklistItemView[];
}

export const CHECKLIST_MESSAGES = {
  invalidItemId: 'Invalid checklist item id',
  itemNotFound: 'Checklist item not found',
} as const;

/** The columns of a checklist item (alias ci), as every query here selects them. */
export const ITEM_COLUMNS = `ci.id, ci.title, ci.description, ci.type, ci.priority, ci.role_id, ci.item_order, ci.due_days, ci.created_at, ci.updated_at`;
/** The progress columns (alias up), dates as text so no driver time zone can shift them. */
export const PROGRESS_COLUMNS = `up.id as progress_id, up.status, up.note, to_char(up.due_date, 'YYYY-MM-DD') as due_date, up.completed_at`;

/** A user's start date and the items of their role with their progress on each (loadChecklist). */
const LOAD_CHECKLIST_SQL = `select to_char(u.start_date, 'YYYY-MM-DD') as start_date, ${ITEM_COLUMNS}, ${PROGRESS_COLUMNS}
         from users u
         left join role_checklist_items rci on rci.role_id = u.role_id
         left join checklist_items ci on ci.id = rci.checklist_item_id
         left join user_progress up on up.user_id = u.id and up.checklist_item_id = ci.id
        where u.id = $1
        order by ci.item_order, ci.id`;

/** A row of ITEM_COLUMNS + PROGRESS_COLUMNS (progress columns null without a progress row). */
export interface ChecklistRow {
  id: number;
  title: string;
  description: string | null;
  type: ChecklistItemTypeName;
  priority: TaskPriorityName;
  role_id: number | null;
  item_order: number;
  due_days: number;
  created_at: Date;
  updated_at: Date;
  progress_id: number | null;
  status: ProgressStatusName | null;
  note: string | null;
  due_date: string | null;
  completed_at: Date | null;
}

/**
 * Checklist items and users' checklists. Every public method takes the actor:
 * users reach only their own checklist and the items of their role;
 * administrators reach everyone's and every item. Another user's data answers
 * 404, like data that does not exist (see requireSelfOrAdmin).
 */
export class ChecklistService {
  private readonly items: Repository<ChecklistItem>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly clock: Clock,
  ) {
    this.items = dataSource.getRepository(ChecklistItem);
  }

  /** `myChecklist`: the signed-in user's checklist. */
  async myChecklist(actor: Actor): Promise<UserChecklistItemView[]> {
    const { userId } = requireUser(actor);
    return (await this.loadChecklist(userId))?.items ?? [];
  }

  /** GET /user-checklist-items/user/{userId}, `userChecklist(userId)`: sorted by item_order, then id. */
  async listForUser(actor: Actor, rawUserId: unknown): Promise<UserChecklistItemView[]> {
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
    return { user: toUserView(user, stats.completionPercentage), items: loaded.items, stats };
  }

  /** GET /checklist-items/{id}, `checklistItem(id)`: items of the user's role; administrators any. */
  async getItem(actor: Actor, rawId: unknown): Promise<ChecklistItemView> {
    const user = requireUser(actor);
    const id = parseId(rawId, CHECKLIST_MESSAGES.invalidItemId);
    const qb = this.items.createQueryBuilder('ci').where('ci.id = :id', { id });
    if (!isAdmin(user)) {
      qb.andWhere('exists (select 1 from role_checklist_items rci where rci.checklist_item_id = ci.id and rci.role_id = :roleId)', { roleId: user.roleId });
    }
    const item = await qb.getOne();
    if (!item) throw new NotFoundError(CHECKLIST_MESSAGES.itemNotFound);
    return toChecklistItemView(item);
  }

  /**
   * The documents linked to each item, aligned with `itemIds` (the shape of a
   * DataLoader batch). THE one place documents come from: one batched query
   * (documents/documents.sql.ts) for any number of items. GraphQL reaches it
   * through the per-request loader, REST through withDocuments, so neither
   * door ever asks per item. Callers only pass items the reader may open, and
   * whoever may open an item sees its linked documents (the documents
   * module's visibility rule).
   */
  async documentsForItems(itemIds: readonly number[]): Promise<LinkedDocumentView[][]> {
    return linkedDocumentsForItems(this.dataSource, itemIds);
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
    const rows = await hotRows<ChecklistRow & { start_date: string; id: number | null }>(manager ?? this.dataSource, 'embark_load_checklist', LOAD_CHECKLIST_SQL, [userId]);
    const first = rows[0];
    if (!first) return null;
    const today = todayUtc(now);
    // A user whose role has no items comes back as one row of nulls.
    const items = rows.filter((r) => r.id !== null).map((r) => toUserChecklistItemView(r, first.start_date, today));
    return { startDate: first.start_date, items };
  }

  /** Signed in (401), a valid id (400), and the user themself or an administrator (404 otherwise). */
  private authorizeUser(actor: Actor, rawUserId: unknown): number {
    requireUser(actor);
    const userId = parseId(rawUserId, USER_MESSAGES.invalidId);
    requireSelfOrAdmin(actor, userId, USER_MESSAGES.notFound);
    return userId;
  }
}

export function toChecklistItemView(item: ChecklistItem): ChecklistItemView {
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    type: item.type,
    priority: item.priority,
    role_id: item.roleId,
    item_order: item.itemOrder,
    due_days: item.dueDays,
    created_at: item.createdAt,
    updated_at: item.updatedAt,
  };
}

/** A row with its progress, plus the computed fields: dueDate = start date + due_days, isOverdue, estimatedTime. */
export function toUserChecklistItemView(row: ChecklistRow, startDate: string, today: string): UserChecklistItemView {
  const completed = row.status === 'completed';
  const dueDate = addDays(startDate, row.due_days);
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
    has_progress: row.progress_id !== null,
    progress_id: row.progress_id,
    status: completed ? 'completed' : 'pending',
    completed,
    note: row.note,
    due_date: row.due_date,
    completed_at: row.completed_at,
    dueDate,
    isOverdue: isOverdue(dueDate, completed, today),
    estimatedTime: estimatedTime(row.type),
  };
}
