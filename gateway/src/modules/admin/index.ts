/** The admin module's public surface: the console's doors and its report composition. */
export { AdminReportsService } from './admin-reports.service';
export { AdminChecklistItemResolver, AdminResolver } from './admin.resolver';
export { adminRouter } from './admin.routes';
export { ADMIN_LIMITS } from './admin.messages';
export { AdminStatsType, AdminUserProgressType, RoleHealthType } from './admin.types';
