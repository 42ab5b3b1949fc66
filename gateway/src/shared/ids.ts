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
