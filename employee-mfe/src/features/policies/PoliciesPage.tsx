import { useContext, useRef, useState } from 'react';
import {
  AuthContext,
  EmptyList,
  ErrorState,
  LoadingState,
  PageHeader,
  readStoredUser,
  ToastContext,
  useDocumentTitle,
} from '@embark/shared-ui';
import { openDocumentMessage, openDocumentUrl, rememberViewedDocument } from '@embark/shared-ui/kit/documents';
import { ProgressSummary } from '@embark/shared-ui/components/ProgressSummary';
import { POLICIES_TEXT } from '@embark/shared-ui/page-text/documents';
import type { CompanyPolicyFieldsFragment } from '../../__generated__/graphql';
import { failureMessage } from '../../shared/failure-message';
import { refocusIfLost } from '../../shared/focus';
import { useAcknowledgePolicy, useCompanyPolicies, useMarkPolicyViewed } from './api/usePolicies';
import { acknowledgeButtonId, PolicyCard, readButtonId } from './components/PolicyCard';
import './policies.css';

/**
 * `/app/policies` (docs/product.md#policies): the company policies of the user's role. Each opens in
 * a new tab (counting as viewed, like in the library) and can be acknowledged; the acknowledgement's
 * time is shown, and a policy changed since then asks to be acknowledged again.
 */
export function PoliciesPage() {
  useDocumentTitle(POLICIES_TEXT.title);
  // Optional contexts: the standalone dev page has neither provider.
  const toast = useContext(ToastContext);
  const auth = useContext(AuthContext);
  const userId = auth?.user?.id ?? readStoredUser()?.id ?? null;
  const { data, error, refetch } = useCompanyPolicies();
  const [acknowledge] = useAcknowledgePolicy();
  const [markViewed] = useMarkPolicyViewed();
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  // Acknowledgements can overlap: only the last one pressed moves focus when it is done.
  const lastPressed = useRef<number | null>(null);

  const header = <PageHeader title={POLICIES_TEXT.title} description={POLICIES_TEXT.lead} />;
  const policies = data?.companyPolicies;

  const read = (policy: CompanyPolicyFieldsFragment) => {
    const problem = openDocumentMessage(openDocumentUrl(policy.url));
    if (problem) {
      toast?.error(problem);
      return;
    }
    rememberViewedDocument(userId, policy.id);
    markViewed({ variables: { id: policy.id } }).catch(() => undefined);
  };

  const onAcknowledge = async (policy: CompanyPolicyFieldsFragment) => {
    lastPressed.current = policy.id;
    setPending((s) => new Set(s).add(policy.id));
    try {
      await acknowledge(policy.id, policy.version);
      toast?.success(POLICIES_TEXT.acknowledgedToast(policy.title));
    } catch (error) {
      // The server's words for a policy changed since the page showed it (the new text is on the card by then).
      toast?.error(failureMessage(error, POLICIES_TEXT.acknowledgeFailed));
    } finally {
      setPending((s) => {
        const next = new Set(s);
        next.delete(policy.id);
        return next;
      });
      // An acknowledged policy's button leaves its card: focus stays in the card, on "Read".
      if (lastPressed.current === policy.id) refocusIfLost(acknowledgeButtonId(policy.id), readButtonId(policy.id));
    }
  };

  if (!policies) {
    return (
      <div className="employee-page pol">
        {header}
        {error ? (
          <ErrorState icon="help" message={POLICIES_TEXT.loadFailed} onRetry={refetch} retryLabel={POLICIES_TEXT.retry} />
        ) : (
          <LoadingState label={POLICIES_TEXT.loading} className="ui-state--tall" />
        )}
      </div>
    );
  }

  if (policies.length === 0) {
    return (
      <div className="employee-page pol">
        {header}
        <EmptyList icon="roles" title={POLICIES_TEXT.emptyTitle} hint={POLICIES_TEXT.emptyHint} />
      </div>
    );
  }

  const done = policies.filter((p) => p.acknowledged).length;
  return (
    <div className="employee-page pol">
      {header}
      <ProgressSummary label={POLICIES_TEXT.progressLabel} count={POLICIES_TEXT.progressCount(done, policies.length)} percent={Math.round((done / policies.length) * 100)} />
      <ul className="pol-list" aria-label={POLICIES_TEXT.listLabel}>
        {policies.map((policy) => (
          <PolicyCard key={policy.id} policy={policy} acknowledging={pending.has(policy.id)} onRead={read} onAcknowledge={(p) => void onAcknowledge(p)} />
        ))}
      </ul>
    </div>
  );
}
