import type { DataSource, EntityManager } from 'typeorm';
import { requireSelfOrAdmin, requireUser, type Actor, type RequestMeta } from '../../shared/actor';
import type { Clock } from '../../shared/clock';
import { NotFoundError } from '../../shared/errors';
import { parseId } from '../../shared/ids';
import { queryRows } from '../../shared/sql';
import type { AuditService } from '../audit';
import { CHECKLIST_MESSAGES, dueDateSql, type ChecklistService, type UserChecklistItemType } from '../checklist';
import { USER_MESSAGES } from '../users';
import { parseInput } from '../../shared/validation';
import { PROGRESS_ID_MESSAGES } from './progress.messages';
import { progressChange, type CompleteTaskInput, type ProgressChange, type ProgressInput } from './progress.schemas';

/**
 * Users' progress on checklist items: the only writer of user_progress. Users
 * change only their own progress, administrators anyone's (audited). Only items
 * of the user's role can have progress: any other item answers 404.
 */
export class ProgressService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly checklist: ChecklistService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /**
   * POST /user-checklist-items/user/{userId}/item/{itemId}, `setTaskProgress`
   * (whose userId defaults to the signed-in user).
   * Completing sets completed_at to the given time, else keeps an earlier
   * completion time, else now; setting back to pending clears it. Returns the
   * item with the user's progress.
   */
  async setProgress(actor: Actor, rawUserId: unknown, rawItemId: unknown, input: ProgressInput, meta: RequestMeta): Promise<UserChecklistItemType> {
    const me = requireUser(actor);
    // GraphQL's userId is optional: the signed-in user by default.
    const userId = rawUserId === undefined || rawUserId === null ? me.userId : parseId(rawUserId, USER_MESSAGES.invalidId);
    const itemId = parseId(rawItemId, CHECKLIST_MESSAGES.invalidItemId);
    requireSelfOrAdmin(actor, userId, USER_MESSAGES.notFound);
    const now = this.clock();
    const change = parseInput(progressChange(now), input);
    if (userId === me.userId) return this.write(this.dataSource.manager, userId, itemId, change, now);
    // An administrator changing someone else's progress: an admin change, audited in the same transaction.
    return this.dataSource.transaction(async (manager) => {
      const saved = await this.write(manager, userId, itemId, change, now);
      await this.audit.record(
        { action: 'progress.update', actorUserId: me.userId, targetType: 'user', targetId: userId, ip: meta.ip, details: { checklist_item_id: itemId, status: saved.status } },
        manager,
      );
      return saved;
    });
  }

  /** POST /tasks/{id}/complete `{notes, completedAt}`, `completeTask`: completes one of the signed-in user's tasks. */
  async completeTask(actor: Actor, rawItemId: unknown, input: CompleteTaskInput, meta: RequestMeta): Promise<UserChecklistItemType> {
    const me = requireUser(actor);
    const itemId = parseId(rawItemId, PROGRESS_ID_MESSAGES.invalidTaskId);
    return this.setProgress(actor, me.userId, itemId, { status: 'completed', note: input.note, notes: input.notes, completed_at: input.completedAt ?? input.completed_at }, meta);
  }

  /**
   * Acknowledging a company policy completes the user's policy tasks that
   * carry it (docs/product.md#policies): checklist items of type policy, of
   * the user's role, linked to the document, completed at the
   * acknowledgement's time. A task already completed keeps its own completion
   * time; other task types are never touched (a form or a training linking the
   * policy is not done by reading it). Runs in the caller's transaction
   * (`manager`); the user's own progress, like any self update, is not audited.
   */
  async completePolicyTasks(manager: EntityManager, userId: number, documentId: number, acknowledgedAt: Date | string): Promise<void> {
    await manager.query(
      `insert into user_progress as up (user_id, checklist_item_id, status, completed_at, due_date)
       select u.id, ci.id, 'completed', $3::timestamptz, ${dueDateSql('u', 'ci')}
         from users u
         join role_checklist_items rci on rci.role_id = u.role_id
         join checklist_items ci on ci.id = rci.checklist_item_id and ci.type = 'policy'
         join checklist_item_documents cid on cid.checklist_item_id = ci.id and cid.document_id = $2
        where u.id = $1
       on conflict (user_id, checklist_item_id) do update
          set status = 'completed', completed_at = excluded.completed_at, updated_at = now()
        where up.status <> 'completed'`,
      [userId, documentId, acknowledgedAt],
    );
  }

  /**
   * Upserts the progress row in one statement: the item must be one of the
   * user's role's items, and ON CONFLICT on the (user, item) unique index
   * keeps concurrent writes from duplicating it. Then reads the task back
   * through the checklist. No row written means the user or the item (for
   * this user's role) is missing.
   */
  private async write(manager: EntityManager, userId: number, itemId: number, change: ProgressChange, now: Date): Promise<UserChecklistItemType> {
    const written = await queryRows<{ id: number }>(
      manager,
      `with target as (
         select u.id as user_id, rci.checklist_item_id as item_id, ${dueDateSql('u', 'ci')} as due_date
           from users u
           join role_checklist_items rci on rci.role_id = u.role_id and rci.checklist_item_id = $2
           join checklist_items ci on ci.id = rci.checklist_item_id
          where u.id = $1
       )
       insert into user_progress as up (user_id, checklist_item_id, status, note, completed_at, due_date)
       select user_id, item_id, coalesce($3::varchar, 'pending'), case when $4::boolean then $5::text end,
              case when coalesce($3::varchar, 'pending') = 'completed' then coalesce($6::timestamptz, $7::timestamptz) end, due_date
         from target
       on conflict (user_id, checklist_item_id) do update set
         status = coalesce($3::varchar, up.status),
         note = case when $4::boolean then $5::text else up.note end,
         completed_at = case when coalesce($3::varchar, up.status) = 'completed'
                             then coalesce($6::timestamptz, case when up.status = 'completed' then up.completed_at end, $7::timestamptz)
                        end,
         due_date = coalesce(up.due_date, excluded.due_date),
         updated_at = now()
       returning up.id`,
      [userId, itemId, change.status ?? null, change.note !== undefined, change.note ?? null, change.completedAt ?? null, now],
    );
    const task = written.length > 0 ? await this.checklist.userTask(userId, itemId, now, manager) : null;
    if (!task) {
      const [user] = await queryRows<{ id: number }>(manager, 'select id from users where id = $1', [userId]);
      throw new NotFoundError(user ? CHECKLIST_MESSAGES.itemNotFound : USER_MESSAGES.notFound);
    }
    return task;
  }
}
