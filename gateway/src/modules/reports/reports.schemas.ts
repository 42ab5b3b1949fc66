import { choiceSchema, idSchema, isCalendarDate, optionalSchema, problem } from '../../shared/schemas';
import { z } from '../../shared/validation';
import { AuditListQuery } from '../audit';
import { OWNER_TYPES } from '../checklist';
import { UserListQuery } from '../users';
import { REPORT_MESSAGES as M } from './reports.messages';

/*
 * The filters of the CSV reports, one schema each, parsed by ReportsService.
 * Each takes the filters of its admin screen (the same schema, without the
 * paging: a report has every matching row).
 */

/** GET /admin/reports/users.csv: Manage Users' search, role, status and sort. */
export const UsersReportQuery = UserListQuery.omit({ page: true, limit: true }).openapi('UsersReportQuery');
export type UsersReportQuery = z.output<typeof UsersReportQuery>;

export const ACKNOWLEDGEMENT_STATUSES = ['all', 'acknowledged', 'pending'] as const;

/** GET /admin/reports/policies.csv: every policy's audience, or one policy's; everyone, or who has (not) acknowledged. */
export const PoliciesReportQuery = z
  .object({
    document_id: optionalSchema(idSchema(M.documentIdInvalid), null),
    status: optionalSchema(choiceSchema(ACKNOWLEDGEMENT_STATUSES, M.acknowledgementInvalid), 'all'),
  })
  .openapi('PoliciesReportQuery');
export type PoliciesReportQuery = z.output<typeof PoliciesReportQuery>;

/** GET /admin/reports/overdue.csv: the overdue tasks, of one role's hires or one kind of owner. */
export const OverdueReportQuery = z
  .object({
    role_id: optionalSchema(idSchema(M.roleFilterInvalid), null),
    owner_type: optionalSchema(choiceSchema(OWNER_TYPES, M.ownerTypeInvalid), null),
  })
  .openapi('OverdueReportQuery');
export type OverdueReportQuery = z.output<typeof OverdueReportQuery>;

/** A calendar day in the company's time zone, YYYY-MM-DD. */
const dayField = (message: string) =>
  optionalSchema(
    z
      .string({ error: message })
      .transform((raw, ctx) => (isCalendarDate(raw.trim()) ? raw.trim() : problem(ctx, message)))
      .openapi({ format: 'date', pattern: '^\\s*[0-9]{4}-[0-9]{2}-[0-9]{2}\\s*$' }),
    null,
  );

/**
 * GET /admin/reports/audit.csv: the audit screen's category, and a range of
 * days (company time zone), both ends included. That From is not after To is
 * the service's rule: the document cannot say it.
 */
export const AuditReportQuery = z
  .object({
    category: AuditListQuery.shape.category,
    from: dayField(M.fromInvalid),
    to: dayField(M.toInvalid),
  })
  .openapi('AuditReportQuery');
export type AuditReportQuery = z.output<typeof AuditReportQuery>;
