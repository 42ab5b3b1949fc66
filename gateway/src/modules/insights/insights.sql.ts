import { anchorSql, companyTodaySql, completedSql, dueDateJoinsSql, overdueSql, ownTaskSql } from '../checklist';

/*
 * The statements behind the administration index's charts (docs/product.md#insights).
 * Read-only and set-based: each is one statement over users × their role's
 * items × their progress. The due-date, overdue, completed and own-task rules
 * are the checklist's fragments, spliced in, never restated. Administrators
 * are left out, as the health per role leaves them out.
 */

/** The days after a start date at which a cohort's completion is read. */
export const COHORT_DAYS = [7, 14, 30, 60] as const;

/** How many start months back the cohorts reach, the current month included. */
export const COHORT_MONTHS = 12;

/**
 * Per start month (of the last COHORT_MONTHS, up to today) and per day of
 * COHORT_DAYS: how many active hires with at least one task of their own
 * started that month, whether every one of them started at least `day`
 * calendar days ago (observed), and how many had completed all their own
 * tasks by start + `day` (the company date of their last completion).
 * $1 the company's today (YYYY-MM-DD), $2 the administrators' role id.
 */
export const COHORTS_SQL = `with hires as (
         select u.id, u.start_date,
                count(*) filter (where ${completedSql('up')} is not true) as open_tasks,
                max(${companyTodaySql('up.completed_at')}) as finished_on
           from users u
           join role_checklist_items rci on rci.role_id = u.role_id
           join checklist_items ci on ci.id = rci.checklist_item_id and ${ownTaskSql('ci')}
           left join user_progress up on up.user_id = u.id and up.checklist_item_id = ci.id
          where u.is_active and u.role_id <> $2
            and u.start_date <= $1::date
            and u.start_date >= (date_trunc('month', $1::date) - interval '${COHORT_MONTHS - 1} months')::date
          group by u.id, u.start_date
       ), per_hire as (
         select date_trunc('month', start_date)::date as month, start_date,
                case when open_tasks = 0 then finished_on - start_date end as days_to_finish
           from hires
       )
       select to_char(month, 'YYYY-MM') as month, d.day::int as day,
              count(*)::int as hires,
              (max(start_date) + d.day <= $1::date) as observed,
              count(*) filter (where days_to_finish <= d.day)::int as complete
         from per_hire
        cross join unnest(array[${COHORT_DAYS.join(', ')}]) as d(day)
        group by month, d.day
        order by month, d.day`;

/**
 * Overdue tasks on $1 of active users, per the users' role and split by who
 * owns the task: every owner type counts, not only the hire's own. Only roles
 * with an overdue task, the most first. $1 and $2 as for COHORTS_SQL.
 */
export const OVERDUE_BY_ROLE_SQL = `select r.id as role_id, r.name as role_name,
              count(*) filter (where ci.owner_type = 'new_hire')::int as new_hire,
              count(*) filter (where ci.owner_type = 'manager')::int as manager,
              count(*) filter (where ci.owner_type = 'buddy')::int as buddy,
              count(*) filter (where ci.owner_type = 'role')::int as role,
              count(*)::int as total
         from users u
         join roles r on r.id = u.role_id
         join role_checklist_items rci on rci.role_id = u.role_id
         join checklist_items ci on ci.id = rci.checklist_item_id
         left join user_progress up on up.user_id = u.id and up.checklist_item_id = ci.id
         ${dueDateJoinsSql('due')}
        where u.is_active and u.role_id <> $2
          and ${overdueSql('$1', 'u', 'ci', 'up', 'due')}
        group by r.id
        order by total desc, r.id`;

/** How many items the slowest list shows. */
export const SLOWEST_ITEMS = 10;

/**
 * The checklist items that take longest: per item, over active users'
 * completed tasks, the median of calendar days from the task's anchor (the
 * start date, or a re-onboarding's day) to the company date of its
 * completion. The median, so one task left for months does not rank an item
 * above one that is slow for everyone. Slowest first. $1 the
 * administrators' role id.
 */
export const SLOWEST_ITEMS_SQL = `select ci.id as item_id, ci.title, ci.owner_type, ci.due_days,
              count(*)::int as completions,
              round((percentile_cont(0.5) within group (order by ${companyTodaySql('up.completed_at')} - ${anchorSql('u', 'up')}))::numeric, 1)::float8 as median_days
         from user_progress up
         join users u on u.id = up.user_id
         join checklist_items ci on ci.id = up.checklist_item_id
        where u.is_active and u.role_id <> $1
          and ${completedSql('up')} and up.completed_at is not null
        group by ci.id
        order by median_days desc, ci.id
        limit ${SLOWEST_ITEMS}`;

/** A row of COHORTS_SQL. */
export interface CohortRow {
  month: string;
  day: number;
  hires: number;
  observed: boolean;
  complete: number;
}
