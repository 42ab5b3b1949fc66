/*
 * The users module's SQL fragments for statements other modules run over
 * `users` (set-based reports splice them in rather than restate the rule).
 */

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
