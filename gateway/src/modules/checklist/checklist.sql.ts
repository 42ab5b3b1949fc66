import { newHireSql } from '../users';
import type { ChecklistItemTypeName, OwnerTypeName, ProgressStatusName, TaskPriorityName } from './checklist.rules';

/*
 * The checklist's SQL. The due-date rule (docs/product.md#due-dates) is
 * written here once; every statement that needs a task's due date or whether
 * it is overdue splices these fragments in, whichever module runs it.
 */

/**
 * SQL: the company's today (a date) at the instant `now` (an SQL timestamptz
 * expression or placeholder): the date in the company time zone
 * (docs/product.md#overdue). The server decides it, never the browser.
 */
export function companyTodaySql(now: string): string {
  return `((${now})::timestamptz at time zone (select cs.time_zone from company_settings cs))::date`;
}

/** Columns `today` (YYYY-MM-DD) and `time_zone`: the company's day at `now` (an SQL timestamptz), for a statement to carry along. */
export function companyDayColumnsSql(now: string): string {
  return `to_char(${companyTodaySql(now)}, 'YYYY-MM-DD') as today, (select cs.time_zone from company_settings cs) as time_zone`;
}

/** The company's today at $1 (YYYY-MM-DD) and its time zone, in one read. */
export const COMPANY_DAY_SQL = `select ${companyDayColumnsSql('$1')}`;

/**
 * SQL: the date `days` (an SQL integer) working days after `anchor` (an SQL
 * date) in the company calendar (docs/product.md#due-dates): 0 is the anchor
 * itself, or the next working day when it is not one; negative counts back.
 * Two index lookups in calendar_days (a day off carries the ordinal of the
 * next working day), so it stays cheap over millions of rows. Outside the
 * calendar's years (2000–2100) it counts calendar days.
 */
export function addWorkingDaysSql(anchor: string, days: string): string {
  return `coalesce((select cal_due.day from calendar_days cal_due
                     where cal_due.working and cal_due.ordinal = (select cal_from.ordinal from calendar_days cal_from where cal_from.day = ${anchor}) + ${days}),
                   ${anchor} + ${days})`;
}

/**
 * SQL: how many working days lie after `from` up to and including `to` (SQL
 * dates): 1 from a Friday to the Monday after, 0 from a Friday to the
 * Sunday; negative when `to` is earlier. How long a task has been overdue
 * (from its due date to today) or how soon it is due. Outside the calendar
 * (2000–2100) it counts calendar days, as addWorkingDaysSql does: a start date
 * in 2000 with a preboarding task puts a due date before the calendar begins.
 */
export function workingDaysBetweenSql(from: string, to: string): string {
  const lastWorkingOrdinal = (day: string) => `(select cal_d.ordinal - (not cal_d.working)::int from calendar_days cal_d where cal_d.day = ${day})`;
  return `coalesce(${lastWorkingOrdinal(to)} - ${lastWorkingOrdinal(from)}, (${to}) - (${from}))`;
}

/** SQL: the date item `item`'s due days count from for user `user`: the progress row's anchor (a re-onboarding), else the start date. */
export function anchorSql(user: string, progress: string | null): string {
  return progress === null ? `${user}.start_date` : `coalesce(${progress}.anchor_date, ${user}.start_date)`;
}

/**
 * SQL: the working days item `item`'s due date lies after its anchor. A task
 * a re-onboarding anchored never counts back before the anchor, so a
 * preboarding item of the new role is due that day, not overdue at once
 * (docs/product.md#due-dates).
 */
function dueDaysSql(item: string, progress: string | null): string {
  return progress === null ? `${item}.due_days` : `(case when ${progress}.anchor_date is null then ${item}.due_days else greatest(${item}.due_days, 0) end)`;
}

/**
 * SQL: the live due date of item `item` for user `user` (aliases): due_days
 * working days from the date the progress row `progress` anchors the item to
 * (a re-onboarding, never before it), else from the user's start date. What
 * an open task shows.
 * With `joined`, the alias of dueDateJoinsSql in the statement: the same date
 * read from those joins instead of two lookups per row.
 */
export function liveDueDateSql(user = 'u', item = 'ci', progress: string | null = 'up', joined?: string): string {
  const anchor = anchorSql(user, progress);
  const days = dueDaysSql(item, progress);
  return joined === undefined ? addWorkingDaysSql(anchor, days) : `coalesce(${joined}.day, ${anchor} + ${days})`;
}

/**
 * SQL: the two left joins of calendar_days that liveDueDateSql(…, joined)
 * reads, for statements over many users × items (the administration's
 * health per role, the reminder job): PostgreSQL hashes them, about ten times
 * faster than a lookup per row at a million rows.
 */
export function dueDateJoinsSql(joined: string, user = 'u', item = 'ci', progress: string | null = 'up'): string {
  return `left join calendar_days ${joined}_from on ${joined}_from.day = ${anchorSql(user, progress)}
           left join calendar_days ${joined} on ${joined}.working and ${joined}.ordinal = ${joined}_from.ordinal + ${dueDaysSql(item, progress)}`;
}

/**
 * SQL: the due date of item `item` for user `user` (docs/product.md#due-dates):
 * a completed task keeps the date stored on its progress row (`progress`,
 * written when it was completed), an open one has the live date, so a
 * calendar change moves open dates only. `progress` null: the live date from
 * the start date (no progress row in the statement).
 */
export function dueDateSql(user = 'u', item = 'ci', progress: string | null = 'up'): string {
  const live = liveDueDateSql(user, item, progress);
  if (progress === null) return live;
  return `(case when ${completedSql(progress)} and ${progress}.due_date is not null then ${progress}.due_date else ${live} end)`;
}

/**
 * SQL: the progress row `progress` (an alias) says its task is done
 * (docs/product.md#task-status). Null when the row is missing, so use it in
 * `filter (where …)` or as `… is not true`.
 */
export function completedSql(progress = 'up'): string {
  return `(${progress}.status = 'completed')`;
}

/**
 * SQL: the task of `item` for `user` is overdue on `today` (a placeholder
 * holding a YYYY-MM-DD date, or companyTodaySql): not completed (`progress`
 * may be a missing row) and its live due date before today
 * (docs/product.md#overdue); `joined` as for liveDueDateSql.
 */
export function overdueSql(today: string, user = 'u', item = 'ci', progress = 'up', joined?: string): string {
  return `(${completedSql(progress)} is not true and ${liveDueDateSql(user, item, progress, joined)} < (${today})::date)`;
}

/** SQL: the task of item `item` is the user's own, owned by the new hire (docs/product.md#progress): the only kind their progress counts. */
export function ownTaskSql(item = 'ci'): string {
  return `(${item}.owner_type = 'new_hire')`;
}

/**
 * SQL: `viewer` (an alias of users) owns the task of `item` for `user`
 * (docs/product.md#roles): the user themself for their own tasks; for the
 * others, the user's manager, the user's buddy, or any member of the owning
 * role, never the user themself. Never null. The ONE statement of who may
 * do a task: the progress write, the task's canComplete and My tasks use it.
 */
export function ownsTaskSql(viewer = 'v', user = 'u', item = 'ci'): string {
  return `(case when ${item}.owner_type = 'new_hire' then ${viewer}.id = ${user}.id
         else ${viewer}.id <> ${user}.id and coalesce(case ${item}.owner_type
                when 'manager' then ${user}.manager_id = ${viewer}.id
                when 'buddy' then ${user}.buddy_id = ${viewer}.id
                when 'role' then ${viewer}.role_id = ${item}.owner_role_id end, false) end)`;
}

/** The columns of a checklist item (alias ci), as the ChecklistItem shape names them. */
export const ITEM_COLUMNS = `ci.id, ci.title, ci.description, ci.type, ci.priority, ci.role_id, ci.item_order, ci.due_days, ci.created_at, ci.updated_at, ci.owner_type, ci.owner_role_id`;

/**
 * What TASK_COLUMNS reads beside the user (u), the item (ci) and the viewer
 * (v): the owning role's name and the user's manager and buddy.
 */
const OWNER_JOINS = `left join roles owner_role on owner_role.id = ci.owner_role_id
         left join users mgr on mgr.id = u.manager_id
         left join users bud on bud.id = u.buddy_id`;

/**
 * A user's task columns: the item, the user's progress on it (alias up; null
 * columns without a progress row) and its due date from the rule above, dates
 * as text so no driver time zone can shift them; who owns it (OWNER_JOINS)
 * and whether the viewer (v) does.
 */
const TASK_COLUMNS = `${ITEM_COLUMNS}, up.id as progress_id, up.status, up.note, to_char(up.due_date, 'YYYY-MM-DD') as due_date, up.completed_at,
       to_char(${dueDateSql('u', 'ci')}, 'YYYY-MM-DD') as due,
       owner_role.name as owner_role_name,
       case ci.owner_type when 'manager' then mgr.name when 'buddy' then bud.name end as owner_name,
       ${ownsTaskSql('v', 'u', 'ci')} as viewer_owns`;

/**
 * A user's ($1) start date and the items of their role with their progress on
 * each, in order (one row of nulls for an empty role); viewed by $2; with the
 * company's day at $3 (now) on every row.
 */
export const LOAD_CHECKLIST_SQL = `select to_char(u.start_date, 'YYYY-MM-DD') as start_date, ${companyDayColumnsSql('$3')}, ${TASK_COLUMNS}
         from users u
         join users v on v.id = $2
         left join role_checklist_items rci on rci.role_id = u.role_id
         left join checklist_items ci on ci.id = rci.checklist_item_id
         left join user_progress up on up.user_id = u.id and up.checklist_item_id = ci.id
         ${OWNER_JOINS}
        where u.id = $1
        order by ci.item_order, ci.id`;

/** One item of the user's role ($2) for the user ($1) with their progress, viewed by $3; no row when either is missing. */
export const USER_TASK_SQL = `select ${TASK_COLUMNS}
         from users u
         join users v on v.id = $3
         join role_checklist_items rci on rci.role_id = u.role_id and rci.checklist_item_id = $2
         join checklist_items ci on ci.id = rci.checklist_item_id
         left join user_progress up on up.user_id = u.id and up.checklist_item_id = ci.id
         ${OWNER_JOINS}
        where u.id = $1`;

/**
 * One item ($1) with its due date and progress for the reader ($2). With $3
 * set, only when the item belongs to that role (a non-administrator's own
 * role); an administrator reads any item, dated from their own start date.
 */
export const READER_ITEM_SQL = `select ${TASK_COLUMNS}
         from checklist_items ci
         join users u on u.id = $2
         join users v on v.id = u.id
         left join user_progress up on up.user_id = u.id and up.checklist_item_id = ci.id
         ${OWNER_JOINS}
        where ci.id = $1
          and ($3::int is null or exists (select 1 from role_checklist_items rci where rci.checklist_item_id = ci.id and rci.role_id = $3))`;

/**
 * Who the hire's task of item $2 belongs to, for viewer $3 and hire $1, in
 * ONE statement (the write's permission check): the owner type, the owning
 * role's name and whether the viewer owns it (ownsTaskSql). Owners act only
 * for active users. No row when the hire or the item (for the hire's role) is missing.
 */
export const TASK_OWNER_SQL = `select ci.owner_type, owner_role.name as owner_role_name,
              (${ownsTaskSql('v', 'u', 'ci')} and (u.is_active or v.id = u.id)) as viewer_owns
         from users u
         join users v on v.id = $3
         join role_checklist_items rci on rci.role_id = u.role_id and rci.checklist_item_id = $2
         join checklist_items ci on ci.id = rci.checklist_item_id
         left join roles owner_role on owner_role.id = ci.owner_role_id
        where u.id = $1`;

/**
 * The rows the owner check decides on, share-locked until the caller's transaction ends, so an
 * administrator's change of the item's owner, the role link, the hire's manager, buddy, role or
 * activity, or the viewer's role cannot slip in between the check and the write. Taken in the
 * order administrators' writes take them (the item before its role links; users by id), so the
 * two never wait on each other in a circle.
 */
export const TASK_OWNER_LOCKS_SQL = [
  `select 1 from checklist_items where id = $1 for share`,
  `select 1 from users where id = any($1::int[]) order by id for share`,
  `select 1 from role_checklist_items rci join users u on u.role_id = rci.role_id where u.id = $1 and rci.checklist_item_id = $2 for share of rci`,
] as const;

/**
 * The open tasks viewer $1 owns for other active users at $2 (an instant: the
 * company's today decides what is overdue), by due date, then the hire's name, then item_order;
 * $3 and $4 are limit and offset, `total` counts every match. Set-based: the
 * candidate hires are the viewer's reports, buddies and the users whose
 * role's items the viewer's role owns, then ownsTaskSql decides per task.
 */
export const MY_TASKS_SQL = `with open_tasks as (
         select u.id as hire_id, u.name as hire_name, to_char(u.start_date, 'YYYY-MM-DD') as hire_start_date,
                ci.id, ci.title, ci.description, ci.type, ci.priority, ci.due_days, ci.owner_type, ci.owner_role_id, ci.item_order,
                ${dueDateSql('u', 'ci')} as due,
                ${overdueSql(companyTodaySql('$2'), 'u', 'ci', 'up')} as is_overdue
           from users v
           join users u on u.is_active and u.id <> v.id
                       and (u.manager_id = v.id or u.buddy_id = v.id
                            or exists (select 1 from role_checklist_items x join checklist_items y on y.id = x.checklist_item_id
                                        where x.role_id = u.role_id and y.owner_role_id = v.role_id))
           join role_checklist_items rci on rci.role_id = u.role_id
           join checklist_items ci on ci.id = rci.checklist_item_id and ci.owner_type <> 'new_hire'
           left join user_progress up on up.user_id = u.id and up.checklist_item_id = ci.id
          where v.id = $1
            and ${ownsTaskSql('v', 'u', 'ci')}
            and ${completedSql('up')} is not true
       )
       select *, to_char(due, 'YYYY-MM-DD') as due_date, (due - ${companyTodaySql('$2')})::int as days_until_due, count(*) over ()::int as total
         from open_tasks
        order by due, hire_name, item_order, hire_id, id
        limit $3 offset $4`;

/**
 * Onboarding health per role on $1 (a YYYY-MM-DD date), for every role but $2
 * (the administrators'), by role id: how many items the role gets and, over
 * its active users, their tasks (assigned, completed, overdue), the new hires
 * (the users module's rule) and the users who finished (every task of a
 * non-empty checklist completed, as completionStats' isComplete). The tasks
 * counted are the users' own, as their percentage counts them
 * (docs/product.md#progress); checklist_items counts every item. ONE
 * set-based statement, users × their role's items × their progress grouped per
 * user and then per role, never a loop over users.
 */
export const ROLE_HEALTH_SQL = `with per_user as (
         select u.id, u.role_id, ${newHireSql('$1', 'u')} as new_hire,
                count(rci.checklist_item_id) as total,
                count(up.id) filter (where ${completedSql('up')}) as done,
                count(rci.checklist_item_id) filter (where ${overdueSql('$1', 'u', 'ci', 'up', 'due')}) as overdue
           from users u
           left join (role_checklist_items rci
                      join checklist_items ci on ci.id = rci.checklist_item_id and ${ownTaskSql('ci')})
                  on rci.role_id = u.role_id
           left join user_progress up on up.user_id = u.id and up.checklist_item_id = rci.checklist_item_id
           ${dueDateJoinsSql('due')}
          where u.is_active and u.role_id <> $2
          group by u.id, u.role_id, u.start_date
       ), items as (
         select role_id, count(*) as n from role_checklist_items group by role_id
       )
       select r.id as role_id, r.name as role_name,
              coalesce(max(i.n), 0)::int as checklist_items,
              count(pu.id)::int as users,
              count(pu.id) filter (where pu.new_hire)::int as new_hires,
              count(pu.id) filter (where pu.total > 0 and pu.done = pu.total)::int as finished_users,
              coalesce(sum(pu.total), 0)::int as assigned_tasks,
              coalesce(sum(pu.done), 0)::int as completed_tasks,
              coalesce(sum(pu.overdue), 0)::int as overdue_tasks
         from roles r
         left join per_user pu on pu.role_id = r.id
         left join items i on i.role_id = r.id
        where r.id <> $2
        group by r.id
        order by r.id`;

/** A row of TASK_COLUMNS: stored item and progress fields as selected; `due` is the computed due date. */
export interface TaskRow {
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
  due: string;
  owner_type: OwnerTypeName;
  owner_role_id: number | null;
  owner_role_name: string | null;
  owner_name: string | null;
  viewer_owns: boolean;
}

/** A row of MY_TASKS_SQL. */
export interface MyTaskRow {
  hire_id: number;
  hire_name: string;
  hire_start_date: string;
  id: number;
  title: string;
  description: string | null;
  type: ChecklistItemTypeName;
  priority: TaskPriorityName;
  due_days: number;
  owner_type: OwnerTypeName;
  owner_role_id: number | null;
  due_date: string;
  is_overdue: boolean;
  days_until_due: number;
  total: number;
}
