// The portal's ApolloClient factory. Deliberately NOT re-exported from the package index: the index
// is the shared singleton every page loads (the landing page included), and importing Apollo there
// would pull Apollo and graphql onto pages that never query. Import it by path:
//   import { createApolloClient } from '@embark/shared-ui/src/kit/apollo-client';
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { TIMING_MS } from './constants';
import { authHeaders, readAuthToken } from './storage';

/** Same-origin GraphQL endpoint (proxied to the gateway by whatever serves the page). */
export const GRAPHQL_URI = '/graphql';

/** Wraps fetch so every request aborts after `timeoutMs` (spec §7/§9: 10 s), keeping any caller signal. */
export function withTimeout(fetchImpl: typeof fetch, timeoutMs: number = TIMING_MS.httpTimeout): typeof fetch {
  return (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return fetchImpl(input, { ...init, signal });
  };
}

export interface ApolloClientOptions {
  uri?: string;
  /** Reads the bearer token per request (default: localStorage under the kit's key). */
  getToken?: () => string | null;
  /** fetch implementation (default: the global fetch, looked up per request). */
  fetch?: typeof fetch;
}

/**
 * An ApolloClient whose requests carry `Authorization: Bearer <token>` when signed in. The token
 * is read per request, so signing in or out needs no new client.
 */
export function createApolloClient({ uri = GRAPHQL_URI, getToken = readAuthToken, fetch: fetchImpl }: ApolloClientOptions = {}) {
  const authLink = new ApolloLink((operation, forward) => {
    operation.setContext(({ headers }: { headers?: Record<string, string> }) => ({
      headers: { ...headers, ...authHeaders(getToken()) },
    }));
    return forward(operation);
  });
  const baseFetch: typeof fetch = fetchImpl ?? ((input, init) => fetch(input, init));
  const httpLink = new HttpLink({ uri, credentials: 'same-origin', fetch: withTimeout(baseFetch) });
  return new ApolloClient({ link: ApolloLink.from([authLink, httpLink]), cache: new InMemoryCache() });
}
