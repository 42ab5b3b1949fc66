import { positiveId } from '../../shared/ids';
import { charLength, choiceSchema, idSchema, intSchema, optionalSchema, problem, searchTextSchema, SORT_ORDERS, withoutNul, type SortOrder } from '../../shared/schemas';
import { z } from '../../shared/validation';
import { CHECKLIST_MESSAGES } from '../checklist';
import { DEFAULT_ORDER, DOCUMENT_LIMITS, DOCUMENT_MESSAGES as M, DOCUMENT_SORTS } from './documents.messages';

/*
 * The document library's operation inputs, one schema each, parsed by
 * DocumentsService with parseInput (both doors), and published in the REST
 * contract.
 */

/** Path id of a document. */
export const DocumentId = idSchema(M.invalidId);

/** Path id of the checklist item a document is linked to. */
export const ChecklistItemId = idSchema(CHECKLIST_MESSAGES.invalidItemId);

/**
 * A document link is http or https only (docs/product.md#documents). Parsed
 * with the WHATWG URL parser (what browsers use), after trimming the ends.
 * Refused: other schemes (javascript:, data:, ftp:, mailto:…), relative paths,
 * any whitespace inside, a scheme not followed by `//` (`https:example.com`,
 * which parsers would quietly repair) and a URL without a host. The text is
 * kept as written.
 */
export function validateDocumentUrl(raw: string): { url: string } | { error: string } {
  const url = raw.trim();
  if (charLength(url) > DOCUMENT_LIMITS.urlMax) return { error: M.urlTooLong };
  if (!/^https?:\/\//i.test(url) || /\s/.test(url)) return { error: M.urlInvalid };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { error: M.urlInvalid };
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.hostname === '') return { error: M.urlInvalid };
  return { url };
}

/** Strings lose U+0000 before any rule looks at them. */
const cleaned = (raw: unknown): unknown => (typeof raw === 'string' ? withoutNul(raw) : raw);

/**
 * Create and update share the rules. Title is required on both (PUT
 * semantics, like roles); on update every other field left out keeps its
 * value (undefined), and `null` (or '') clears the description or the link.
 */
function documentInput(mode: 'create' | 'update') {
  /** What a field left out (or null, for the flag) means: the default on create, "keep" on update. */
  const leftOut = <T>(value: T | undefined, createValue: T): T | undefined => (value !== undefined ? value : mode === 'create' ? createValue : undefined);
  const classId = z.unknown().transform((raw, ctx): number | undefined => {
    if (raw === undefined || raw === null) return mode === 'create' ? problem(ctx, M.classRequired) : undefined;
    return positiveId(raw) ?? problem(ctx, M.classUnknown);
  });
  return z
    .object({
      title: z
        .unknown()
        .transform((raw, ctx) => {
          const value = cleaned(raw);
          const title = typeof value === 'string' ? value.trim() : '';
          if (title === '') return problem(ctx, M.titleRequired);
          return charLength(title) > DOCUMENT_LIMITS.titleMax ? problem(ctx, M.titleTooLong) : title;
        })
        .openapi({ type: 'string', minLength: 1, maxLength: DOCUMENT_LIMITS.titleMax }),
      description: z
        .unknown()
        .transform((raw, ctx): string | null | undefined => {
          const value = cleaned(raw);
          if (value === null) return null;
          if (typeof value !== 'string') return problem(ctx, M.descriptionInvalid);
          const text = value.trim();
          if (charLength(text) > DOCUMENT_LIMITS.descriptionMax) return problem(ctx, M.descriptionTooLong);
          return text === '' ? null : text;
        })
        .optional()
        .openapi({ type: ['string', 'null'], maxLength: DOCUMENT_LIMITS.descriptionMax }),
      url: z
        .unknown()
        .transform((raw, ctx): string | null | undefined => {
          const value = cleaned(raw);
          if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
          if (typeof value !== 'string') return problem(ctx, M.urlInvalid);
          const checked = validateDocumentUrl(value);
          return 'error' in checked ? problem(ctx, checked.error) : checked.url;
        })
        .optional()
        .openapi({ type: ['string', 'null'], format: 'uri', maxLength: DOCUMENT_LIMITS.urlMax, description: 'http or https only.' }),
      // Required on create: the rule runs (and names the missing class) even when the key is absent.
      document_class_id: (mode === 'create' ? classId : classId.optional()).openapi({ type: 'integer', minimum: 1 }),
      is_company_policy: z
        .unknown()
        .transform((raw, ctx): boolean | undefined => {
          if (raw === null) return undefined;
          return typeof raw === 'boolean' ? raw : problem(ctx, M.policyFlagInvalid);
        })
        .optional()
        .openapi({ type: 'boolean' }),
    })
    .transform((doc) => ({
      title: doc.title,
      description: leftOut(doc.description, null),
      url: leftOut(doc.url, null),
      classId: doc.document_class_id,
      isCompanyPolicy: leftOut(doc.is_company_policy, false),
    }));
}

/** POST /documents. */
export const CreateDocument = documentInput('create').openapi('CreateDocument');
/** PUT /documents/{id}: fields left out keep their value. */
export const UpdateDocument = documentInput('update').openapi('UpdateDocument');
export type ValidDocument = z.output<typeof UpdateDocument>;

/**
 * GET /documents: search, class filter (`class_id`, or `document_class_id` as
 * the Document shape names it), sort and order. Every document the caller may
 * see unless the client asks for a page: `page` and `limit` apply only when
 * one of them is given (docs/product.md#documents).
 */
export const ListQuery = z
  .preprocess(
    (raw) => {
      if (typeof raw !== 'object' || raw === null) return raw;
      const { document_class_id: alias, ...rest } = raw as Record<string, unknown>;
      return rest.class_id === undefined || rest.class_id === null ? { ...rest, class_id: alias } : rest;
    },
    z.object({
      search: optionalSchema(searchTextSchema(DOCUMENT_LIMITS.searchMax, M.searchInvalid), ''),
      class_id: optionalSchema(idSchema(M.classFilterInvalid), null),
      sort: optionalSchema(choiceSchema(DOCUMENT_SORTS, M.sortInvalid), 'name'),
      order: optionalSchema(
        z.unknown().transform((raw, ctx) => {
          const lower = typeof raw === 'string' ? raw.toLowerCase() : '';
          return (SORT_ORDERS as readonly string[]).includes(lower) ? (lower as SortOrder) : problem(ctx, M.orderInvalid);
        }),
        undefined,
      ).openapi({ type: 'string', enum: [...SORT_ORDERS], description: 'Default: asc for name and type, desc for date and modified.' }),
      page: optionalSchema(intSchema(1, 1_000_000, M.pageInvalid), undefined),
      limit: optionalSchema(intSchema(1, DOCUMENT_LIMITS.pageSizeMax, M.limitInvalid), undefined),
    }),
  )
  .transform(({ search, class_id, sort, order, page, limit }) => ({
    search,
    classId: class_id,
    sort,
    order: order ?? DEFAULT_ORDER[sort],
    paging: page === undefined && limit === undefined ? null : { page: page ?? 1, limit: limit ?? DOCUMENT_LIMITS.pageSizeDefault },
  }));
export type ListQuery = z.output<typeof ListQuery>;

/** PUT /documents/{id}/roles body: distinct role ids, at most 100; [] hides the document from everyone but administrators. */
export const SetRoles = z.object({
  role_ids: z
    .unknown()
    .transform((raw, ctx) => {
      if (!Array.isArray(raw)) return problem(ctx, M.roleIdsInvalid);
      const ids = new Set<number>();
      for (const value of raw as unknown[]) {
        const id = typeof value === 'number' || typeof value === 'string' ? positiveId(value) : null;
        if (id === null) return problem(ctx, M.roleIdsInvalid);
        ids.add(id);
      }
      if (ids.size > DOCUMENT_LIMITS.rolesMax) return problem(ctx, M.tooManyRoles);
      return [...ids].sort((a, b) => a - b);
    })
    .openapi({ type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: DOCUMENT_LIMITS.rolesMax }),
});

/** GET /documents/policies/acknowledgements: pending users listed per policy. */
export const ReportQuery = z.object({
  limit: optionalSchema(intSchema(1, DOCUMENT_LIMITS.reportUsersMax, M.reportLimitInvalid), DOCUMENT_LIMITS.reportUsersDefault),
});
