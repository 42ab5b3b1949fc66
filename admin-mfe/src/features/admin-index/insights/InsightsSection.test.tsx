import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AdminInsightsDocument } from '../../../__generated__/graphql';
import { seriousViolations } from '../../../shared/axe';
import { LOADING_DELAY_MS, renderAdmin, type Mocks } from '../../../shared/test-utils';
import { InsightsSection } from './InsightsSection';

const day = (d: number, share: number | null, complete: number | null = share === null ? null : 1) => ({ __typename: 'CohortDay' as const, day: d, observed: share !== null, complete, share });

// With __typename, as the server answers (the generated result types leave it out).
const INSIGHTS = {
  __typename: 'AdminInsights',
  as_of: '2025-06-20',
  cohorts: [
    { __typename: 'Cohort', month: '2025-03', hires: 3, days: [day(7, 33), day(14, 67), day(30, 67), day(60, 67)] },
    { __typename: 'Cohort', month: '2025-05', hires: 2, days: [day(7, 50), day(14, 50), day(30, null), day(60, null)] },
  ],
  overdue_by_role: [
    { __typename: 'OverdueByRole', role_id: 5, role_name: 'Software Engineer', new_hire: 3, manager: 5, buddy: 4, role: 1, total: 13 },
    { __typename: 'OverdueByRole', role_id: 6, role_name: 'Sales Associate', new_hire: 1, manager: 0, buddy: 0, role: 1, total: 2 },
  ],
  slowest_items: [
    { __typename: 'SlowItem', item_id: 29, title: 'On-call training', owner_type: 'new_hire' as const, due_days: 21, completions: 73, median_days: 14.5 },
    { __typename: 'SlowItem', item_id: 8, title: 'Security awareness training', owner_type: 'new_hire' as const, due_days: 7, completions: 270, median_days: 9 },
  ],
};

const answer = (adminInsights: typeof INSIGHTS): Mocks[number] => ({ request: { query: AdminInsightsDocument }, result: { data: { adminInsights } }, maxUsageCount: 3 });

/** The rows of a table as text, cell by cell. */
function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent ?? ''));
}

/** The panel (section) of the chart titled `title`. */
function panel(title: string): HTMLElement {
  return screen.getByRole('region', { name: title });
}

describe('the Administration index charts', () => {
  it('shows a loading state, then each chart as an image with a summary', async () => {
    await renderAdmin(<InsightsSection />, [{ ...answer(INSIGHTS), delay: LOADING_DELAY_MS }]);
    expect(screen.getByRole('status').textContent).toContain('Loading the charts');
    expect(await screen.findByText('Active hires (administrators not counted), as of Jun 20, 2025.', {}, { timeout: LOADING_DELAY_MS + 2000 })).toBeTruthy();
    const images = await screen.findAllByRole('img', {}, { timeout: 10_000 });
    const names = images.map((img) => img.getAttribute('aria-label') ?? img.querySelector('title')?.textContent);
    expect(names).toEqual([
      'Line chart of 2 start months. The latest month 30 days in, Mar 2025, had 67% of hires complete by day 30.',
      'Stacked bar chart: 15 overdue tasks across 2 roles; the most in Software Engineer (13).',
      'Bar chart of the 2 slowest items; the slowest, On-call training, takes a median of 14.5 days.',
    ]);
    for (const img of images) expect(img.tagName.toLowerCase()).toBe('svg');
    expect(await seriousViolations()).toEqual([]);
  });

  it('"Show as table" shows the same numbers in a captioned table, and back', async () => {
    await renderAdmin(<InsightsSection />, [answer(INSIGHTS)]);
    await screen.findByRole('region', { name: 'Completion by start month' });

    const cohortToggle = within(panel('Completion by start month')).getByRole('button', { name: 'Show as table' });
    expect(cohortToggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(cohortToggle);
    expect(cohortToggle.getAttribute('aria-pressed')).toBe('true');
    const cohorts = within(panel('Completion by start month')).getByRole('table', { name: 'Share of hires complete, by start month' });
    expect(rowsOf(cohorts)).toEqual([
      ['Start month', 'Hires', 'Day 7', 'Day 14', 'Day 30', 'Day 60'],
      ['Mar 2025', '3', '33%', '67%', '67%', '67%'],
      ['May 2025', '2', '50%', '50%', 'not yet', 'not yet'],
    ]);

    fireEvent.click(within(panel('Overdue tasks by role')).getByRole('button', { name: 'Show as table' }));
    expect(rowsOf(screen.getByRole('table', { name: 'Overdue tasks by role and owner' }))).toEqual([
      ['Role', 'New hire', 'Manager', 'Buddy', 'Team', 'Total'],
      ['Software Engineer', '3', '5', '4', '1', '13'],
      ['Sales Associate', '1', '0', '0', '1', '2'],
    ]);

    fireEvent.click(within(panel('Slowest checklist items')).getByRole('button', { name: 'Show as table' }));
    expect(rowsOf(screen.getByRole('table', { name: 'Slowest checklist items by median days' }))).toEqual([
      ['Checklist item', 'Median days', 'Completed', 'Due after (working days)'],
      ['On-call training', '14.5', '73', '21'],
      ['Security awareness training', '9', '270', '7'],
    ]);
    expect(await seriousViolations()).toEqual([]);

    fireEvent.click(cohortToggle);
    expect(cohortToggle.getAttribute('aria-pressed')).toBe('false');
    expect(within(panel('Completion by start month')).queryByRole('table')).toBeNull();
  });

  it('says so when there is nothing to chart, without a table toggle', async () => {
    await renderAdmin(<InsightsSection />, [answer({ ...INSIGHTS, cohorts: [], overdue_by_role: [], slowest_items: [] })]);
    expect(await screen.findByText('No hires in the last 12 months')).toBeTruthy();
    expect(screen.getByText('No overdue tasks')).toBeTruthy();
    expect(screen.getByText('No completed tasks yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show as table' })).toBeNull();
    expect(await seriousViolations()).toEqual([]);
  });

  it('offers a retry when loading fails, and shows the charts after it', async () => {
    await renderAdmin(<InsightsSection />, [{ request: { query: AdminInsightsDocument }, error: new Error('offline') }, answer(INSIGHTS)]);
    expect(await screen.findByText('Failed to load the charts')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Overdue tasks by role' })).toBeTruthy());
  });
});
