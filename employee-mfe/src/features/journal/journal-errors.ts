/**
 * What to tell the user when a journal call fails. The journal's area message ('Failed to create
 * journal entry', …) is the headline; when the server refused the input (BAD_USER_INPUT) its
 * message is the validation rule that failed, which says what to fix, so that is shown instead.
 */
import { CombinedGraphQLErrors } from '@apollo/client';

function codes(error: unknown): string[] {
  if (!CombinedGraphQLErrors.is(error)) return [];
  return error.errors.map((e) => (typeof e.extensions?.code === 'string' ? e.extensions.code : ''));
}

/** The entry does not exist, or is not the caller's to read (the server does not say which). */
export function isNotFound(error: unknown): boolean {
  return codes(error).includes('NOT_FOUND');
}

export function failureMessage(error: unknown, headline: string): string {
  if (CombinedGraphQLErrors.is(error)) {
    const invalid = error.errors.find((e) => e.extensions?.code === 'BAD_USER_INPUT');
    if (invalid) return invalid.message;
  }
  return headline;
}
