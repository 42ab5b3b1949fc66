import { DOCUMENTS } from '@embark/shared-ui';
import type { LibraryDocument } from './api/documents-api';

/** Filters by category and by view status (all, viewed, unviewed); sort by name, date, modified, type. */
export const VIEW_STATUSES = ['all', 'viewed', 'unviewed'] as const;
export type ViewStatus = (typeof VIEW_STATUSES)[number];
export const DOCUMENT_SORTS = ['name', 'date', 'modified', 'type'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

export interface DocumentFilters {
  /** Words to find in the title or description ('' for none). */
  q: string;
  /** A document class id, or null for every category. */
  category: number | null;
  status: ViewStatus;
  sort: DocumentSort;
}

export const DEFAULT_FILTERS: DocumentFilters = { q: '', category: null, status: 'all', sort: 'name' };

/** The filters live in the URL (`?q=&category=&status=&sort=`), so a filtered view can be shared and survives a reload. */
export function filtersFromSearch(params: URLSearchParams): DocumentFilters {
  const category = Number(params.get('category'));
  const status = params.get('status') as ViewStatus | null;
  const sort = params.get('sort') as DocumentSort | null;
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    category: Number.isInteger(category) && category > 0 ? category : null,
    status: status && VIEW_STATUSES.includes(status) ? status : DEFAULT_FILTERS.status,
    sort: sort && DOCUMENT_SORTS.includes(sort) ? sort : DEFAULT_FILTERS.sort,
  };
}

/** Only what differs from the defaults, so a plain library has a plain URL. */
export function filtersToSearch(filters: DocumentFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim() !== '') params.set('q', filters.q);
  if (filters.category !== null) params.set('category', String(filters.category));
  if (filters.status !== DEFAULT_FILTERS.status) params.set('status', filters.status);
  if (filters.sort !== DEFAULT_FILTERS.sort) params.set('sort', filters.sort);
  return params;
}

/** Whether anything narrows the list (the sort does not). */
export function hasActiveFilters(filters: DocumentFilters): boolean {
  return filters.q.trim() !== '' || filters.category !== null || filters.status !== 'all';
}

const byText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true });
const byTime = (a: string, b: string) => Date.parse(b) - Date.parse(a);

/** The same orders as the gateway's `sort`: names A→Z, dates newest first, types A→Z then by name; ties by id. */
export function sortDocuments(documents: readonly LibraryDocument[], sort: DocumentSort): LibraryDocument[] {
  const compare: Record<DocumentSort, (a: LibraryDocument, b: LibraryDocument) => number> = {
    name: (a, b) => byText(a.title, b.title),
    date: (a, b) => byTime(a.created_at, b.created_at),
    modified: (a, b) => byTime(a.updated_at, b.updated_at),
    type: (a, b) => byText(a.document_class_name, b.document_class_name) || byText(a.title, b.title),
  };
  return [...documents].sort((a, b) => compare[sort](a, b) || a.id - b.id);
}

/** Every word of the query must appear in the title or description (case and accents ignored). */
function matchesQuery(doc: LibraryDocument, q: string): boolean {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
  const haystack = fold(`${doc.title} ${doc.description ?? ''}`);
  return fold(q)
    .split(/\s+/)
    .filter((word) => word !== '')
    .every((word) => haystack.includes(word));
}

/** The library as shown: filtered by query, category and view status, then sorted. `isViewed` merges server and local state. */
export function applyFilters(documents: readonly LibraryDocument[], filters: DocumentFilters, isViewed: (doc: LibraryDocument) => boolean): LibraryDocument[] {
  const shown = documents.filter(
    (doc) =>
      (filters.category === null || doc.document_class_id === filters.category) &&
      (filters.status === 'all' || (filters.status === 'viewed') === isViewed(doc)) &&
      (filters.q.trim() === '' || matchesQuery(doc, filters.q)),
  );
  return sortDocuments(shown, filters.sort);
}

/** Recent documents (5): the newest additions to the role's library. */
export function recentDocuments(documents: readonly LibraryDocument[], count: number = DOCUMENTS.recentCount): LibraryDocument[] {
  return sortDocuments(documents, 'date').slice(0, count);
}
