import { anyCaseChoiceSchema, charLength, choiceSchema, idSchema, intSchema, optionalSchema, problem, searchTextSchema, SORT_ORDERS, withoutNul } from '../../shared/schemas';
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
      // http(s) only (the scheme in any case); '' or null for none. The parser's finer checks follow.
      // The trailing whitespace belongs to the link's group: a `\s*` of its own beside the leading one
      // would try every split of a run of spaces, quadratic in the body's length.
      url: z
        .string({ error: M.urlInvalid })
        .regex(/^\s*(?:[Hh][Tt][Tt][Pp][Ss]?:\/\/\S+\s*)?$/, { error: M.urlInvalid })
        .transform((raw, ctx): string | null => {
          const value = withoutNul(raw);
          if (value.trim() === '') return null;
          const checked = validateDocumentUrl(value);
          return 'error' in checked ? problem(ctx, checked.error) : checked.url;
        })
        .nullable()
        .optional()
        .openapi({ format: 'uri', maxLength: DOCUMENT_LIMITS.urlMax }),
      // Required on create (absent or null names the missing class); on update left out or null keeps it.
      document_class_id: mode === 'create' ? idSchema(M.classUnknown, M.classRequired) : idSchema(M.classUnknown).nullish().transform((id) => id ?? undefined),
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
  .object({
    search: optionalSchema(searchTextSchema(DOCUMENT_LIMITS.searchMax, M.searchInvalid), ''),
    class_id: optionalSchema(idSchema(M.classFilterInvalid), null),
    document_class_id: optionalSchema(idSchema(M.classFilterInvalid), null).openapi({ description: 'The name the Document shape uses for class_id; class_id wins when both are given.' }),
    sort: optionalSchema(choiceSchema(DOCUMENT_SORTS, M.sortInvalid), 'name'),
    order: optionalSchema(anyCaseChoiceSchema(SORT_ORDERS, M.orderInvalid), undefined).openapi({ description: 'Default: asc for name and type, desc for date and modified.' }),
    page: optionalSchema(intSchema(1, 1_000_000, M.pageInvalid), undefined),
    limit: optionalSchema(intSchema(1, DOCUMENT_LIMITS.pageSizeMax, M.limitInvalid), undefined),
  })
  .transform(({ search, class_id, document_class_id, sort, order, page, limit }) => ({
    search,
    classId: class_id ?? document_class_id,
    sort,
    order: order ?? DEFAULT_ORDER[sort],
    paging: page === undefined && limit === undefined ? null : { page: page ?? 1, limit: limit ?? DOCUMENT_LIMITS.pageSizeDefault },
  }));
export type ListQuery = z.output<typeof ListQuery>;

/** PUT /documents/{id}/roles body: distinct role ids, at most 100; [] hides the document from everyone but administrators. */
export const SetRoles = z.object({
  role_ids: z
    .array(idSchema(M.roleIdsInvalid), { error: M.roleIdsInvalid })
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b))
    .refine((ids) => ids.length <= DOCUMENT_LIMITS.rolesMax, { error: M.tooManyRoles })
    // Counted once each: a repeated id is dropped before the limit applies.
    .openapi({ maxItems: DOCUMENT_LIMITS.rolesMax }),
});

/**
 * POST /documents/{id}/acknowledge body, optional: the version the caller read. When given, a policy
 * changed since is refused (409) rather than acknowledged in a version the caller never saw.
 */
export const AcknowledgeBody = z.object({
  version: optionalSchema(idSchema(M.policyVersionInvalid), null).openapi({ description: 'The version read; omitted: the current one.' }),
});

/** GET /documents/policies/acknowledgements: pending users listed per policy. */
export const ReportQuery = z.object({
  limit: optionalSchema(intSchema(1, DOCUMENT_LIMITS.reportUsersMax, M.reportLimitInvalid), DOCUMENT_LIMITS.reportUsersDefault),
});
