/** The dashboard module's public surface: other modules import only this file. */
export { DashboardService, DASHBOARD_MESSAGES } from './dashboard.service';
export { DashboardProgressType, DashboardType, NextStepType, RecentActivityType, UpcomingTaskType } from './dashboard.types';
export { DashboardResolver } from './dashboard.resolver';
