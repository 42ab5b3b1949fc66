import { useMutation } from '@apollo/client/react';
import { AddRoleChecklistItemsDocument, RemoveRoleChecklistItemsDocument } from '../../../__generated__/graphql';

/**
 * The answer carries the role's items with their new role_ids (the cache updates them); lists and
 * numbers are read again, apart from the change: a failed read must not report links that were
 * saved as failed (the page shows the list's own failure above it).
 */
const AFTER_LINK_CHANGE = ['AdminChecklistItems', 'AdminStats', 'LatestChanges'];

export function useAddRoleChecklistItems() {
  return useMutation(AddRoleChecklistItemsDocument, { refetchQueries: AFTER_LINK_CHANGE });
}

export function useRemoveRoleChecklistItems() {
  return useMutation(RemoveRoleChecklistItemsDocument, { refetchQueries: AFTER_LINK_CHANGE });
}
