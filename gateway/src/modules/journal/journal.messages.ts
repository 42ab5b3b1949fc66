/*
 * The journal's words and limits (docs/product.md#journal). The first three
 * messages are the product's own: the client kit shows a 400's `details` as
 * they are, so they are part of the contract. The others name what the
 * product leaves unworded.
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
  updatedAtInvalid: 'updated_at must be the date-time the entry was read at',
  changedSince: 'This entry was changed elsewhere since you opened it. Copy your text, then reload the entry to see the changes.',
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

/** The product's limits, plus the bounds it leaves open. */
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
