import { useMutation } from '@apollo/client/react';
import { CreateRoleDocument, DeleteRoleDocument, UpdateRoleDocument } from '../../../__generated__/graphql';

/** Role changes reload the role list and the index numbers (counts, health per role). */
const AFTER_ROLE_CHANGE = ['AdminRoles', 'AdminStats', 'LatestChanges'];

export function useCreateRole() {
  return useMutation(CreateRoleDocument, { refetchQueries: AFTER_ROLE_CHANGE });
}

export function useUpdateRole() {
  return useMutation(UpdateRoleDocument, { refetchQueries: AFTER_ROLE_CHANGE });
}

export function useDeleteRole() {
  return useMutation(DeleteRoleDocument, { refetchQueries: AFTER_ROLE_CHANGE });
}
