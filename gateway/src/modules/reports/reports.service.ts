import type { DataSource } from 'typeorm';
import type { ReportsConfig } from '../../config';
import { ADMIN_ROLE_ID, requireAdmin, type Actor } from '../../shared/actor';
import { SqlParams } from '../../shared/sql';
import { invalid, parseInput } from '../../shared/validation';
import { auditCategorySql } from '../audit';
import { companyTodaySql, completedSql, completionPercentage, dueDateJoinsSql, liveDueDateSql, overdueSql, ownTaskSql } from '../checklist';
import { POLICY_AUDIENCE_CTES } from '../documents';
import { userListOrderSql, userListWhereSql, type CompanyToday } from '../users';
import { openCsv, type CsvDownload, type CsvReport } from './reports.csv';
import { OWNER_LABELS, REPORT_COLUMNS, REPORT_MESSAGES, type ReportName } from './reports.messages';
import { AuditReportQuery, OverdueReportQuery, PoliciesReportQuery, UsersReportQuery } from './reports.schemas';

/** An instant as ISO 8601 text in UTC, written by PostgreSQL so no driver time zone can shift it. */
const utcSql = (instant: string) => `to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const yesNo = (value: boolean) => (value ? 'yes' : 'no');

interface UserReportRow {
  name: string;
  email: string;
  role_name: string;
  manager_name: string | null;
  start_date: string;
  total: number;
  done: number;
  overdue: number;
  completed_on: string | null;
}

interface PolicyReportRow {
  title: string;
  version: number;
  name: string;
  email: string;
  role_name: string;
  acknowledged: boolean;
  acknowledged_at: string | null;
}

interface OverdueReportRow {
  name: string;
  email: string;
  role_name: string;
  manager_name: string | null;
  title: string;
  type: string;
  owner_type: keyof typeof OWNER_LABELS;
  owner_name: string | null;
  due_date: string;
  days_overdue: number;
}

interface AuditReportRow {
  created_at: string;
  action: string;
  actor_name: string | null;
  actor_email: string | null;
  target_type: string | null;
  target_id: string | null;
  details: string;
}

/**
 * The CSV reports HR takes away (docs/product.md#reports), administrators
 * only: users with their progress, the policy acknowledgements, the overdue
 * tasks and the audit log, each with its admin screen's filters. Every fact
 * comes from its owner's SQL (the user list's filters, the checklist's due
 * date, overdue and progress rules, the policies' audience, the audit
 * categories); this module only picks columns and streams the rows.
 */
export class ReportsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly today: CompanyToday,
    private readonly config: ReportsConfig,
  ) {}

  /** users.csv: Manage Users' rows with progress over the hire's own tasks, overdue own tasks, and the day they finished. */
  async users(actor: Actor, input: unknown): Promise<CsvDownload> {
    requireAdmin(actor);
    const query = parseInput(UsersReportQuery, input);
    const today = await this.today();
    const params = new SqlParams();
    const day = params.add(today);
    const where = userListWhereSql(query, params);
    return this.open<UserReportRow>('users', today, {
      sql: `select u.name, u.email, r.name as role_name, m.name as manager_name, to_char(u.start_date, 'YYYY-MM-DD') as start_date,
                   p.total, p.done, p.overdue,
                   case when p.total > 0 and p.done = p.total then to_char(${companyTodaySql('p.last_done')}, 'YYYY-MM-DD') end as completed_on
              from users u
              join roles r on r.id = u.role_id
              left join users m on m.id = u.manager_id
              left join lateral (
                select count(*)::int as total,
                       (count(*) filter (where ${completedSql('up')}))::int as done,
                       (count(*) filter (where ${overdueSql(day, 'u', 'ci', 'up', 'due')}))::int as overdue,
                       max(up.completed_at) as last_done
                  from role_checklist_items rci
                  join checklist_items ci on ci.id = rci.checklist_item_id and ${ownTaskSql('ci')}
                  left join user_progress up on up.user_id = u.id and up.checklist_item_id = ci.id
                  ${dueDateJoinsSql('due')}
                 where rci.role_id = u.role_id
              ) p on true
             where ${where}
             order by ${userListOrderSql(query)}`,
      params: params.values,
      cells: (row) => [row.name, row.email, row.role_name, row.manager_name, row.start_date, completionPercentage(row.done, row.total), row.overdue, row.completed_on],
    });
  }

  /** policies.csv: per company policy (current version), each active user who sees it, acknowledged or not. */
  async policies(actor: Actor, input: unknown): Promise<CsvDownload> {
    requireAdmin(actor);
    const query = parseInput(PoliciesReportQuery, input);
    const params = new SqlParams();
    const where: string[] = ['true'];
    if (query.document_id !== null) where.push(`p.id = ${params.add(query.document_id)}`);
    if (query.status !== 'all') where.push(`au.acknowledged = ${params.add(query.status === 'acknowledged')}`);
    return this.open<PolicyReportRow>('policies', await this.today(), {
      sql: `with ${POLICY_AUDIENCE_CTES}
            select p.title, p.version, au.name, au.email, r.name as role_name, au.acknowledged, ${utcSql('au.acknowledged_at')} as acknowledged_at
              from policies p
              join audience au on au.document_id = p.id
              join roles r on r.id = au.role_id
             where ${where.join(' and ')}
             order by lower(p.title), p.id, au.acknowledged, lower(au.name), au.user_id`,
      params: params.values,
      cells: (row) => [row.title, row.version, row.name, row.email, row.role_name, yesNo(row.acknowledged), row.acknowledged_at],
    });
  }

  /**
   * overdue.csv: every overdue task about an active hire (whoever does it), most
   * overdue first, with who does it; days counted in calendar days, as screens word them.
   */
  async overdue(actor: Actor, input: unknown): Promise<CsvDownload> {
    requireAdmin(actor);
    const query = parseInput(OverdueReportQuery, input);
    const today = await this.today();
    const params = new SqlParams();
    const day = params.add(today);
    const where = [`u.is_active`, `u.role_id <> ${params.add(ADMIN_ROLE_ID)}`, overdueSql(day, 'u', 'ci', 'up')];
    if (query.role_id !== null) where.push(`u.role_id = ${params.add(query.role_id)}`);
    if (query.owner_type !== null) where.push(`ci.owner_type = ${params.add(query.owner_type)}`);
    return this.open<OverdueReportRow>('overdue', today, {
      sql: `select name, email, role_name, manager_name, title, type, owner_type, owner_name,
                   to_char(due, 'YYYY-MM-DD') as due_date, (${day}::date - due)::int as days_overdue
              from (
                select u.id, u.name, u.email, r.name as role_name, m.name as manager_name, ci.id as item_id, ci.item_order, ci.title, ci.type, ci.owner_type,
                       case ci.owner_type when 'manager' then m.name when 'buddy' then b.name when 'role' then owner_role.name else u.name end as owner_name,
                       ${liveDueDateSql('u', 'ci', 'up')} as due
                  from users u
                  join roles r on r.id = u.role_id
                  left join users m on m.id = u.manager_id
                  left join users b on b.id = u.buddy_id
                  join role_checklist_items rci on rci.role_id = u.role_id
                  join checklist_items ci on ci.id = rci.checklist_item_id
                  left join roles owner_role on owner_role.id = ci.owner_role_id
                  left join user_progress up on up.user_id = u.id and up.checklist_item_id = ci.id
                 where ${where.join(' and ')}
              ) t
             order by due, lower(name), id, item_order, item_id`,
      params: params.values,
      cells: (row) => [row.name, row.email, row.role_name, row.manager_name, row.title, row.type, OWNER_LABELS[row.owner_type], row.owner_name, row.due_date, row.days_overdue],
    });
  }

  /** audit.csv: the audit screen's entries, newest first, from and to days in the company's time zone (both included). */
  async audit(actor: Actor, input: unknown): Promise<CsvDownload> {
    requireAdmin(actor);
    const query = parseInput(AuditReportQuery, input);
    // YYYY-MM-DD compares as text.
    if (query.from !== null && query.to !== null && query.from > query.to) throw invalid([REPORT_MESSAGES.rangeInvalid]);
    const params = new SqlParams();
    const where = [auditCategorySql(query.category, 'a')];
    if (query.from !== null) where.push(`${companyTodaySql('a.created_at')} >= ${params.add(query.from)}::date`);
    if (query.to !== null) where.push(`${companyTodaySql('a.created_at')} <= ${params.add(query.to)}::date`);
    return this.open<AuditReportRow>('audit', await this.today(), {
      sql: `select ${utcSql('a.created_at')} as created_at, a.action, actor.name as actor_name, actor.email as actor_email,
                   a.target_type, a.target_id, a.details::text as details
              from audit_log a
              left join users actor on actor.id = a.actor_user_id
             where ${where.join(' and ')}
             order by a.created_at desc, a.id desc`,
      params: params.values,
      cells: (row) => [row.created_at, row.action, row.actor_name, row.actor_email, row.target_type, row.target_id, row.details],
    });
  }

  /** Opens report `name`, its file named for the company's today. */
  private open<Row>(name: ReportName, today: string, report: Omit<CsvReport<Row>, 'filename' | 'columns'>): Promise<CsvDownload> {
    return openCsv(this.dataSource, { ...report, filename: `${name}-${today}.csv`, columns: REPORT_COLUMNS[name] }, this.config.stallSeconds * 1000);
  }
}
