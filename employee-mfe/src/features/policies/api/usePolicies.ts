import { useContext, useRef } from 'react';
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
  // A re-read of the list and an acknowledgement must not cross: a list read before an acknowledgement
  // was recorded, answered after it, would show that policy unacknowledged again. So acknowledgements
  // wait for a re-read under way, and a re-read waits for the acknowledgements already sent.
  const sent = useRef(new Set<Promise<unknown>>());
  const rereading = useRef<Promise<boolean> | null>(null);
  /** `version`: the one the page shows, so a policy changed since is refused rather than acknowledged unread. */
  async function acknowledge(id: number, version: number) {
    while (rereading.current) await rereading.current;
    const request = mutate({ variables: { id, version } });
    sent.current.add(request);
    let result;
    try {
      result = await request;
    } catch (error) {
      if (!isConflict(error)) throw error;
      // Changed while the page was open: read the list again for the new text, before the page
      // reports it and moves the keyboard on. Without the new text, "read the new version" would
      // point at the old one, so a failed read is reported as a failed acknowledgement.
      const others = [...sent.current].filter((other) => other !== request);
      const reread = Promise.allSettled(others).then(() =>
        client.refetchQueries({ include: [CompanyPoliciesDocument] }).then(
          () => true,
          () => false,
        ),
      );
      rereading.current = reread;
      const read = await reread;
      if (rereading.current === reread) rereading.current = null;
      throw read ? error : new Error('The changed policy could not be read again');
    } finally {
      sent.current.delete(request);
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
