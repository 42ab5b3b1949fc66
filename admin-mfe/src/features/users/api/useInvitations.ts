import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import {
  AdminInvitationsDocument,
  ImportInvitationsDocument,
  InviteUserDocument,
  ResendInvitationDocument,
  RevokeInvitationDocument,
} from '../../../__generated__/graphql';
import { hasErrorCode } from '../../../shared/errors';

/** Invitations per page of the invitations list. */
export const INVITATIONS_PAGE_SIZE = 10;

// A new or revoked invitation changes the list (and its total); a resend answers the invitation itself.
const AFTER_INVITATION_CHANGE = ['AdminInvitations', 'LatestChanges'];

/** One page of invitations; `status` null lists every status. */
export function useAdminInvitations(status: string | null, page: number) {
  return useQuery(AdminInvitationsDocument, {
    variables: { status, page, limit: INVITATIONS_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
}

export function useInviteUser() {
  return useMutation(InviteUserDocument, { refetchQueries: AFTER_INVITATION_CHANGE });
}

/**
 * Fetches the list again when the server refused a change to an invitation because it moved on
 * meanwhile (CONFLICT: accepted or replaced; NOT_FOUND: gone), so the list stops offering it.
 */
function useRefetchWhenRefused() {
  const client = useApolloClient();
  return (error: unknown) => {
    // A failed reload shows in the list itself.
    if (hasErrorCode(error, 'CONFLICT', 'NOT_FOUND')) client.refetchQueries({ include: ['AdminInvitations'] }).catch(() => undefined);
  };
}

export function useResendInvitation() {
  const onError = useRefetchWhenRefused();
  return useMutation(ResendInvitationDocument, { refetchQueries: AFTER_INVITATION_CHANGE, onError });
}

export function useRevokeInvitation() {
  const onError = useRefetchWhenRefused();
  return useMutation(RevokeInvitationDocument, { refetchQueries: AFTER_INVITATION_CHANGE, onError });
}

/** A dry run of the CSV import: the preview, nothing changes (and nothing to fetch again). */
export function usePreviewImport() {
  return useMutation(ImportInvitationsDocument);
}

/** The CSV import itself: every line becomes an invitation, or none does. */
export function useImportInvitations() {
  return useMutation(ImportInvitationsDocument, { refetchQueries: AFTER_INVITATION_CHANGE });
}
