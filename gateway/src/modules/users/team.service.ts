import type { DataSource, EntityManager } from 'typeorm';
import { requireUser, type Actor } from '../../shared/actor';
import { queryRows } from '../../shared/sql';
import type { TeamMemberType } from './user.type';

/**
 * The checklist's rules that a report over users' tasks splices into its SQL
 * (docs/product.md#due-dates, #overdue, #progress). The checklist owns them;
 * services.ts hands them in, so the users module, which the checklist builds
 * on, never imports the checklist.
 */
export interface TaskRules {
  /** SQL: the due date of item `item` for user `user` with progress row `progress` (aliases). */
  dueDateSql(user: string, item: string, progress: string): string;
  /** SQL: the progress row says done (null without a row). */
  completedSql(progress: string): string;
  /** SQL: the task is open and due before `today` (a placeholder holding a YYYY-MM-DD date). */
  overdueSql(today: string, user: string, item: string, progress: string): string;
  /** SQL: item `item` is the hire's own task, not one their manager, buddy or a team does for them. */
  ownTaskSql(item: string): string;
  /** round(100 × done / total), 0 without tasks. */
  completionPercentage(done: number, total: number): number;
}

/**
 * The company's calendar date now, YYYY-MM-DD, in the company time zone
 * (docs/product.md#due-dates): the checklist's calendar answers, read in
 * `manager`'s transaction when given.
 */
export type CompanyToday = (manager?: EntityManager) => Promise<string>;

interface TeamRow {
  id: number;
  name: string;
  email: string;
  role_id: number;
  role_name: string;
  start_date: string;
  total: number;
  completed: number;
  overdue: number;
  next_item_id: number | null;
  next_title: string | null;
  next_due: string | null;
  next_owner_type: string | null;
  next_owner_role_name: string | null;
}

/**
 * My team: a manager's direct reports (active users whose manager is the
 * viewer) with their onboarding, in one set-based statement whatever the size
 * of the team. Anyone signed in may ask; someone who manages nobody gets an
 * empty list.
 */
export class TeamService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rules: TaskRules,
    private readonly today: CompanyToday,
  ) {}

  /**
   * GET /team, `myTeam`: sorted by name, judged on the company's today. Progress counts the report's own
   * tasks only (docs/product.md#progress); overdue and the next task cover every open task about them,
   * whoever does it, so an escalated task (IT's laptop, the buddy's tour) shows where the escalation links.
   */
  async myTeam(actor: Actor): Promise<TeamMemberType[]> {
    const { userId } = requireUser(actor);
    const { dueDateSql, completedSql, overdueSql, ownTaskSql } = this.rules;
    const rows = await queryRows<TeamRow>(
      this.dataSource,
      `with reports as (
         select u.id, u.name, u.email, u.role_id, r.name as role_name, u.start_date
           from users u join roles r on r.id = u.role_id
          where u.manager_id = $1 and u.is_active
       ), tasks as (
         select u.id as user_id, ci.id as item_id, ci.title, ci.item_order, ci.owner_type, ci.owner_role_id,
                ${ownTaskSql('ci')} as own,
                coalesce(${completedSql('up')}, false) as done,
                ${overdueSql('$2', 'u', 'ci', 'up')} as overdue,
                ${dueDateSql('u', 'ci', 'up')} as due
           from reports u
           join role_checklist_items rci on rci.role_id = u.role_id
           join checklist_items ci on ci.id = rci.checklist_item_id
           left join user_progress up on up.user_id = u.id and up.checklist_item_id = ci.id
       ), stats as (
         select user_id, (count(*) filter (where own))::int as total, (count(*) filter (where own and done))::int as completed,
                (count(*) filter (where overdue))::int as overdue
           from tasks group by user_id
       ), next as (
         select distinct on (t.user_id) t.user_id, t.item_id, t.title, t.due, t.owner_type, owner_role.name as owner_role_name
           from tasks t left join roles owner_role on owner_role.id = t.owner_role_id
          where not t.done
          order by t.user_id, t.due, t.item_order, t.item_id
       )
       select r.id, r.name, r.email, r.role_id, r.role_name, to_char(r.start_date, 'YYYY-MM-DD') as start_date,
              coalesce(s.total, 0) as total, coalesce(s.completed, 0) as completed, coalesce(s.overdue, 0) as overdue,
              n.item_id as next_item_id, n.title as next_title, to_char(n.due, 'YYYY-MM-DD') as next_due,
              n.owner_type as next_owner_type, n.owner_role_name as next_owner_role_name
         from reports r
         left join stats s on s.user_id = r.id
         left join next n on n.user_id = r.id
        order by lower(r.name), r.id`,
      [userId, await this.today()],
    );
    return rows.map((row) => ({
      user: { id: row.id, name: row.name, email: row.email, role_id: row.role_id, role_name: row.role_name, start_date: row.start_date },
      stats: {
        completed: row.completed,
        total: row.total,
        overdue: row.overdue,
        completionPercentage: this.rules.completionPercentage(row.completed, row.total),
        nextDue:
          row.next_item_id !== null && row.next_title !== null && row.next_due !== null && row.next_owner_type !== null
            ? { item_id: row.next_item_id, title: row.next_title, dueDate: row.next_due, owner_type: row.next_owner_type, owner_role_name: row.next_owner_role_name }
            : null,
      },
    }));
  }
}
