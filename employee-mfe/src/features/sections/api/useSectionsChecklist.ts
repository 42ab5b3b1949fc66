import { useQuery } from '@apollo/client/react';
import { SectionsChecklistDocument } from '../../../__generated__/graphql';

/** The checklist for the Sections page: painted from the shared cache when present, refreshed from the server. */
export function useSectionsChecklist() {
  return useQuery(SectionsChecklistDocument, { fetchPolicy: 'cache-and-network', nextFetchPolicy: 'cache-first' });
}
