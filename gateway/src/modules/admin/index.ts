/** The admin module's public surface: the console's doors and its report composition. */
export { AdminReportsService, type AdminReportSources } from './admin-reports.service';
export { AdminChecklistItemResolver, AdminResolver } from './admin.resolver';
export { adminRouter } from './admin.routes';
export { AdminStatsType, AdminUserProgressType } from './admin.types';
