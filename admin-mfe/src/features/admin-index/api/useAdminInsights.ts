import { useQuery } from '@apollo/client/react';
import { AdminInsightsDocument } from '../../../__generated__/graphql';

/** The index charts' data; fresh on every visit, like the index's numbers. */
export function useAdminInsights() {
  return useQuery(AdminInsightsDocument, { fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
}
