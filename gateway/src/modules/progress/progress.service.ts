import type { DataSource, EntityManager } from 'typeorm';
import { isAdmin, requireUser, type Actor, type RequestMeta, type UserActor } from '../../shared/actor';
import type { Clock } from '../../shared/clock';
import { isForeignKeyViolation } from '../../shared/db-errors';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { parseId } from '../../shared/ids';
import { queryRows } from '../../shared/sql';
import type { AuditService } from '../audit';
import { CHECKLIST_MESSAGES, liveDueDateSql, ownTaskSql, type ChecklistService, type TaskOwnership, type TaskViewer, type UserChecklistItemType } from '../checklist';
import { USER_MESSAGES } from '../users';
import { parseInput } from '../../shared/validation';
import { OWNER_MESSAGES, PROGRESS_ID_MESSAGES } from './progress.messages';
import { progressChange, type CompleteTaskInput, type ProgressChange, type ProgressInput } from './progress.schemas';

/**
 * Users' progress on checklist items: the only writer of user_progress. A
 * task is changed by its owner (docs/product.md#roles): the user themself for
 * their own tasks, the user's manager, buddy or a member of the owning role
 * for theirs; administrators change anyone's. The user is refused the tasks
 * others own with a 409 naming the owner; anyone else gets 404, like a user
 * who does not exist. Changes for someone else are audited. Only items of the
 * user's role can have progress: any other item answers 404.
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
    const viewer: TaskViewer = { userId: me.userId, admin: isAdmin(me) };
    const now = this.clock();
    // The body before anything is looked up: 400 comes before 404 and 409 (docs/product.md#status-codes).
    const change = parseInput(progressChange(now), input);
    if (userId === me.userId) {
      // Their own task: one statement, as every hire completes tasks all day (an item given another
      // owner at that very moment may still take this one completion).
      if (!viewer.admin) await this.authorizeOwner(this.dataSource.manager, me, userId, itemId);
      return this.write(this.dataSource.manager, userId, itemId, change, now, viewer);
    }
    // Someone else's progress (an owner's or an administrator's change): the owner check holds its
    // rows until the write commits, and the change is audited in the same transaction.
    return this.dataSource.transaction(async (manager) => {
      if (!viewer.admin) {
        await this.checklist.lockTaskOwnership(userId, itemId, me.userId, manager);
        await this.authorizeOwner(manager, me, userId, itemId);
      }
      const saved = await this.write(manager, userId, itemId, change, now, viewer);
      await this.audit.record(
        { action: 'progress.update', actorUserId: me.userId, targetType: 'user', targetId: userId, ip: meta.ip, details: { checklist_item_id: itemId, status: saved.status } },
        manager,
      );
      return saved;
    });
  }

  /**
   * A non-administrator may change the task only as its owner, decided in
   * one read (ChecklistService.taskOwner). The user asking about their own
   * task someone else owns: 409 naming the owner. Anyone else, or a task
   * that is not there: 404 as for a user who does not exist (the user's own
   * missing item is left to the write's 404).
   */
  private async authorizeOwner(manager: EntityManager, me: UserActor, userId: number, itemId: number): Promise<void> {
    const owner = await this.checklist.taskOwner(userId, itemId, me.userId, manager);
    if (owner?.viewer_owns) return;
    if (userId !== me.userId) throw new NotFoundError(USER_MESSAGES.notFound);
    if (owner) throw new ConflictError(ownerMessage(owner));
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
   * policy is not done by reading it), nor tasks others own (reading a policy
   * does not do the manager's task). Runs in the caller's transaction
   * (`manager`); the user's own progress, like any self update, is not audited.
   */
  async completePolicyTasks(manager: EntityManager, userId: number, documentId: number, acknowledgedAt: Date | string): Promise<void> {
    await manager.query(
      `insert into user_progress as up (user_id, checklist_item_id, status, completed_at, due_date, completed_by)
       select u.id, ci.id, 'completed', $3::timestamptz, ${liveDueDateSql('u', 'ci', 'cur')}, u.id
         from users u
         join role_checklist_items rci on rci.role_id = u.role_id
         join checklist_items ci on ci.id = rci.checklist_item_id and ci.type = 'policy' and ${ownTaskSql('ci')}
         join checklist_item_documents cid on cid.checklist_item_id = ci.id and cid.document_id = $2
         left join user_progress cur on cur.user_id = u.id and cur.checklist_item_id = ci.id
        where u.id = $1
       on conflict (user_id, checklist_item_id) do update
          set status = 'completed', completed_at = excluded.completed_at, completed_by = excluded.completed_by, due_date = excluded.due_date, updated_at = now()
        where up.status <> 'completed'`,
      [userId, documentId, acknowledgedAt],
    );
  }

  /**
   * Re-onboarding after a role change (docs/product.md#due-dates): for each
   * move, the items of the user's new role that the previous role did not
   * have and that the user has no progress on get a pending row anchored at
   * the move's `anchorDate`, so their due days count from it; shared items
   * keep their progress. One statement for any number of users, in the
   * caller's transaction. Answers how many rows it wrote.
   */
  async anchorNewItems(manager: EntityManager, moves: ReadonlyArray<{ userId: number; previousRoleId: number; anchorDate: string }>): Promise<number> {
    if (moves.length === 0) return 0;
    const rows = await queryRows<{ id: number }>(
      manager,
      `insert into user_progress (user_id, checklist_item_id, status, anchor_date)
       select u.id, rci.checklist_item_id, 'pending', m.anchor_date
         from unnest($1::int[], $2::int[], $3::date[]) as m(user_id, previous_role_id, anchor_date)
         join users u on u.id = m.user_id
         join role_checklist_items rci on rci.role_id = u.role_id
        where not exists (select 1 from role_checklist_items old where old.role_id = m.previous_role_id and old.checklist_item_id = rci.checklist_item_id)
       on conflict (user_id, checklist_item_id) do nothing
       returning id`,
      [moves.map((m) => m.userId), moves.map((m) => m.previousRoleId), moves.map((m) => m.anchorDate)],
    );
    return rows.length;
  }

  /**
   * Upserts the progress row in one statement: the item must be one of the
   * user's role's items, and ON CONFLICT on the (user, item) unique index
   * keeps concurrent writes from duplicating it. Then reads the task back
   * through the checklist, as `viewer` sees it. No row written means the user
   * or the item (for this user's role) is missing. completed_by follows
   * completed_at: the viewer on completing, kept with an earlier completion,
   * cleared on setting back.
   */
  private async write(manager: EntityManager, userId: number, itemId: number, change: ProgressChange, now: Date, viewer: TaskViewer): Promise<UserChecklistItemType> {
    const written = await queryRows<{ id: number }>(
      manager,
      `with target as (
         select u.id as user_id, rci.checklist_item_id as item_id, ${liveDueDateSql('u', 'ci', 'cur')} as due_date
           from users u
           join role_checklist_items rci on rci.role_id = u.role_id and rci.checklist_item_id = $2
           join checklist_items ci on ci.id = rci.checklist_item_id
           left join user_progress cur on cur.user_id = u.id and cur.checklist_item_id = ci.id
          where u.id = $1
       )
       insert into user_progress as up (user_id, checklist_item_id, status, note, completed_at, due_date, completed_by)
       select user_id, item_id, coalesce($3::varchar, 'pending'), case when $4::boolean then $5::text end,
              case when coalesce($3::varchar, 'pending') = 'completed' then coalesce($6::timestamptz, $7::timestamptz) end, due_date,
              case when coalesce($3::varchar, 'pending') = 'completed' then $8::int end
         from target
       on conflict (user_id, checklist_item_id) do update set
         status = coalesce($3::varchar, up.status),
         note = case when $4::boolean then $5::text else up.note end,
         completed_at = case when coalesce($3::varchar, up.status) = 'completed'
                             then coalesce($6::timestamptz, case when up.status = 'completed' then up.completed_at end, $7::timestamptz)
                        end,
         completed_by = case when coalesce($3::varchar, up.status) = 'completed'
                             then case when up.status = 'completed' and $6::timestamptz is null then up.completed_by else $8::int end
                        end,
         -- The live due date while the task is open; a completed task keeps the date it was completed with.
         due_date = case when up.status = 'completed' then coalesce(up.due_date, excluded.due_date) else excluded.due_date end,
         updated_at = now()
       returning up.id`,
      [userId, itemId, change.status ?? null, change.note !== undefined, change.note ?? null, change.completedAt ?? null, now, viewer.userId],
    ).catch((err: unknown) => {
      // The item was deleted while this write waited for it: as if it had never been there.
      if (isForeignKeyViolation(err, 'fk_user_progress_item')) throw new NotFoundError(CHECKLIST_MESSAGES.itemNotFound);
      throw err;
    });
    const task = written.length > 0 ? await this.checklist.userTask(userId, itemId, now, viewer, manager) : null;
    if (!task) {
      const [user] = await queryRows<{ id: number }>(manager, 'select id from users where id = $1', [userId]);
      throw new NotFoundError(user ? CHECKLIST_MESSAGES.itemNotFound : USER_MESSAGES.notFound);
    }
    return task;
  }
}

/** The 409 that tells the user who does their task (docs/product.md#roles). */
function ownerMessage(owner: TaskOwnership): string {
  if (owner.owner_type === 'manager') return OWNER_MESSAGES.manager;
  if (owner.owner_type === 'buddy') return OWNER_MESSAGES.buddy;
  return OWNER_MESSAGES.role(owner.owner_role_name ?? 'assigned');
}
