/**
 * @jest-environment node
 */
// Node environment: it has fetch's Response and AbortSignal.any, which jsdom lacks.
import { gql } from '@apollo/client';
import { createApolloClient } from './apollo-client';

const QUERY = gql`
  query Roles {
    roles {
      id
      name
    }
  }
`;

function fakeFetch() {
  const calls: Array<{ url: string; headers: Headers; signal: AbortSignal | null | undefined }> = [];
  const impl: typeof fetch = async (input, init) => {
    calls.push({ url: String(input), headers: new Headers(init?.headers), signal: init?.signal });
    return new Response(JSON.stringify({ data: { roles: [{ __typename: 'Role', id: 1, name: 'Employee' }] } }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { impl, calls };
}

describe('createApolloClient', () => {
  it('posts to /graphql with the bearer token when signed in, and a timeout signal', async () => {
    const { impl, calls } = fakeFetch();
    const client = createApolloClient({ fetch: impl, getToken: () => 'tok-123' });
    const result = await client.query({ query: QUERY });
    expect(result.data).toEqual({ roles: [{ __typename: 'Role', id: 1, name: 'Employee' }] });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/graphql');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer tok-123');
    expect(calls[0]?.signal).toBeInstanceOf(AbortSignal);
  });

  it('sends no Authorization header when signed out', async () => {
    const { impl, calls } = fakeFetch();
    const client = createApolloClient({ fetch: impl, getToken: () => null, uri: '/custom' });
    await client.query({ query: QUERY });
    expect(calls[0]?.url).toBe('/custom');
    expect(calls[0]?.headers.has('authorization')).toBe(false);
  });
});
