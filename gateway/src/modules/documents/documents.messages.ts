import type { SortOrder } from '../../shared/schemas';

/*
 * The document library's words and limits (docs/product.md#documents).
 * 'Invalid URL format' is the product's wording and part of the contract (the
 * client shows a 400's details as they are); the others name what the product
 * leaves unworded.
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
  policyVersionInvalid: 'Version must be a positive integer',
  policyChanged: 'This policy has changed since you opened it. Please read the new version.',
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
  /** The page size when a client asks for a page without saying how large. */
  pageSizeDefault: 20,
  pageSizeMax: 100,
  rolesMax: 100,
  /** Pending users listed per policy in the acknowledgement report (the counts are always complete). */
  reportUsersDefault: 500,
  reportUsersMax: 5_000,
} as const;

/** Sort keys: name (title), date (created), modified (updated), type (class name). */
export const DOCUMENT_SORTS = ['name', 'date', 'modified', 'type'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

/** Without `order`: names and types read A→Z, dates newest first. */
export const DEFAULT_ORDER: Record<DocumentSort, SortOrder> = { name: 'asc', type: 'asc', date: 'desc', modified: 'desc' };
