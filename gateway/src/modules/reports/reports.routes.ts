import { Router } from 'express';
import { actorOf, queryOf } from '../../http/actor';
import { documentRoute } from '../../http/openapi';
import type { Services } from '../../services';
import { z } from '../../shared/validation';
import { sendCsv } from './reports.csv';
import { REPORT_COLUMNS, type ReportName } from './reports.messages';
import { AuditReportQuery, OverdueReportQuery, PoliciesReportQuery, UsersReportQuery } from './reports.schemas';

/*
 * REST door of the CSV reports (docs/product.md#reports), administrators only
 * (401 anonymous, 403 anyone else, 400 for a bad filter: all JSON, before the
 * first byte). The file streams from the database as it is read.
 */

const tags = ['Reports'];
const REPORTS = [
  { name: 'users', summary: "Users with their progress (the hire's own tasks), overdue tasks and completion day, filtered and sorted as Manage Users", query: UsersReportQuery },
  { name: 'policies', summary: 'Per company policy, each active user who sees it and whether they acknowledged its current version', query: PoliciesReportQuery },
  { name: 'overdue', summary: 'Every overdue task of an active hire, most overdue first, with who does it', query: OverdueReportQuery },
  { name: 'audit', summary: 'The audit log, newest first, over a range of days in the company time zone', query: AuditReportQuery },
] as const satisfies ReadonlyArray<{ name: ReportName; summary: string; query: unknown }>;

for (const { name, summary, query } of REPORTS) {
  documentRoute({
    method: 'get', path: `/api/admin/reports/${name}.csv`, summary, tags, access: 'admin',
    request: { query },
    responses: {
      200: {
        description: `A CSV file (UTF-8 with a byte order mark, CRLF lines) whose header row is: ${REPORT_COLUMNS[name].join(', ')}. Cells a spreadsheet would read as formulas start with '.`,
        schema: z.string(),
        mediaType: 'text/csv',
      },
    },
    errors: [400],
  });
}

export function reportsRouter(services: Services): Router {
  const router = Router();
  const { reports } = services;

  router.get('/admin/reports/users.csv', async (req, res) => {
    await sendCsv(res, await reports.users(actorOf(req), queryOf(req)));
  });

  router.get('/admin/reports/policies.csv', async (req, res) => {
    await sendCsv(res, await reports.policies(actorOf(req), queryOf(req)));
  });

  router.get('/admin/reports/overdue.csv', async (req, res) => {
    await sendCsv(res, await reports.overdue(actorOf(req), queryOf(req)));
  });

  router.get('/admin/reports/audit.csv', async (req, res) => {
    await sendCsv(res, await reports.audit(actorOf(req), queryOf(req)));
  });

  return router;
}
