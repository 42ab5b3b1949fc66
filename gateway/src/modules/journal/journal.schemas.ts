import { charLength, choiceSchema, digitsPattern, INT4_MAX, idSchema, intSchema, nullishSchema, optionalSchema, pagingSchema, problem, searchTextSchema, SORT_ORDERS, withoutNul } from '../../shared/schemas';
import { z } from '../../shared/validation';
import { DATE_RANGES, JOURNAL_LIMITS, JOURNAL_MESSAGES as M, SORT_FIELDS, VISIBILITIES, VISIBILITY_FILTERS } from './journal.messages';

/*
 * The journal's operation inputs, one schema each, parsed by JournalService
 * with parseInput: REST and GraphQL get the same rules and the same words, and
 * the REST contract (openapi.json) is generated from the same schemas.
 */

/** Path id of an entry. */
export const EntryId = idSchema(M.invalidId);

const title = z
  .unknown()
  .transform((raw, ctx) => {
    if (typeof raw !== 'string') return problem(ctx, M.titleInvalid);
    const text = withoutNul(raw).trim();
    return charLength(text) > JOURNAL_LIMITS.titleMax ? problem(ctx, M.titleTooLong) : text;
  })
  .openapi({ type: 'string', maxLength: JOURNAL_LIMITS.titleMax, description: "'' when untitled." });

/** Kept as written (leading indentation and blank lines can be part of it); only "is there anything" ignores whitespace. */
const content = z
  .string({ error: M.contentRequired })
  // eslint-disable-next-line no-control-regex -- NUL is dropped before storing, so it is not content either.
  .regex(/[^\s\u0000]/, { error: M.contentRequired })
  .transform(withoutNul)
  // Characters as PostgreSQL counts them (code points), as JSON Schema's maxLength does.
  .refine((text) => charLength(text) <= JOURNAL_LIMITS.contentMax, { error: M.contentTooLong })
  .openapi({ maxLength: JOURNAL_LIMITS.contentMax });

/**
 * Tags as an array of strings or one comma-separated string, always stored as
 * a list: trimmed, inner whitespace folded to one space (a tag is a label),
 * blanks dropped, duplicates ignoring case dropped (the first spelling wins),
 * order kept.
 */
const tags = z
  .unknown()
  .transform((raw, ctx) => {
    const items: unknown[] | null = typeof raw === 'string' ? raw.split(',') : Array.isArray(raw) ? raw : null;
    if (!items || !items.every((t): t is string => typeof t === 'string')) return problem(ctx, M.tagsInvalid);
    const seen = new Set<string>();
    const list: string[] = [];
    let tooLong = false;
    for (const item of items) {
      const tag = withoutNul(item).trim().replace(/\s+/g, ' ');
      if (tag === '') continue;
      if (charLength(tag) > JOURNAL_LIMITS.tagMax) tooLong = true;
      const key = tag.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      list.push(tag);
    }
    if (tooLong) ctx.addIssue({ code: 'custom', message: M.tagTooLong });
    if (list.length > JOURNAL_LIMITS.tagsPerEntry) ctx.addIssue({ code: 'custom', message: M.tooManyTags });
    return list;
  })
  .openapi({
    oneOf: [
      { type: 'array', items: { type: 'string', maxLength: JOURNAL_LIMITS.tagMax }, maxItems: JOURNAL_LIMITS.tagsPerEntry },
      {
        type: 'string',
        // Each piece at most tagMax characters as sent: trimming and folding only shorten it.
        pattern: `^[^,]{0,${JOURNAL_LIMITS.tagMax}}(,[^,]{0,${JOURNAL_LIMITS.tagMax}})*$`,
        description: `Comma-separated; each tag at most ${JOURNAL_LIMITS.tagMax} characters.`,
      },
    ],
  });

const taskId = idSchema(M.linkedTasksInvalid);
const ID_DIGITS = digitsPattern(1, INT4_MAX);

/** Linked task ids as an array or a comma string (entries answer them as "1,2"); blank pieces of the string are skipped. */
const linkedTaskIds = z
  .union(
    [
      // Counted once each: a repeated id is dropped before the limit applies.
      z.array(taskId, { error: M.linkedTasksInvalid }).openapi({ maxItems: JOURNAL_LIMITS.linkedTasksMax }),
      z
        .string({ error: M.linkedTasksInvalid })
        // Each piece: spaces, then an id and spaces, or nothing; no two ways to read a run of spaces (no backtracking blow-up).
        .regex(new RegExp(`^\\s*(?:${ID_DIGITS}\\s*)?(?:,\\s*(?:${ID_DIGITS}\\s*)?)*$`), { error: M.linkedTasksInvalid })
        .transform((text, ctx) => text.split(',').map((piece) => piece.trim()).filter((piece) => piece !== '').map((piece) => taskId.safeParse(piece).data ?? problem(ctx, M.linkedTasksInvalid)))
        .openapi({ description: 'Comma-separated ids.' }),
    ],
    { error: M.linkedTasksInvalid },
  )
  .transform((ids, ctx) => {
    const unique = [...new Set(ids)];
    if (unique.length > JOURNAL_LIMITS.linkedTasksMax) ctx.addIssue({ code: 'custom', message: M.tooManyLinkedTasks });
    return unique;
  });

/** `{taskId}`: the task an entry written from a task reflects on; it is linked first. */
const taskContext = z.object({ taskId }, { error: M.linkedTasksInvalid }).transform((context) => context.taskId);

/** `ids` with the task an entry reflects on first (once), when there is one. */
export function withTaskContext(taskContext: number | undefined, ids: readonly number[]): number[] {
  return taskContext === undefined ? [...ids] : [...new Set([taskContext, ...ids])];
}

/**
 * POST and PUT /journal-entries: content is required on both (the editor
 * always sends it); any other field left out (or null) is undefined, which
 * the service reads as "keep" on update and the default on create.
 */
export const EntryInput = z
  .object({
    title: nullishSchema(title),
    content,
    visibility: nullishSchema(choiceSchema(VISIBILITIES, M.visibilityInvalid)),
    tags: nullishSchema(tags),
    linked_task_ids: nullishSchema(linkedTaskIds),
    taskContext: nullishSchema(taskContext),
    // Read by the service (any text passes here, as the document's date-time format does).
    updated_at: z.unknown().optional().openapi({
      type: ['string', 'null'],
      format: 'date-time',
      description: "Updating: the entry's updated_at as it was read; when the entry has changed since, 409 and nothing changes. Ignored when creating.",
    }),
  })
  .transform((entry, ctx) => {
    // Without a list, the context joins the entry's links as they are (none on create, the entry's own on update).
    const linkedTaskIds = entry.linked_task_ids === undefined ? undefined : withTaskContext(entry.taskContext, entry.linked_task_ids);
    if (linkedTaskIds !== undefined && linkedTaskIds.length > JOURNAL_LIMITS.linkedTasksMax) problem(ctx, M.tooManyLinkedTasks);
    return { title: entry.title, content: entry.content, visibility: entry.visibility, tags: entry.tags, linkedTaskIds, taskContext: entry.taskContext, readAt: entry.updated_at };
  })
  .openapi('JournalEntryInput');
export type ValidEntry = z.output<typeof EntryInput>;

/** The filters of the list, and of the search after its `q`. */
const listFields = {
  /** Administrators only: that user's shared entries. */
  user_id: optionalSchema(idSchema(M.userIdInvalid), undefined),
  visibility: optionalSchema(choiceSchema(VISIBILITY_FILTERS, M.visibilityFilterInvalid), 'all'),
  dateRange: optionalSchema(choiceSchema(DATE_RANGES, M.dateRangeInvalid), undefined),
  tag: optionalSchema(searchTextSchema(JOURNAL_LIMITS.tagMax, M.tagFilterInvalid), undefined).transform((tag) => (tag === '' ? undefined : tag)),
  sort: optionalSchema(choiceSchema(SORT_FIELDS, M.sortInvalid), 'created_at'),
  order: optionalSchema(choiceSchema(SORT_ORDERS, M.orderInvalid), 'desc'),
  ...pagingSchema({ page: M.pageInvalid, limit: M.limitInvalid }, JOURNAL_LIMITS.pageSizeMax, JOURNAL_LIMITS.pageSizeDefault),
};

/** GET /journal-entries. */
export const ListQuery = z.object(listFields).openapi('JournalListQuery');
export type ListQuery = z.output<typeof ListQuery>;

/** GET /journal-entries/search: `q` (empty: the filtered list), then the list's filters. */
export const SearchQuery = z.object({ q: optionalSchema(searchTextSchema(JOURNAL_LIMITS.queryMax, M.queryInvalid), ''), ...listFields }).openapi('JournalSearchQuery');
export type SearchQuery = z.output<typeof SearchQuery>;

/** GET /tags/popular. */
export const PopularTagsQuery = z.object({ limit: optionalSchema(intSchema(1, JOURNAL_LIMITS.popularMax, M.popularLimitInvalid), JOURNAL_LIMITS.popularDefault) });
