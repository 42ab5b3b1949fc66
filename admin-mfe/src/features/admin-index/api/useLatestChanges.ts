import { useQuery } from '@apollo/client/react';
import { LatestChangesDocument } from '../../../__generated__/graphql';

/** How many changes the index lists. */
export const LATEST_CHANGES = 8;

export function useLatestChanges() {
  return useQuery(LatestChangesDocument, { variables: { limit: LATEST_CHANGES }, fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
}
