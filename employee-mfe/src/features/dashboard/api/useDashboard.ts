import { useMutation, useQuery } from '@apollo/client/react';
import { DASHBOARD } from '@embark/shared-ui';
import { DashboardCompleteTaskDocument, DashboardDocument } from '../../../__generated__/graphql';

/**
 * The dashboard in one round trip. `cache-and-network`: a return visit paints the cached numbers at
 * once and refreshes them, so progress made on other pages always shows up.
 */
export function useDashboard() {
  return useQuery(DashboardDocument, {
    variables: { tasksShown: DASHBOARD.tasksShown, activitiesShown: DASHBOARD.activitiesShown },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
    notifyOnNetworkStatusChange: true,
  });
}

/** Completes one task for the signed-in user (the caller refreshes the dashboard afterwards). */
export function useCompleteDashboardTask() {
  return useMutation(DashboardCompleteTaskDocument);
}
