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
 * active user, into temporary tables of this transaction, in three steps:
 * every open task (the one scan of users × items × progress); the due date
 * of each distinct (start date, anchor, due days), a few thousand at most,
 * so the due-date rule runs once per date rather than once per task (at
 * 100,000 users, seconds instead of minutes); and the tasks due soon or
 * overdue, with `overdue_days` in working days (0: not overdue yet), which
 * both reminders read. Temporary tables, analysed, rather than one statement:
 * the planner cannot estimate "not completed" over an outer join and would
 * pick a nested loop over a million rows.
 */
export const COLLECT_TASKS_SQL: ReadonlyArray<{ text: string; dated: boolean }> = [
  {
    dated: false,
    text: `create temporary table reminder_open on commit drop as
     select u.id, u.name as hire_name, u.manager_id, u.buddy_id, u.start_date, up.anchor_date,
            ci.id as item_id, ci.title, ci.item_order, ci.owner_type, ci.owner_role_id, ci.due_days
       from users u
       join role_checklist_items rci on rci.role_id = u.role_id
       join checklist_items ci on ci.id = rci.checklist_item_id
       left join user_progress up on up.user_id = u.id and up.checklist_item_id = ci.id
      where u.is_active and ${completedSql('up')} is not true`,
  },
  { dated: false, text: 'analyze reminder_open' },
  {
    // $1: today; $2: the working days ahead that count as due soon.
    dated: true,
    text: `create temporary table reminder_dates on commit drop as
     select p.start_date, p.anchor_date, p.due_days, d.due,
            case when d.due < $1::date then ${workingDaysBetweenSql('d.due', '$1::date')} else 0 end as overdue_days
       from (select distinct start_date, anchor_date, due_days from reminder_open) p
      cross join lateral (select ${liveDueDateSql('p', 'p', 'p')} as due offset 0) d
      where d.due <= ${addWorkingDaysSql('$1::date', '$2::int')}`,
  },
  { dated: false, text: 'analyze reminder_dates' },
  {
    dated: false,
    text: `create temporary table reminder_tasks on commit drop as
     select o.id, o.hire_name, o.manager_id, o.buddy_id, o.item_id, o.title, o.item_order, o.owner_type, o.owner_role_id, dt.due, dt.overdue_days
       from reminder_open o
       join reminder_dates dt on dt.start_date = o.start_date and dt.due_days = o.due_days and dt.anchor_date is not distinct from o.anchor_date`,
  },
  { dated: false, text: 'analyze reminder_tasks' },
];

/**
 * Each digest recipient's tasks, into a temporary table: every task of
 * reminder_tasks with each active person who owns it (ownsTaskSql decides;
 * the candidates are the hire, the manager, the buddy, or every member of
 * the owning role), unless they turned the digest off.
 */
export const COLLECT_OWNED_SQL = [
  `create temporary table reminder_owned on commit drop as
     with candidates as (
       select t.*, case t.owner_type when 'new_hire' then t.id when 'manager' then t.manager_id when 'buddy' then t.buddy_id end as recipient_id
         from reminder_tasks t where t.owner_type <> 'role'
       union all
       select t.*, m.id from reminder_tasks t join users m on m.role_id = t.owner_role_id where t.owner_type = 'role'
     )
     select c.recipient_id, c.id, c.hire_name, c.item_id, c.item_order, c.due, c.overdue_days
       from candidates c
       join users v on v.id = c.recipient_id and v.is_active
      where ${ownsTaskSql('v', 'c', 'c')}
        and not exists (select 1 from notification_preferences p where p.user_id = v.id and not p.digest)`,
  'analyze reminder_owned',
];

/**
 * Claims today's digest of every recipient who has none yet: the primary key
 * (recipient, day) is the lock, so of two runs at once only one claims each
 * person (the other waits for it, then skips). Ordered, so concurrent runs
 * take the keys in the same order and never deadlock. The claimed
 * recipients land in new_digests.
 */
export const CLAIM_DIGESTS_SQL = `with claimed as (
         insert into reminder_digests (recipient_id, day, tasks)
         select recipient_id, $1::date, count(*) from reminder_owned group by recipient_id order by recipient_id
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

/**
 * The claimed digests: recipient, address, how many tasks, whether any is
 * someone else's, and the first $1 (most urgent first). A team member may own
 * thousands of tasks: the rows are ranked per recipient and only the listed
 * ones are turned into JSON.
 */
export const DIGESTS_SQL = `with ranked as (
         select o.*, row_number() over w as rank, count(*) over w_all as total, bool_or(o.id <> o.recipient_id) over w_all as for_others
           from reminder_owned o
           join new_digests n on n.recipient_id = o.recipient_id
         window w as (partition by o.recipient_id order by o.due, o.hire_name, o.item_order, o.item_id),
                w_all as (partition by o.recipient_id)
       ), listed as (
         select r.*, ci.title from ranked r join checklist_items ci on ci.id = r.item_id where r.rank <= $1::int
       )
       select l.recipient_id, v.name, v.email, max(l.total)::int as total, bool_or(l.for_others) as for_others,
              ${taskLines('l', 'l.id = l.recipient_id', '$1')} as tasks
         from listed l
         join users v on v.id = l.recipient_id
        group by l.recipient_id, v.name, v.email
        order by l.recipient_id`;

/*
 * Who hears of an escalation (docs/product.md#notifications): the hire's
 * active manager, unless the manager owns the task (telling them is the
 * digest's job); then, or without one, every active administrator. The
 * claim and the mails below both read these two conditions.
 */
/** SQL: `m` (users) is the manager told of task `t`'s escalation. */
const toldManagerSql = (t: string, m: string) => `${m}.id = ${t}.manager_id and ${m}.is_active and ${t}.owner_type <> 'manager'`;
/** SQL: `a` (users) is an active administrator. */
const activeAdminSql = (a: string) => `${a}.role_id = ${ADMIN_ROLE_ID} and ${a}.is_active`;

/**
 * Claims the escalation of every task overdue by $2 working days or more that
 * was never escalated and has someone to tell: the primary key (hire, item)
 * is the lock, once ever. A task with nobody to tell yet (no manager to tell
 * and no active administrator) stays unclaimed, so it escalates on the first
 * run after someone appears. The claimed rows land in new_escalations.
 */
export const CLAIM_ESCALATIONS_SQL = `with claimed as (
         insert into task_escalations (user_id, checklist_item_id, day)
         select t.id, t.item_id, $1::date
           from reminder_tasks t
          where t.overdue_days >= $2::int
            -- The administrators first: one lookup for the whole run, and the usual answer.
            and (exists (select 1 from users a where ${activeAdminSql('a')})
                 or exists (select 1 from users m where ${toldManagerSql('t', 'm')}))
          order by t.id, t.item_id
         on conflict do nothing
         returning user_id, checklist_item_id
       )
       insert into new_escalations (user_id, checklist_item_id) select user_id, checklist_item_id from claimed`;

/** The claimed escalations per person told: the manager, or every active administrator. */
export const ESCALATIONS_SQL = `with told as (
         select t.*, m.id as told_manager_id, coalesce(m.id, a.id) as recipient_id
           from new_escalations e
           join reminder_tasks t on t.id = e.user_id and t.item_id = e.checklist_item_id
           left join users m on ${toldManagerSql('t', 'm')}
           left join users a on m.id is null and ${activeAdminSql('a')}
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
