import { CombinedGraphQLErrors } from '@apollo/client';

/** The server's refusals whose words say what to do: the input broke a rule, or the state changed. */
const ACTIONABLE = new Set(['BAD_USER_INPUT', 'CONFLICT']);

/**
 * What to tell the user when a call fails. The area's message ('Failed to create journal entry',
 * 'Could not update the task…') is the headline; when the server refused the input (BAD_USER_INPUT)
 * or the current state (CONFLICT), its message says what to do, so that is shown instead.
 */
export function failureMessage(error: unknown, headline: string): string {
  if (CombinedGraphQLErrors.is(error)) {
    const actionable = error.errors.find((e) => ACTIONABLE.has(String(e.extensions?.code)));
    if (actionable) return actionable.message;
  }
  return headline;
}

function codes(error: unknown): string[] {
  if (!CombinedGraphQLErrors.is(error)) return [];
  return error.errors.map((e) => (typeof e.extensions?.code === 'string' ? e.extensions.code : ''));
}

/** The server refused the call for the current state (a 409). */
export function isConflict(error: unknown): boolean {
  return codes(error).includes('CONFLICT');
}

/** What was asked for does not exist, or is not the caller's to read (the server does not say which). */
export function isNotFound(error: unknown): boolean {
  return codes(error).includes('NOT_FOUND');
}
