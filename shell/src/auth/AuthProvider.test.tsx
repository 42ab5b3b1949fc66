import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Navigate, Route } from 'react-router';
import {
  ApiError,
  notifySessionExpired,
  readAuthDebugLog,
  STORAGE_KEYS,
  TIMING_MS,
  useAuth,
  type SessionUser,
} from '@embark/shared-ui';
import { ADMIN, EMPLOYEE, fakeAuthApi, renderWithSession } from './test-utils';

// The provider wired to a real router and toasts; the SessionController's own cases are in session-controller.test.ts.

const TOKEN = 'header.payload.signature-0123456789abcdefghijklmnopqrstuvwxyz';

function storeSession(token: string, user: SessionUser) {
  window.localStorage.setItem(STORAGE_KEYS.authToken, token);
  window.localStorage.setItem(STORAGE_KEYS.authUser, JSON.stringify(user));
}

function WhoAmI() {
  const auth = useAuth();
  return (
    <div>
      <p data-testid="status">{auth.status}</p>
      <p data-testid="user">{auth.user?.name ?? 'nobody'}</p>
      <p data-testid="admin">{String(auth.isAdmin)}</p>
      <button type="button" onClick={() => void auth.logout()}>
        Sign Out
      </button>
      <button type="button" onClick={() => void auth.refreshUser()}>
        Refresh
      </button>
    </div>
  );
}

const loginRoute = <Route path="/login" element={<p>login page</p>} />;

beforeEach(() => window.localStorage.clear());

describe('AuthProvider start', () => {
  it('shows a spinner until the stored token is checked, then the signed-in user', async () => {
    storeSession(TOKEN, { ...EMPLOYEE, name: 'Stale Name' });
    const api = fakeAuthApi();
    let answer: (user: SessionUser) => void = () => undefined;
    api.currentUser.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderWithSession(<WhoAmI />, { path: '/app/dashboard', api });

    expect(screen.getByRole('status', { name: 'Checking your session…' })).toBeTruthy();
    expect(screen.queryByTestId('status')).toBeNull();

    await act(async () => answer(EMPLOYEE));
    expect(screen.getByTestId('status').textContent).toBe('authenticated');
    expect(screen.getByTestId('user').textContent).toBe('Erin Employee');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.authUser) ?? '{}').name).toBe('Erin Employee');
    expect(api.currentUser).toHaveBeenCalled();
  });

  it('starts anonymous without a stored token, without asking the server', async () => {
    const api = fakeAuthApi();
    renderWithSession(<WhoAmI />, { api });
    expect(await screen.findByTestId('status')).toHaveProperty('textContent', 'anonymous');
    expect(api.currentUser).not.toHaveBeenCalled();
  });

  it('clears a refused token and starts anonymous, telling a user who was opening the app', async () => {
    storeSession(TOKEN, EMPLOYEE);
    const api = fakeAuthApi();
    api.currentUser.mockRejectedValue(new ApiError({ status: 401, error: 'Authentication required' }));
    const { toasts } = renderWithSession(<WhoAmI />, { path: '/app/dashboard', api });
    expect((await screen.findByTestId('status')).textContent).toBe('anonymous');
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.authUser)).toBeNull();
    expect(toasts.error).toHaveBeenCalledWith('Your session has expired. Please log in again.');
    // The session's debug log goes with it, its own last entries included.
    expect(readAuthDebugLog()).toEqual([]);
  });

  it('clears a refused token quietly on the landing page', async () => {
    storeSession(TOKEN, EMPLOYEE);
    const api = fakeAuthApi();
    api.currentUser.mockRejectedValue(new ApiError({ status: 401 }));
    const { toasts } = renderWithSession(<WhoAmI />, { path: '/', api });
    expect((await screen.findByTestId('status')).textContent).toBe('anonymous');
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('keeps the stored user when the server cannot be reached', async () => {
    storeSession(TOKEN, ADMIN);
    const api = fakeAuthApi();
    api.currentUser.mockRejectedValue(new ApiError({ status: 0 }));
    renderWithSession(<WhoAmI />, { api });
    expect((await screen.findByTestId('status')).textContent).toBe('authenticated');
    expect(screen.getByTestId('admin').textContent).toBe('true');
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe(TOKEN);
  });

  it('logs token previews, never the token', async () => {
    storeSession(TOKEN, EMPLOYEE);
    const api = fakeAuthApi();
    api.currentUser.mockResolvedValue(EMPLOYEE);
    renderWithSession(<WhoAmI />, { api });
    await screen.findByTestId('status');
    const raw = window.localStorage.getItem(STORAGE_KEYS.authDebugLog) ?? '';
    expect(raw).toContain(TOKEN.slice(-20));
    expect(raw).not.toContain(TOKEN);
  });
});

describe('session expiry', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  async function signedInAt(path: string) {
    storeSession(TOKEN, EMPLOYEE);
    const api = fakeAuthApi();
    api.currentUser.mockResolvedValue(EMPLOYEE);
    const result = renderWithSession(<WhoAmI />, { path, api, routes: path === '/login' ? undefined : loginRoute });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByTestId('status').textContent).toBe('authenticated');
    return result;
  }

  it('clears the session, toasts, and goes to /login after 100 ms', async () => {
    const { toasts } = await signedInAt('/app/dashboard');
    act(() => notifySessionExpired({ source: 'rest', status: 401, token: TOKEN }));
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.authUser)).toBeNull();
    expect(toasts.error).toHaveBeenCalledWith('Your session has expired. Please log in again.');
    expect(screen.getByTestId('location').textContent).toBe('/app/dashboard');

    await act(async () => {
      await jest.advanceTimersByTimeAsync(99);
    });
    expect(screen.getByTestId('location').textContent).toBe('/app/dashboard');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(screen.getByText('login page')).toBeTruthy();
  });

  it('reports several refused requests once', async () => {
    const { toasts } = await signedInAt('/app/profile');
    act(() => {
      notifySessionExpired({ source: 'rest', status: 401, token: TOKEN });
      notifySessionExpired({ source: 'graphql', code: 'UNAUTHENTICATED' });
    });
    expect(toasts.error).toHaveBeenCalledTimes(1);
  });

  it('ignores a late refusal of an older session token', async () => {
    const { toasts } = await signedInAt('/app/dashboard');
    act(() => notifySessionExpired({ source: 'rest', status: 401, token: 'an-older-token' }));
    expect(toasts.error).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe(TOKEN);
  });

  it('neither toasts nor redirects on /login', async () => {
    const { toasts } = await signedInAt('/login');
    act(() => notifySessionExpired({ source: 'graphql', code: 'UNAUTHENTICATED', token: TOKEN }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(200);
    });
    expect(toasts.error).not.toHaveBeenCalled();
    expect(screen.getByTestId('status').textContent).toBe('anonymous');
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it('expires the session when refreshing the user is refused', async () => {
    const { api, toasts } = await signedInAt('/app/dashboard');
    api.currentUser.mockRejectedValue(new ApiError({ status: 401 }));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(100);
    });
    expect(toasts.error).toHaveBeenCalledWith('Your session has expired. Please log in again.');
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });
});

describe('logout', () => {
  it('calls the server, clears everything, goes to /login and says so', async () => {
    storeSession(TOKEN, EMPLOYEE);
    window.localStorage.setItem(STORAGE_KEYS.appInitialised, '{"userId":2}');
    const api = fakeAuthApi();
    api.currentUser.mockResolvedValue(EMPLOYEE);
    const { toasts, hardRedirect } = renderWithSession(<WhoAmI />, { path: '/app/dashboard', api, routes: loginRoute });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await screen.findByText('login page');
    expect(api.signOut).toHaveBeenCalledTimes(1);
    expect(toasts.success).toHaveBeenCalledWith('You have been logged out successfully');
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.authUser)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.appInitialised)).toBeNull();
    await new Promise((r) => setTimeout(r, 150));
    expect(hardRedirect).not.toHaveBeenCalled();
    // The session's debug log went with it.
    expect(readAuthDebugLog()).toEqual([]);
  });

  it('still signs out and goes to /login when the server call fails', async () => {
    storeSession(TOKEN, EMPLOYEE);
    const api = fakeAuthApi();
    api.currentUser.mockResolvedValue(EMPLOYEE);
    api.signOut.mockRejectedValue(new ApiError({ status: 0 }));
    const { toasts } = renderWithSession(<WhoAmI />, { path: '/app/dashboard', api, routes: loginRoute });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await screen.findByText('login page');
    expect(toasts.success).toHaveBeenCalledWith('You have been logged out successfully');
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it('falls back to a full page load when navigation does not get to /login', async () => {
    storeSession(TOKEN, EMPLOYEE);
    const api = fakeAuthApi();
    api.currentUser.mockResolvedValue(EMPLOYEE);
    // A /login that immediately navigates away stands for a navigation that did not get there.
    const { hardRedirect } = renderWithSession(<WhoAmI />, {
      path: '/app/dashboard',
      api,
      routes: <Route path="/login" element={<Bounce />} />,
    });
    const signOut = await screen.findByRole('button', { name: 'Sign Out' });
    // The fallback's timer is the test's to fire: on a busy machine it could otherwise fire while
    // /login is still rendered, before the bounce, and rightly do nothing.
    jest.useFakeTimers();
    try {
      fireEvent.click(signOut);
      // The sign-out call settles, the router goes to /login and bounces back; no timer runs meanwhile.
      for (let i = 0; i < 5; i += 1) await act(async () => {});
      expect(screen.getByTestId('location').textContent).toBe('/app/dashboard');
      expect(hardRedirect).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(TIMING_MS.sessionExpiredRedirect));
      expect(hardRedirect).toHaveBeenCalledWith('/login');
    } finally {
      jest.useRealTimers();
    }
  });

  it('does not reload when the URL is already at /login while its screen is still loading (the toast would be lost)', async () => {
    storeSession(TOKEN, EMPLOYEE);
    const api = fakeAuthApi();
    api.currentUser.mockResolvedValue(EMPLOYEE);
    const { toasts, hardRedirect } = renderWithSession(<WhoAmI />, {
      path: '/app/dashboard',
      api,
      routes: <Route path="/login" element={<StillLoading />} />,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    // What a browser router does at once, before /login's lazily loaded screen commits.
    window.history.replaceState(null, '', '/login');
    try {
      await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('You have been logged out successfully'));
      await new Promise((r) => setTimeout(r, 250));
      expect(hardRedirect).not.toHaveBeenCalled();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});

/** A screen whose code never finishes loading. */
function StillLoading(): never {
  throw new Promise<never>(() => undefined);
}

function Bounce() {
  return <Navigate to="/app/dashboard" replace />;
}
