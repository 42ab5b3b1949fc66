/** The insights module's public surface: the administration index's chart data (read-only). */
export { InsightsService } from './insights.service';
export { COHORT_DAYS, SLOWEST_ITEMS } from './insights.sql';
export { AdminInsightsType, CohortDayType, CohortType, OverdueByRoleType, SlowItemType } from './insights.types';
export { InsightsResolver } from './insights.resolver';
export { insightsRouter } from './insights.routes';
