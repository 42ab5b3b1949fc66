import { CombinedGraphQLErrors } from '@apollo/client';

/**
 * The gateway's error codes that carry a message written for people (a DomainError, docs/product.md#errors):
 * a rule that failed, a conflict, something not found. Internal errors, an unavailable database
 * and transport failures carry no such message.
 */
const MEANINGFUL_CODES = new Set(['BAD_USER_INPUT', 'CONFLICT', 'NOT_FOUND', 'FORBIDDEN', 'RATE_LIMITED']);

/** The server's own error text, when it gave one (the area message gives way to it, docs/product.md#messages). */
export function serverErrorText(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const meaningful = error.errors.find((e) => typeof e.extensions?.code === 'string' && MEANINGFUL_CODES.has(e.extensions.code));
  return meaningful?.message ?? null;
}

/**
 * What to tell the administrator when a call fails: the server's error text when it gave one,
 * else `fallback` (for roles, the role messages: 'Failed to add role', …).
 */
export function failureMessage(error: unknown, fallback: string): string {
  return serverErrorText(error) ?? fallback;
}

/** The server answered NOT_FOUND (e.g. the row was deleted in another tab). */
export function isNotFound(error: unknown): boolean {
  return hasErrorCode(error, 'NOT_FOUND');
}

/** The server answered with one of `codes` (e.g. CONFLICT, NOT_FOUND: what the screen shows is out of date). */
export function hasErrorCode(error: unknown, ...codes: string[]): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => typeof e.extensions?.code === 'string' && codes.includes(e.extensions.code));
}

/** One line of an import the server refused, with its reason. */
export interface LineError {
  line: number;
  message: string;
}

/** The per-line reasons the server gave with a refused import (`extensions.errors`), or null. */
export function lineErrorsOf(error: unknown): LineError[] | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  for (const e of error.errors) {
    const lines = e.extensions?.errors;
    if (Array.isArray(lines)) {
      return lines.filter((l): l is LineError => typeof l === 'object' && l !== null && typeof (l as LineError).line === 'number' && typeof (l as LineError).message === 'string');
    }
  }
  return null;
}
