import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import type { ApolloClient } from '@apollo/client';
import { DASHBOARD } from '@embark/shared-ui';
import { DashboardCompleteTaskDocument, DashboardDocument } from '../../../__generated__/graphql';

const variables = { tasksShown: DASHBOARD.tasksShown, activitiesShown: DASHBOARD.activitiesShown };

/** Set by `prefetchDashboard` until the page's first query takes it over. */
let prefetched = false;

/**
 * Starts the dashboard's query before the page renders (the shell calls it through the remote's
 * `prefetch` while it is still checking the session): the answer goes into the shared cache, and
 * the page's first `useDashboard` reads it there, or joins the request while it is in flight.
 * A refusal is not reported as an expired session here; the session check and the page do that.
 * Settles (never rejects) once the answer is in the cache or the request has failed.
 */
export function prefetchDashboard(client: ApolloClient): Promise<void> {
  prefetched = true;
  return client
    .query({ query: DashboardDocument, variables, fetchPolicy: 'network-only', context: { reportSessionExpiry: false } })
    .then(
      () => undefined,
      () => {
        // The page's own query asks again and shows its error state.
        prefetched = false;
      },
    );
}

/**
 * The dashboard in one round trip. `cache-and-network`: a return visit paints the cached numbers at
 * once and refreshes them, so progress made on other pages always shows up. Right after a prefetch,
 * the cached (or in-flight) answer is this very load's: `cache-first` uses it without asking again.
 */
export function useDashboard() {
  // Read while rendering, taken over only once the page is on screen: React may throw a render away
  // (a sibling suspends, an update interrupts it) and run this initialiser again, which must then
  // still see the prefetch, or the page asks a second time.
  const [fetchPolicy] = useState(() => (prefetched ? ('cache-first' as const) : ('cache-and-network' as const)));
  useEffect(() => {
    prefetched = false;
  }, []);
  return useQuery(DashboardDocument, {
    variables,
    fetchPolicy,
    nextFetchPolicy: 'cache-first',
    notifyOnNetworkStatusChange: true,
  });
}

/** Completes one task for the signed-in user (the caller refreshes the dashboard afterwards). */
export function useCompleteDashboardTask() {
  return useMutation(DashboardCompleteTaskDocument);
}
