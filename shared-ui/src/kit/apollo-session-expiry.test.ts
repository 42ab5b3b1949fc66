/**
 * @jest-environment node
 */
// Node environment: it has fetch's Response and AbortSignal.any, which jsdom lacks.
import { gql } from '@apollo/client';
import { createApolloClient } from './apollo-client';
import { notifySessionEnded, type SessionExpiredEvent } from './auth-session';

const QUERY = gql`
  query Me {
    me {
      id
    }
  }
`;

function answering(status: number, body: unknown): typeof fetch {
  return async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function client(fetchImpl: typeof fetch, token: string | null = 'tok') {
  const expired: SessionExpiredEvent[] = [];
  const apollo = createApolloClient({ fetch: fetchImpl, getToken: () => token, onSessionExpired: (e) => expired.push(e) });
  return { apollo, expired };
}

const unauthenticated = { data: null, errors: [{ message: 'Authentication required', extensions: { code: 'UNAUTHENTICATED' } }] };

describe('GraphQL session expiry', () => {
  it('routes UNAUTHENTICATED to the session-expiry handler', async () => {
    const { apollo, expired } = client(answering(200, unauthenticated));
    await expect(apollo.query({ query: QUERY })).rejects.toThrow('Authentication required');
    expect(expired).toEqual([{ source: 'graphql', code: 'UNAUTHENTICATED', target: 'Me', token: 'tok' }]);
  });

  it('routes an HTTP 401 to the session-expiry handler', async () => {
    const { apollo, expired } = client(answering(401, { error: 'Unauthorized' }));
    await expect(apollo.query({ query: QUERY })).rejects.toThrow();
    expect(expired).toEqual([{ source: 'graphql', status: 401, target: 'Me', token: 'tok' }]);
  });

  it('leaves other errors alone', async () => {
    const { apollo, expired } = client(answering(200, { data: null, errors: [{ message: 'No', extensions: { code: 'FORBIDDEN' } }] }));
    await expect(apollo.query({ query: QUERY })).rejects.toThrow('No');
    expect(expired).toEqual([]);
  });

  it('does not report a refusal of a request sent without a token', async () => {
    const { apollo, expired } = client(answering(200, unauthenticated), null);
    await expect(apollo.query({ query: QUERY })).rejects.toThrow();
    expect(expired).toEqual([]);
  });

  it('does not report a refusal the caller handles itself (context reportSessionExpiry: false)', async () => {
    const { apollo, expired } = client(answering(401, { error: 'Unauthorized' }));
    await expect(apollo.query({ query: QUERY, context: { reportSessionExpiry: false } })).rejects.toThrow();
    expect(expired).toEqual([]);
    // Only that operation: the next one reports again.
    await expect(apollo.query({ query: QUERY, fetchPolicy: 'network-only' })).rejects.toThrow();
    expect(expired).toHaveLength(1);
  });

  it('drops the cache when the session ends', async () => {
    const ok = { data: { me: { __typename: 'User', id: 1 } } };
    const { apollo } = client(answering(200, ok));
    await apollo.query({ query: QUERY });
    expect(apollo.cache.extract()).not.toEqual({});
    notifySessionEnded();
    await new Promise((r) => setTimeout(r, 0));
    expect(apollo.cache.extract()).toEqual({});
  });
});
