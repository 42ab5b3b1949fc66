/** The dashboard module's public surface: other modules import only this file. */
export { DashboardService } from './dashboard.service';
export { DASHBOARD_MESSAGES, DashboardListLimit } from './dashboard.schemas';
export { DashboardProgressType, DashboardType, NextStepType, RecentActivityType, UpcomingTaskType } from './dashboard.types';
export { DashboardResolver } from './dashboard.resolver';
