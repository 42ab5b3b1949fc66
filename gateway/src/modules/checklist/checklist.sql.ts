/*
 * The checklist's SQL. The due-date rule (docs/product.md#due-dates) is
 * written here once; every statement that needs a task's due date or whether
 * it is overdue splices these fragments in, whichever module runs it.
 */

/** SQL: the due date of item `item` for user `user` (aliases): the user's start date + the item's due_days. */
export function dueDateSql(user = 'u', item = 'ci'): string {
  return `(${user}.start_date + ${item}.due_days)`;
}

/**
 * SQL: the task of `item` for `user` is overdue on `today` (a placeholder
 * holding a YYYY-MM-DD date): not completed (`progress` may be a missing
 * row) and due before today (docs/product.md#overdue).
 */
export function overdueSql(today: string, user = 'u', item = 'ci', progress = 'up'): string {
  return `(${progress}.status is distinct from 'completed' and ${dueDateSql(user, item)} < ${today}::date)`;
}
