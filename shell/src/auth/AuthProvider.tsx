import { useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AuthContext, isAdminUser, SESSION_MESSAGES, Spinner, ToastContext, type AuthContextValue } from '@embark/shared-ui';
import { sessionApi, type SessionApi } from './session-api';
import { SessionControlContext } from './session-control';
import { runAppInitialisation, SessionController, type AuthState, type RunInitialisation } from './session-controller';
import './session-check.css';

export interface AuthProviderProps {
  children: ReactNode;
  /** The session's account calls (tests pass a fake). */
  api?: SessionApi;
  /** A full page load, the fallback when client-side navigation fails (tests pass a spy). */
  hardRedirect?: (path: string) => void;
  /** The after-sign-in initialisation of the user's data (tests pass a fake). */
  initialise?: RunInitialisation;
}

function assignLocation(path: string): void {
  window.location.assign(path);
}

/**
 * The React face of the SessionController: gives it the router, the toasts and the current path,
 * implements the shared `useAuth()` contract for the shell and every remote from its state, and
 * hands its sign-in step to the shell's screens. Must sit inside the router (it navigates) and
 * inside the toast provider (it toasts).
 */
export function AuthProvider({ children, api = sessionApi, hardRedirect = assignLocation, initialise = runAppInitialisation }: AuthProviderProps) {
  const navigate = useNavigate();
  const location = useLocation();
  // Read without useToast(): a missing toast provider must not take sign-in down with it.
  const toast = useContext(ToastContext);

  // The controller acts outside React's render (from API clients and timers), so it reads the
  // latest router, toasts and props through a ref instead of being rebuilt on every render.
  const latest = useRef({ navigate, toast, path: location.pathname, hardRedirect, initialise });
  useEffect(() => {
    latest.current = { navigate, toast, path: location.pathname, hardRedirect, initialise };
  });

  const controller = useMemo(
    () =>
      new SessionController({
        api,
        initialise: (user, mode, token) => latest.current.initialise(user, mode, token),
        env: {
          navigate: (path) => void latest.current.navigate(path, { replace: true }),
          hardRedirect: (path) => latest.current.hardRedirect(path),
          toasts: () => latest.current.toast,
          renderedPath: () => latest.current.path,
        },
      }),
    [api],
  );

  // A plain state update (not useSyncExternalStore): it batches with the router's navigation
  // exactly as one render, so no guard sees the new state on the old route.
  const [state, setState] = useState<AuthState>(controller.getState);
  useEffect(() => {
    setState(controller.getState());
    const unsubscribe = controller.subscribe(setState);
    const stop = controller.start();
    return () => {
      stop();
      unsubscribe();
    };
  }, [controller]);

  const auth = useMemo<AuthContextValue>(
    () => ({ status: state.status, user: state.user, isAdmin: isAdminUser(state.user), refreshUser: controller.refreshUser, logout: controller.logout }),
    [state, controller],
  );

  return (
    <AuthContext.Provider value={auth}>
      <SessionControlContext.Provider value={controller}>
        {state.status === 'uninitialised' ? <SessionCheck /> : children}
      </SessionControlContext.Provider>
    </AuthContext.Provider>
  );
}

/** The session is checked before the first route renders; until then, a spinner. */
function SessionCheck() {
  return (
    <div className="auth-session-check">
      <Spinner size="lg" label={SESSION_MESSAGES.checking} />
    </div>
  );
}
