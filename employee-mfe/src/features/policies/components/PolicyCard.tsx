import { Badge, Button, cx, formatCalendarDate, Icon, isSafeDocumentUrl } from '@embark/shared-ui';
import { POLICIES_TEXT } from '@embark/shared-ui/page-text/documents';
import type { CompanyPolicyFieldsFragment } from '../../../__generated__/graphql';

/** An acknowledgement time as people read it: `Mar 5, 2025, 2:30 PM` in English. */
export function formatAcknowledgedAt(iso: string, locale?: string): string {
  return new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

type PolicyState = 'acknowledged' | 'updated' | 'pending';

/** Acknowledged (this version), updated since an earlier acknowledgement, or never acknowledged. */
export function policyState(policy: Pick<CompanyPolicyFieldsFragment, 'acknowledged' | 'acknowledgement'>): PolicyState {
  if (policy.acknowledged) return 'acknowledged';
  return policy.acknowledgement ? 'updated' : 'pending';
}

/** The ids of a card's buttons, where focus goes back to after acknowledging. */
export const readButtonId = (policyId: number) => `policy-${policyId}-read`;
export const acknowledgeButtonId = (policyId: number) => `policy-${policyId}-acknowledge`;

export interface PolicyCardProps {
  policy: CompanyPolicyFieldsFragment;
  acknowledging: boolean;
  onRead(policy: CompanyPolicyFieldsFragment): void;
  onAcknowledge(policy: CompanyPolicyFieldsFragment): void;
}

/** One company policy: what it is, whether (and when) the user acknowledged its current version, and the two actions. */
export function PolicyCard({ policy, acknowledging, onRead, onAcknowledge }: PolicyCardProps) {
  const state = policyState(policy);
  const titleId = `policy-${policy.id}-title`;
  const statusId = `policy-${policy.id}-status`;
  const ack = policy.acknowledgement;
  return (
    <li className={cx('pol-card', `pol-card--${state}`)} aria-labelledby={titleId}>
      <div className="pol-card__head">
        <span className="pol-card__icon" aria-hidden="true">
          <Icon name={state === 'acknowledged' ? 'check' : 'roles'} size={20} />
        </span>
        <div className="pol-card__heading">
          <h2 id={titleId} className="pol-card__title">
            {policy.title}
          </h2>
          <p className="pol-card__meta">
            {POLICIES_TEXT.version(policy.version)} · <time dateTime={policy.updated_at}>{formatCalendarDate(new Date(policy.updated_at))}</time>
          </p>
        </div>
        <Badge tone={state === 'acknowledged' ? 'success' : 'warning'}>
          {state === 'acknowledged' ? POLICIES_TEXT.statusAcknowledged : state === 'updated' ? POLICIES_TEXT.statusUpdated : POLICIES_TEXT.statusPending}
        </Badge>
      </div>
      {policy.description ? <p className="pol-card__description">{policy.description}</p> : null}
      <p id={statusId} className="pol-card__status">
        {state === 'acknowledged' && ack ? (
          <>
            <Icon name="check" size={16} />
            <time dateTime={ack.acknowledged_at}>{POLICIES_TEXT.acknowledgedOn(formatAcknowledgedAt(ack.acknowledged_at))}</time>
          </>
        ) : state === 'updated' && ack ? (
          POLICIES_TEXT.updatedSince(ack.version, formatAcknowledgedAt(ack.acknowledged_at))
        ) : (
          POLICIES_TEXT.pending
        )}
      </p>
      <div className="pol-card__actions">
        <Button id={readButtonId(policy.id)} variant="secondary" onClick={() => onRead(policy)} {...(isSafeDocumentUrl(policy.url) ? { 'aria-label': POLICIES_TEXT.readLabel(policy.title) } : {})}>
          {POLICIES_TEXT.read}
        </Button>
        {state === 'acknowledged' ? null : (
          <Button
            id={acknowledgeButtonId(policy.id)}
            onClick={() => onAcknowledge(policy)}
            busy={acknowledging}
            // The visible words are part of the name (WCAG 2.5.3), so the label follows the busy text.
            aria-label={acknowledging ? undefined : POLICIES_TEXT.acknowledgeLabel(policy.title)}
            aria-describedby={statusId}
          >
            {acknowledging ? POLICIES_TEXT.acknowledging : POLICIES_TEXT.acknowledge}
          </Button>
        )}
      </div>
      {state === 'acknowledged' ? null : <p className="pol-card__hint">{POLICIES_TEXT.acknowledgeHint}</p>}
    </li>
  );
}
