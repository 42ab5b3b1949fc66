/*
 * The audit module's public face: the one writer of audit_log. Code outside
 * the module imports from here only (docs/architecture.md#modules).
 */
export { AuditService, type AuditAction, type AuditDetails, type AuditEntry } from './audit.service';
