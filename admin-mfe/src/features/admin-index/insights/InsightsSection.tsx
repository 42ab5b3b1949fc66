import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Button, Card, EmptyList, ErrorState, formatCalendarDate, LoadingState, parseCalendarDate } from '@embark/shared-ui';
import { ADMIN_CHARTS_TEXT as T } from '@embark/shared-ui/page-text/admin';
import { useAdminInsights } from '../api/useAdminInsights';
import { cohortDays, cohortRows, cohortSummary, OWNER_KEYS, overdueSummary, slowSummary, type CohortRow, type OverdueRow, type SlowRow } from './insights-data';
import './insights.css';

// recharts arrives in its own chunk, after the index has painted (docs/bundles.md).
const charts = () => import(/* webpackChunkName: "admin-charts" */ './InsightsCharts');
const CohortChart = lazy(() => charts().then((m) => ({ default: m.CohortChart })));
const OverdueChart = lazy(() => charts().then((m) => ({ default: m.OverdueChart })));
const SlowItemsChart = lazy(() => charts().then((m) => ({ default: m.SlowItemsChart })));

/** One chart with its title, what it shows, and a toggle to the same numbers as a table. */
function ChartPanel({ title, note, empty, chart, table }: { title: string; note: string; empty: ReactNode | null; chart: ReactNode; table: ReactNode }) {
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  return (
    <section className="adm-chart" aria-labelledby={headingId}>
      <div className="adm-chart__head">
        <h3 id={headingId} className="adm-chart__title">
          {title}
        </h3>
        {empty ? null : (
          <Button variant="secondary" size="sm" aria-pressed={asTable} onClick={() => setAsTable((on) => !on)}>
            {T.showTable}
          </Button>
        )}
      </div>
      <p className="adm-muted adm-chart__note">{note}</p>
      {empty ?? (asTable ? table : <Suspense fallback={<LoadingState label={T.chartLoading} />}>{chart}</Suspense>)}
    </section>
  );
}

/** A scrollable table with its caption, as the index's other tables. */
function ChartTable({ caption, head, children }: { caption: string; head: ReactNode; children: ReactNode }) {
  return (
    <div className="ui-table-wrap adm-table" role="region" aria-label={caption} tabIndex={0}>
      <table className="ui-table">
        <caption>{caption}</caption>
        <thead>{head}</thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function CohortTable({ rows, days }: { rows: CohortRow[]; days: number[] }) {
  return (
    <ChartTable
      caption={T.cohortsTable}
      head={
        <tr>
          <th scope="col">{T.cohortsMonth}</th>
          <th scope="col" className="ui-table__cell--end">
            {T.cohortsHires}
          </th>
          {days.map((day) => (
            <th key={day} scope="col" className="ui-table__cell--end">
              {T.cohortsDay(day)}
            </th>
          ))}
        </tr>
      }
    >
      {rows.map((row) => (
        <tr key={row.month}>
          <th scope="row">{row.label}</th>
          <td className="ui-table__cell--end">{row.hires}</td>
          {days.map((day) => {
            const share = row.shares[`d${day}`];
            return (
              <td key={day} className="ui-table__cell--end">
                {share === null || share === undefined ? <span className="adm-muted">{T.notYet}</span> : `${share}%`}
              </td>
            );
          })}
        </tr>
      ))}
    </ChartTable>
  );
}

function OverdueTable({ rows }: { rows: OverdueRow[] }) {
  return (
    <ChartTable
      caption={T.overdueTable}
      head={
        <tr>
          <th scope="col">{T.overdueRole}</th>
          {OWNER_KEYS.map((key) => (
            <th key={key} scope="col" className="ui-table__cell--end">
              {T.owner[key]}
            </th>
          ))}
          <th scope="col" className="ui-table__cell--end">
            {T.overdueTotal}
          </th>
        </tr>
      }
    >
      {rows.map((row) => (
        <tr key={row.role_id}>
          <th scope="row">{row.role_name}</th>
          {OWNER_KEYS.map((key) => (
            <td key={key} className="ui-table__cell--end">
              {row[key]}
            </td>
          ))}
          <td className="ui-table__cell--end">{row.total}</td>
        </tr>
      ))}
    </ChartTable>
  );
}

function SlowTable({ rows }: { rows: SlowRow[] }) {
  return (
    <ChartTable
      caption={T.slowTable}
      head={
        <tr>
          <th scope="col">{T.slowItem}</th>
          <th scope="col" className="ui-table__cell--end">
            {T.slowMedian}
          </th>
          <th scope="col" className="ui-table__cell--end">
            {T.slowCompletions}
          </th>
          <th scope="col" className="ui-table__cell--end">
            {T.slowDue}
          </th>
        </tr>
      }
    >
      {rows.map((row) => (
        <tr key={row.item_id}>
          <th scope="row">{row.title}</th>
          <td className="ui-table__cell--end">{row.median_days}</td>
          <td className="ui-table__cell--end">{row.completions}</td>
          <td className="ui-table__cell--end">{row.due_days}</td>
        </tr>
      ))}
    </ChartTable>
  );
}

/** The index charts (docs/product.md#insights): cohorts, overdue by role and owner, the slowest items. */
export function InsightsSection() {
  const { data, error, refetch } = useAdminInsights();
  const insights = data?.adminInsights;
  if (!insights) {
    return (
      <Card title={T.heading} className="adm-insights">
        {error ? <ErrorState message={T.failed} onRetry={() => void refetch()} /> : <LoadingState label={T.loading} />}
      </Card>
    );
  }
  const asOf = parseCalendarDate(insights.as_of);
  const days = cohortDays(insights);
  const cohorts = cohortRows(insights);
  const overdue = insights.overdue_by_role;
  const slow = insights.slowest_items;
  return (
    <Card title={T.heading} className="adm-insights">
      {asOf ? <p className="adm-muted">{T.lead(formatCalendarDate(asOf))}</p> : null}
      <div className="adm-charts">
        <ChartPanel
          title={T.cohortsHeading}
          note={T.cohortsNote}
          empty={cohorts.length === 0 ? <EmptyList title={T.cohortsEmpty} hint={T.cohortsEmptyHint} icon="users" /> : null}
          chart={<CohortChart rows={cohorts} days={days} label={cohortSummary(cohorts)} />}
          table={<CohortTable rows={cohorts} days={days} />}
        />
        <ChartPanel
          title={T.overdueHeading}
          note={T.overdueNote}
          empty={overdue.length === 0 ? <EmptyList title={T.overdueEmpty} hint={T.overdueEmptyHint} icon="checklist" /> : null}
          chart={<OverdueChart rows={overdue} label={overdueSummary(overdue)} />}
          table={<OverdueTable rows={overdue} />}
        />
        <ChartPanel
          title={T.slowHeading}
          note={T.slowNote}
          empty={slow.length === 0 ? <EmptyList title={T.slowEmpty} hint={T.slowEmptyHint} icon="clock" /> : null}
          chart={<SlowItemsChart rows={slow} label={slowSummary(slow)} />}
          table={<SlowTable rows={slow} />}
        />
      </div>
    </Card>
  );
}
