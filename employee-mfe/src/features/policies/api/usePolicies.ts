import { useContext } from 'react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { AuthContext } from '@embark/shared-ui';
import { isConflict } from '../../../shared/failure-message';
import { AcknowledgePolicyDocument, CompanyPoliciesDocument, MarkPolicyViewedDocument } from '../../../__generated__/graphql';

/** The company policies of the user's role (network first: acknowledgements may have changed on another device). */
export function useCompanyPolicies() {
  return useQuery(CompanyPoliciesDocument, { fetchPolicy: 'cache-and-network', nextFetchPolicy: 'cache-first', notifyOnNetworkStatusChange: true });
}

/**
 * Acknowledges the version of a policy the page shows (the server refuses one changed since). The
 * answer is written into the cached policy, so the page shows the timestamp at once without
 * refetching the list. The gateway completes the policy tasks that carry the policy in the same
 * step, so the cached checklist (the header's notifications read it too) and dashboard are dropped,
 * to be fetched afresh, and the user's progress is re-read.
 */
export function useAcknowledgePolicy() {
  const auth = useContext(AuthContext);
  const [mutate, state] = useMutation(AcknowledgePolicyDocument, {
    update(cache, { data }) {
      const ack = data?.acknowledgePolicy;
      if (!ack) return;
      cache.modify({
        id: cache.identify({ __typename: 'CompanyPolicy', id: ack.document_id }),
        fields: {
          acknowledged: (_current, { readField }) => readField<number>('version') === ack.version,
          acknowledgement: () => ({ __typename: 'PolicyAcknowledgementRecord', version: ack.version, acknowledged_at: ack.acknowledged_at }),
        },
      });
      for (const fieldName of ['myChecklist', 'dashboard']) cache.evict({ id: 'ROOT_QUERY', fieldName });
      cache.gc();
    },
  });
  const client = useApolloClient();
  /** `version`: the one the page shows, so a policy changed since is refused rather than acknowledged unread. */
  async function acknowledge(id: number, version: number) {
    let result;
    try {
      result = await mutate({ variables: { id, version } });
    } catch (error) {
      if (!isConflict(error)) throw error;
      // Changed while the page was open: read the list again for the new text, before the page
      // reports it and moves the keyboard on. Without the new text, "read the new version" would
      // point at the old one, so a failed read is reported as a failed acknowledgement.
      const reread = await client.refetchQueries({ include: [CompanyPoliciesDocument] }).then(
        () => true,
        () => false,
      );
      throw reread ? error : new Error('The changed policy could not be read again');
    }
    // The header and the profile show completion_percentage. Optional context: the standalone dev page has no AuthProvider.
    auth?.refreshUser().catch(() => undefined);
    return result;
  }
  return [acknowledge, state] as const;
}

/** Records that the user opened a policy (the library's `viewed`). */
export function useMarkPolicyViewed() {
  return useMutation(MarkPolicyViewedDocument, {
    update(cache, { data }) {
      const viewed = data?.markDocumentViewed;
      if (!viewed) return;
      cache.modify({ id: cache.identify({ __typename: 'CompanyPolicy', id: viewed.document_id }), fields: { viewed: () => true } });
    },
  });
}
