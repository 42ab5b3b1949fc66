import type { DataSource } from 'typeorm';
import { isAdmin, type UserActor } from '../../shared/actor';
import { NotFoundError, ValidationError } from '../../shared/errors';
import { queryRows } from '../../shared/sql';
import type { ChecklistService, LinkedDocumentType } from '../checklist';
import { visibleDocumentIds } from '../documents';

/** What the journal needs to know about the checklist tasks its entries link to. */
export interface TaskDirectory {
  /** Titles by id, for entries' `linked_tasks` and `taskContext`; ids of deleted items are absent. */
  titles(ids: readonly number[]): Promise<Map<number, string>>;
  /** The ids among `ids` that `user` may link: the items they can open (their role's; any, for administrators). */
  linkable(user: UserActor, ids: readonly number[]): Promise<Set<number>>;
  /**
   * The documents linked to each task that `reader` may see, in one batched lookup. A task stays linked
   * after its author changes role, so its documents are checked against the reader's role now.
   */
  documents(reader: UserActor, ids: readonly number[]): Promise<Map<number, LinkedDocumentType[]>>;
}

/**
 * The checklist as the journal sees it. Who may see an item is the checklist
 * module's rule, so `linkable` asks ChecklistService.getItem for each newly
 * linked task (an entry links one or two; the limit is 50): a user links only
 * tasks they can open, so a link never reveals the title of another role's task.
 * Titles are read in one batched statement per page of entries (never one per
 * entry); reading a title by id decides nothing about access.
 */
export class ChecklistTaskDirectory implements TaskDirectory {
  constructor(
    private readonly dataSource: DataSource,
    private readonly checklist: ChecklistService,
  ) {}

  async titles(ids: readonly number[]): Promise<Map<number, string>> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return new Map();
    const rows = await queryRows<{ id: number; title: string }>(this.dataSource, `select id, title from checklist_items where id = any($1::int[])`, [wanted]);
    return new Map(rows.map((r) => [r.id, r.title]));
  }

  async linkable(user: UserActor, ids: readonly number[]): Promise<Set<number>> {
    const found = await Promise.all(
      [...new Set(ids)].map(async (id) => {
        try {
          return (await this.checklist.getItem(user, id)).id;
        } catch (err) {
          // Not there, or not this user's to see: not linkable. Anything else is a real failure.
          if (err instanceof NotFoundError || err instanceof ValidationError) return null;
          throw err;
        }
      }),
    );
    return new Set(found.filter((id): id is number => id !== null));
  }

  async documents(reader: UserActor, ids: readonly number[]): Promise<Map<number, LinkedDocumentType[]>> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return new Map();
    const lists = await this.checklist.documentsForItems(wanted);
    const visible = isAdmin(reader) ? null : await visibleDocumentIds(this.dataSource, reader.roleId, lists.flat().map((d) => d.id));
    return new Map(wanted.map((id, i) => [id, (lists[i] ?? []).filter((d) => visible === null || visible.has(d.id))]));
  }
}
