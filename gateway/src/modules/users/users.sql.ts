/*
 * The users module's SQL fragments for statements other modules run over
 * `users` (set-based reports splice them in rather than restate the rule).
 */

import { containsPattern, type SqlParams } from '../../shared/sql';
import type { UserSort } from './users.messages';
import type { UserListQuery } from './users.schemas';

/** The window of "new hires", in days, today included (docs/product.md#admin). */
export const NEW_HIRE_DAYS = 30;

/**
 * SQL: user `user` (an alias) is a new hire on `today` (a placeholder holding a
 * YYYY-MM-DD date): their start date is within the last NEW_HIRE_DAYS days,
 * today included; a start date still to come is not one yet.
 */
export function newHireSql(today: string, user = 'u'): string {
  return `(${user}.start_date > ${today}::date - ${NEW_HIRE_DAYS} and ${user}.start_date <= ${today}::date)`;
}

/** The filters of the user list (search, role, status) over `users u`, as Manage Users and its CSV export apply them. */
export type UserListFilter = Pick<UserListQuery, 'search' | 'role_id' | 'status' | 'sort' | 'order'>;

/**
 * SQL: the WHERE clause of the user list over `users u`: search is a literal,
 * case-insensitive substring of the name or email; role and status exact.
 * Values are bound in `params`.
 */
export function userListWhereSql(query: UserListFilter, params: SqlParams): string {
  const where: string[] = ['true'];
  if (query.search !== '') {
    const pattern = params.add(containsPattern(query.search));
    where.push(`(u.name ilike ${pattern} or u.email ilike ${pattern})`);
  }
  if (query.role_id !== null) where.push(`u.role_id = ${params.add(query.role_id)}`);
  if (query.status !== 'all') where.push(`u.is_active = ${params.add(query.status === 'active')}`);
  return where.join(' and ');
}

/** ORDER BY per sort key; names and emails ignore case, never-signed-in users come last. Ties: name, then id. */
const SORT_SQL: Record<UserSort, string> = {
  name: 'lower(u.name)',
  email: 'lower(u.email)',
  role: 'lower(r.name)',
  start_date: 'u.start_date',
  last_login_at: 'u.last_login_at',
  // The completed share of the user's own tasks (0 without any): orders exactly like completion_percentage.
  progress: 'coalesce(p.done::numeric / nullif(p.total, 0), 0)',
};

/**
 * SQL: the ORDER BY list of the user list (users u, roles r). Sorting by
 * progress reads `p.done` and `p.total`, the user's own tasks done and in
 * all, which the statement joins as `p`.
 */
export function userListOrderSql(query: Pick<UserListFilter, 'sort' | 'order'>): string {
  return `${SORT_SQL[query.sort]} ${query.order === 'desc' ? 'desc' : 'asc'} nulls last, lower(u.name), u.id`;
}
