import type { DataSource, EntityManager } from 'typeorm';
import { queryRows } from '../../shared/sql';
import { completionPercentage } from './checklist.rules';
import { completedSql, ownTaskSql } from './checklist.sql';

/**
 * Each user's onboarding completion, 0-100: round(100 × done / total) over the
 * items of the user's role that are the user's own (docs/product.md#progress); 0 for an unknown user
 * or an empty checklist. Set-based, so a list of users is one query: the
 * role's links by primary key, the items' owners and the progress rows through the unique
 * (user_id, checklist_item_id) index, which INCLUDEs status. The users module
 * gets it handed in (services.ts) for the User shape's completion_percentage.
 */
export async function completionPercentages(db: DataSource | EntityManager, userIds: readonly number[]): Promise<Map<number, number>> {
  const result = new Map<number, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return result;
  const rows = await queryRows<{ user_id: number; total: number; done: number }>(
    db,
    `select u.id as user_id,
            count(rci.checklist_item_id)::int as total,
            count(up.id) filter (where ${completedSql('up')})::int as done
       from users u
       join role_checklist_items rci on rci.role_id = u.role_id
       join checklist_items ci on ci.id = rci.checklist_item_id and ${ownTaskSql('ci')}
       left join user_progress up on up.user_id = u.id and up.checklist_item_id = rci.checklist_item_id
      where u.id = any($1::int[])
      group by u.id`,
    [[...new Set(userIds)]],
  );
  for (const row of rows) result.set(row.user_id, completionPercentage(row.done, row.total));
  return result;
}
