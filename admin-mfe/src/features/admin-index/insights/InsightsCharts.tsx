import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ADMIN_CHARTS_TEXT as T } from '@embark/shared-ui/page-text/admin';
import { OWNER_KEYS, type CohortRow, type OverdueRow, type SlowRow } from './insights-data';

/*
 * The recharts side of the index charts, in a chunk of its own (InsightsSection
 * loads it lazily), so the index paints before the chart library arrives.
 * Each SVG is one image with a summary for screen readers; its table is the
 * full text alternative.
 */

const HEIGHT = 280;
// Distinguishable in colour and in greyscale; the table carries the numbers either way.
const SERIES = ['#1d4ed8', '#0f766e', '#b45309', '#7c3aed'];

/** The svg of a chart as one image with `label` as its name (recharts' own keyboard layer is off: the table is the accessible view). */
function imageProps(label: string) {
  return { role: 'img', title: label, accessibilityLayer: false, responsive: true, style: { width: '100%', height: HEIGHT } } as const;
}

export function CohortChart({ rows, days, label }: { rows: CohortRow[]; days: number[]; label: string }) {
  return (
    <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 0 }} {...imageProps(label)}>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey="label" />
      <YAxis domain={[0, 100]} unit="%" width={48} />
      <Tooltip formatter={(value) => (value === null || value === undefined ? T.notYet : `${String(value)}%`)} />
      <Legend />
      {days.map((day, i) => (
        <Line key={day} type="monotone" dataKey={(row: CohortRow) => row.shares[`d${day}`]} name={T.cohortsDay(day)} stroke={SERIES[i % SERIES.length]} strokeWidth={2} connectNulls={false} isAnimationActive={false} />
      ))}
    </LineChart>
  );
}

/** The owner counts under keys that are not HTML attributes: recharts copies a row's fields onto its bars, and `role` would become an ARIA role. */
function ownerSeries(rows: OverdueRow[]) {
  return rows.map((row) => ({ role_name: row.role_name, series: OWNER_KEYS.map((key) => row[key]) }));
}

export function OverdueChart({ rows, label }: { rows: OverdueRow[]; label: string }) {
  return (
    <BarChart data={ownerSeries(rows)} margin={{ top: 8, right: 16, bottom: 8, left: 0 }} {...imageProps(label)}>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey="role_name" />
      <YAxis allowDecimals={false} width={48} />
      <Tooltip />
      <Legend />
      {OWNER_KEYS.map((key, i) => (
        <Bar key={key} dataKey={(row: ReturnType<typeof ownerSeries>[number]) => row.series[i]} name={T.owner[key]} stackId="owner" fill={SERIES[i % SERIES.length]} isAnimationActive={false} />
      ))}
    </BarChart>
  );
}

export function SlowItemsChart({ rows, label }: { rows: SlowRow[]; label: string }) {
  return (
    <BarChart data={rows} layout="vertical" margin={{ top: 8, right: 24, bottom: 8, left: 8 }} {...imageProps(label)} style={{ width: '100%', height: Math.max(HEIGHT, rows.length * 34 + 60) }}>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis type="number" unit=" d" />
      <YAxis type="category" dataKey="title" width={220} />
      <Tooltip />
      <Bar dataKey="median_days" name={T.slowMedian} fill={SERIES[0]} isAnimationActive={false} />
    </BarChart>
  );
}
