import { useMutation, useQuery } from '@apollo/client/react';
import { AcknowledgePolicyDocument, CompanyPoliciesDocument, MarkPolicyViewedDocument } from '../../../__generated__/graphql';

/** The company policies of the user's role (network first: acknowledgements may have changed on another device). */
export function useCompanyPolicies() {
  return useQuery(CompanyPoliciesDocument, { fetchPolicy: 'cache-and-network', nextFetchPolicy: 'cache-first', notifyOnNetworkStatusChange: true });
}

/**
 * Acknowledges a policy's current version. The answer is written into the cached policy, so the page
 * shows the timestamp at once without refetching the list.
 */
export function useAcknowledgePolicy() {
  return useMutation(AcknowledgePolicyDocument, {
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
    },
  });
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
