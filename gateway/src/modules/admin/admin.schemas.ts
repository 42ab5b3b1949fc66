import { choiceSchema, optionalSchema, pagingSchema } from '../../shared/schemas';
import { z } from '../../shared/validation';
import { ADMIN_LIMITS, ADMIN_MESSAGES as M, AUDIT_CATEGORIES } from './admin.messages';

/** GET /admin/audit: `changes` (default) leaves sign-in traffic out; `all` keeps it. */
export const AuditListQuery = z
  .object({
    category: optionalSchema(choiceSchema(AUDIT_CATEGORIES, M.categoryInvalid), 'changes'),
    ...pagingSchema({ page: M.pageInvalid, limit: M.limitInvalid }, ADMIN_LIMITS.pageSizeMax, ADMIN_LIMITS.pageSizeDefault),
  })
  .openapi('AuditListQuery');
