import type { DataSource } from 'typeorm';
import { ADMIN_ROLE_ID, requireAdmin, type Actor } from '../../shared/actor';
import type { Clock } from '../../shared/clock';
import { queryRows } from '../../shared/sql';
import { companyDay, completionRate } from '../checklist';
import { COHORTS_SQL, OVERDUE_BY_ROLE_SQL, SLOWEST_ITEMS_SQL, type CohortRow } from './insights.sql';
import type { AdminInsightsType, CohortType, OverdueByRoleType, SlowItemType } from './insights.types';

/**
 * The pictures of how onboarding goes (docs/product.md#insights), for
 * administrators only: completion by start-month cohort, overdue tasks by
 * role and owner, the slowest items. Read-only; three set-based statements
 * over the checklist's rules, on the company's day at the clock's now.
 */
export class InsightsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  async insights(actor: Actor): Promise<AdminInsightsType> {
    requireAdmin(actor);
    const { today } = await companyDay(this.dataSource, this.clock());
    const [cohortRows, overdue, slowest] = await Promise.all([
      queryRows<CohortRow>(this.dataSource, COHORTS_SQL, [today, ADMIN_ROLE_ID]),
      queryRows<OverdueByRoleType>(this.dataSource, OVERDUE_BY_ROLE_SQL, [today, ADMIN_ROLE_ID]),
      queryRows<SlowItemType>(this.dataSource, SLOWEST_ITEMS_SQL, [ADMIN_ROLE_ID]),
    ]);
    return { as_of: today, cohorts: toCohorts(cohortRows), overdue_by_role: overdue, slowest_items: slowest };
  }
}

/** One cohort per month from the rows (ordered by month, then day); a day not yet observed shows no numbers. */
function toCohorts(rows: CohortRow[]): CohortType[] {
  const byMonth = new Map<string, CohortType>();
  for (const row of rows) {
    let cohort = byMonth.get(row.month);
    if (!cohort) {
      cohort = { month: row.month, hires: row.hires, days: [] };
      byMonth.set(row.month, cohort);
    }
    cohort.days.push({
      day: row.day,
      observed: row.observed,
      complete: row.observed ? row.complete : null,
      share: row.observed ? completionRate(row.complete, row.hires) : null,
    });
  }
  return [...byMonth.values()];
}
