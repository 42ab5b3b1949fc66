/*
 * The audit module's public face: the one writer of audit_log. Code outside
 * the module imports from here only (docs/architecture.md#modules).
 */
export { auditCategorySql, AuditService, type AuditAction, type AuditDetails, type AuditEntry } from './audit.service';
export { AUDIT_CATEGORIES, AUDIT_LOG_LIMITS, AUDIT_LOG_MESSAGES, AuditListQuery, type AuditCategory } from './audit.schemas';
export { AuditCategoryEnum, AuditEntryType, AuditPageType } from './audit.types';
