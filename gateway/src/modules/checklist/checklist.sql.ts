import type { ChecklistItemTypeName, ProgressStatusName, TaskPriorityName } from './checklist.rules';

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

/** The columns of a checklist item (alias ci), as the ChecklistItem shape names them. */
export const ITEM_COLUMNS = `ci.id, ci.title, ci.description, ci.type, ci.priority, ci.role_id, ci.item_order, ci.due_days, ci.created_at, ci.updated_at`;

/**
 * A user's task columns: the item, the user's progress on it (alias up; null
 * columns without a progress row) and its due date from the rule above, dates
 * as text so no driver time zone can shift them.
 */
const TASK_COLUMNS = `${ITEM_COLUMNS}, up.id as progress_id, up.status, up.note, to_char(up.due_date, 'YYYY-MM-DD') as due_date, up.completed_at,
       to_char(${dueDateSql('u', 'ci')}, 'YYYY-MM-DD') as due`;

/** A user's start date and the items of their role with their progress on each, in order (one row of nulls for an empty role). */
export const LOAD_CHECKLIST_SQL = `select to_char(u.start_date, 'YYYY-MM-DD') as start_date, ${TASK_COLUMNS}
         from users u
         left join role_checklist_items rci on rci.role_id = u.role_id
         left join checklist_items ci on ci.id = rci.checklist_item_id
         left join user_progress up on up.user_id = u.id and up.checklist_item_id = ci.id
        where u.id = $1
        order by ci.item_order, ci.id`;

/** One item of the user's role ($2) for the user ($1) with their progress; no row when either is missing. */
export const USER_TASK_SQL = `select ${TASK_COLUMNS}
         from users u
         join role_checklist_items rci on rci.role_id = u.role_id and rci.checklist_item_id = $2
         join checklist_items ci on ci.id = rci.checklist_item_id
         left join user_progress up on up.user_id = u.id and up.checklist_item_id = ci.id
        where u.id = $1`;

/**
 * One item ($1) with its due date and progress for the reader ($2). With $3
 * set, only when the item belongs to that role (a non-administrator's own
 * role); an administrator reads any item, dated from their own start date.
 */
export const READER_ITEM_SQL = `select ${TASK_COLUMNS}
         from checklist_items ci
         join users u on u.id = $2
         left join user_progress up on up.user_id = u.id and up.checklist_item_id = ci.id
        where ci.id = $1
          and ($3::int is null or exists (select 1 from role_checklist_items rci where rci.checklist_item_id = ci.id and rci.role_id = $3))`;

/** A row of TASK_COLUMNS: stored item and progress fields as selected; `due` is the computed due date. */
export interface TaskRow {
  id: number;
  title: string;
  description: string | null;
  type: ChecklistItemTypeName;
  priority: TaskPriorityName;
  role_id: number | null;
  item_order: number;
  due_days: number;
  created_at: Date;
  updated_at: Date;
  progress_id: number | null;
  status: ProgressStatusName | null;
  note: string | null;
  due_date: string | null;
  completed_at: Date | null;
  due: string;
}
