/*
 * The reports module's public face: CSV reports streamed from the database
 * (docs/product.md#reports). It reads through the owners of each fact and
 * writes no table.
 */
export { ACKNOWLEDGEMENT_STATUSES, AuditReportQuery, OverdueReportQuery, PoliciesReportQuery, UsersReportQuery } from './reports.schemas';
export { OWNER_LABELS, REPORT_COLUMNS, REPORT_MESSAGES, type ReportName } from './reports.messages';
export { ReportsService } from './reports.service';
export { reportsRouter } from './reports.routes';
