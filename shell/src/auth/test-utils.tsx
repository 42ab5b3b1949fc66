// Test helpers for the shell's session code and screens (imported only by *.test.tsx files).
import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ToastContext, type ApiClient, type SessionUser, type ToastApi } from '@embark/shared-ui';
import type { InitialisationOutcome } from './app-initialisation';
import type { AccountApi } from './account-api';
import type { AuthApi } from './auth-api';
import { AuthProvider } from './AuthProvider';
import type { RunInitialisation } from './session-controller';

export const EMPLOYEE: SessionUser = {
  id: 2,
  name: 'Erin Employee',
  email: 'employee@example.com',
  role_id: 1,
  completion_percentage: 0,
  last_login_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  start_date: '2026-01-01',
};

export const ADMIN: SessionUser = { ...EMPLOYEE, id: 1, name: 'Ada Admin', email: 'admin@example.com', role_id: 4 };

/** A REST client answering every call with `answer(path)` (an Error rejects), recording the calls. */
export function fakeClient(answer: (path: string) => unknown) {
  const calls: Array<{ method: string; path: string; body?: unknown; options?: unknown }> = [];
  const respond = (method: string) => (path: string, bodyOrOptions?: unknown, options?: unknown) => {
    const isGet = method === 'GET';
    calls.push({ method, path, body: isGet ? undefined : bodyOrOptions, options: isGet ? bodyOrOptions : options });
    const result = answer(path);
    return result instanceof Error ? Promise.reject(result) : Promise.resolve(result);
  };
  const client = { get: respond('GET'), post: respond('POST') } as unknown as ApiClient;
  return { client, calls };
}

export type FakeAuthApi = { [K in keyof AuthApi]: jest.Mock<ReturnType<AuthApi[K]>, Parameters<AuthApi[K]>> };

/** Every call pending forever unless a test says otherwise (signing out succeeds). */
export function fakeAuthApi(): FakeAuthApi {
  const pending = <K extends keyof AuthApi>() =>
    jest.fn<ReturnType<AuthApi[K]>, Parameters<AuthApi[K]>>(() => new Promise<never>(() => undefined) as ReturnType<AuthApi[K]>);
  return {
    signIn: pending<'signIn'>(),
    verifySignIn: pending<'verifySignIn'>(),
    register: pending<'register'>(),
    currentUser: pending<'currentUser'>(),
    signOut: jest.fn<Promise<void>, []>(() => Promise.resolve()),
    roles: pending<'roles'>(),
  };
}

export type FakeAccountApi = { [K in keyof AccountApi]: jest.Mock<ReturnType<AccountApi[K]>, Parameters<AccountApi[K]>> };

/** The public account calls: pending forever unless a test says otherwise; anyone may register. */
export function fakeAccountApi(): FakeAccountApi {
  const pending = <K extends keyof AccountApi>() =>
    jest.fn<ReturnType<AccountApi[K]>, Parameters<AccountApi[K]>>(() => new Promise<never>(() => undefined) as ReturnType<AccountApi[K]>);
  return {
    registrationPolicy: jest.fn<ReturnType<AccountApi['registrationPolicy']>, []>(() => Promise.resolve({ mode: 'open' })),
    invitation: pending<'invitation'>(),
    acceptInvitation: pending<'acceptInvitation'>(),
    forgotPassword: pending<'forgotPassword'>(),
    resetPassword: pending<'resetPassword'>(),
  };
}

export type FakeInitialisation = jest.Mock<ReturnType<RunInitialisation>, Parameters<RunInitialisation>>;

/** An initialisation that succeeds at once (or answers `outcome`), recording who it ran for. */
export function fakeInitialisation(
  outcome: InitialisationOutcome = { ok: true, firstTimeUser: false, completed: ['documents', 'navigation', 'checklist', 'journal', 'dashboard'], failed: [], skipped: [] },
): FakeInitialisation {
  return jest.fn<ReturnType<RunInitialisation>, Parameters<RunInitialisation>>(() => Promise.resolve(outcome));
}

export type FakeToasts = { [K in keyof ToastApi]: jest.Mock };

export function fakeToasts(): FakeToasts {
  return {
    show: jest.fn(() => 't'),
    success: jest.fn(() => 't'),
    error: jest.fn(() => 't'),
    warning: jest.fn(() => 't'),
    info: jest.fn(() => 't'),
    dismiss: jest.fn(),
  };
}

/** Renders the current path, so tests can see where navigation went (and the state it carried, as JSON). */
export function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={location.state === null || location.state === undefined ? undefined : JSON.stringify(location.state)}>
      {location.pathname}
    </output>
  );
}

export interface RenderOptions {
  /** The route's path, and the URL opened unless `initialEntry` says otherwise. */
  path?: string;
  /** The URL opened, e.g. with a query string (`/accept-invite?token=…`), or with navigation state. */
  initialEntry?: string | { pathname: string; search?: string; state?: unknown };
  api?: FakeAuthApi;
  toasts?: FakeToasts;
  hardRedirect?: (path: string) => void;
  /** The after-sign-in initialisation (default: one that succeeds at once). */
  initialise?: FakeInitialisation;
  /** Extra routes, e.g. `/login` when testing something on another page. */
  routes?: ReactNode;
}

/** Mounts `element` at `path` inside a router, a fake toast service and the AuthProvider. */
export function renderWithSession(
  element: ReactElement,
  { path = '/', initialEntry = path, api = fakeAuthApi(), toasts = fakeToasts(), hardRedirect = jest.fn(), initialise = fakeInitialisation(), routes }: RenderOptions = {},
) {
  const utils = render(
    <MemoryRouter initialEntries={[initialEntry]}>
      <ToastContext.Provider value={toasts}>
        <AuthProvider api={api} hardRedirect={hardRedirect} initialise={initialise}>
          <Routes>
            <Route path={path} element={element} />
            {routes}
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
          <LocationProbe />
        </AuthProvider>
      </ToastContext.Provider>
    </MemoryRouter>,
  );
  return { ...utils, api, toasts, hardRedirect, initialise };
}
