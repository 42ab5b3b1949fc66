// Test helpers for the shell's app layer (imported only by *.test.tsx files): a signed-in or
// anonymous auth context (the real AuthProvider is tested with the session code), and an Apollo
// client answering the roles query without a network.
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { CACHE_TYPE_POLICIES } from '@embark/shared-ui/kit/apollo-client';
import { of, throwError } from 'rxjs';
import { useLocation } from 'react-router';
import { act } from '@testing-library/react';
import type { AuthContextValue, AuthStatus, SessionUser } from '@embark/shared-ui';

export const EMPLOYEE: SessionUser = {
  id: 2,
  name: 'Erin Employee',
  email: 'employee@example.com',
  role_id: 1,
  completion_percentage: 0,
  last_login_at: null,
  created_at: '2025-01-06T09:00:00.000Z',
  start_date: '2025-01-06',
};

export const ADMIN: SessionUser = { ...EMPLOYEE, id: 1, name: 'Ada Admin', email: 'admin@example.com', role_id: 4 };

export type Visitor = 'anonymous' | 'employee' | 'admin' | 'uninitialised';

export function authFor(visitor: Visitor, overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  const user = visitor === 'employee' ? EMPLOYEE : visitor === 'admin' ? ADMIN : null;
  const status: AuthStatus = user ? 'authenticated' : visitor === 'uninitialised' ? 'uninitialised' : 'anonymous';
  return {
    status,
    user,
    isAdmin: visitor === 'admin',
    refreshUser: jest.fn(async () => undefined),
    logout: jest.fn(async () => undefined),
    ...overrides,
  };
}

export const ROLES = [
  { __typename: 'Role' as const, id: 1, name: 'Employee' },
  { __typename: 'Role' as const, id: 2, name: 'Manager' },
  { __typename: 'Role' as const, id: 4, name: 'SysAdmin' },
];

/**
 * Lets the app's first frame and idle moment pass, as a browser would soon after the first render:
 * the layout's own data waits for them (useAfterFirstPaint; jsdom has no idle callback).
 */
export async function firstFramePassed(): Promise<void> {
  await act(() => new Promise<void>((resolve) => window.requestAnimationFrame(() => window.setTimeout(resolve, 0))));
}

/**
 * Installs a browser idle callback that runs only when the test says so (`idle`, in call order),
 * for the file's tests; jsdom has none. With `fakeTimers`, the frame and the 1 s cap wait for the
 * test too (`jest.advanceTimersToNextFrame`), so a slow machine cannot pass the first frame early.
 */
export function heldIdleCallback({ fakeTimers = false }: { fakeTimers?: boolean } = {}) {
  const idle: Array<() => void> = [];
  const requestIdleCallback = jest.fn((callback: () => void) => {
    idle.push(callback);
    return idle.length;
  });
  beforeEach(() => {
    if (fakeTimers) jest.useFakeTimers();
    Object.defineProperty(window, 'requestIdleCallback', { configurable: true, value: requestIdleCallback });
  });
  afterEach(() => {
    Reflect.deleteProperty(window, 'requestIdleCallback');
    if (fakeTimers) jest.useRealTimers();
  });
  return { idle, requestIdleCallback };
}

/** A GraphQL cache with the production client's type policies, for every test client. */
export function testCache(): InMemoryCache {
  return new InMemoryCache({ typePolicies: CACHE_TYPE_POLICIES });
}

/** An Apollo client whose every query answers `{ roles }` (or fails with `error`). */
export function rolesClient(roles: ReadonlyArray<{ __typename: 'Role'; id: number; name: unknown }> = ROLES, error?: Error) {
  const link = new ApolloLink(() => (error ? throwError(() => error) : of({ data: { roles } })));
  return new ApolloClient({ link, cache: testCache() });
}

/** Renders the current path, so tests can see where navigation went. */
export function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

/** jsdom has no Response: the few members the API client reads. */
export function jsonResponse(status: number, body: unknown): Response {
  const text = JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, headers: { get: () => 'application/json' }, text: async () => text } as unknown as Response;
}

/** One REST call as the fake server saw it: `GET /api/team`. */
export type RestCall = `${string} ${string}`;

/**
 * Replaces the global fetch (which the shared API client looks up per request) with a server that
 * answers each call with `route(method, url)`: `[status, body]`. Records the calls; `restore` puts
 * the real fetch back.
 */
export function fakeRestServer(route: (method: string, url: string) => readonly [number, unknown]) {
  const original = globalThis.fetch;
  const calls: RestCall[] = [];
  const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}`);
    const [status, body] = route(method, url);
    return jsonResponse(status, body);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return { calls, restore: () => void (globalThis.fetch = original) };
}
