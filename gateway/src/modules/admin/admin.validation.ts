import { positiveId } from '../../shared/ids';
import { invalid } from '../../shared/validation';
import { AUTH_LIMITS, AUTH_MESSAGES, EmailField } from '../auth';
import { dateToUtcMs } from '../checklist/checklist.rules';

/*
 * Input rules of the administration console (issue 8 item 9). Every problem
 * of a request is listed in one 400 (`details`), joined with commas in
 * `error` (the house style of spec §5). Name and email reuse the spec §5
 * words of registration, so a form shows the same message everywhere.
 */

export const ADMIN_MESSAGES = {
  // Users.
  nameRequired: AUTH_MESSAGES.nameRequired,
  nameTooLong: AUTH_MESSAGES.nameTooLong,
  roleIdInvalid: 'role_id must be a role id',
  roleUnknown: 'Unknown role',
  startDateInvalid: 'Start date must be a date (YYYY-MM-DD)',
  startDateOutOfRange: 'Start date must be between 2000-01-01 and 2100-12-31',
  noChanges: 'Nothing to change: give name, email, role_id or start_date',
  duplicateEmail: AUTH_MESSAGES.duplicateEmail,
  cannotDeactivateSelf: 'You cannot deactivate your own account',
  cannotDemoteSelf: 'You cannot remove your own administrator role',
  twoFactorNotEnabled: 'Two-factor authentication is not enabled for this user',
  cannotResetOwnTwoFactor: 'Change your own two-factor authentication from your profile',
  userIdsInvalid: 'user_ids must be a list of 1 to 1000 user ids',
  unknownUsers: (ids: readonly number[]) => `Unknown user${ids.length === 1 ? '' : 's'}: ${ids.join(', ')}`,
  // Lists.
  searchInvalid: 'Search must be text of at most 200 characters',
  sortInvalid: 'Sort must be name, email, role, start_date, progress or last_login_at',
  orderInvalid: 'Order must be asc or desc',
  statusInvalid: 'Status must be all, active or inactive',
  roleFilterInvalid: 'Invalid role id',
  pageInvalid: 'Page must be a positive integer',
  limitInvalid: 'Limit must be between 1 and 100',
  categoryInvalid: 'Category must be changes or all',
} as const;

export const ADMIN_LIMITS = {
  searchMax: 200,
  pageSizeDefault: 20,
  pageSizeMax: 100,
  /** Start dates outside this range are typing mistakes, not hires. */
  startDateMin: '2000-01-01',
  startDateMax: '2100-12-31',
} as const;

export const USER_SORTS = ['name', 'email', 'role', 'start_date', 'progress', 'last_login_at'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const USER_STATUSES = ['all', 'active', 'inactive'] as const;
export type UserStatusFilter = (typeof USER_STATUSES)[number];
export const AUDIT_CATEGORIES = ['changes', 'all'] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];

/** The users list query as received (REST query string values or typed GraphQL arguments). */
export interface UserListInput {
  search?: unknown;
  sort?: unknown;
  order?: unknown;
  status?: unknown;
  role_id?: unknown;
  page?: unknown;
  limit?: unknown;
}

export interface UserListQuery {
  search: string;
  sort: UserSort;
  order: SortOrder;
  status: UserStatusFilter;
  roleId: number | null;
  page: number;
  limit: number;
}

export interface AuditListInput {
  category?: unknown;
  page?: unknown;
  limit?: unknown;
}

export interface AuditListQuery {
  category: AuditCategory;
  page: number;
  limit: number;
}

/** An update of a user as received; fields left out keep their value. */
export interface UserUpdateInput {
  name?: unknown;
  email?: unknown;
  role_id?: unknown;
  start_date?: unknown;
}

export interface UserUpdate {
  name?: string;
  email?: string;
  roleId?: number;
  startDate?: string;
}

export function parseUserListQuery(input: UserListInput): UserListQuery {
  const details: string[] = [];
  const query: UserListQuery = {
    search: searchText(input.search, details),
    // Names read A→Z by default; the console's first view is the whole team in order.
    sort: oneOf(input.sort, USER_SORTS, 'name', ADMIN_MESSAGES.sortInvalid, details),
    order: oneOf(input.order, SORT_ORDERS, 'asc', ADMIN_MESSAGES.orderInvalid, details),
    status: oneOf(input.status, USER_STATUSES, 'all', ADMIN_MESSAGES.statusInvalid, details),
    roleId: given(input.role_id) ? positiveIdOr(input.role_id, ADMIN_MESSAGES.roleFilterInvalid, details) : null,
    page: intInRange(input.page, 1, 1_000_000, 1, ADMIN_MESSAGES.pageInvalid, details),
    limit: intInRange(input.limit, 1, ADMIN_LIMITS.pageSizeMax, ADMIN_LIMITS.pageSizeDefault, ADMIN_MESSAGES.limitInvalid, details),
  };
  if (details.length > 0) throw invalid(details);
  return query;
}

export function parseAuditListQuery(input: AuditListInput): AuditListQuery {
  const details: string[] = [];
  const query: AuditListQuery = {
    category: oneOf(input.category, AUDIT_CATEGORIES, 'changes', ADMIN_MESSAGES.categoryInvalid, details),
    page: intInRange(input.page, 1, 1_000_000, 1, ADMIN_MESSAGES.pageInvalid, details),
    limit: intInRange(input.limit, 1, ADMIN_LIMITS.pageSizeMax, ADMIN_LIMITS.pageSizeDefault, ADMIN_MESSAGES.limitInvalid, details),
  };
  if (details.length > 0) throw invalid(details);
  return query;
}

/** The fields of a user update; at least one is required. Whether the role exists is the service's check. */
// Bridge to the auth module's schemas until this file becomes admin.schemas.ts.
const NAME_MAX = AUTH_LIMITS.nameMax;
const emailProblems = (raw: unknown, _checkLength: boolean): string[] => {
  const parsed = EmailField.safeParse(raw);
  return parsed.success ? [] : parsed.error.issues.slice(0, 1).map((issue) => issue.message);
};

export function parseUserUpdate(input: UserUpdateInput): UserUpdate {
  const details: string[] = [];
  const update: UserUpdate = {};
  if (input.name !== undefined) {
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (name === '') details.push(ADMIN_MESSAGES.nameRequired);
    else if (name.length > NAME_MAX) details.push(ADMIN_MESSAGES.nameTooLong);
    else update.name = name;
  }
  if (input.email !== undefined) {
    const problems = emailProblems(input.email, true);
    if (problems.length > 0) details.push(...problems);
    else update.email = (input.email as string).trim();
  }
  if (input.role_id !== undefined) {
    const roleId = positiveIdOr(input.role_id, ADMIN_MESSAGES.roleIdInvalid, details);
    if (roleId !== null) update.roleId = roleId;
  }
  if (input.start_date !== undefined) {
    const date = calendarDate(input.start_date, details);
    if (date !== null) update.startDate = date;
  }
  if (details.length === 0 && Object.keys(update).length === 0) details.push(ADMIN_MESSAGES.noChanges);
  if (details.length > 0) throw invalid(details);
  return update;
}

/** A role id from a body field, or a 400 with `message`. */
export function parseRoleIdField(raw: unknown, message: string = ADMIN_MESSAGES.roleIdInvalid): number {
  const details: string[] = [];
  const id = positiveIdOr(raw, message, details);
  if (id === null) throw invalid(details.length > 0 ? details : [message]);
  return id;
}

// ---- helpers ---------------------------------------------------------------------------------

function given(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

function positiveIdOr(value: unknown, message: string, details: string[]): number | null {
  const id = positiveId(value);
  if (id === null) details.push(message);
  return id;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T, message: string, details: string[]): T {
  if (!given(value)) return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  details.push(message);
  return fallback;
}

function intInRange(value: unknown, min: number, max: number, fallback: number, message: string, details: string[]): number {
  if (!given(value)) return fallback;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const n = /^-?\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(n) || n < min || n > max) {
    details.push(message);
    return fallback;
  }
  return n;
}

function searchText(value: unknown, details: string[]): string {
  if (!given(value)) return '';
  if (typeof value !== 'string' || value.length > ADMIN_LIMITS.searchMax) {
    details.push(ADMIN_MESSAGES.searchInvalid);
    return '';
  }
  // U+0000 cannot be part of PostgreSQL text.
  return value.replaceAll('\u0000', '').trim();
}

function calendarDate(value: unknown, details: string[]): string | null {
  const text = typeof value === 'string' ? value.trim() : '';
  try {
    dateToUtcMs(text);
  } catch {
    details.push(ADMIN_MESSAGES.startDateInvalid);
    return null;
  }
  if (text < ADMIN_LIMITS.startDateMin || text > ADMIN_LIMITS.startDateMax) {
    details.push(ADMIN_MESSAGES.startDateOutOfRange);
    return null;
  }
  return text;
}
