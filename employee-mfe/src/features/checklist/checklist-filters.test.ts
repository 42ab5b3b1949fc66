import { applyFilters, DEFAULT_FILTERS, filtersFromSearch, filtersToSearch, hasActiveFilters, type FilterableTask } from './checklist-filters';


const TASKS: FilterableTask[] = [
  { id: 1, item_order: 3, type: 'form', priority: 'high', completed: false, daysUntilDue: -2 }, // overdue
  { id: 2, item_order: 1, type: 'policy', priority: 'medium', completed: true, daysUntilDue: -5 }, // done late: not overdue
  { id: 3, item_order: 2, type: 'training', priority: 'low', completed: false, daysUntilDue: 0 }, // due today
  { id: 4, item_order: 5, type: 'form', priority: 'low', completed: false, daysUntilDue: 7 }, // this week (edge)
  { id: 5, item_order: 4, type: 'meeting', priority: 'high', completed: false, daysUntilDue: 8 }, // later
  { id: 6, item_order: 4, type: 'sop', priority: 'medium', completed: true, daysUntilDue: 1 },
];
const ids = (filters: Partial<typeof DEFAULT_FILTERS>) => applyFilters(TASKS, { ...DEFAULT_FILTERS, ...filters }).map((t) => t.id);

describe('checklist filters', () => {
  it('sorts by item_order ascending by default (ties by id) and keeps every task', () => {
    expect(ids({})).toEqual([2, 3, 1, 5, 6, 4]);
  });

  it.each([
    ['completed', [2, 6]],
    ['pending', [3, 1, 5, 4]],
    ['overdue', [1]],
  ] as const)('status %s', (status, expected) => {
    expect(ids({ status })).toEqual(expected);
  });

  it.each([
    ['today', [3]],
    ['week', [3, 6, 4]],
    ['overdue', [1]],
  ] as const)('due date %s (week: today up to 7 days ahead)', (due, expected) => {
    expect(ids({ due })).toEqual(expected);
  });

  it('filters by type and priority, and combines every filter', () => {
    expect(ids({ type: 'form' })).toEqual([1, 4]);
    expect(ids({ priority: 'high' })).toEqual([1, 5]);
    expect(ids({ type: 'form', status: 'pending', due: 'week' })).toEqual([4]);
    expect(ids({ type: 'meeting', status: 'completed' })).toEqual([]);
  });

  it('leaves out tasks without a due date from the due filters', () => {
    const undated: FilterableTask = { id: 9, item_order: 0, type: 'form', priority: 'low', completed: false, daysUntilDue: null };
    expect(applyFilters([undated], { ...DEFAULT_FILTERS, due: 'week' })).toEqual([]);
    expect(applyFilters([undated], { ...DEFAULT_FILTERS, status: 'pending' })).toEqual([undated]);
  });

  it('reads and writes the query string, ignoring unknown values and leaving out defaults', () => {
    expect(filtersFromSearch(new URLSearchParams('status=overdue&type=sop&due=week&priority=low'))).toEqual({
      status: 'overdue',
      type: 'sop',
      due: 'week',
      priority: 'low',
    });
    expect(filtersFromSearch(new URLSearchParams('status=done&type=toString&due='))).toEqual(DEFAULT_FILTERS);
    expect(filtersToSearch({ ...DEFAULT_FILTERS, type: 'form', priority: 'high' }).toString()).toBe('type=form&priority=high');
    expect(hasActiveFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, due: 'today' })).toBe(true);
  });
});
