import { GraphQLBoolean, GraphQLID, GraphQLString } from 'graphql';
import { GraphQLDateTimeISO, GraphQLJSONObject } from 'graphql-scalars';
import { Float, getMetadataStorage, Int } from 'type-graphql';
import toRegexRange from 'to-regex-range';
import { z } from './validation';

/*
 * The little zod schemas every module's inputs are built from. Values arrive
 * as JSON (REST bodies), typed GraphQL arguments, or query-string and path
 * text, so ids and numbers are read from a number or its digits alike. Each
 * takes the product message of its field: a schema never shows zod's own words
 * (docs/product.md#validation).
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATE_ALL = new RegExp(LONE_SURROGATE.source, 'g');

/**
 * Drops U+0000 and turns a lone UTF-16 surrogate into U+FFFD: PostgreSQL text
 * cannot hold the first, nor its json (an audit record of the value) the second,
 * so the write would fail as a server error; neither means anything a person typed.
 */
export function withoutNul(text: string): string {
  const kept = text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
  return LONE_SURROGATE.test(kept) ? kept.replace(LONE_SURROGATE_ALL, '\uFFFD') : kept;
}

/** Characters as PostgreSQL counts them for varchar(n) and char_length: code points, not UTF-16 units. */
export function charLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Not given: absent, null, or '' (clients build query strings from blank form fields). */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** Adds one issue with `message` and answers zod's "no value" marker, for custom transforms. */
export function problem(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

/** The largest PostgreSQL `integer` (int4): every id column is one. */
export const INT4_MAX = 2_147_483_647;

/** A regular expression source (no anchors) for the decimal digits of every whole number in [min, max], nothing else. */
export function digitsPattern(min: number, max: number): string {
  const range = toRegexRange(min, max);
  return range.startsWith('(?:') ? range : `(?:${range})`;
}

/**
 * A whole number in [min, max], as a JSON number or as its decimal digits
 * (forms and query strings send text): no sign unless negative, no leading
 * zero, no spaces, no decimals. `message` for anything else; `required`, when
 * given, for no value (absent or null). Both forms are plain zod, so the
 * OpenAPI document states the range and the digits' pattern.
 */
export function intSchema(min: number, max: number, message: string, required?: string) {
  const digits = new RegExp(`^${digitsPattern(min, max)}$`);
  return z.union(
    [
      z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }),
      z.string({ error: message }).regex(digits, { error: message }).transform(Number),
    ],
    { error: (issue) => (required !== undefined && (issue.input === undefined || issue.input === null) ? required : message) },
  );
}

/** A positive int4 id (every id column), from a number or its digits; `message` for anything else, `required` (if given) for nothing. */
export function idSchema(message: string, required?: string) {
  return intSchema(1, INT4_MAX, message, required);
}

/** Ids in one bulk request at most (bulk links, assignments, reorders). */
export const BULK_IDS_MAX = 1000;

/** 1 to `max` ids (each a number or its digits), duplicates dropped keeping the first position; `message` otherwise. */
export function idListSchema(message: string, max: number = BULK_IDS_MAX) {
  return z
    .array(idSchema(message), { error: message })
    .min(1, { error: message })
    .max(max, { error: message })
    .transform((ids) => [...new Set(ids)]);
}

/** The two directions of every sorted list. */
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** One of `values`, exactly as written; `message` otherwise. */
export function choiceSchema<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { error: () => message });
}

/**
 * One of `values` in any letter case, spaces around allowed, answered as
 * listed (lower case); `message` otherwise. The document states it as a
 * pattern, since JSON Schema has no case-blind enum.
 */
export function anyCaseChoiceSchema<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  const anyCase = (value: string) => [...value].map((c) => (c.toLowerCase() !== c.toUpperCase() ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  const pattern = new RegExp(`^\\s*(?:${values.map(anyCase).join('|')})\\s*$`);
  return z
    .string({ error: message })
    .regex(pattern, { error: message })
    .transform((text) => text.trim().toLowerCase() as T[number]);
}

/**
 * Free text of at most `max` characters as sent, then NUL dropped and the ends
 * trimmed (searches, filters); `message` for anything but a string, or a longer one.
 */
export function searchTextSchema(max: number, message: string) {
  return z
    .string({ error: message })
    .max(max, { error: message })
    .transform((text) => withoutNul(text).trim());
}

/**
 * Text a person must type (a name, a title): trimmed, at least one character,
 * at most `max`; `required` for anything else or nothing left, `tooLong` past
 * the limit, never both.
 */
export function requiredTextSchema(max: number, messages: { required: string; tooLong: string }) {
  return z
    .string({ error: messages.required })
    .overwrite(withoutNul)
    .regex(/\S/, { error: messages.required, abort: true })
    .trim()
    .min(1, { error: messages.required, abort: true })
    .max(max, { error: messages.tooLong });
}

/** A real calendar date written YYYY-MM-DD (2025-02-30 is not one). */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** `schema` when the value is there; undefined for absent or null (a body field left out: kept on update). */
export function nullishSchema<S extends z.ZodType>(schema: S) {
  return z.preprocess((raw) => (raw === null ? undefined : raw), schema.optional());
}

/**
 * `schema` when the value is given; `fallback` when it is blank (see isBlank).
 * The fallback is the value the service works with, and the documented default.
 * As a query parameter the document says so with `allowEmptyValue`: `?page=`
 * reads as not given.
 */
export function optionalSchema<S extends z.ZodType, const F>(schema: S, fallback: F) {
  return z
    .preprocess((raw) => (isBlank(raw) ? undefined : raw), schema.optional())
    .transform((value): z.output<S> | F => (value === undefined ? fallback : value))
    .openapi({ ...(fallback === undefined || fallback === null ? {} : { default: fallback }), param: { allowEmptyValue: true } });
}

/** Page and page size of a list: `page` from 1, `limit` from 1 to `max`, `fallbackLimit` when not given. */
export function pagingSchema(messages: { page: string; limit: string }, max: number, fallbackLimit: number) {
  return {
    page: optionalSchema(intSchema(1, 1_000_000, messages.page), 1),
    limit: optionalSchema(intSchema(1, max, messages.limit), fallbackLimit),
  };
}

// ---- response shapes, from the one declaration --------------------------------------------------

/** A class as type-graphql's metadata names it (its `target`): any constructor. */
type ClassTarget = abstract new (...args: never[]) => unknown;

/** Zod schemas built from object type classes, once per class (a component of the OpenAPI document each). */
const fromClass = new Map<unknown, z.ZodObject>();

/** A GraphQL scalar or enum as the JSON value REST answers with. */
function scalarSchema(type: unknown): z.ZodType {
  if (type === Int) return z.number().int();
  if (type === Float || type === Number) return z.number();
  if (type === String || type === GraphQLString || type === GraphQLID) return z.string();
  if (type === Boolean || type === GraphQLBoolean) return z.boolean();
  // Dates are ISO 8601 text in JSON.
  if (type === GraphQLDateTimeISO || type === Date) return z.string();
  if (type === GraphQLJSONObject) return z.record(z.string(), z.unknown());
  const enumMeta = getMetadataStorage().enums.find((e) => e.enumObj === type);
  if (enumMeta) {
    const values = Object.values(enumMeta.enumObj).filter((v): v is string => typeof v === 'string');
    return z.enum(values as [string, ...string[]]);
  }
  if (typeof type === 'function') return objectShape(type as ClassTarget);
  throw new Error(`objectSchema: no JSON schema for the GraphQL type ${String(type)}`);
}

/**
 * The JSON shape of an object type class (a type-graphql `@ObjectType`), as
 * REST serialises the very objects the service returns: the class stays the
 * one declaration of the shape, and the REST contract is derived from it.
 * Inherited fields come first (`extends`), nested object types become their own
 * components; `nullable` fields may be null, and no field may be missing.
 */
export function objectSchema(type: ClassTarget): z.ZodType {
  return objectShape(type);
}

/** The object schema of a class with REST-only fields added (e.g. an item's `documents`), as its own component `name`. */
export function objectSchemaWith(type: ClassTarget, name: string, extra: z.ZodRawShape): z.ZodType {
  return objectShape(type).extend(extra).openapi(name);
}

function objectShape(type: ClassTarget): z.ZodObject {
  const known = fromClass.get(type);
  if (known) return known;
  const storage = getMetadataStorage();
  // The class and its ancestors, base first: inherited fields lead, as in the GraphQL type.
  const chain: unknown[] = [];
  for (let t: unknown = type; typeof t === 'function' && t !== Function.prototype; t = Object.getPrototypeOf(t)) chain.unshift(t);
  const shape: Record<string, z.ZodType> = {};
  for (const target of chain) {
    for (const field of storage.fields.filter((f) => f.target === target)) {
      let schema = scalarSchema(field.getType());
      const nullable = field.typeOptions.nullable;
      if (field.typeOptions.array) {
        if (nullable === 'items' || nullable === 'itemsAndList') schema = schema.nullable();
        for (let depth = field.typeOptions.arrayDepth ?? 1; depth > 0; depth--) schema = z.array(schema);
        if (nullable === true || nullable === 'itemsAndList') schema = schema.nullable();
      } else if (nullable) {
        // A union, not .nullable(): a nullable reference must not make the referenced component nullable everywhere.
        schema = typeof field.getType() === 'function' && fromClass.has(field.getType()) ? z.union([schema, z.null()]) : schema.nullable();
      }
      if (field.description) schema = schema.describe(field.description);
      shape[field.name] = schema;
    }
  }
  const meta = storage.objectTypes.find((o) => o.target === type);
  const schema = z.object(shape).openapi(meta?.name ?? type.name, meta?.description ? { description: meta.description } : {});
  fromClass.set(type, schema);
  return schema;
}

/** `{ success: true }`: the answer of a REST delete. */
export const SuccessBody = z.object({ success: z.literal(true) }).openapi('Success');

/**
 * A point in time as a client sends it: a Date (GraphQL's DateTimeISO has parsed it), an RFC 3339
 * date-time string with a zone (validated like GraphQL's DateTimeISO, so both
 * doors accept the same strings), or a calendar date YYYY-MM-DD (UTC midnight).
 */
export function parseTimestamp(raw: unknown): Date | null {
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : raw;
  if (typeof raw !== 'string') return null;
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  if (dateOnly) {
    const [y, m, d] = [Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])];
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? date : null;
  }
  try {
    return GraphQLDateTimeISO.parseValue(raw);
  } catch {
    return null;
  }
}
