import { useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  AuthContext,
  clearStoredSession,
  endsSession,
  endStoredSession,
  isAdminUser,
  isApiError,
  logAuthEvent,
  readAuthToken,
  readStoredSession,
  ROUTES,
  SESSION_MESSAGES,
  SESSION_SETTLE_MS,
  setSessionExpiryHandler,
  Spinner,
  STORAGE_KEYS,
  storeSession,
  storeSessionUser,
  TIMING_MS,
  ToastContext,
  type AuthContextValue,
  type AuthStatus,
  type SessionExpiredEvent,
  type SessionUser,
} from '@embark/shared-ui';
import type { InitialisationMode, InitialisationOutcome } from './app-initialisation';
import { authApi, type AuthApi, type Session } from './auth-api';
import { landingPathFor } from './landing';
import { SessionControlContext, type EstablishedSession, type SessionControl } from './session-control';
import './session-check.css';

interface AuthState {
  status: AuthStatus;
  user: SessionUser | null;
}

const ANONYMOUS: AuthState = { status: 'anonymous', user: null };

/** Pages where an expired session needs no toast or redirect: the user is already signing in. */
const GUEST_FORM_PATHS: readonly string[] = [ROUTES.login, ROUTES.register];

export interface AuthProviderProps {
  children: ReactNode;
  /** The account calls (tests pass a fake). */
  api?: AuthApi;
  /** A full page load, the fallback when client-side navigation fails (tests pass a spy). */
  hardRedirect?: (path: string) => void;
  /** The after-sign-in initialisation of the user's data (spec §4; tests pass a fake). */
  initialise?: RunInitialisation;
}

/** Runs the spec §4 initialisation sequence for a user. */
export type RunInitialisation = (user: SessionUser, mode: InitialisationMode) => Promise<InitialisationOutcome>;

/**
 * The real initialisation. Its steps load lazily: they bring the Apollo client, which the static
 * first paint of `/` must not load. If even that code cannot be loaded, nothing can be shown, so it
 * counts as a failed (required) navigation step.
 */
export const runAppInitialisation: RunInitialisation = async (user, mode) => {
  try {
    // The sequence loads with its steps: neither is needed before the first page.
    const [{ createAppInitialisers }, { initialiseApp }] = await Promise.all([import('./app-initialisers'), import('./app-initialisation')]);
    // A restored session that the server now refuses is over (see InitialisationMode).
    return await initialiseApp(user, createAppInitialisers({ reportSessionExpiry: mode === 'restore' }), { mode });
  } catch (error) {
    logAuthEvent('init.unavailable', { details: { mode, error: String(error) } });
    return { ok: false, failedStep: 'navigation', error, sessionRefused: false, firstTimeUser: false, completed: [], failed: [] };
  }
};

/**
 * A restored session's re-initialisation starts this long after the session check, and then only
 * when the browser is idle: the first page loads its remote and its own data first (idle time alone
 * comes too early, while the remote's script is still downloading).
 */
const RESTORE_INIT_DELAY_MS = 2_000;
const RESTORE_INIT_IDLE_TIMEOUT_MS = 3_000;

function whenIdle(task: () => void): void {
  window.setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: RESTORE_INIT_IDLE_TIMEOUT_MS });
    else task();
  }, RESTORE_INIT_DELAY_MS);
}

function assignLocation(path: string): void {
  window.location.assign(path);
}

/**
 * The shell's auth state (spec §4 "Session"): checks the stored token with `GET /auth/me` before
 * anything renders, implements the shared `useAuth()` contract for the shell and every remote,
 * reacts to expired sessions reported by any client (REST or GraphQL), and signs out.
 * Must sit inside the router (it navigates) and inside the toast provider (it toasts).
 */
export function AuthProvider({ children, api = authApi, hardRedirect = assignLocation, initialise = runAppInitialisation }: AuthProviderProps) {
  const navigate = useNavigate();
  const location = useLocation();
  // Read without useToast(): a missing toast provider must not take sign-in down with it.
  const toast = useContext(ToastContext);
  const [state, setState] = useState<AuthState>({ status: 'uninitialised', user: null });

  // The expiry handler and logout run outside React's render (from API clients and timers), so
  // they read the latest navigate/toast through refs instead of re-registering on every render.
  const navigateRef = useRef(navigate);
  const toastRef = useRef(toast);
  const pathRef = useRef(location.pathname);
  const redirectRef = useRef(hardRedirect);
  const initialiseRef = useRef(initialise);
  useEffect(() => {
    navigateRef.current = navigate;
    toastRef.current = toast;
    pathRef.current = location.pathname;
    redirectRef.current = hardRedirect;
    initialiseRef.current = initialise;
  });

  // Deferred (see whenIdle), so the first page's own requests go first; skipped if the session
  // changed meanwhile (signed out, expired, another user): a late start must not touch that one.
  const startRestoreInitialisation = useCallback((user: SessionUser) => {
    const token = readAuthToken();
    if (!token) return;
    whenIdle(() => {
      if (readAuthToken() === token) void initialiseRef.current(user, 'restore');
    });
  }, []);

  // Start: validate the stored token before the first route renders.
  useEffect(() => {
    let cancelled = false;
    void initialiseSession(api, pathRef.current).then((result) => {
      if (cancelled) return;
      setState(result.state);
      if (result.expired) toastRef.current?.error(SESSION_MESSAGES.expired);
      // A restored session re-initialises behind the first page; within 5 minutes of the last
      // initialisation the dashboard is not loaded again (spec §9).
      const restored = result.state.user;
      if (restored) startRestoreInitialisation(restored);
    });
    return () => {
      cancelled = true;
    };
  }, [api, startRestoreInitialisation]);

  const goToLogin = useCallback(() => {
    try {
      void navigateRef.current(ROUTES.login, { replace: true });
    } catch (error) {
      // Spec §4: when client-side navigation fails, fall back to a full page load.
      logAuthEvent('navigation.failed', { details: { to: ROUTES.login, error: String(error) } });
      redirectRef.current(ROUTES.login);
    }
  }, []);

  // Spec §7 "Session handling on answers": a 401/403 from any client ends the session.
  const expiring = useRef(false);
  const handleExpiry = useCallback(
    (event: SessionExpiredEvent) => {
      // A late answer to a request of an earlier session must not end the current one.
      if (event.token !== undefined && event.token !== readAuthToken()) return;
      if (expiring.current) return;
      logAuthEvent('session.expired', { details: { source: event.source, status: event.status, code: event.code, target: event.target } });
      endStoredSession();
      if (GUEST_FORM_PATHS.includes(pathRef.current)) {
        setState(ANONYMOUS);
        return;
      }
      expiring.current = true;
      toastRef.current?.error(SESSION_MESSAGES.expired);
      // The state flips together with the navigation, so no guard redirects first.
      window.setTimeout(() => {
        expiring.current = false;
        setState(ANONYMOUS);
        goToLogin();
      }, TIMING_MS.sessionExpiredRedirect);
    },
    [goToLogin],
  );
  useEffect(() => setSessionExpiryHandler(handleExpiry), [handleExpiry]);

  // Another tab signed in or out: follow it (the server revokes every token on logout anyway).
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEYS.authToken && event.key !== STORAGE_KEYS.authUser && event.key !== null) return;
      const stored = readStoredSession();
      setState((current) => {
        if (current.status === 'uninitialised') return current;
        if (stored.token && stored.user) return { status: 'authenticated', user: stored.user };
        return current.status === 'anonymous' ? current : ANONYMOUS;
      });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const logout = useCallback(async () => {
    const token = readAuthToken();
    logAuthEvent('logout.start', { token });
    if (token) {
      try {
        await api.signOut();
        logAuthEvent('logout.server_ok');
      } catch (error) {
        // Spec §4: a failed server call still signs the user out here.
        logAuthEvent('logout.server_failed', { details: { status: isApiError(error) ? error.status : null } });
      }
    }
    endStoredSession();
    setState(ANONYMOUS);
    goToLogin();
    toastRef.current?.success(SESSION_MESSAGES.loggedOut);
    logAuthEvent('logout.done');
    // If the router did not get there (e.g. a blocked transition), load /login for real. The URL
    // changes as soon as the router navigates, while the rendered path waits for /login's lazily
    // loaded screen, which can take longer than this delay on a slow connection: a reload then
    // would only drop the toast above. Either one at /login means the navigation happened.
    window.setTimeout(() => {
      if (pathRef.current !== ROUTES.login && window.location.pathname !== ROUTES.login) {
        logAuthEvent('navigation.failed', { details: { to: ROUTES.login } });
        redirectRef.current(ROUTES.login);
      }
    }, TIMING_MS.sessionExpiredRedirect);
  }, [api, goToLogin]);

  const refreshUser = useCallback(async () => {
    const sentToken = readAuthToken();
    if (!sentToken) return;
    try {
      const user = await api.currentUser();
      storeSessionUser(user);
      setState((current) => (current.status === 'authenticated' ? { status: 'authenticated', user } : current));
    } catch (error) {
      if (isApiError(error) && endsSession(error.status)) {
        handleExpiry({ source: 'rest', status: error.status, target: 'GET /auth/me', token: sentToken });
        return;
      }
      throw error;
    }
  }, [api, handleExpiry]);

  const establishSession = useCallback(async ({ token, user }: Session, welcome: string): Promise<EstablishedSession> => {
    storeSession(token, user);
    logAuthEvent('session.established', { token, details: { userId: user.id, roleId: user.role_id } });
    // Spec §4: wait briefly after storing the token, so everything reading storage sees it.
    await new Promise((resolve) => window.setTimeout(resolve, SESSION_SETTLE_MS));
    // Spec §4: the user's data is initialised before they are let in. When a required step fails
    // the user stays on the form with the spec §8 message; the stored session stays, so the page
    // refresh that message asks for signs them in with their data.
    const outcome = await initialiseRef.current(user, 'sign-in');
    if (!outcome.ok) {
      if (outcome.sessionRefused) {
        // Signed out elsewhere or deactivated between the sign-in and its first requests: the new
        // token is dead, so a refresh could not help. Drop it and say so; the form stays.
        logAuthEvent('session.refused_at_sign_in', { details: { userId: user.id, step: outcome.failedStep } });
        endStoredSession();
        toastRef.current?.error(SESSION_MESSAGES.expired);
      }
      return { ok: false, failedStep: outcome.failedStep, sessionRefused: outcome.sessionRefused };
    }
    // One batch: the state, the route and the toast change together, so no guard sees a half-signed-in user.
    setState({ status: 'authenticated', user });
    void navigateRef.current(landingPathFor(user), { replace: true });
    toastRef.current?.success(welcome);
    return { ok: true };
  }, []);

  const auth = useMemo<AuthContextValue>(
    () => ({ status: state.status, user: state.user, isAdmin: isAdminUser(state.user), refreshUser, logout }),
    [state, refreshUser, logout],
  );
  const control = useMemo<SessionControl>(() => ({ establishSession }), [establishSession]);

  return (
    <AuthContext.Provider value={auth}>
      <SessionControlContext.Provider value={control}>
        {state.status === 'uninitialised' ? <SessionCheck /> : children}
      </SessionControlContext.Provider>
    </AuthContext.Provider>
  );
}

/** Spec §2: auth state is initialised before the first navigation; until then, a spinner. */
function SessionCheck() {
  return (
    <div className="auth-session-check">
      <Spinner size="lg" label={SESSION_MESSAGES.checking} />
    </div>
  );
}

interface InitialisedSession {
  state: AuthState;
  /** The stored session was refused while the user was opening the signed-in area. */
  expired: boolean;
}

/**
 * Spec §4: a stored token and user are validated by fetching the current user; invalid means
 * signed out. When the server cannot be asked (offline, 5xx, timeout) the stored user is kept, so
 * a flaky network does not sign anyone out; the next refused request will.
 */
export async function initialiseSession(api: AuthApi, path: string): Promise<InitialisedSession> {
  const { token, user } = readStoredSession();
  if (!token) {
    if (user) clearStoredSession();
    logAuthEvent('session.none');
    return { state: ANONYMOUS, expired: false };
  }
  logAuthEvent('session.check', { token });
  try {
    const fresh = await api.currentUser();
    storeSessionUser(fresh);
    logAuthEvent('session.valid', { token, details: { userId: fresh.id } });
    return { state: { status: 'authenticated', user: fresh }, expired: false };
  } catch (error) {
    const refused = !isApiError(error) || endsSession(error.status);
    if (refused) {
      logAuthEvent('session.invalid', { token, details: { status: isApiError(error) ? error.status : null } });
      clearStoredSession();
      return { state: ANONYMOUS, expired: path === ROUTES.app || path.startsWith(`${ROUTES.app}/`) };
    }
    if (!user) {
      // Unverifiable and nothing to show: start signed out.
      logAuthEvent('session.check_unavailable', { token, details: { status: error.status, kept: false } });
      clearStoredSession();
      return { state: ANONYMOUS, expired: false };
    }
    logAuthEvent('session.check_unavailable', { token, details: { status: error.status, timedOut: error.timedOut, kept: true } });
    return { state: { status: 'authenticated', user }, expired: false };
  }
}
