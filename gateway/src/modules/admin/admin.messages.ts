/*
 * The words and limits of the administration console's own inputs: the audit
 * log's filter (docs/product.md#audit). User administration's words are the
 * users module's (USER_ADMIN_MESSAGES).
 */
export const ADMIN_MESSAGES = {
  categoryInvalid: 'Category must be changes or all',
  pageInvalid: 'Page must be a positive integer',
  limitInvalid: 'Limit must be between 1 and 100',
} as const;

export const ADMIN_LIMITS = {
  pageSizeDefault: 20,
  pageSizeMax: 100,
  /** The window of "new hires", in days, today included. */
  newHireDays: 30,
} as const;

export const AUDIT_CATEGORIES = ['changes', 'all'] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];
