import { useMutation, useQuery } from '@apollo/client/react';
import {
  AdminUserProgressDocument,
  AdminUsersDocument,
  AssignUsersToRoleDocument,
  DeactivateUserDocument,
  ReactivateUserDocument,
  ResetUserTwoFactorDocument,
  SendPasswordResetDocument,
  UpdateUserDocument,
  type AdminUsersFilter,
} from '../../__generated__/graphql';

/*
 * One hook per user operation. Changes answer the changed user (the normalised cache updates every
 * list showing them); the lists and the index numbers are fetched again, because a change can move
 * a user out of the current filter or sort position.
 */
/** Users per page of the user lists. */
export const USERS_PAGE_SIZE = 20;

const AFTER_USER_CHANGE = ['AdminUsers', 'AdminStats', 'LatestChanges'];

/** One page of users; `skip` holds the query back until it is needed (a picker's closed list). */
export function useAdminUsers(filter: AdminUsersFilter, { skip = false }: { skip?: boolean } = {}) {
  return useQuery(AdminUsersDocument, { variables: { filter }, skip, fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
}

export function useAdminUserProgress(userId: number | null) {
  return useQuery(AdminUserProgressDocument, { variables: { userId: userId ?? 0 }, skip: userId === null, fetchPolicy: 'network-only' });
}

export function useUpdateUser() {
  return useMutation(UpdateUserDocument, { refetchQueries: AFTER_USER_CHANGE });
}

export function useDeactivateUser() {
  return useMutation(DeactivateUserDocument, { refetchQueries: AFTER_USER_CHANGE });
}

export function useReactivateUser() {
  return useMutation(ReactivateUserDocument, { refetchQueries: AFTER_USER_CHANGE });
}

export function useResetUserTwoFactor() {
  return useMutation(ResetUserTwoFactorDocument, { refetchQueries: AFTER_USER_CHANGE });
}

export function useAssignUsersToRole() {
  return useMutation(AssignUsersToRoleDocument, { refetchQueries: AFTER_USER_CHANGE });
}

/** Mails the user a password reset link; nothing on the screen changes. */
export function useSendPasswordReset() {
  return useMutation(SendPasswordResetDocument, { refetchQueries: ['LatestChanges'] });
}
