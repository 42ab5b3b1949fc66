import { ValidationError } from './errors';
import { BULK_IDS_MAX, idListSchema, idSchema, INT4_MAX } from './schemas';

export { BULK_IDS_MAX, INT4_MAX };

/** The id rule of shared/schemas idSchema, for callers that word their own message. */
const anyId = idSchema('');

/**
 * A positive int4 id from a path segment (string) or a GraphQL Int (number).
 * Anything else (non-integer, 0, negative, beyond int4, padded text) is a 400
 * with `message` as both the error and its one detail, so a bad id never
 * reaches SQL (where it would be a 500) and never looks like "not found".
 */
export function parseId(raw: unknown, message: string): number {
  const id = positiveId(raw);
  if (id === null) throw new ValidationError(message, [message]);
  return id;
}

/** The same rule as parseId without throwing: a positive int4 from a number or its digits, else null. */
export function positiveId(raw: unknown): number | null {
  const result = anyId.safeParse(raw);
  return result.success ? result.data : null;
}

/**
 * A list of 1 to `max` positive int4 ids (JSON numbers or their digits),
 * duplicates dropped keeping the first position; anything else is a 400 with
 * `message` as its one detail.
 */
export function parseIdList(raw: unknown, message: string, max: number = BULK_IDS_MAX): number[] {
  const result = idListSchema(message, max).safeParse(raw);
  if (!result.success) throw new ValidationError(message, [message]);
  return result.data;
}
