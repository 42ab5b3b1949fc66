/**
 * The list page's search and filters, kept in the address (`?q=&visibility=&dateRange=&tag=&sort=&page=`)
 * so a reload, the back button or a shared link shows the same list. Pure: parse and serialise.
 */
import type { JournalDateRange, JournalEntriesFilter, JournalSortField, JournalSortOrder, JournalVisibilityFilter } from '../../__generated__/graphql';

export const VISIBILITY_FILTERS = ['all', 'private', 'shared'] as const satisfies readonly JournalVisibilityFilter[];
export const DATE_RANGES = ['any', 'week', 'month', 'year'] as const;
export type DateRangeOption = (typeof DATE_RANGES)[number];
/** Sort field and direction as one choice (created_at, updated_at, title; default created_at descending). */
export const SORT_OPTIONS = ['created_at:desc', 'created_at:asc', 'updated_at:desc', 'title:asc', 'title:desc'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

/** Entries per page. */
export const PAGE_SIZE = 10;

export interface JournalFilters {
  q: string;
  visibility: JournalVisibilityFilter;
  dateRange: DateRangeOption;
  /** '' for every tag. */
  tag: string;
  sort: SortOption;
  page: number;
}

export const DEFAULT_FILTERS: JournalFilters = { q: '', visibility: 'all', dateRange: 'any', tag: '', sort: 'created_at:desc', page: 1 };

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function filtersFromParams(params: URLSearchParams): JournalFilters {
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    visibility: pick(params.get('visibility'), VISIBILITY_FILTERS, DEFAULT_FILTERS.visibility),
    dateRange: pick(params.get('dateRange'), DATE_RANGES, DEFAULT_FILTERS.dateRange),
    tag: params.get('tag') ?? '',
    sort: pick(params.get('sort'), SORT_OPTIONS, DEFAULT_FILTERS.sort),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Only what differs from the defaults, so the plain list has a plain address. */
export function filtersToParams(filters: JournalFilters): URLSearchParams {
  const params = new URLSearchParams();
  (Object.keys(DEFAULT_FILTERS) as Array<keyof JournalFilters>).forEach((key) => {
    if (filters[key] !== DEFAULT_FILTERS[key]) params.set(key, String(filters[key]));
  });
  return params;
}

/** Whether anything narrows the list (the page then says "no match" rather than "no entries yet"). */
export function isFiltered(filters: JournalFilters): boolean {
  return filters.q.trim() !== '' || filters.visibility !== 'all' || filters.dateRange !== 'any' || filters.tag !== '';
}

/** The GraphQL filter argument for a page of the list or the search. */
export function toQueryFilter(filters: JournalFilters, pageSize: number = PAGE_SIZE): JournalEntriesFilter {
  const [sort, order] = filters.sort.split(':') as [JournalSortField, JournalSortOrder];
  return {
    visibility: filters.visibility,
    ...(filters.dateRange !== 'any' ? { dateRange: filters.dateRange as JournalDateRange } : {}),
    ...(filters.tag !== '' ? { tag: filters.tag } : {}),
    sort,
    order,
    page: filters.page,
    limit: pageSize,
  };
}
