/** What a failed journal call means beyond its words (failureMessage, in shared/, gives those). */
import { CombinedGraphQLErrors } from '@apollo/client';

function codes(error: unknown): string[] {
  if (!CombinedGraphQLErrors.is(error)) return [];
  return error.errors.map((e) => (typeof e.extensions?.code === 'string' ? e.extensions.code : ''));
}

/** The entry does not exist, or is not the caller's to read (the server does not say which). */
export function isNotFound(error: unknown): boolean {
  return codes(error).includes('NOT_FOUND');
}
