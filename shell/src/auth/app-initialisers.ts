/**
 * What each step of the after-sign-in initialisation (spec §4, `app-initialisation.ts`) loads.
 * Loaded lazily by the AuthProvider (it pulls in the Apollo client, which `/` must not load).
 *
 * GraphQL steps fill the one Apollo cache the shell shares with the remotes, so the bell and the
 * first page paint from it; REST steps only prove the area answers (its pages fetch for themselves).
 * None of them reports a 401/403 as an expired session: the user is not let in yet, and a refused
 * tolerated step must not sign them out.
 */
import {
  apiClient,
  DASHBOARD,
  EMPLOYEE_SIDEBAR,
  ADMIN_SIDEBAR,
  isAdminUser,
  matchPortalRoute,
  notifySessionEnded,
  type SessionUser,
} from '@embark/shared-ui';
import { sharedApolloClient } from '../app/apollo';
import { InitDashboardDocument, InitJournalStatsDocument, ShellChecklistDocument } from '../__generated__/graphql';
import type { AppInitialisers } from './app-initialisation';
import { landingPathFor } from './landing';

type Client = ReturnType<typeof sharedApolloClient>;

export function createAppInitialisers(client: Client = sharedApolloClient()): AppInitialisers {
  return {
    steps: {
      // Spec §7 `GET /documents` (documents for the user's role).
      documents: async () => {
        await apiClient.get('/documents', { reportSessionExpiry: false });
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
        await client.query({ query: ShellChecklistDocument, fetchPolicy: 'network-only' });
      },
      journal: async () => {
        await client.query({ query: InitJournalStatsDocument, fetchPolicy: 'network-only' });
      },
      dashboard: async () => {
        await client.query({
          query: InitDashboardDocument,
          variables: { tasksShown: DASHBOARD.tasksShown, activitiesShown: DASHBOARD.activitiesShown },
          fetchPolicy: 'network-only',
        });
      },
    },
    async resetState() {
      // Module-level caches of the shell and the remotes (checklist freshness, the 100 % milestone);
      // its Apollo listener starts clearing the cache, and the awaited clear below finishes it
      // before any step queries (a clear cancels queries in flight).
      notifySessionEnded();
      await client.clearStore();
    },
  };
}
