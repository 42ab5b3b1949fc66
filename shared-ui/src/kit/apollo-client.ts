// The portal's ApolloClient factory. Not in the package index: the index is the shared module every
// page loads (the landing page included), and Apollo there would load on pages that never query.
// Import its subpath: `import { createApolloClient } from '@embark/shared-ui/kit/apollo-client'`.
import { ApolloClient, ApolloLink, CombinedGraphQLErrors, HttpLink, InMemoryCache, ServerError, type TypePolicies } from '@apollo/client';
import { ErrorLink } from '@apollo/client/link/error';
import { TIMING_MS, authHeaders, endsSession, notifySessionExpired, onSessionEnded, readAuthToken, type SessionExpiredEvent } from '@embark/shared-ui';

/** Same-origin GraphQL endpoint (proxied to the gateway by whatever serves the page). */
export const GRAPHQL_URI = '/graphql';

/** Wraps fetch so every request aborts after `timeoutMs` (10 s, as the REST client), keeping any caller signal. */
export function withTimeout(fetchImpl: typeof fetch, timeoutMs: number = TIMING_MS.httpTimeout): typeof fetch {
  return (input, init) => {
    // A controller and a timer, as the REST client has, rather than AbortSignal.any: Safari lacks it
    // before 17.4, and every query would fail there. Like AbortSignal.timeout, the timer also covers
    // the body being read after the headers.
    const controller = new AbortController();
    const caller = init?.signal ?? undefined;
    const forward = () => controller.abort(caller?.reason);
    setTimeout(() => {
      caller?.removeEventListener('abort', forward);
      controller.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    }, timeoutMs);
    if (caller?.aborted) forward();
    else caller?.addEventListener('abort', forward, { once: true });
    return fetchImpl(input, { ...init, signal: controller.signal });
  };
}

export interface ApolloClientOptions {
  uri?: string;
  /** Reads the bearer token per request (default: localStorage under the kit's key). */
  getToken?: () => string | null;
  /** fetch implementation (default: the global fetch, looked up per request). */
  fetch?: typeof fetch;
  /** Where an expired session is reported (default: the kit's session-expiry hook, shared with REST). */
  onSessionExpired?: (event: SessionExpiredEvent) => void;
}

/**
 * The signed-in user's dashboard and its parts carry no id: each is the only one of its kind. Two
 * queries select different fields of them (the dashboard page and the after-sign-in
 * initialisation), so their answers are merged field by field. Replaced instead, the later answer
 * would drop the fields only the other selects, and the page's query, its cached data now
 * incomplete, would ask the server again.
 */
export const CACHE_TYPE_POLICIES: TypePolicies = {
  Dashboard: { merge: true },
  DashboardProgress: { merge: true },
  CompletionStats: { merge: true },
  NextStep: { merge: true },
};

/** The GraphQL error code of an unauthenticated request (docs/product.md#errors). */
export const UNAUTHENTICATED_CODE = 'UNAUTHENTICATED';

/**
 * Why a failed operation means the session is over, or null: the gateway's UNAUTHENTICATED code,
 * or an HTTP 401/403 answer (the same statuses that end a session on REST, docs/product.md#session-expiry).
 */
export function sessionExpiryOf(error: unknown): Pick<SessionExpiredEvent, 'status' | 'code'> | null {
  if (CombinedGraphQLErrors.is(error)) {
    const unauthenticated = error.errors.some((e) => e.extensions?.code === UNAUTHENTICATED_CODE);
    return unauthenticated ? { code: UNAUTHENTICATED_CODE } : null;
  }
  if (ServerError.is(error) && endsSession(error.statusCode)) return { status: error.statusCode };
  return null;
}

/**
 * An ApolloClient whose requests carry `Authorization: Bearer <token>` when signed in. The token
 * is read per request, so signing in or out needs no new client. An answer saying the session is
 * over goes to the same session-expiry handler as REST answers, and the cache is dropped whenever
 * a session ends, so the next user never sees the previous one's data.
 */
export function createApolloClient({
  uri = GRAPHQL_URI,
  getToken = readAuthToken,
  fetch: fetchImpl,
  onSessionExpired = notifySessionExpired,
}: ApolloClientOptions = {}) {
  const authLink = new ApolloLink((operation, forward) => {
    const token = getToken();
    operation.setContext(({ headers }: { headers?: Record<string, string> }) => ({
      headers: { ...headers, ...authHeaders(token) },
      sentToken: token,
    }));
    return forward(operation);
  });
  const expiryLink = new ErrorLink(({ error, operation }) => {
    // A session can only be over if one was sent; a guest's UNAUTHENTICATED is just a refusal.
    // A caller that handles refusals itself (the shell's sign-in initialisation, before the user
    // is let in) opts out with `context: { reportSessionExpiry: false }`, as REST callers do.
    const { sentToken, reportSessionExpiry } = operation.getContext() as { sentToken?: string | null; reportSessionExpiry?: boolean };
    if (!sentToken || reportSessionExpiry === false) return;
    const expiry = sessionExpiryOf(error);
    if (expiry) onSessionExpired({ source: 'graphql', ...expiry, target: operation.operationName ?? 'anonymous operation', token: sentToken });
  });
  const baseFetch: typeof fetch = fetchImpl ?? ((input, init) => fetch(input, init));
  const httpLink = new HttpLink({ uri, credentials: 'same-origin', fetch: withTimeout(baseFetch) });
  const client = new ApolloClient({ link: ApolloLink.from([expiryLink, authLink, httpLink]), cache: new InMemoryCache({ typePolicies: CACHE_TYPE_POLICIES }) });
  onSessionEnded(() => {
    client.clearStore().catch((error: unknown) => console.warn('[embark] could not clear the GraphQL cache:', error));
  });
  return client;
}
