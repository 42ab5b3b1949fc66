import type { DataSource } from 'typeorm';
import { ADMIN_ROLE_ID, requireAdmin, type Actor } from '../../shared/actor';
import type { Clock } from '../../shared/clock';
import { NotFoundError } from '../../shared/errors';
import { queryRows } from '../../shared/sql';
import { completionPercentage, overdueSql, todayUtc, type ChecklistService } from '../checklist';
import { USER_MESSAGES, type UserAdminService } from '../users';
import { ADMIN_LIMITS } from './admin.messages';
import type { AdminStatsType, AdminUserProgressType, RoleHealthType } from './admin.types';

/**
 * What the Administration index reports (docs/product.md#admin): counts,
 * onboarding health per role and a user's progress (the audit log is
 * AuditService.list). Composition only: each number comes from its owner's rule
 * (checklist's due-date and overdue SQL, its percentage) or service. Read-only and
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
    private readonly checklist: ChecklistService,
    private readonly userAdmin: UserAdminService,
  ) {}

  async stats(actor: Actor): Promise<AdminStatsType> {
    requireAdmin(actor);
    const today = todayUtc(this.clock());
    const [counts] = await queryRows<AdminStatsType['counts']>(
      this.dataSource,
      `select (select count(*) from users)::int as users,
              (select count(*) from users where is_active)::int as active_users,
              (select count(*) from roles)::int as roles,
              (select count(*) from checklist_items)::int as checklist_items,
              (select count(*) from documents)::int as documents`,
    );
    const rows = await queryRows<Omit<RoleHealthType, 'completion_rate'>>(
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
              count(pu.id) filter (where pu.start_date > $1::date - ${ADMIN_LIMITS.newHireDays} and pu.start_date <= $1::date)::int as new_hires,
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
    const sum = (pick: (r: RoleHealthType) => number) => roles.reduce((total, r) => total + pick(r), 0);
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
   * GET /admin/users/{id}/checklist: the user as administrators see them, with
   * their checklist and its stats from one snapshot (ChecklistService.overview).
   */
  async userProgress(actor: Actor, rawId: unknown): Promise<AdminUserProgressType> {
    requireAdmin(actor);
    const overview = await this.checklist.overview(actor, rawId);
    const [user] = await this.userAdmin.views([overview.user.id]);
    if (!user) throw new NotFoundError(USER_MESSAGES.notFound);
    // The percentage of the same rows as the stats, as the overview computed it.
    return { user: { ...user, completion_percentage: overview.user.completion_percentage }, items: overview.items, stats: overview.stats };
  }
}
