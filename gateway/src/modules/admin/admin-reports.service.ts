import type { DataSource } from 'typeorm';
import { ADMIN_ROLE_ID, requireAdmin, type Actor } from '../../shared/actor';
import type { Clock } from '../../shared/clock';
import { queryRows } from '../../shared/sql';
import { completionPercentage, overdueSql, todayUtc } from '../checklist';
import { parseAuditListQuery, type AuditListInput } from './admin.validation';

/** Onboarding health of one role, over its active users (every role but the administrators'). */
export interface RoleHealthView {
  role_id: number;
  role_name: string;
  /** Checklist items the role gets. */
  checklist_items: number;
  /** Active users holding the role. */
  users: number;
  /** Of those, whose start date is within the last 30 days (today included). */
  new_hires: number;
  /** Of those, who completed every item of a non-empty checklist. */
  finished_users: number;
  /** users × the role's items. */
  assigned_tasks: number;
  completed_tasks: number;
  /** round(100 × completed / assigned); null when nothing is assigned. */
  completion_rate: number | null;
  /** Assigned tasks not completed whose due date (start date + due_days) is before today. */
  overdue_tasks: number;
}

/** GET /admin/stats: the Administration index's numbers. */
export interface AdminStatsView {
  /** The UTC date the numbers are computed for (YYYY-MM-DD). */
  as_of: string;
  counts: { users: number; active_users: number; roles: number; checklist_items: number; documents: number };
  new_hires_last_30_days: number;
  users_finished: number;
  /** Over every active user's assigned tasks; null when nothing is assigned. */
  completion_rate: number | null;
  overdue_tasks: number;
  roles: RoleHealthView[];
}

/** One audited change (GET /admin/audit). */
export interface AuditEntryView {
  id: number;
  action: string;
  actor_user_id: number | null;
  /** The actor's current name; null for anonymous attempts or a deleted account. */
  actor_name: string | null;
  target_type: string | null;
  target_id: string | null;
  /** What changed: `before`/`after` images for changes, a reason for sign-in failures. Never secrets. */
  details: Record<string, unknown>;
  created_at: string;
}

export interface AuditPage {
  data: AuditEntryView[];
  total: number;
  page: number;
  limit: number;
}

/** The window of "new hires". */
export const NEW_HIRE_DAYS = 30;

/**
 * Actions that are not changes to the portal's data: sign-in traffic and
 * failed checks. The "changes" category leaves them out (they dominate the
 * log and would bury every administrator's change).
 */
const NOT_CHANGES = `(a.action like 'auth.%' or a.action = '2fa.check_failure')`;

/**
 * What the Administration index reports (issue 8 item 1): counts, onboarding
 * health per role and the latest audited changes. Read-only and
 * administrator-only. The health numbers come from ONE set-based statement
 * (users × their role's items × their progress, grouped), never from a loop
 * over users, and apply the checklist's own rules: due = start date +
 * due_days, overdue = not completed and due before today (UTC, from the
 * injected clock), percentage = round(100 × done / total).
 *
 * Deactivated users and administrators (role 4, with no checklist of their
 * own) are counted in `counts.users` but left out of the health numbers and
 * the per-role rows: they are not onboarding.
 */
export class AdminReportsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  async stats(actor: Actor): Promise<AdminStatsView> {
    requireAdmin(actor);
    const today = todayUtc(this.clock());
    const [counts] = await queryRows<AdminStatsView['counts']>(
      this.dataSource,
      `select (select count(*) from users)::int as users,
              (select count(*) from users where is_active)::int as active_users,
              (select count(*) from roles)::int as roles,
              (select count(*) from checklist_items)::int as checklist_items,
              (select count(*) from documents)::int as documents`,
    );
    const rows = await queryRows<Omit<RoleHealthView, 'completion_rate'>>(
      this.dataSource,
      `with per_user as (
         select u.id, u.role_id, u.start_date,
                count(rci.checklist_item_id) as total,
                count(up.id) filter (where up.status = 'completed') as done,
                count(rci.checklist_item_id) filter (where ${overdueSql('$1')}) as overdue
           from users u
           left join role_checklist_items rci on rci.role_id = u.role_id
           left join checklist_items ci on ci.id = rci.checklist_item_id
           left join user_progress up on up.user_id = u.id and up.checklist_item_id = rci.checklist_item_id
          where u.is_active and u.role_id <> $2
          group by u.id, u.role_id, u.start_date
       ), items as (
         select role_id, count(*) as n from role_checklist_items group by role_id
       )
       select r.id as role_id, r.name as role_name,
              coalesce(max(i.n), 0)::int as checklist_items,
              count(pu.id)::int as users,
              count(pu.id) filter (where pu.start_date > $1::date - ${NEW_HIRE_DAYS} and pu.start_date <= $1::date)::int as new_hires,
              count(pu.id) filter (where pu.total > 0 and pu.done = pu.total)::int as finished_users,
              coalesce(sum(pu.total), 0)::int as assigned_tasks,
              coalesce(sum(pu.done), 0)::int as completed_tasks,
              coalesce(sum(pu.overdue), 0)::int as overdue_tasks
         from roles r
         left join per_user pu on pu.role_id = r.id
         left join items i on i.role_id = r.id
        where r.id <> $2
        group by r.id
        order by r.id`,
      [today, ADMIN_ROLE_ID],
    );
    const roles = rows.map((r) => ({ ...r, completion_rate: r.assigned_tasks > 0 ? completionPercentage(r.completed_tasks, r.assigned_tasks) : null }));
    const sum = (pick: (r: RoleHealthView) => number) => roles.reduce((total, r) => total + pick(r), 0);
    const assigned = sum((r) => r.assigned_tasks);
    return {
      as_of: today,
      counts: counts ?? { users: 0, active_users: 0, roles: 0, checklist_items: 0, documents: 0 },
      new_hires_last_30_days: sum((r) => r.new_hires),
      users_finished: sum((r) => r.finished_users),
      completion_rate: assigned > 0 ? completionPercentage(sum((r) => r.completed_tasks), assigned) : null,
      overdue_tasks: sum((r) => r.overdue_tasks),
      roles,
    };
  }

  /**
   * GET /admin/audit: the latest audited entries, newest first. Category
   * `changes` (default) lists changes to the portal's data (administrators'
   * changes, users' 2FA settings, registrations); `all` adds sign-in traffic.
   */
  async auditLog(actor: Actor, input: AuditListInput): Promise<AuditPage> {
    requireAdmin(actor);
    const query = parseAuditListQuery(input);
    const where = query.category === 'changes' ? `not ${NOT_CHANGES}` : 'true';
    const [count] = await queryRows<{ total: number }>(this.dataSource, `select count(*)::int as total from audit_log a where ${where}`);
    const rows = await queryRows<Omit<AuditEntryView, 'id' | 'created_at'> & { id: string | number; created_at: Date }>(
      this.dataSource,
      `select a.id, a.action, a.actor_user_id, actor.name as actor_name, a.target_type, a.target_id, a.details, a.created_at
         from audit_log a
         left join users actor on actor.id = a.actor_user_id
        where ${where}
        order by a.created_at desc, a.id desc
        limit $1 offset $2`,
      [query.limit, (query.page - 1) * query.limit],
    );
    return {
      // bigint ids come back as strings; the log will not pass 2^53 rows.
      data: rows.map((r) => ({ ...r, id: Number(r.id), created_at: r.created_at.toISOString() })),
      total: count?.total ?? 0,
      page: query.page,
      limit: query.limit,
    };
  }
}
