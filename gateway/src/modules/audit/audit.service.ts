import type { DataSource, EntityManager } from 'typeorm';
import { requireAdmin, type Actor } from '../../shared/actor';
import { pageWindow, queryRows, SqlParams } from '../../shared/sql';
import { parseInput } from '../../shared/validation';
import { withoutNul } from '../../shared/schemas';
import { AuditListQuery, type AuditCategory } from './audit.schemas';
import type { AuditEntryType, AuditPageType } from './audit.types';

/**
 * What happened, for the audit trail (docs/product.md#audit: every sign-in
 * attempt and every admin change). Action names are stable identifiers, grouped by a dot
 * prefix (`auth.*`, `2fa.*`, `role.*`, `progress.*`: an administrator changing another user's progress,
 * `document.*`: the library, its role visibility and its checklist-item links;
 * `user.*` and `checklist_item.*`: the administration console; `settings.*`: the company settings).
 */
export type AuditAction =
  | 'auth.register'
  | 'auth.register_refused'
  | 'auth.login_success'
  | 'auth.login_failure'
  | 'auth.login_rate_limited'
  | 'auth.login_2fa_required'
  | 'auth.login_2fa_failure'
  | 'auth.logout'
  | 'auth.session_revoke'
  | 'auth.sessions_revoke_others'
  | 'auth.password_change'
  | 'auth.password_check_failure'
  | 'auth.password_reset_request'
  | 'auth.password_reset'
  | '2fa.setup'
  | '2fa.enable'
  | '2fa.disable'
  | '2fa.backup_codes_regenerated'
  | '2fa.check_failure'
  | 'role.create'
  | 'role.update'
  | 'role.delete'
  | 'progress.update'
  | 'document.create'
  | 'document.update'
  | 'document.delete'
  | 'document.roles_update'
  | 'document.item_link'
  | 'document.item_unlink'
  | 'user.update'
  | 'user.deactivate'
  | 'user.reactivate'
  | 'user.2fa_reset'
  | 'user.admin_create'
  | 'user.password_reset_sent'
  | 'user.role_assign'
  | 'checklist_item.create'
  | 'checklist_item.update'
  | 'checklist_item.delete'
  | 'checklist_item.reorder'
  | 'role.checklist_items_add'
  | 'role.checklist_items_remove'
  | 'settings.registration_update'
  | 'settings.calendar_update'
  | 'settings.reminders_update'
  | 'invitation.create'
  | 'invitation.resend'
  | 'invitation.revoke'
  | 'invitation.import'
  | 'invitation.accept';

/** JSON-serialisable, and by contract free of secrets (no passwords, tokens, TOTP secrets or codes). */
export type AuditDetails = Record<string, string | number | boolean | null | object>;

export interface AuditEntry {
  action: AuditAction;
  /** The signed-in user who did it; null for anonymous attempts (failed sign-ins, registration). */
  actorUserId: number | null;
  targetType?: 'user' | 'role' | 'document' | 'checklist_item' | 'settings' | 'invitation';
  targetId?: number | string | null;
  ip: string | null;
  details?: AuditDetails;
}

/**
 * Actions that are not changes to the portal's data: sign-in traffic and
 * failed checks. The "changes" category leaves them out (they dominate the
 * log and would bury every administrator's change).
 */
const NOT_CHANGES = `(a.action like 'auth.%' or a.action = '2fa.check_failure')`;

/** SQL: entry `a` (an alias of audit_log) belongs to `category` (the audit screen and its CSV export). */
export function auditCategorySql(category: AuditCategory, alias = 'a'): string {
  return category === 'changes' ? `not ${NOT_CHANGES.replaceAll('a.action', `${alias}.action`)}` : 'true';
}

/** Keys that must never be written, whatever a caller passes (defence in depth for the "no secrets" rule). */
const FORBIDDEN_DETAIL_KEYS = /password|secret|token|code|hash/i;

/** Appends to audit_log, the only writer of that table, and lists it for administrators. */
export class AuditService {
  constructor(private readonly dataSource: DataSource) {}

  /** Writes one entry; pass `manager` to make it part of the caller's transaction (admin changes). */
  async record(entry: AuditEntry, manager: EntityManager = this.dataSource.manager): Promise<void> {
    const details = scrub(entry.details ?? {});
    await manager.query(
      `insert into audit_log (actor_user_id, action, target_type, target_id, ip, details) values ($1, $2, $3, $4, $5, $6::jsonb)`,
      [entry.actorUserId, entry.action, entry.targetType ?? null, entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId), entry.ip, JSON.stringify(details)],
    );
  }

  /**
   * Writes several entries in ONE statement (a bulk admin change records one
   * row per user or item it touched, so each one's history stays complete).
   */
  async recordMany(entries: readonly AuditEntry[], manager: EntityManager = this.dataSource.manager): Promise<void> {
    if (entries.length === 0) return;
    await manager.query(
      `insert into audit_log (actor_user_id, action, target_type, target_id, ip, details)
       select * from unnest($1::int[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::jsonb[])`,
      [
        entries.map((e) => e.actorUserId),
        entries.map((e) => e.action),
        entries.map((e) => e.targetType ?? null),
        entries.map((e) => (e.targetId === undefined || e.targetId === null ? null : String(e.targetId))),
        entries.map((e) => e.ip),
        entries.map((e) => JSON.stringify(scrub(e.details ?? {}))),
      ],
    );
  }

  /**
   * GET /admin/audit: the latest audited entries, newest first. Category
   * `changes` (default) lists changes to the portal's data (administrators'
   * changes, users' 2FA settings, registrations); `all` adds sign-in traffic.
   */
  async list(actor: Actor, input: unknown): Promise<AuditPageType> {
    requireAdmin(actor);
    const query = parseInput(AuditListQuery, input);
    const where = auditCategorySql(query.category);
    const [count] = await queryRows<{ total: number }>(this.dataSource, `select count(*)::int as total from audit_log a where ${where}`);
    const params = new SqlParams();
    const rows = await queryRows<Omit<AuditEntryType, 'id' | 'created_at'> & { id: string | number; created_at: Date }>(
      this.dataSource,
      `select a.id, a.action, a.actor_user_id, actor.name as actor_name, a.target_type, a.target_id, a.details, a.created_at
         from audit_log a
         left join users actor on actor.id = a.actor_user_id
        where ${where}
        order by a.created_at desc, a.id desc
        ${pageWindow(params, query)}`,
      params.values,
    );
    return {
      // bigint ids come back as strings; the log will not pass 2^53 rows.
      data: rows.map((r) => ({ ...r, id: Number(r.id), created_at: r.created_at.toISOString() })),
      total: count?.total ?? 0,
      page: query.page,
      limit: query.limit,
    };
  }
}

function scrub(details: AuditDetails): AuditDetails {
  const out: AuditDetails = {};
  for (const [key, value] of Object.entries(details)) {
    if (FORBIDDEN_DETAIL_KEYS.test(key)) continue;
    out[withoutNul(key)] = jsonSafe(value) as AuditDetails[string];
  }
  return out;
}

/**
 * A details value PostgreSQL's jsonb can hold: no U+0000 and no lone surrogate in any string, at any
 * depth. Callers record what a person typed (a role's name, a rejected email), and one such character
 * would otherwise fail the whole write, and the action with it, as a server error.
 */
function jsonSafe(value: unknown): unknown {
  if (typeof value === 'string') return withoutNul(value);
  if (Array.isArray(value)) return value.map(jsonSafe);
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [withoutNul(k), jsonSafe(v)]));
  }
  return value;
}
