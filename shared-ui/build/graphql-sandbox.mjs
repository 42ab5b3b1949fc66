// A development gateway answers a browser's GET /graphql with Apollo's sandbox, a page that runs
// scripts from Apollo's CDN. The servers in front of the portal (the dev servers' proxy here,
// `npm run serve`'s static server) keep that one request, so no third-party script runs on the
// portal's origin beside the stored token. GraphQL requests themselves go through.

/**
 * Whether a request is a browser asking for the sandbox page.
 * @param {string | undefined} method
 * @param {string} pathname
 * @param {string | undefined} accept the request's Accept header
 */
export function asksForGraphqlSandbox(method, pathname, accept) {
  return pathname === '/graphql' && method === 'GET' && /text\/html/i.test(accept ?? '');
}
