import { useQuery } from '@apollo/client/react';
import { RolesDocument } from '../../../__generated__/graphql';

/** The roles list, through the shell's (shared) Apollo client. */
export function useRolesQuery() {
  return useQuery(RolesDocument);
}
