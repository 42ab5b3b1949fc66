import { INT4_MAX, parseId } from '../../shared/ids';
import { invalid } from '../../shared/validation';

/**
 * Journal rules (spec §5, §9). The first three messages are the spec's words:
 * the client kit shows a 400's `details` as they are, so they are part of the
 * contract. The others name what the spec leaves unworded.
 */
export const JOURNAL_MESSAGES = {
  contentRequired: 'Content is required',
  contentTooLong: 'Content must be less than 10,000 characters',
  titleTooLong: 'Title must be less than 200 characters',
  titleInvalid: 'Title must be text',
  visibilityInvalid: 'Visibility must be private or shared',
  tagsInvalid: 'Tags must be an array',
  tagTooLong: 'Tags must be less than 50 characters',
  tooManyTags: 'An entry can have at most 20 tags',
  linkedTasksInvalid: 'Linked tasks must be a list of task ids',
  linkedTaskUnknown: 'Linked tasks must be tasks of your checklist',
  tooManyLinkedTasks: 'An entry can link at most 50 tasks',
  invalidId: 'Invalid journal entry id',
  notFound: 'Journal entry not found',
  visibilityFilterInvalid: 'Visibility filter must be all, private or shared',
  dateRangeInvalid: 'Date range must be week, month or year',
  sortInvalid: 'Sort must be created_at, updated_at or title',
  orderInvalid: 'Order must be asc or desc',
  pageInvalid: 'Page must be a positive integer',
  limitInvalid: 'Limit must be between 1 and 100',
  popularLimitInvalid: 'Limit must be between 1 and 50',
  tagFilterInvalid: 'Tag must be text of less than 50 characters',
  queryInvalid: 'Search query must be text of less than 500 characters',
  userIdInvalid: 'Invalid user id',
  journalNotFound: 'Journal not found',
} as const;

/** Spec §9 limits, plus the bounds the spec leaves open. */
export const JOURNAL_LIMITS = {
  titleMax: 200,
  contentMax: 10_000,
  previewChars: 150,
  tagMax: 50,
  tagsPerEntry: 20,
  linkedTasksMax: 50,
  pageSizeDefault: 20,
  pageSizeMax: 100,
  popularDefault: 10,
  popularMax: 50,
  queryMax: 500,
  /** Words of a query turned into prefix terms; more add nothing but cost. */
  queryPrefixTerms: 16,
} as const;

export const VISIBILITIES = ['private', 'shared'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export const VISIBILITY_FILTERS = ['all', 'private', 'shared'] as const;
export type VisibilityFilter = (typeof VISIBILITY_FILTERS)[number];
export const DATE_RANGES = ['week', 'month', 'year'] as const;
export type DateRange = (typeof DATE_RANGES)[number];
export const SORT_FIELDS = ['created_at', 'updated_at', 'title'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** A body or query field as received: any JSON value (REST) or a typed one (GraphQL). */
export interface EntryInput {
  title?: unknown;
  content?: unknown;
  visibility?: unknown;
  tags?: unknown;
  linked_task_ids?: unknown;
  /** `{taskId}` of spec §3: links the task (first) when creating from a task. */
  taskContext?: unknown;
}

export interface ValidEntry {
  /** undefined: not given (kept on update, '' on create). */
  title: string | undefined;
  content: string;
  visibility: Visibility | undefined;
  tags: string[] | undefined;
  linkedTaskIds: number[] | undefined;
}

/**
 * PostgreSQL text cannot hold U+0000 (the insert would fail as a server
 * error), and it is never meaningful in a journal: it is dropped from every
 * string a client sends, including search text.
 */
export function withoutNul(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
}

/** Characters as PostgreSQL's char_length counts them (code points, not UTF-16 units). */
export function charLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Spec §9: the first 150 characters of the content (whole code points, never half a surrogate pair). */
export function previewOf(content: string): string {
  return Array.from(content).slice(0, JOURNAL_LIMITS.previewChars).join('');
}

function fail(details: string[]): never {
  // Spec §5: several journal errors are joined with commas.
  throw invalid(details);
}

/** Create and update share the rules; content is required on both (the editor always sends it). */
export function validateEntryInput(raw: EntryInput): ValidEntry {
  const details: string[] = [];
  const input = { ...raw, title: clean(raw.title), content: clean(raw.content), tags: cleanTags(raw.tags) };

  let title: string | undefined;
  if (input.title === undefined || input.title === null) title = undefined;
  else if (typeof input.title !== 'string') details.push(JOURNAL_MESSAGES.titleInvalid);
  else if (charLength(input.title.trim()) > JOURNAL_LIMITS.titleMax) details.push(JOURNAL_MESSAGES.titleTooLong);
  else title = input.title.trim();

  let content = '';
  if (typeof input.content !== 'string' || input.content.trim() === '') details.push(JOURNAL_MESSAGES.contentRequired);
  else if (charLength(input.content) > JOURNAL_LIMITS.contentMax) details.push(JOURNAL_MESSAGES.contentTooLong);
  // Kept as written (leading indentation and blank lines can be part of it); only the
  // "is there anything" check ignores whitespace.
  else content = input.content;

  let visibility: Visibility | undefined;
  if (input.visibility === undefined || input.visibility === null) visibility = undefined;
  else if (typeof input.visibility === 'string' && (VISIBILITIES as readonly string[]).includes(input.visibility)) visibility = input.visibility as Visibility;
  else details.push(JOURNAL_MESSAGES.visibilityInvalid);

  const tags = parseTags(input.tags, details);
  const linkedTaskIds = parseLinkedTasks(input.linked_task_ids, input.taskContext, details);

  if (details.length > 0) fail(details);
  return { title, content, visibility, tags, linkedTaskIds };
}

function clean(value: unknown): unknown {
  return typeof value === 'string' ? withoutNul(value) : value;
}

function cleanTags(value: unknown): unknown {
  return Array.isArray(value) ? value.map(clean) : clean(value);
}

/**
 * Tags as an array of strings or one comma-separated string (spec §3), always
 * stored as a list: trimmed, blanks dropped, duplicates ignoring case dropped
 * (the first spelling wins), order kept.
 */
export function parseTags(raw: unknown, details: string[]): string[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  let items: unknown[];
  if (typeof raw === 'string') items = raw.split(',');
  else if (Array.isArray(raw)) items = raw;
  else {
    details.push(JOURNAL_MESSAGES.tagsInvalid);
    return undefined;
  }
  if (!items.every((t): t is string => typeof t === 'string')) {
    details.push(JOURNAL_MESSAGES.tagsInvalid);
    return undefined;
  }
  const seen = new Set<string>();
  const tags: string[] = [];
  let tooLong = false;
  for (const item of items) {
    // Inner runs of whitespace (a pasted newline, a tab) become one space: a tag is a label.
    const tag = item.trim().replace(/\s+/g, ' ');
    if (tag === '') continue;
    if (charLength(tag) > JOURNAL_LIMITS.tagMax) tooLong = true;
    const key = tag.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  if (tooLong) details.push(JOURNAL_MESSAGES.tagTooLong);
  if (tags.length > JOURNAL_LIMITS.tagsPerEntry) details.push(JOURNAL_MESSAGES.tooManyTags);
  return tags;
}

/** A positive int4 id, or null: list items are checked together, so this one does not throw. */
function positiveId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^[1-9]\d{0,9}$/.test(text) && Number(text) <= INT4_MAX ? Number(text) : null;
}

/**
 * Linked task ids as an array or a comma string (the REST shape returns them
 * as "1,2"), plus `taskContext.taskId`, which goes first. Duplicates dropped.
 */
function parseLinkedTasks(raw: unknown, context: unknown, details: string[]): number[] | undefined {
  let ids: number[] | undefined;
  if (raw !== undefined && raw !== null) {
    const items: unknown[] | null = typeof raw === 'string' ? raw.split(',').filter((s) => s.trim() !== '') : Array.isArray(raw) ? raw : null;
    const parsed = items?.map(positiveId);
    if (!parsed || parsed.some((id) => id === null)) {
      details.push(JOURNAL_MESSAGES.linkedTasksInvalid);
      return undefined;
    }
    ids = parsed as number[];
  }
  if (context !== undefined && context !== null) {
    const id = typeof context === 'object' && !Array.isArray(context) ? positiveId((context as { taskId?: unknown }).taskId) : null;
    if (id === null) {
      details.push(JOURNAL_MESSAGES.linkedTasksInvalid);
      return undefined;
    }
    ids = [id, ...(ids ?? [])];
  }
  if (ids === undefined) return undefined;
  const unique = [...new Set(ids)];
  if (unique.length > JOURNAL_LIMITS.linkedTasksMax) details.push(JOURNAL_MESSAGES.tooManyLinkedTasks);
  return unique;
}

/** Path ids arrive as strings (REST) or numbers (GraphQL). */
export function parseEntryId(raw: unknown): number {
  return parseId(raw, JOURNAL_MESSAGES.invalidId);
}

// ---- list, search and tag queries ---------------------------------------------------------------

/** Query-string or GraphQL arguments as received. */
export interface ListQueryInput {
  visibility?: unknown;
  dateRange?: unknown;
  tag?: unknown;
  sort?: unknown;
  order?: unknown;
  page?: unknown;
  limit?: unknown;
  /** Administrators only: another user's shared entries. */
  user_id?: unknown;
}

export interface SearchQueryInput extends ListQueryInput {
  q?: unknown;
}

export interface ListQuery {
  visibility: VisibilityFilter;
  dateRange: DateRange | undefined;
  tag: string | undefined;
  sort: SortField;
  order: SortOrder;
  page: number;
  limit: number;
  userId: number | undefined;
}

export interface SearchQuery extends ListQuery {
  q: string;
}

/** Empty strings count as "not given": clients build query strings from blank form fields. */
function given(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T | undefined, message: string, details: string[]): T | undefined {
  if (!given(value)) return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  details.push(message);
  return fallback;
}

function intInRange(value: unknown, min: number, max: number, fallback: number, message: string, details: string[]): number {
  if (!given(value)) return fallback;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,6}$/.test(text) || Number(text) < min || Number(text) > max) {
    details.push(message);
    return fallback;
  }
  return Number(text);
}

function tagFilter(value: unknown, details: string[]): string | undefined {
  if (!given(value)) return undefined;
  if (typeof value !== 'string' || charLength(value.trim()) > JOURNAL_LIMITS.tagMax) {
    details.push(JOURNAL_MESSAGES.tagFilterInvalid);
    return undefined;
  }
  const tag = withoutNul(value).trim();
  return tag === '' ? undefined : tag;
}

export function parseListQuery(input: ListQueryInput): ListQuery {
  const details: string[] = [];
  const query = listQuery(input, details);
  if (details.length > 0) fail(details);
  return query;
}

export function parseSearchQuery(input: SearchQueryInput): SearchQuery {
  const details: string[] = [];
  let q = '';
  if (given(input.q)) {
    if (typeof input.q !== 'string' || charLength(input.q) > JOURNAL_LIMITS.queryMax) details.push(JOURNAL_MESSAGES.queryInvalid);
    else q = withoutNul(input.q).trim();
  }
  const query = listQuery(input, details);
  if (details.length > 0) fail(details);
  return { ...query, q };
}

function listQuery(input: ListQueryInput, details: string[]): ListQuery {
  let userId: number | undefined;
  if (given(input.user_id)) {
    const id = positiveId(input.user_id);
    if (id === null) details.push(JOURNAL_MESSAGES.userIdInvalid);
    else userId = id;
  }
  return {
    visibility: oneOf(input.visibility, VISIBILITY_FILTERS, 'all', JOURNAL_MESSAGES.visibilityFilterInvalid, details) ?? 'all',
    dateRange: oneOf(input.dateRange, DATE_RANGES, undefined, JOURNAL_MESSAGES.dateRangeInvalid, details),
    tag: tagFilter(input.tag, details),
    sort: oneOf(input.sort, SORT_FIELDS, 'created_at', JOURNAL_MESSAGES.sortInvalid, details) ?? 'created_at',
    order: oneOf(input.order, SORT_ORDERS, 'desc', JOURNAL_MESSAGES.orderInvalid, details) ?? 'desc',
    page: intInRange(input.page, 1, 1_000_000, 1, JOURNAL_MESSAGES.pageInvalid, details),
    limit: intInRange(input.limit, 1, JOURNAL_LIMITS.pageSizeMax, JOURNAL_LIMITS.pageSizeDefault, JOURNAL_MESSAGES.limitInvalid, details),
    userId,
  };
}

export function parsePopularLimit(raw: unknown): number {
  const details: string[] = [];
  const limit = intInRange(raw, 1, JOURNAL_LIMITS.popularMax, JOURNAL_LIMITS.popularDefault, JOURNAL_MESSAGES.popularLimitInvalid, details);
  if (details.length > 0) fail(details);
  return limit;
}

/**
 * The words of a search as prefix terms for to_tsquery('simple', …): "onbo"
 * finds "onboarding" while the user is still typing. Only runs of letters and
 * digits survive, so nothing a user types can be tsquery syntax: quotes,
 * backslashes, operators and SQL fragments are separators here, and the text
 * still goes to PostgreSQL as a bound parameter.
 *
 * Null (whole words only) when there is no word, or when the query uses web
 * search syntax (a quoted phrase, `or`, a `-word` exclusion): the user then
 * asked for exactly that, and prefix terms would widen it.
 */
export function prefixTsquery(q: string): string | null {
  if (/["]|(^|\s)-\S|(^|\s)or(\s|$)/i.test(q)) return null;
  const words = q.match(/[\p{L}\p{N}]+/gu) ?? [];
  // 64 characters is longer than any real word and keeps every term far below PostgreSQL's
  // 2 KB operand limit, whatever the script.
  const terms = [...new Set(words.map((w) => Array.from(w.toLowerCase()).slice(0, 64).join('')))].slice(0, JOURNAL_LIMITS.queryPrefixTerms);
  return terms.length > 0 ? terms.map((t) => `${t}:*`).join(' & ') : null;
}
