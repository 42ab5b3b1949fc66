import { ValidationError } from './errors';

/** The largest PostgreSQL `integer` (int4): every id column is one. */
export const INT4_MAX = 2_147_483_647;

/**
 * A positive int4 id from a path segment (string) or a GraphQL Int (number).
 * Anything else (non-integer, 0, negative, beyond int4) is a 400 with `message`
 * as both the error and its one detail, so a bad id never reaches SQL (where
 * it would be a 500) and never looks like "not found".
 */
export function parseId(raw: unknown, message: string): number {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^[1-9]\d{0,9}$/.test(text) || Number(text) > INT4_MAX) throw new ValidationError(message, [message]);
  return Number(text);
}

/**
 * The same rule as parseId without throwing: a positive int4 from a number or
 * a numeric string, else null. For lists and optional fields, whose callers
 * word their own message.
 */
export function positiveId(raw: unknown): number | null {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^[1-9]\d{0,9}$/.test(text) || Number(text) > INT4_MAX) return null;
  return Number(text);
}

/** Ids in one bulk request at most (bulk links, assignments, reorders). */
export const BULK_IDS_MAX = 1000;

/**
 * A list of 1 to `max` positive int4 ids (JSON numbers or numeric strings),
 * duplicates dropped keeping the first position; anything else is a 400 with
 * `message` as its one detail.
 */
export function parseIdList(raw: unknown, message: string, max: number = BULK_IDS_MAX): number[] {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > max) throw new ValidationError(message, [message]);
  const ids: number[] = [];
  const seen = new Set<number>();
  for (const value of raw) {
    const id = positiveId(value);
    if (id === null) throw new ValidationError(message, [message]);
    if (!seen.has(id)) ids.push(id);
    seen.add(id);
  }
  return ids;
}
