import { parseId } from '../../shared/ids';
import { invalid } from '../../shared/validation';

/**
 * Document rules (spec §5, §9; issue 7). 'Invalid URL format' is the spec's
 * wording and part of the contract (the client shows a 400's details as they
 * are); the others name what the spec leaves unworded.
 */
export const DOCUMENT_MESSAGES = {
  urlInvalid: 'Invalid URL format',
  urlTooLong: 'URL must be at most 2,048 characters',
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be at most 200 characters',
  descriptionInvalid: 'Description must be text',
  descriptionTooLong: 'Description must be at most 5,000 characters',
  classRequired: 'Document class is required',
  classUnknown: 'Unknown document class',
  policyFlagInvalid: 'is_company_policy must be true or false',
  invalidId: 'Invalid document id',
  notFound: 'Document not found',
  policyNotFound: 'Policy not found',
  searchInvalid: 'Search must be text of at most 200 characters',
  classFilterInvalid: 'Invalid document class id',
  sortInvalid: 'Sort must be name, date, modified or type',
  orderInvalid: 'Order must be asc or desc',
  pageInvalid: 'Page must be a positive integer',
  limitInvalid: 'Limit must be between 1 and 100',
  reportLimitInvalid: 'Limit must be between 1 and 5000',
  roleIdsInvalid: 'role_ids must be a list of role ids',
  tooManyRoles: 'A document can be given to at most 100 roles',
  roleUnknown: (id: number) => `Unknown role: ${id}`,
  linkNotFound: 'This document is not linked to that checklist item',
} as const;

export const DOCUMENT_LIMITS = {
  titleMax: 200,
  descriptionMax: 5_000,
  urlMax: 2_048,
  searchMax: 200,
  pageSizeDefault: 20,
  pageSizeMax: 100,
  rolesMax: 100,
  /** Pending users listed per policy in the acknowledgement report (the counts are always complete). */
  reportUsersDefault: 500,
  reportUsersMax: 5_000,
} as const;

/** Spec §9 sort keys: name (title), date (created), modified (updated), type (class name). */
export const DOCUMENT_SORTS = ['name', 'date', 'modified', 'type'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Without `order`: names and types read A→Z, dates newest first. */
export const DEFAULT_ORDER: Record<DocumentSort, SortOrder> = { name: 'asc', type: 'asc', date: 'desc', modified: 'desc' };

/** The list query as received: REST query string values or typed GraphQL arguments. */
export interface ListQueryInput {
  search?: unknown;
  class_id?: unknown;
  /** Alias of class_id (the field name of the Document shape). */
  document_class_id?: unknown;
  sort?: unknown;
  order?: unknown;
  page?: unknown;
  limit?: unknown;
}

export interface ListQuery {
  search: string;
  classId: number | null;
  sort: DocumentSort;
  order: SortOrder;
  page: number;
  limit: number;
}

/** A create or update body as received (REST JSON or GraphQL input). */
export interface DocumentInput {
  title?: unknown;
  description?: unknown;
  url?: unknown;
  document_class_id?: unknown;
  is_company_policy?: unknown;
}

/** A validated body; `undefined` means "not given" (kept on update). */
export interface ValidDocument {
  title: string;
  description: string | null | undefined;
  url: string | null | undefined;
  classId: number | undefined;
  isCompanyPolicy: boolean | undefined;
}

/**
 * PostgreSQL text cannot hold U+0000 (the write would fail as a server error)
 * and it never means anything in a title or link: dropped from every string.
 */
function clean(value: unknown): unknown {
  return typeof value === 'string' ? value.replaceAll('\u0000', '') : value;
}

/** Characters as PostgreSQL's varchar(n) counts them: code points, not UTF-16 units. */
function charLength(text: string): number {
  return [...text].length;
}

/**
 * Spec §5: a document link is http or https only. Parsed with the WHATWG URL
 * parser (what browsers use), after trimming the ends. Refused: other schemes
 * (javascript:, data:, ftp:, mailto:…), relative paths, any whitespace inside,
 * a scheme not followed by `//` (`https:example.com`, which parsers would
 * quietly repair) and a URL without a host. The text is kept as written.
 */
export function validateDocumentUrl(raw: string): { url: string } | { error: string } {
  const url = raw.trim();
  if (charLength(url) > DOCUMENT_LIMITS.urlMax) return { error: DOCUMENT_MESSAGES.urlTooLong };
  if (!/^https?:\/\//i.test(url) || /\s/.test(url)) return { error: DOCUMENT_MESSAGES.urlInvalid };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { error: DOCUMENT_MESSAGES.urlInvalid };
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.hostname === '') return { error: DOCUMENT_MESSAGES.urlInvalid };
  return { url };
}

/**
 * Create and update share the rules. Title is required on both (PUT
 * semantics, like roles); on update every other field left out keeps its
 * value, and `null` (or '') clears the description or the link.
 */
export function validateDocumentInput(raw: DocumentInput, mode: 'create' | 'update'): ValidDocument {
  const details: string[] = [];

  const rawTitle = clean(raw.title);
  const title = typeof rawTitle === 'string' ? rawTitle.trim() : '';
  if (title === '') details.push(DOCUMENT_MESSAGES.titleRequired);
  else if (charLength(title) > DOCUMENT_LIMITS.titleMax) details.push(DOCUMENT_MESSAGES.titleTooLong);

  let description: string | null | undefined;
  const rawDescription = clean(raw.description);
  if (rawDescription === undefined) description = mode === 'create' ? null : undefined;
  else if (rawDescription === null) description = null;
  else if (typeof rawDescription !== 'string') details.push(DOCUMENT_MESSAGES.descriptionInvalid);
  else if (charLength(rawDescription.trim()) > DOCUMENT_LIMITS.descriptionMax) details.push(DOCUMENT_MESSAGES.descriptionTooLong);
  else description = rawDescription.trim() === '' ? null : rawDescription.trim();

  let url: string | null | undefined;
  const rawUrl = clean(raw.url);
  if (rawUrl === undefined) url = mode === 'create' ? null : undefined;
  else if (rawUrl === null || (typeof rawUrl === 'string' && rawUrl.trim() === '')) url = null;
  else if (typeof rawUrl !== 'string') details.push(DOCUMENT_MESSAGES.urlInvalid);
  else {
    const checked = validateDocumentUrl(rawUrl);
    if ('error' in checked) details.push(checked.error);
    else url = checked.url;
  }

  let classId: number | undefined;
  if (raw.document_class_id === undefined || raw.document_class_id === null) {
    if (mode === 'create') details.push(DOCUMENT_MESSAGES.classRequired);
  } else {
    const id = optionalId(raw.document_class_id);
    if (id === null) details.push(DOCUMENT_MESSAGES.classUnknown);
    else classId = id;
  }

  let isCompanyPolicy: boolean | undefined;
  if (raw.is_company_policy === undefined || raw.is_company_policy === null) isCompanyPolicy = mode === 'create' ? false : undefined;
  else if (typeof raw.is_company_policy === 'boolean') isCompanyPolicy = raw.is_company_policy;
  else details.push(DOCUMENT_MESSAGES.policyFlagInvalid);

  if (details.length > 0) throw invalid(details);
  return { title, description, url, classId, isCompanyPolicy };
}

/** A positive int4 id, or null for anything else. */
function optionalId(raw: unknown): number | null {
  try {
    return parseId(raw, DOCUMENT_MESSAGES.invalidId);
  } catch {
    return null;
  }
}

/** A query-string value: one string (express gives arrays for repeated keys), a GraphQL number, or absent. */
function scalar(raw: unknown): string | number | undefined | null {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === 'string' || typeof raw === 'number') return raw;
  return null;
}

function integerIn(raw: unknown, min: number, max: number): number | null {
  const value = scalar(raw);
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (!/^\d{1,9}$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

/** GET /documents query: search, class filter, sort/order and page/limit. Every problem is listed. */
export function parseListQuery(input: ListQueryInput): ListQuery {
  const details: string[] = [];

  let search = '';
  const rawSearch = scalar(clean(input.search));
  if (rawSearch === null || typeof rawSearch === 'number') details.push(DOCUMENT_MESSAGES.searchInvalid);
  else if (rawSearch !== undefined) {
    search = rawSearch.trim();
    if (charLength(search) > DOCUMENT_LIMITS.searchMax) details.push(DOCUMENT_MESSAGES.searchInvalid);
  }

  let classId: number | null = null;
  const rawClass = input.class_id ?? input.document_class_id;
  if (rawClass !== undefined && rawClass !== null && rawClass !== '') {
    const id = scalar(rawClass) === null ? null : optionalId(rawClass);
    if (id === null) details.push(DOCUMENT_MESSAGES.classFilterInvalid);
    else classId = id;
  }

  let sort: DocumentSort = 'name';
  const rawSort = scalar(input.sort);
  if (rawSort !== undefined && rawSort !== '') {
    if (typeof rawSort === 'string' && (DOCUMENT_SORTS as readonly string[]).includes(rawSort)) sort = rawSort as DocumentSort;
    else details.push(DOCUMENT_MESSAGES.sortInvalid);
  }

  let order: SortOrder = DEFAULT_ORDER[sort];
  const rawOrder = scalar(input.order);
  if (rawOrder !== undefined && rawOrder !== '') {
    const lower = typeof rawOrder === 'string' ? rawOrder.toLowerCase() : '';
    if ((SORT_ORDERS as readonly string[]).includes(lower)) order = lower as SortOrder;
    else details.push(DOCUMENT_MESSAGES.orderInvalid);
  }

  let page = 1;
  if (input.page !== undefined && input.page !== '') {
    const n = integerIn(input.page, 1, 1_000_000);
    if (n === null) details.push(DOCUMENT_MESSAGES.pageInvalid);
    else page = n;
  }

  let limit: number = DOCUMENT_LIMITS.pageSizeDefault;
  if (input.limit !== undefined && input.limit !== '') {
    const n = integerIn(input.limit, 1, DOCUMENT_LIMITS.pageSizeMax);
    if (n === null) details.push(DOCUMENT_MESSAGES.limitInvalid);
    else limit = n;
  }

  if (details.length > 0) throw invalid(details);
  return { search, classId, sort, order, page, limit };
}

/** PUT /documents/{id}/roles body: `role_ids`, a list of distinct role ids (at most 100; [] hides the document from everyone but administrators). */
export function parseRoleIds(raw: unknown): number[] {
  if (!Array.isArray(raw)) throw invalid([DOCUMENT_MESSAGES.roleIdsInvalid]);
  const ids = new Set<number>();
  for (const value of raw as unknown[]) {
    const id = typeof value === 'number' || typeof value === 'string' ? optionalId(value) : null;
    if (id === null) throw invalid([DOCUMENT_MESSAGES.roleIdsInvalid]);
    ids.add(id);
  }
  if (ids.size > DOCUMENT_LIMITS.rolesMax) throw invalid([DOCUMENT_MESSAGES.tooManyRoles]);
  return [...ids].sort((a, b) => a - b);
}

/** The report's `limit`: pending users listed per policy. */
export function parseReportLimit(raw: unknown): number {
  if (raw === undefined || raw === null || raw === '') return DOCUMENT_LIMITS.reportUsersDefault;
  const n = integerIn(raw, 1, DOCUMENT_LIMITS.reportUsersMax);
  if (n === null) throw invalid([DOCUMENT_MESSAGES.reportLimitInvalid]);
  return n;
}

export function parseDocumentId(raw: unknown): number {
  return parseId(raw, DOCUMENT_MESSAGES.invalidId);
}
