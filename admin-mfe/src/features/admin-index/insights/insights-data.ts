import { ADMIN_CHARTS_TEXT as T } from '@embark/shared-ui/page-text/admin';
import type { AdminInsightsQuery } from '../../../__generated__/graphql';

/* The charts' data shaped once, for the chart and its table alike, so both always show the same numbers. */

export type Insights = AdminInsightsQuery['adminInsights'];
export type OverdueRow = Insights['overdue_by_role'][number];
export type SlowRow = Insights['slowest_items'][number];

/** The days the cohorts are read at, in the order the server sends them. */
export function cohortDays(insights: Insights): number[] {
  return insights.cohorts[0]?.days.map((d) => d.day) ?? [];
}

/** One row per start month: its hires and the share complete at each day (null: not yet). */
export interface CohortRow {
  month: string;
  label: string;
  hires: number;
  shares: Record<string, number | null>;
}

/** "2025-03" → "Mar 2025", in UTC so no time zone moves the month. */
export function monthLabel(month: string): string {
  const [year, mon] = month.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (mon ?? 1) - 1, 1)).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

export function cohortRows(insights: Insights): CohortRow[] {
  return insights.cohorts.map((c) => ({
    month: c.month,
    label: monthLabel(c.month),
    hires: c.hires,
    shares: Object.fromEntries(c.days.map((d) => [`d${d.day}`, d.observed ? (d.share ?? null) : null])),
  }));
}

/** The chart's text alternative in one sentence: how many months, and the latest month read at day 30. */
export function cohortSummary(rows: CohortRow[]): string {
  const latest = [...rows].reverse().find((r) => r.shares.d30 !== null && r.shares.d30 !== undefined);
  return T.cohortsSummary(rows.length, latest?.label ?? '', latest?.shares.d30 ?? null);
}

export const OWNER_KEYS = ['new_hire', 'manager', 'buddy', 'role'] as const;

export function overdueSummary(rows: OverdueRow[]): string {
  const top = rows[0];
  const total = rows.reduce((sum, r) => sum + r.total, 0);
  return T.overdueSummary(total, rows.length, top?.role_name ?? '', top?.total ?? 0);
}

export function slowSummary(rows: SlowRow[]): string {
  const top = rows[0];
  return T.slowSummary(rows.length, top?.title ?? '', top?.median_days ?? 0);
}
