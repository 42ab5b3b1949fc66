/**
 * Checklist filters (status all/completed/pending/overdue, type, due date today/week/overdue,
 * priority) and the default sort (item_order ascending). Pure, so the page, the URL and the tests
 * agree. Due filters read the server's days left, never the viewer's clock (docs/product.md#due-dates). Filters live in the URL (`?status=pending&type=form`), so a filtered view survives a reload
 * and the back button.
 */
import { CHECKLIST_DUE_WEEK_DAYS, taskUrgency, type TaskPriority, type TaskType } from '@embark/shared-ui';

export const STATUS_FILTERS = ['all', 'completed', 'pending', 'overdue'] as const;
export const DUE_FILTERS = ['all', 'today', 'week', 'overdue'] as const;
export const TYPE_FILTERS = ['all', 'form', 'policy', 'sop', 'training', 'meeting'] as const;
export const PRIORITY_FILTERS = ['all', 'high', 'medium', 'low'] as const;

export type StatusFilter = (typeof STATUS_FILTERS)[number];
export type DueFilter = (typeof DUE_FILTERS)[number];
export type TypeFilter = (typeof TYPE_FILTERS)[number];
export type PriorityFilter = (typeof PRIORITY_FILTERS)[number];

export interface ChecklistFilters {
  status: StatusFilter;
  type: TypeFilter;
  due: DueFilter;
  priority: PriorityFilter;
}

export const DEFAULT_FILTERS: ChecklistFilters = { status: 'all', type: 'all', due: 'all', priority: 'all' };

/** The fields the filters and the sort read; the generated checklist type satisfies it. */
export interface FilterableTask {
  id: number;
  type: TaskType | string;
  priority: TaskPriority | string;
  item_order: number;
  completed: boolean;
  /** The server's whole days from its today to the due date; null or absent: no due date. */
  daysUntilDue?: number | null;
}

function pick<T extends string>(allowed: readonly T[], value: string | null): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : (allowed[0] as T);
}

/** Filters from the query string; unknown or missing values fall back to 'all'. */
export function filtersFromSearch(params: URLSearchParams): ChecklistFilters {
  return {
    status: pick(STATUS_FILTERS, params.get('status')),
    type: pick(TYPE_FILTERS, params.get('type')),
    due: pick(DUE_FILTERS, params.get('due')),
    priority: pick(PRIORITY_FILTERS, params.get('priority')),
  };
}

/** The query string of a set of filters, leaving out the defaults (so the plain list is `/app/checklist`). */
export function filtersToSearch(filters: ChecklistFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['status', 'type', 'due', 'priority'] as const) {
    if (filters[key] !== DEFAULT_FILTERS[key]) params.set(key, filters[key]);
  }
  return params;
}

export function hasActiveFilters(filters: ChecklistFilters): boolean {
  return filtersToSearch(filters).size > 0;
}

function matchesStatus(task: FilterableTask, status: StatusFilter): boolean {
  switch (status) {
    case 'completed':
      return task.completed;
    case 'pending':
      return !task.completed;
    case 'overdue':
      return taskUrgency(task) === 'overdue';
    default:
      return true;
  }
}

function matchesDue(task: FilterableTask, due: DueFilter): boolean {
  if (due === 'all') return true;
  if (due === 'overdue') return taskUrgency(task) === 'overdue';
  const days = task.daysUntilDue;
  if (days === null || days === undefined) return false;
  return due === 'today' ? days === 0 : days >= 0 && days <= CHECKLIST_DUE_WEEK_DAYS;
}

/** The default sort: item_order ascending (ties by id, so the order is stable). */
export function byItemOrder(a: FilterableTask, b: FilterableTask): number {
  return a.item_order - b.item_order || a.id - b.id;
}

/** The tasks that pass every filter, in item_order. */
export function applyFilters<T extends FilterableTask>(tasks: readonly T[], filters: ChecklistFilters): T[] {
  return tasks
    .filter(
      (task) =>
        matchesStatus(task, filters.status) &&
        (filters.type === 'all' || task.type === filters.type) &&
        matchesDue(task, filters.due) &&
        (filters.priority === 'all' || task.priority === filters.priority),
    )
    .sort(byItemOrder);
}
