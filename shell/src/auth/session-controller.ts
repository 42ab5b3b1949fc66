import {
  clearPrivateBrowserData,
  clearPrivateBrowserDataOf,
  endsSession,
  endStoredSession,
  isApiError,
  logAuthEvent,
  notifySessionEnded,
  readAuthToken,
  readStoredSession,
  readStoredUser,
  ROUTES,
  SESSION_MESSAGES,
  SESSION_SETTLE_MS,
  setSessionExpiryHandler,
  STORAGE_KEYS,
  storeSession,
  storeSessionUser,
  TIMING_MS,
  type AuthStatus,
  type SessionExpiredEvent,
  type SessionUser,
  type ToastApi,
} from '@embark/shared-ui';
import type { InitialisationMode, InitialisationOutcome } from './app-initialisation';
import type { Session } from './auth-api';
import { landingPathFor } from './landing';
import type { SessionApi } from './session-api';
import type { EstablishedSession, SessionControl } from './session-control';

export interface AuthState {
  status: AuthStatus;
  user: SessionUser | null;
}

const ANONYMOUS: AuthState = { status: 'anonymous', user: null };

/** Pages where an expired session needs no toast or redirect: the user is already signing in. */
const GUEST_FORM_PATHS: readonly string[] = [ROUTES.login, ROUTES.register];

/** Runs the after-sign-in initialisation of a user's data (docs/product.md#initialisation) for the session holding `token`. */
export type RunInitialisation = (user: SessionUser, mode: InitialisationMode, token: string) => Promise<InitialisationOutcome>;

/**
 * The real initialisation. Its steps load lazily: they bring the Apollo client, which the static
 * first paint of `/` must not load. If even that code cannot be loaded, nothing can be shown, so it
 * counts as a failed (required) navigation step.
 */
export const runAppInitialisation: RunInitialisation = async (user, mode, token) => {
  try {
    const [{ createAppInitialisers }, { initialiseApp }] = await Promise.all([import('./app-initialisers'), import('./app-initialisation')]);
    // A restored session that the server now refuses is over (see InitialisationMode).
    return await initialiseApp(user, createAppInitialisers({ reportSessionExpiry: mode === 'restore' }), { mode, token });
  } catch (error) {
    // Not logged for a session that ended meanwhile: its end cleared the log.
    if (readAuthToken() === token) logAuthEvent('init.unavailable', { details: { mode, error: String(error) } });
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

/** What the controller needs from the page around it: routing and toasts (the provider passes the router's and the toast service's). */
export interface SessionEnvironment {
  /** Client-side navigation, replacing the current entry; may throw. */
  navigate(path: string): void;
  /** A full page load, the fallback when client-side navigation fails. */
  hardRedirect(path: string): void;
  /** The toast service, when one is mounted (a missing one must not take sign-in down with it). */
  toasts(): Pick<ToastApi, 'success' | 'error'> | null;
  /** The path the router renders now. */
  renderedPath(): string;
}

export interface SessionControllerOptions {
  /** The session's account calls. */
  api: SessionApi;
  /** The after-sign-in initialisation of the user's data. */
  initialise: RunInitialisation;
  env: SessionEnvironment;
}

type Listener = (state: AuthState) => void;

/**
 * The shell's session, without React: checks the stored token before anything renders, reacts to
 * sessions refused by any client (REST or GraphQL) and to other tabs, signs in (after the user's
 * data is initialised) and out. The AuthProvider subscribes to its state and hands its operations
 * to the screens. See docs/product.md#sessions and #session-expiry.
 */
export class SessionController implements SessionControl {
  private state: AuthState = { status: 'uninitialised', user: null };
  private readonly listeners = new Set<Listener>();
  private expiring = false;
  /** A sign-out is under way: it ends the session itself, with its own words. */
  private signingOut = false;

  constructor(private readonly options: SessionControllerOptions) {}

  getState = (): AuthState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private setState(next: AuthState): void {
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener(next);
  }

  private toasts() {
    return this.options.env.toasts();
  }

  /**
   * Validates the stored session, then listens for refused sessions and other tabs. Returns the
   * stop function; a check that answers after stop changes nothing.
   */
  start(): () => void {
    let stopped = false;
    void initialiseSession(this.options.api, this.options.env.renderedPath()).then((result) => {
      if (stopped) return;
      this.setState(result.state);
      if (result.expired) this.toasts()?.error(SESSION_MESSAGES.expired);
      // A restored session re-initialises behind the first page; shortly after the last
      // initialisation the dashboard is not loaded again (docs/product.md#initialisation).
      const restored = result.state.user;
      if (restored) this.startRestoreInitialisation(restored);
    });
    const unhook = setSessionExpiryHandler(this.handleExpiry);
    window.addEventListener('storage', this.onStorage);
    window.addEventListener('pageshow', this.onPageShow);
    return () => {
      stopped = true;
      unhook();
      window.removeEventListener('storage', this.onStorage);
      window.removeEventListener('pageshow', this.onPageShow);
    };
  }

  // Deferred (see whenIdle), so the first page's own requests go first; skipped if the session
  // changed meanwhile (signed out, expired, another user): a late start must not touch that one.
  private startRestoreInitialisation(user: SessionUser): void {
    const token = readAuthToken();
    if (!token) return;
    whenIdle(() => {
      if (readAuthToken() === token) void this.options.initialise(user, 'restore', token);
    });
  }

  /**
   * Every way here follows a clear of the session's private data, the debug log included, so a failed
   * navigation is not logged: that entry would be all a shared computer keeps of the session.
   */
  private goToLogin(): void {
    try {
      this.options.env.navigate(ROUTES.login);
    } catch {
      // When client-side navigation fails, fall back to a full page load.
      this.options.env.hardRedirect(ROUTES.login);
    }
  }

  /** A 401/403 from any client ends the session (docs/product.md#session-expiry). */
  handleExpiry = (event: SessionExpiredEvent): void => {
    // A late answer to a request of an earlier session must not end the current one.
    if (event.token !== undefined && event.token !== readAuthToken()) return;
    // Requests still in flight when the server ended the session answer 401: that is the sign-out
    // the user asked for, not an expiry to announce.
    if (this.expiring || this.signingOut) return;
    logAuthEvent('session.expired', { details: { source: event.source, status: event.status, code: event.code, target: event.target } });
    endStoredSession();
    if (GUEST_FORM_PATHS.includes(this.options.env.renderedPath())) {
      this.setState(ANONYMOUS);
      return;
    }
    this.expiring = true;
    this.toasts()?.error(SESSION_MESSAGES.expired);
    // The state flips together with the navigation, so no guard redirects first.
    window.setTimeout(() => {
      this.expiring = false;
      // Another tab signed someone in meanwhile, and this tab follows that session (onStorage): no /login.
      if (readAuthToken() !== null) return;
      this.setState(ANONYMOUS);
      this.goToLogin();
    }, TIMING_MS.sessionExpiredRedirect);
  };

  /**
   * Another tab signed in or out: follow it (the server ends that session on logout anyway). A
   * session ended there ends here too: caches go, and open editors stop writing drafts.
   */
  private onStorage = (event: StorageEvent): void => {
    if (event.key !== STORAGE_KEYS.authToken && event.key !== STORAGE_KEYS.authUser && event.key !== null) return;
    this.followStoredSession();
  };

  /** A page restored from the back/forward cache missed every storage event while it was away. */
  private onPageShow = (event: PageTransitionEvent): void => {
    if (event.persisted) this.followStoredSession();
  };

  private followStoredSession(): void {
    // Before the first check settles, initialiseSession reads storage again itself.
    if (this.state.status === 'uninitialised') return;
    const stored = readStoredSession();
    if (stored.token && stored.user) {
      // Another user signed in while this tab was away (frozen, in the back/forward cache): the first
      // user's session ended here too, so their cached data and open editors go before the new user is shown.
      if (this.state.user && this.state.user.id !== stored.user.id) notifySessionEnded();
      this.setState({ status: 'authenticated', user: stored.user });
    } else if (this.state.status !== 'anonymous') {
      endStoredSession();
      this.setState(ANONYMOUS);
    }
  }

  logout = async (): Promise<void> => {
    const token = readAuthToken();
    const userId = readStoredUser()?.id;
    logAuthEvent('logout.start', { token });
    if (token) {
      this.signingOut = true;
      try {
        await this.options.api.signOut();
        // A password or two-factor change answered meanwhile renewed this session under a new token
        // (stored now, in place of the one just signed out): that one is ended too, or it would live
        // on the server until its idle timeout. A token another user stored meanwhile is theirs.
        const renewed = readAuthToken();
        if (renewed && renewed !== token && readStoredUser()?.id === userId) await this.options.api.signOut();
        logAuthEvent('logout.server_ok');
      } catch (error) {
        // A failed server call still signs the user out here.
        logAuthEvent('logout.server_failed', { details: { status: isApiError(error) ? error.status : null } });
      } finally {
        this.signingOut = false;
      }
    }
    const other = readStoredSession();
    if (token && other.token && other.token !== token && other.user && other.user.id !== userId) {
      // Another tab signed someone else in while this sign-out was under way. Storage is shared, so
      // clearing it would sign them out too: only this user's private data goes, and this tab follows
      // the new session, as it would have a moment later.
      clearPrivateBrowserDataOf(userId ?? null);
      this.followStoredSession();
      this.options.env.navigate(landingPathFor(other.user));
      this.toasts()?.success(SESSION_MESSAGES.loggedOut);
      return;
    }
    // The session's debug log goes here too, so nothing more is logged for it: a closing entry
    // would be all that a shared computer keeps of it.
    endStoredSession();
    this.setState(ANONYMOUS);
    this.goToLogin();
    this.toasts()?.success(SESSION_MESSAGES.loggedOut);
    // If the router did not get there (e.g. a blocked transition), load /login for real. The URL
    // changes as soon as the router navigates, while the rendered path waits for /login's lazily
    // loaded screen, which can take longer than this delay on a slow connection: a reload then
    // would only drop the toast above. Either one at /login means the navigation happened.
    window.setTimeout(() => {
      if (this.options.env.renderedPath() !== ROUTES.login && window.location.pathname !== ROUTES.login) {
        this.options.env.hardRedirect(ROUTES.login);
      }
    }, TIMING_MS.sessionExpiredRedirect);
  };

  /** Re-reads the current user; a refused answer ends the session. */
  refreshUser = async (): Promise<void> => {
    const sentToken = readAuthToken();
    if (!sentToken) return;
    try {
      const user = await this.options.api.currentUser();
      // Signed out (or in as someone else) meanwhile: this answer belongs to a session that is over
      // here. A renewed token of the same user (a password change) still takes it.
      const now = readAuthToken();
      if (now !== sentToken && (!now || readStoredUser()?.id !== user.id)) return;
      storeSessionUser(user);
      if (this.state.status === 'authenticated') this.setState({ status: 'authenticated', user });
    } catch (error) {
      if (isApiError(error) && endsSession(error.status)) {
        this.handleExpiry({ source: 'rest', status: error.status, target: 'GET /auth/me', token: sentToken });
        return;
      }
      throw error;
    }
  };

  establishSession = async ({ token, user }: Session, welcome: string): Promise<EstablishedSession> => {
    storeSession(token, user);
    logAuthEvent('session.established', { token, details: { userId: user.id, roleId: user.role_id } });
    // Wait briefly after storing the token, so everything reading storage sees it.
    await new Promise((resolve) => window.setTimeout(resolve, SESSION_SETTLE_MS));
    // The user's data is initialised before they are let in. When a required step fails the user
    // stays on the form with the initialisation-failure message; the stored session stays, so the
    // page refresh that message asks for signs them in with their data.
    const outcome = await this.options.initialise(user, 'sign-in', token);
    if (!outcome.ok) {
      if (outcome.sessionRefused) {
        // Signed out elsewhere or deactivated between the sign-in and its first requests: the new
        // token is dead, so a refresh could not help. Drop it and say so; the form stays. A session
        // another tab signed in meanwhile is that tab's: it is neither ended nor called expired.
        if (readAuthToken() === token) {
          logAuthEvent('session.refused_at_sign_in', { details: { userId: user.id, step: outcome.failedStep } });
          endStoredSession();
          this.toasts()?.error(SESSION_MESSAGES.expired);
        }
      }
      return { ok: false, failedStep: outcome.failedStep, sessionRefused: outcome.sessionRefused };
    }
    // Together: the state, the route and the toast change in one batch, so no guard sees a half-signed-in user.
    this.setState({ status: 'authenticated', user });
    this.options.env.navigate(landingPathFor(user));
    this.toasts()?.success(welcome);
    return { ok: true };
  };
}

interface InitialisedSession {
  state: AuthState;
  /** The stored session was refused while the user was opening the signed-in area. */
  expired: boolean;
}

/**
 * A stored token and user are validated by fetching the current user; invalid means signed out.
 * When the server cannot be asked (offline, 5xx, timeout) the stored user is kept, so a flaky
 * network does not sign anyone out; the next refused request will (docs/product.md#sessions).
 */
export async function initialiseSession(api: SessionApi, path: string): Promise<InitialisedSession> {
  const { token, user } = readStoredSession();
  if (!token) {
    // A user without a token: that session ended without this page seeing it (another tab, a
    // crash mid-sign-out), so its private data goes now. With nobody signed in, any private data
    // left (a draft saved by a tab that had not yet seen its session end) goes too.
    if (user) endStoredSession();
    else clearPrivateBrowserData(null);
    logAuthEvent('session.none');
    return { state: ANONYMOUS, expired: false };
  }
  logAuthEvent('session.check', { token });
  try {
    const fresh = await api.currentUser();
    // Another tab signed out, or in as someone else, while this was asked: start from what is stored now.
    if (readAuthToken() !== token) return initialiseSession(api, path);
    storeSessionUser(fresh);
    logAuthEvent('session.valid', { token, details: { userId: fresh.id } });
    return { state: { status: 'authenticated', user: fresh }, expired: false };
  } catch (error) {
    // Likewise: a refusal of the token this tab sent must not end a session another tab has just started.
    if (readAuthToken() !== token) return initialiseSession(api, path);
    const refused = !isApiError(error) || endsSession(error.status);
    if (refused) {
      logAuthEvent('session.invalid', { token, details: { status: isApiError(error) ? error.status : null } });
      // Expired while no page was open: it ends now, with its private data (docs/product.md#session-expiry).
      endStoredSession();
      return { state: ANONYMOUS, expired: path === ROUTES.app || path.startsWith(`${ROUTES.app}/`) };
    }
    if (!user) {
      // Unverifiable and nothing to show: start signed out, so this session is over here too.
      logAuthEvent('session.check_unavailable', { token, details: { status: error.status, kept: false } });
      endStoredSession();
      return { state: ANONYMOUS, expired: false };
    }
    logAuthEvent('session.check_unavailable', { token, details: { status: error.status, timedOut: error.timedOut, kept: true } });
    return { state: { status: 'authenticated', user }, expired: false };
  }
}
