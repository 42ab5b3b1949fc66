import { choiceSchema, optionalSchema, pagingSchema } from '../../shared/schemas';
import { z } from '../../shared/validation';

/* The audit log's filter (docs/product.md#audit). */

export const AUDIT_LOG_MESSAGES = {
  categoryInvalid: 'Category must be changes or all',
  pageInvalid: 'Page must be a positive integer',
  limitInvalid: 'Limit must be between 1 and 100',
} as const;

export const AUDIT_LOG_LIMITS = { pageSizeDefault: 20, pageSizeMax: 100 } as const;

export const AUDIT_CATEGORIES = ['changes', 'all'] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];

/** GET /admin/audit: `changes` (default) leaves sign-in traffic out; `all` keeps it. */
export const AuditListQuery = z
  .object({
    category: optionalSchema(choiceSchema(AUDIT_CATEGORIES, AUDIT_LOG_MESSAGES.categoryInvalid), 'changes'),
    ...pagingSchema({ page: AUDIT_LOG_MESSAGES.pageInvalid, limit: AUDIT_LOG_MESSAGES.limitInvalid }, AUDIT_LOG_LIMITS.pageSizeMax, AUDIT_LOG_LIMITS.pageSizeDefault),
  })
  .openapi('AuditListQuery');
