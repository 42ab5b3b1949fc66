import { homePathFor, matchPortalRoute, ROUTES, type AuthStatus, type PortalRoute } from '@embark/shared-ui';

/** What the guard knows about the visitor. */
export interface AccessSession {
  status: AuthStatus;
  isAdmin: boolean;
}

export type RouteDecision =
  /** Show the page. */
  | { kind: 'render'; route: PortalRoute }
  /** Replace the location (a guard, or bare `/app`). */
  | { kind: 'redirect'; to: string }
  /** "Any other path": the not-found page, for everyone. */
  | { kind: 'not-found' }
  /** The stored session is still being checked: no decision before auth state is initialised. */
  | { kind: 'wait' };

/**
 * The guards and navigation behaviour (docs/shell.md), as one pure function of the path and the session:
 * login-only pages send guests to /login; admin-only pages send other users to /app/dashboard;
 * administrators opening a regular /app page other than profile or the checklist (a task included)
 * go to /app/admin; bare /app and the guest pages (/, /login, /register, /accept-invite, /forgot-password,
 * /reset-password) send signed-in users home.
 */
export function decideRoute(pathname: string, session: AccessSession): RouteDecision {
  const route = matchPortalRoute(pathname);
  if (!route) return { kind: 'not-found' };
  if (session.status === 'uninitialised') return { kind: 'wait' };

  const signedIn = session.status === 'authenticated';
  const render: RouteDecision = { kind: 'render', route };
  const redirect = (to: string): RouteDecision => ({ kind: 'redirect', to });
  const home = homePathFor(session.isAdmin);

  switch (route.access) {
    case 'landing':
    case 'guest':
      return signedIn ? redirect(home) : render;
    case 'app-index':
      return signedIn ? redirect(home) : redirect(ROUTES.login);
    case 'member':
      return signedIn ? render : redirect(ROUTES.login);
    case 'employee':
      if (!signedIn) return redirect(ROUTES.login);
      return session.isAdmin ? redirect(ROUTES.admin) : render;
    case 'admin':
      if (!signedIn) return redirect(ROUTES.login);
      return session.isAdmin ? render : redirect(ROUTES.dashboard);
  }
}
