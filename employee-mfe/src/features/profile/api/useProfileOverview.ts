import { useQuery } from '@apollo/client/react';
import { ProfileOverviewDocument } from '../../../__generated__/graphql';

/**
 * The profile's data. `cache-and-network`: the page paints at once from what the dashboard or the
 * checklist already cached and refreshes, so progress made elsewhere (another tab) always shows.
 */
export function useProfileOverview() {
  return useQuery(ProfileOverviewDocument, {
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
    notifyOnNetworkStatusChange: true,
  });
}
