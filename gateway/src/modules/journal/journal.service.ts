import type { DataSource, EntityManager } from 'typeorm';
import { isAdmin, requireUser, type Actor, type UserActor } from '../../shared/actor';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { parseTimestamp } from '../../shared/schemas';
import { pageWindow, queryRows, SqlParams } from '../../shared/sql';
import { invalid, parseInput } from '../../shared/validation';
import type { LinkedDocumentType } from '../checklist';
import { JOURNAL_LIMITS, JOURNAL_MESSAGES, type DateRange, type SortField, type Visibility } from './journal.messages';
import { EntryId, EntryInput, ListQuery, PopularTagsQuery, SearchQuery, withTaskContext } from './journal.schemas';
import { prefixTsquery, previewOf } from './journal.text';
import type { JournalEntryPageType, JournalEntryType, JournalStatsType, TagType } from './journal.types';
import type { TaskDirectory } from './task-directory';

/** A journal_entries row as selected by ENTRY_COLUMNS. */
interface EntryRow {
  id: number;
  user_id: number;
  title: string;
  content: string;
  visibility: Visibility;
  linked_task_ids: number[];
  created_at: Date;
  updated_at: Date;
}

const ENTRY_COLUMNS = 'e.id, e.user_id, e.title, e.content, e.visibility, e.linked_task_ids, e.created_at, e.updated_at';

// Fixed fragments chosen by validated enums: user input is never spliced into SQL.
const SORT_SQL: Record<SortField, string> = { created_at: 'e.created_at', updated_at: 'e.updated_at', title: 'lower(e.title)' };
const RANGE_SQL: Record<DateRange, string> = { week: `interval '7 days'`, month: `interval '1 month'`, year: `interval '1 year'` };

/**
 * The personal learning journal (docs/product.md#journal). The only code that
 * touches the journal tables. Raw SQL rather than a TypeORM repository: the
 * queries are full-text search, array columns and set-based tag writes, which
 * a repository would only obscure. Values are always bound parameters.
 *
 * Privacy: every read is scoped in SQL to the caller's own entries,
 * plus (administrators only) other users' shared ones; only the author writes.
 * Anything else answers 404, as if it did not exist: ids reveal nothing.
 */
export class JournalService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tasks: TaskDirectory,
  ) {}

  /** GET /journal-entries: one journal, filtered, sorted and paged. */
  async list(actor: Actor, input: unknown): Promise<JournalEntryPageType> {
    const user = requireUser(actor);
    const query = parseInput(ListQuery, input);
    const params = new SqlParams();
    const where = this.filters(user, query, params);
    const order = `${SORT_SQL[query.sort]} ${query.order}, e.id ${query.order}`;
    return this.page(user, where, order, query, params);
  }

  /**
   * Full-text search over title, tags and content: whole words (any form:
   * "learned" finds "learning") through websearch_to_tsquery (quoted phrases,
   * `or`, `-word`), plus, for plain queries, every word as a prefix so a
   * half-typed word already matches. Both only ever receive the
   * text as a bound parameter, and neither raises on malformed input. Results
   * by relevance, then newest first. Empty `q`: the filtered list.
   */
  async search(actor: Actor, input: unknown): Promise<JournalEntryPageType> {
    const user = requireUser(actor);
    const query = parseInput(SearchQuery, input);
    const params = new SqlParams();
    const where = this.filters(user, query, params);
    if (query.q === '') return this.page(user, where, `${SORT_SQL[query.sort]} ${query.order}, e.id ${query.order}`, query, params);

    const web = `websearch_to_tsquery('english', ${params.add(query.q)})`;
    const prefixText = prefixTsquery(query.q);
    // 'simple' (unstemmed) on purpose: a stemmed prefix ("deploym" → itself) would miss the
    // stem stored for the whole word ("deployment" → "deploy"); the vector holds both forms.
    const prefix = prefixText === null ? null : `to_tsquery('simple', ${params.add(prefixText)})`;
    where.push(prefix === null ? `e.search_vector @@ ${web}` : `(e.search_vector @@ ${web} or e.search_vector @@ ${prefix})`);
    const rank = prefix === null ? `ts_rank(e.search_vector, ${web})` : `ts_rank(e.search_vector, ${web}) + ts_rank(e.search_vector, ${prefix})`;
    return this.page(user, where, `${rank} desc, e.created_at desc, e.id desc`, query, params);
  }

  async get(actor: Actor, id: unknown): Promise<JournalEntryType> {
    const user = requireUser(actor);
    const entryId = parseInput(EntryId, id);
    const params = new SqlParams();
    const readable = this.readable(user, params);
    const rows = await queryRows<EntryRow>(this.dataSource, `select ${ENTRY_COLUMNS} from journal_entries e where e.id = ${params.add(entryId)} and ${readable}`, params.values);
    const [view] = await this.views(user, rows);
    if (!view) throw new NotFoundError(JOURNAL_MESSAGES.notFound);
    return view;
  }

  async create(actor: Actor, input: unknown): Promise<JournalEntryType> {
    const user = requireUser(actor);
    const entry = parseInput(EntryInput, input);
    const linkedTaskIds = entry.linkedTaskIds ?? withTaskContext(entry.taskContext, []);
    await this.assertLinkable(user, linkedTaskIds, []);
    const tags = entry.tags ?? [];
    const id = await this.dataSource.transaction(async (manager) => {
      const [row] = await queryRows<{ id: number }>(
        manager,
        `insert into journal_entries (user_id, title, content, visibility, linked_task_ids, tags_text)
         values ($1, $2, $3, $4, $5::int[], $6) returning id`,
        [user.userId, entry.title ?? '', entry.content, entry.visibility ?? 'private', linkedTaskIds, tags.join(' ')],
      );
      if (!row) throw new Error('insert into journal_entries returned no row');
      await this.writeTags(manager, user.userId, row.id, tags);
      return row.id;
    });
    return this.get(actor, id);
  }

  /**
   * PUT: content is required as on create; every other field left out keeps
   * its value (`tags: []` clears the tags). Only the author may change an entry.
   */
  async update(actor: Actor, id: unknown, input: unknown): Promise<JournalEntryType> {
    const user = requireUser(actor);
    const entryId = parseInput(EntryId, id);
    const entry = parseInput(EntryInput, input);
    const readAt = entry.readAt === undefined || entry.readAt === null ? null : parseTimestamp(entry.readAt);
    if (readAt === null && entry.readAt !== undefined && entry.readAt !== null) throw invalid([JOURNAL_MESSAGES.updatedAtInvalid]);
    // The tasks' rule runs on connections of its own, so it is asked before the transaction: a save must not hold
    // one pooled connection while it waits for another, or a few saves at once would empty the pool. A link that a
    // concurrent save of the same entry removed meanwhile was the entry's own a moment ago, so it may stay.
    const before = await this.ownEntry(this.dataSource, user, entryId, false);
    await this.assertLinkable(user, entry.linkedTaskIds ?? withTaskContext(entry.taskContext, []), before.linked_task_ids);
    await this.dataSource.transaction(async (manager) => {
      const held = await this.ownEntry(manager, user, entryId, true);
      // Saved from an older copy (another tab, another device saved since): refused, so neither text is lost unseen.
      if (readAt !== null && held.updated_at.getTime() !== readAt.getTime()) throw new ConflictError(JOURNAL_MESSAGES.changedSince);
      // A context without a list joins the links the entry has now; they are kept.
      const linkedTaskIds = entry.linkedTaskIds ?? (entry.taskContext === undefined ? undefined : withTaskContext(entry.taskContext, held.linked_task_ids));
      if (linkedTaskIds !== undefined && linkedTaskIds.length > JOURNAL_LIMITS.linkedTasksMax) throw invalid([JOURNAL_MESSAGES.tooManyLinkedTasks]);
      await manager.query(
        `update journal_entries set
           title = coalesce($2, title),
           content = $3,
           visibility = coalesce($4, visibility),
           linked_task_ids = coalesce($5::int[], linked_task_ids),
           tags_text = coalesce($6, tags_text),
           updated_at = now()
         where id = $1`,
        [entryId, entry.title ?? null, entry.content, entry.visibility ?? null, linkedTaskIds ?? null, entry.tags?.join(' ') ?? null],
      );
      if (entry.tags !== undefined) await this.writeTags(manager, user.userId, entryId, entry.tags);
    });
    return this.get(actor, entryId);
  }

  async delete(actor: Actor, id: unknown): Promise<void> {
    const user = requireUser(actor);
    const entryId = parseInput(EntryId, id);
    await this.dataSource.transaction(async (manager) => {
      await this.ownEntry(manager, user, entryId, true);
      // Its tag links go with it (cascade); the tags themselves stay in the user's vocabulary.
      await manager.query(`delete from journal_entries where id = $1`, [entryId]);
    });
  }

  /** The caller's own journal in numbers; recent = created in the last 7 days. */
  async stats(actor: Actor): Promise<JournalStatsType> {
    const user = requireUser(actor);
    const [row] = await queryRows<JournalStatsType>(
      this.dataSource,
      `select
         (select count(*) from journal_entries where user_id = $1)::int as total_entries,
         (select count(*) from journal_entries where user_id = $1 and created_at >= now() - interval '7 days')::int as recent_entries,
         (select count(distinct et.tag_id) from journal_entry_tags et join journal_entries e on e.id = et.entry_id where e.user_id = $1)::int as total_tags`,
      [user.userId],
    );
    return row ?? { total_entries: 0, recent_entries: 0, total_tags: 0 };
  }

  /** The caller's tags in use, alphabetically, with how many entries carry each. */
  async tags(actor: Actor): Promise<TagType[]> {
    const user = requireUser(actor);
    return queryRows<TagType>(this.dataSource, `${TAG_COUNTS} order by lower(t.name), t.id`, [user.userId]);
  }

  /** GET /tags/popular: the caller's most used tags (10 by default), most used first. */
  async popularTags(actor: Actor, input: unknown): Promise<TagType[]> {
    const user = requireUser(actor);
    const { limit } = parseInput(PopularTagsQuery, input);
    return queryRows<TagType>(this.dataSource, `${TAG_COUNTS} order by count desc, lower(t.name), t.id limit $2`, [user.userId, limit]);
  }

  // ---- internals ----------------------------------------------------------------------------------

  /** What the caller may read: their own entries, and (administrators) others' shared ones. */
  private readable(user: UserActor, params: SqlParams): string {
    const me = params.add(user.userId);
    return isAdmin(user) ? `(e.user_id = ${me} or e.visibility = 'shared')` : `e.user_id = ${me}`;
  }

  /**
   * The scope and filters of a list or search. A list is always one journal:
   * the caller's own, or (administrators, `user_id`) another user's shared
   * entries, never a private one whatever the filters say.
   */
  private filters(user: UserActor, query: ListQuery, params: SqlParams): string[] {
    const where: string[] = [];
    if (query.user_id === undefined || query.user_id === user.userId) {
      where.push(`e.user_id = ${params.add(user.userId)}`);
      if (query.visibility !== 'all') where.push(`e.visibility = ${params.add(query.visibility)}`);
    } else {
      // Like every other user's data (shared/actor.ts requireSelfOrAdmin): 404, not 403.
      if (!isAdmin(user)) throw new NotFoundError(JOURNAL_MESSAGES.journalNotFound);
      where.push(`e.user_id = ${params.add(query.user_id)}`, `e.visibility = 'shared'`);
      // Asking for someone else's private entries finds none rather than failing.
      if (query.visibility === 'private') where.push('false');
    }
    if (query.dateRange !== undefined) where.push(`e.created_at >= now() - ${RANGE_SQL[query.dateRange]}`);
    if (query.tag !== undefined) {
      where.push(
        `exists (select 1 from journal_entry_tags et join tags t on t.id = et.tag_id where et.entry_id = e.id and lower(t.name) = lower(${params.add(query.tag)}))`,
      );
    }
    return where;
  }

  private async page(reader: UserActor, where: string[], order: string, query: ListQuery, params: SqlParams): Promise<JournalEntryPageType> {
    const condition = where.length > 0 ? where.join(' and ') : 'true';
    const countParams = [...params.values];
    const window = pageWindow(params, query);
    const [rows, counted] = await Promise.all([
      queryRows<EntryRow>(this.dataSource, `select ${ENTRY_COLUMNS} from journal_entries e where ${condition} order by ${order} ${window}`, params.values),
      queryRows<{ total: number }>(this.dataSource, `select count(*)::int as total from journal_entries e where ${condition}`, countParams),
    ]);
    return { data: await this.views(reader, rows), total: counted[0]?.total ?? 0, page: query.page, limit: query.limit };
  }

  /**
   * The entry as its author is about to write it, row-locked with `lock`.
   * Anyone else's entry answers 404 like one that does not exist,
   * administrators included: they may read a shared entry, never change it,
   * and (house rule, gateway README) a 403 would make the client end their session.
   */
  private async ownEntry(db: DataSource | EntityManager, user: UserActor, entryId: number, lock: boolean): Promise<{ linked_task_ids: number[]; updated_at: Date }> {
    // updated_at to the millisecond, as the answers give it: a copy read then compares equal.
    const [row] = await queryRows<{ user_id: number; linked_task_ids: number[]; updated_at: Date }>(
      db,
      `select user_id, linked_task_ids, date_trunc('milliseconds', updated_at) as updated_at from journal_entries where id = $1${lock ? ' for update' : ''}`,
      [entryId],
    );
    if (!row || row.user_id !== user.userId) throw new NotFoundError(JOURNAL_MESSAGES.notFound);
    return row;
  }

  /**
   * A user links only tasks they can see. Links the entry already has stay
   * valid (a later role change must not make the entry uneditable).
   */
  private async assertLinkable(user: UserActor, ids: readonly number[], alreadyLinked: readonly number[]): Promise<void> {
    const fresh = ids.filter((id) => !alreadyLinked.includes(id));
    if (fresh.length === 0) return;
    const allowed = await this.tasks.linkable(user, fresh);
    if (fresh.some((id) => !allowed.has(id))) throw invalid([JOURNAL_MESSAGES.linkedTaskUnknown]);
  }

  /**
   * Replaces an entry's tags. New names join the user's vocabulary; a name
   * that differs from an existing tag only in case reuses it. Two statements,
   * not one: after the insert waits out a concurrent insert of the same name,
   * the second statement's fresh snapshot sees that row.
   */
  private async writeTags(manager: EntityManager, userId: number, entryId: number, tags: readonly string[]): Promise<void> {
    await manager.query(`delete from journal_entry_tags where entry_id = $1`, [entryId]);
    if (tags.length === 0) return;
    // In one order for every writer: two saves adding the same new names in different orders would deadlock on the unique index.
    await manager.query(`insert into tags (user_id, name) select $1, n from unnest($2::text[]) as n order by lower(n), n on conflict (user_id, lower(name)) do nothing`, [userId, tags]);
    await manager.query(
      // distinct on: two names that JavaScript told apart but lower() folds together are one tag.
      `insert into journal_entry_tags (entry_id, tag_id, position)
       select distinct on (t.id) $1, t.id, i.ord::smallint
       from unnest($3::text[]) with ordinality as i(name, ord)
       join tags t on t.user_id = $2 and lower(t.name) = lower(i.name)
       order by t.id, i.ord`,
      [entryId, userId, tags],
    );
  }

  /** Rows to entries as `reader` sees them, with tags, task titles and documents fetched once per batch. */
  private async views(reader: UserActor, rows: readonly EntryRow[]): Promise<JournalEntryType[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const taskIds = rows.flatMap((r) => r.linked_task_ids);
    const [tagRows, titles, documentsByTask] = await Promise.all([
      queryRows<{ entry_id: number; name: string }>(
        this.dataSource,
        `select et.entry_id, t.name from journal_entry_tags et join tags t on t.id = et.tag_id where et.entry_id = any($1::int[]) order by et.entry_id, et.position`,
        [ids],
      ),
      this.tasks.titles(taskIds),
      this.tasks.documents(reader, taskIds),
    ]);
    const tagsByEntry = new Map<number, string[]>();
    for (const { entry_id, name } of tagRows) {
      const list = tagsByEntry.get(entry_id) ?? [];
      list.push(name);
      tagsByEntry.set(entry_id, list);
    }
    return rows.map((row) => {
      const linkedTasks = row.linked_task_ids.flatMap((id) => {
        const title = titles.get(id);
        return title === undefined ? [] : [{ id, title }];
      });
      const first = row.linked_task_ids[0];
      const firstTitle = first === undefined ? undefined : titles.get(first);
      return {
        id: row.id,
        user_id: row.user_id,
        title: row.title,
        content: row.content,
        preview: previewOf(row.content),
        visibility: row.visibility,
        tags: tagsByEntry.get(row.id) ?? [],
        linked_task_ids: row.linked_task_ids.join(','),
        linked_tasks: linkedTasks,
        linked_documents: documentsOfTasks(row.linked_task_ids, documentsByTask),
        taskContext: first !== undefined && firstTitle !== undefined ? { taskId: first, taskTitle: firstTitle } : null,
        created_at: row.created_at.toISOString(),
        updated_at: row.updated_at.toISOString(),
      };
    });
  }
}

/** Tags of one user ($1) that at least one of their entries carries, with counts. */
const TAG_COUNTS = `select t.id, t.name, count(*)::int as count
  from tags t join journal_entry_tags et on et.tag_id = t.id
  where t.user_id = $1
  group by t.id`;

/**
 * An entry's linked documents are the documents of the tasks it links (a
 * reflection on a task lists the task's documents), each once, in task order.
 */
function documentsOfTasks(taskIds: readonly number[], byTask: Map<number, LinkedDocumentType[]>): LinkedDocumentType[] {
  const seen = new Set<number>();
  return taskIds.flatMap((id) => (byTask.get(id) ?? []).filter((doc) => !seen.has(doc.id) && seen.add(doc.id)));
}
