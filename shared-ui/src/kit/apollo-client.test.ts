/**
 * @jest-environment node
 */
// Node environment: it has fetch's Response, which jsdom lacks.
import { gql } from '@apollo/client';
import { CACHE_TYPE_POLICIES, createApolloClient, withTimeout } from './apollo-client';

// This file runs in Node (above), while shared-ui is typed for the browser: only what it reads here.
declare const require: (id: 'node:fs') => { readFileSync(path: string, encoding: 'utf8'): string };
declare const __dirname: string;

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

describe('withTimeout (every GraphQL request ends after 10 s)', () => {
  // Safari before 17.4 has no AbortSignal.any: the wrapper must not need it.
  const original = AbortSignal.any;
  beforeEach(() => {
    Object.defineProperty(AbortSignal, 'any', { configurable: true, value: undefined });
    jest.useFakeTimers();
  });
  afterEach(() => {
    Object.defineProperty(AbortSignal, 'any', { configurable: true, value: original });
    jest.useRealTimers();
  });

  it('aborts the request after the time, with a timeout', async () => {
    let seen: AbortSignal | undefined;
    const timed = withTimeout(async (_input, init) => {
      seen = init?.signal ?? undefined;
      return new Response('{}');
    }, 1_000);
    await timed('/graphql', {});
    expect(seen?.aborted).toBe(false);
    jest.advanceTimersByTime(1_000);
    expect(seen?.aborted).toBe(true);
    expect((seen?.reason as DOMException).name).toBe('TimeoutError');
  });

  it("passes the caller's abort on, with its reason", async () => {
    let seen: AbortSignal | undefined;
    const timed = withTimeout(async (_input, init) => {
      seen = init?.signal ?? undefined;
      return new Response('{}');
    }, 1_000);
    const caller = new AbortController();
    await timed('/graphql', { signal: caller.signal });
    caller.abort('left the page');
    expect(seen?.aborted).toBe(true);
    expect(seen?.reason).toBe('left the page');
    // Already aborted when sent: so is the request.
    await timed('/graphql', { signal: caller.signal });
    expect(seen?.reason).toBe('left the page');
  });
});

describe("the cache: the dashboard's parts without an id", () => {
  // The page's query and the after-sign-in initialisation's, reduced to where they differ.
  const PAGE = gql`
    query PageDashboard {
      dashboard {
        startsInDays
        progress {
          totalTasks
          completedTasks
        }
        completionStats {
          completed
          othersCompleted
        }
        nextStep {
          title
          route
        }
      }
    }
  `;
  const INIT = gql`
    query InitDashboardPart {
      dashboard {
        progress {
          totalTasks
          completedTasks
        }
        completionStats {
          completed
        }
        nextStep {
          title
        }
      }
    }
  `;
  const page = {
    dashboard: {
      __typename: 'Dashboard',
      startsInDays: 0,
      progress: { __typename: 'DashboardProgress', totalTasks: 10, completedTasks: 3 },
      completionStats: { __typename: 'CompletionStats', completed: 3, othersCompleted: 1 },
      nextStep: { __typename: 'NextStep', title: 'Sign the handbook', route: '/app/checklist/11' },
    },
  };

  it("keeps the page's fields when a smaller answer about the same dashboard arrives, and takes the newer values", () => {
    const { cache } = createApolloClient({ fetch: fakeFetch().impl });
    cache.writeQuery({ query: PAGE, data: page });
    cache.writeQuery({
      query: INIT,
      data: {
        dashboard: {
          __typename: 'Dashboard',
          progress: { __typename: 'DashboardProgress', totalTasks: 10, completedTasks: 4 },
          completionStats: { __typename: 'CompletionStats', completed: 4 },
          nextStep: { __typename: 'NextStep', title: 'Meet your buddy' },
        },
      },
    });
    expect(cache.readQuery({ query: PAGE })).toEqual({
      dashboard: {
        ...page.dashboard,
        progress: { __typename: 'DashboardProgress', totalTasks: 10, completedTasks: 4 },
        completionStats: { __typename: 'CompletionStats', completed: 4, othersCompleted: 1 },
        nextStep: { __typename: 'NextStep', title: 'Meet your buddy', route: '/app/checklist/11' },
      },
    });
  });

  it('names types the schema has, none of them with an id', () => {
    const schema = require('node:fs').readFileSync(`${__dirname}/../../../schema.graphql`, 'utf8');
    for (const type of Object.keys(CACHE_TYPE_POLICIES)) {
      const body = new RegExp(`^type ${type} \\{\\n([\\s\\S]*?)^\\}`, 'm').exec(schema)?.[1];
      expect({ type, inSchema: body !== undefined }).toEqual({ type, inSchema: true });
      expect({ type, id: /^\s+id:/m.test(body ?? '') }).toEqual({ type, id: false });
    }
  });
});
