/**
 * What each step of the after-sign-in initialisation (`app-initialisation.ts`) loads.
 * Loaded lazily by the AuthProvider (it pulls in the Apollo client, which `/` must not load).
 *
 * GraphQL steps fill the one Apollo cache the shell shares with the remotes, so the bell and the
 * first page paint from it; REST steps only prove the area answers (its pages fetch for themselves).
 * Whether a refused request (401/403) is reported as an expired session is the caller's choice:
 * not right after sign-in (the user is not let in yet; the form reports the failure), yes for a
 * restored session (it is over, like on any other request of the signed-in area).
 */
import {
  apiClient,
  DASHBOARD,
  EMPLOYEE_SIDEBAR,
  ADMIN_SIDEBAR,
  isAdminUser,
  endsSession,
  isApiError,
  matchPortalRoute,
  notifySessionEnded,
  type SessionUser,
} from '@embark/shared-ui';
import { sessionExpiryOf } from '@embark/shared-ui/kit/apollo-client';
import { sharedApolloClient } from '../app/apollo';
import { InitDashboardDocument, InitJournalStatsDocument, ShellChecklistDocument } from '../__generated__/graphql';
import type { AppInitialisers } from './app-initialisation';
import { landingPathFor } from './landing';

type Client = ReturnType<typeof sharedApolloClient>;

export interface AppInitialisersOptions {
  /** Default: the shell's shared client. */
  client?: Client;
  /** Report a refused request to the session-expiry handler (default false, see above). */
  reportSessionExpiry?: boolean;
}

/** A 401/403 answer, on REST or GraphQL (the gateway's UNAUTHENTICATED code included). */
export function isSessionRefusal(error: unknown): boolean {
  if (isApiError(error)) return endsSession(error.status);
  return sessionExpiryOf(error) !== null;
}

export function createAppInitialisers({ client = sharedApolloClient(), reportSessionExpiry = false }: AppInitialisersOptions = {}): AppInitialisers {
  const context = { reportSessionExpiry };
  return {
    steps: {
      // `GET /documents` (documents for the user's role).
      documents: async () => {
        await apiClient.get('/documents', { reportSessionExpiry });
      },
      // The user's navigation: where they land and which sidebar they get, from the route table.
      navigation: async (user: SessionUser) => {
        const landing = landingPathFor(user);
        const sidebar = isAdminUser(user) ? ADMIN_SIDEBAR : EMPLOYEE_SIDEBAR;
        if (!matchPortalRoute(landing) || sidebar.length === 0) throw new Error(`No navigation for ${landing}`);
      },
      // The checklist the bell and the checklist pages read; fetched fresh (a previous session's
      // cache was dropped when it ended, but a stale entry must never pass for this user's).
      checklist: async () => {
        await client.query({ query: ShellChecklistDocument, fetchPolicy: 'network-only', context });
      },
      journal: async () => {
        await client.query({ query: InitJournalStatsDocument, fetchPolicy: 'network-only', context });
      },
      dashboard: async () => {
        await client.query({
          query: InitDashboardDocument,
          variables: { tasksShown: DASHBOARD.tasksShown, activitiesShown: DASHBOARD.activitiesShown },
          fetchPolicy: 'network-only',
          context,
        });
      },
    },
    isSessionRefusal,
    async resetState() {
      // Module-level caches of the shell and the remotes (checklist freshness, the 100 % milestone);
      // its Apollo listener starts clearing the cache, and the awaited clear below finishes it
      // before any step queries (a clear cancels queries in flight).
      notifySessionEnded();
      await client.clearStore();
    },
  };
}
