import { CombinedGraphQLErrors } from '@apollo/client';

/**
 * What to tell the user when a call fails. The area's message ('Failed to create journal entry',
 * 'Could not update the task…') is the headline; when the server refused the input (BAD_USER_INPUT)
 * its message is the rule that failed, which says what to fix, so that is shown instead.
 */
export function failureMessage(error: unknown, headline: string): string {
  if (CombinedGraphQLErrors.is(error)) {
    const invalid = error.errors.find((e) => e.extensions?.code === 'BAD_USER_INPUT');
    if (invalid) return invalid.message;
  }
  return headline;
}
