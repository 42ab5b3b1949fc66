import { addWorkingDaysSql, completedSql, liveDueDateSql, ownsTaskSql, workingDaysBetweenSql } from '../checklist';
import { ADMIN_ROLE_ID } from '../../shared/actor';

/*
 * The reminder job's SQL (docs/product.md#notifications): set-based
 * statements over every active user's open tasks, never a loop of queries per
 * person. Due dates, working days and who owns a task come from the
 * checklist's fragments, so the job, the screens and the statistics agree.
 * In the claiming statements $1 is the company's today (YYYY-MM-DD).
 */

/**
 * The open tasks due by $2 working days after today, or overdue, of every
 * active user, into a temporary table of this transaction: the one scan of
 * users × items × progress both reminders read. `overdue_days` counts working
 * days since the due date (0: not overdue yet). The due-date rule runs once
 * per distinct (start date, anchor, due days), a few thousand at most, not
 * once per task: at 100,000 users that is the difference between seconds and
 * minutes.
 */
export const COLLECT_TASKS_SQL = `create temporary table reminder_tasks on commit drop as
  with open_tasks as materialized (
    select u.id, u.name as hire_name, u.manager_id, u.buddy_id, u.start_date, up.anchor_date,
           ci.id as item_id, ci.title, ci.item_order, ci.owner_type, ci.owner_role_id, ci.due_days
      from users u
      join role_checklist_items rci on rci.role_id = u.role_id
      join checklist_items ci on ci.id = rci.checklist_item_id
      left join user_progress up on up.user_id = u.id and up.checklist_item_id = ci.id
     where u.is_active and ${completedSql('up')} is not true
  ), dates as (
    select p.start_date, p.anchor_date, p.due_days, d.due,
           case when d.due < $1::date then ${workingDaysBetweenSql('d.due', '$1::date')} else 0 end as overdue_days
      from (select distinct start_date, anchor_date, due_days from open_tasks) p
     cross join lateral (select ${liveDueDateSql('p', 'p', 'p')} as due) d
     where d.due <= ${addWorkingDaysSql('$1::date', '$2::int')}
  )
  select o.id, o.hire_name, o.manager_id, o.buddy_id, o.item_id, o.title, o.item_order, o.owner_type, o.owner_role_id, dt.due, dt.overdue_days
    from open_tasks o
    join dates dt on dt.start_date = o.start_date and dt.due_days = o.due_days and dt.anchor_date is not distinct from o.anchor_date`;

/** Each recipient of a digest, with every task of reminder_tasks they own (the hire, manager, buddy or a member of the owning role). */
const OWNED_TASKS = `candidates as (
         select t.*, r.recipient_id
           from reminder_tasks t
          cross join lateral (select distinct x as recipient_id from unnest(array[t.id, t.manager_id, t.buddy_id]) x where x is not null) r
          where t.owner_type <> 'role'
         union all
         select t.*, m.id from reminder_tasks t join users m on m.role_id = t.owner_role_id where t.owner_type = 'role'
       ), owned as (
         select c.*, v.name as recipient_name, v.email
           from candidates c
           join users v on v.id = c.recipient_id and v.is_active
          where ${ownsTaskSql('v', 'c', 'c')}
            and not exists (select 1 from notification_preferences p where p.user_id = v.id and not p.digest)
       )`;

/**
 * Claims today's digest of every recipient who has none yet: the primary key
 * (recipient, day) is the lock, so of two runs at once only one claims each
 * person (the other waits for it, then skips). Ordered, so concurrent runs
 * take the keys in the same order and never deadlock. The claimed
 * recipients land in new_digests.
 */
export const CLAIM_DIGESTS_SQL = `with ${OWNED_TASKS}, claimed as (
         insert into reminder_digests (recipient_id, day, tasks)
         select recipient_id, $1::date, count(*) from owned group by recipient_id order by recipient_id
         on conflict do nothing
         returning recipient_id
       )
       insert into new_digests (recipient_id) select recipient_id from claimed`;

/** A reminder's tasks as JSON lines for the mail template, most urgent first, `limit` (a placeholder) at most. */
const taskLines = (alias: string, hireIsRecipient: string, limit: string) => `to_json((array_agg(json_build_object(
           'title', ${alias}.title,
           'hire', case when ${hireIsRecipient} then null else ${alias}.hire_name end,
           'dueDate', to_char(${alias}.due, 'YYYY-MM-DD'),
           'overdueDays', ${alias}.overdue_days) order by ${alias}.due, ${alias}.hire_name, ${alias}.item_order, ${alias}.item_id))[1:${limit}::int])`;

/** The claimed digests: recipient, address, how many tasks and the first $1 of them, and whether any is someone else's. */
export const DIGESTS_SQL = `with ${OWNED_TASKS}
       select o.recipient_id, min(o.recipient_name) as name, min(o.email) as email, count(*)::int as total,
              bool_or(o.id <> o.recipient_id) as for_others,
              ${taskLines('o', 'o.id = o.recipient_id', '$1')} as tasks
         from owned o
         join new_digests n on n.recipient_id = o.recipient_id
        group by o.recipient_id
        order by o.recipient_id`;

/**
 * Claims the escalation of every task overdue by $2 working days or more that
 * was never escalated: the primary key (hire, item) is the lock, once ever.
 * The hire's active manager is told, unless the manager owns the task
 * (telling them is the digest's job): then, or without a manager, the
 * administrators are. The claimed rows land in new_escalations.
 */
export const CLAIM_ESCALATIONS_SQL = `with claimed as (
         insert into task_escalations (user_id, checklist_item_id, manager_id, day)
         select t.id, t.item_id, m.id, $1::date
           from reminder_tasks t
           left join users m on m.id = t.manager_id and m.is_active and t.owner_type <> 'manager'
          where t.overdue_days >= $2::int
          order by t.id, t.item_id
         on conflict do nothing
         returning user_id, checklist_item_id, manager_id
       )
       insert into new_escalations (user_id, checklist_item_id, manager_id) select user_id, checklist_item_id, manager_id from claimed`;

/** The claimed escalations per person told: the manager, or every active administrator. */
export const ESCALATIONS_SQL = `with told as (
         select t.*, e.manager_id as told_manager_id, coalesce(e.manager_id, a.id) as recipient_id
           from new_escalations e
           join reminder_tasks t on t.id = e.user_id and t.item_id = e.checklist_item_id
           left join users a on e.manager_id is null and a.role_id = ${ADMIN_ROLE_ID} and a.is_active
       )
       select told.recipient_id, v.name, v.email, count(*)::int as total, bool_and(told.told_manager_id is not null) as as_manager,
              ${taskLines('told', 'false', '$1')} as tasks
         from told
         join users v on v.id = told.recipient_id
        group by told.recipient_id, v.name, v.email
        order by told.recipient_id`;

/** Adds many notifications in one statement, from parallel arrays. */
export const INSERT_NOTIFICATIONS_SQL = `insert into notifications (user_id, type, title, body, link)
       select * from unnest($1::int[], $2::varchar[], $3::varchar[], $4::text[], $5::varchar[])`;
