import { useQuery } from '@apollo/client/react';
import { AdminStatsDocument } from '../../__generated__/graphql';

/** The index's numbers; fresh on every visit (they change with every action elsewhere). */
export function useAdminStats() {
  return useQuery(AdminStatsDocument, { fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
}
