import { useState } from 'react';
import { Badge, Button, EmptyList, type BadgeTone } from '@embark/shared-ui';
import { ConfirmDialog } from '@embark/shared-ui/components/ConfirmDialog';
import type { DataTableColumn } from '@embark/shared-ui/components/DataTable';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';
import type { AdminInvitationFieldsFragment } from '../../__generated__/graphql';
import { failureMessage } from '../../shared/errors';
import { formatDate, formatTimestampDate } from '../../shared/format';
import { actionsColumn, AdminTable, ChoiceField, ListFooter, ListRegion, NameAndEmail, usePage, useRowConfirm } from '../../shared/scaffold';
import { useAdminToast } from '../../shared/useAdminToast';
import { INVITATIONS_PAGE_SIZE, useAdminInvitations, useResendInvitation, useRevokeInvitation } from './api/useInvitations';

type Invitation = AdminInvitationFieldsFragment;
type StatusChoice = keyof typeof ADMIN_TEXT.invitationStatusOptions;
type InvitationStatus = Exclude<StatusChoice, 'all'>;

const STATUS_CHOICES = (Object.keys(ADMIN_TEXT.invitationStatusOptions) as StatusChoice[]).map((value) => ({ value, label: ADMIN_TEXT.invitationStatusOptions[value] }));
const STATUS_TONE: Record<InvitationStatus, BadgeTone> = { pending: 'info', accepted: 'success', expired: 'warning', revoked: 'neutral' };

function statusOf(invitation: Invitation): InvitationStatus | null {
  return invitation.status in STATUS_TONE ? (invitation.status as InvitationStatus) : null;
}

/** A pending invitation can be revoked; a pending or expired one can be sent again with a fresh link. */
const canRevoke = (invitation: Invitation) => invitation.status === 'pending';
const canResend = (invitation: Invitation) => invitation.status === 'pending' || invitation.status === 'expired';

/** The invitations beside the users (Manage Users): by status, with resend and revoke. */
export function InvitationsSection() {
  const toast = useAdminToast();
  const [status, setStatus] = useState<StatusChoice>('pending');
  const { page, setPage, resetting } = usePage();
  const { data, previousData, error, loading, refetch } = useAdminInvitations(status === 'all' ? null : status, page);
  const result = data?.invitations ?? previousData?.invitations;
  const [resend] = useResendInvitation();
  // Every resend under way: each button stays busy until its own answer, so no link goes out twice.
  const [resending, setResending] = useState<ReadonlySet<number>>(() => new Set());
  const [revoke, revocation] = useRevokeInvitation();
  const revoking = useRowConfirm<Invitation>({ run: (i) => revoke({ variables: { id: i.id } }), done: (i) => ADMIN_TEXT.revoked(i.email), failed: ADMIN_TEXT.revokeFailed });

  const doResend = async (invitation: Invitation) => {
    if (resending.has(invitation.id)) return;
    setResending((ids) => new Set(ids).add(invitation.id));
    try {
      await resend({ variables: { id: invitation.id } });
      toast.success(ADMIN_TEXT.resent(invitation.email));
    } catch (err) {
      toast.error(failureMessage(err, ADMIN_TEXT.resendFailed));
    } finally {
      setResending((ids) => {
        const next = new Set(ids);
        next.delete(invitation.id);
        return next;
      });
    }
  };

  const columns: Array<DataTableColumn<Invitation>> = [
    {
      key: 'invitee',
      header: ADMIN_TEXT.colInvitee,
      rowHeader: true,
      cell: (i) => <NameAndEmail name={i.name} email={i.email} />,
    },
    { key: 'role', header: ADMIN_TEXT.colRole, cell: (i) => i.role_name },
    { key: 'start', header: ADMIN_TEXT.colStartDate, className: 'adm-nowrap', cell: (i) => (i.start_date ? formatDate(i.start_date) : ADMIN_TEXT.none) },
    {
      key: 'status',
      header: ADMIN_TEXT.colStatus,
      cell: (i) => {
        const known = statusOf(i);
        return <Badge tone={known ? STATUS_TONE[known] : 'neutral'}>{known ? ADMIN_TEXT.invitationStatusOptions[known] : i.status}</Badge>;
      },
    },
    { key: 'expires', header: ADMIN_TEXT.colExpires, className: 'adm-nowrap', cell: (i) => (canResend(i) ? formatTimestampDate(i.expires_at) : ADMIN_TEXT.none) },
    actionsColumn((i) => (
      <span className="adm-actions">
        {canResend(i) ? (
          <Button size="sm" variant="secondary" onClick={() => void doResend(i)} busy={resending.has(i.id)} aria-label={ADMIN_TEXT.resendInvitation(i.email)}>
            {ADMIN_TEXT.resend}
          </Button>
        ) : null}
        {canRevoke(i) ? (
          <Button
            size="sm"
            variant="danger"
            onClick={() => revoking.ask(i)}
            aria-label={ADMIN_TEXT.revokeInvitation(i.email)}
          >
            {ADMIN_TEXT.revoke}
          </Button>
        ) : null}
      </span>
    )),
  ];

  return (
    // Not a named region: the table inside is already the "Invitations" region, and landmarks must differ.
    <section className="adm-section">
      <div className="adm-section__header">
        <div>
          <h2 className="adm-section__title">
            {ADMIN_TEXT.invitationsHeading}
          </h2>
          <p className="adm-muted">{ADMIN_TEXT.invitationsLead}</p>
        </div>
        <ChoiceField label={ADMIN_TEXT.invitationsStatus} value={status} onChange={resetting((value: StatusChoice | '') => setStatus(value || 'all'))} choices={STATUS_CHOICES} />
      </div>
      <ListRegion loaded={result !== undefined} error={error} failed={ADMIN_TEXT.invitationsFailed} loadingLabel={ADMIN_TEXT.invitationsLoading} onRetry={refetch} staleError>
        <AdminTable
          caption={ADMIN_TEXT.invitationsTable}
          columns={columns}
          rows={result?.data ?? []}
          rowKey={(i) => i.id}
          busy={loading}
          empty={<EmptyList title={ADMIN_TEXT.invitationsEmptyTitle} hint={ADMIN_TEXT.invitationsEmptyHint} icon="users" />}
        />
        <ListFooter page={page} pageSize={INVITATIONS_PAGE_SIZE} shown={data?.invitations.data.length} total={result?.total} noun={ADMIN_TEXT.invitationsNoun} table={ADMIN_TEXT.invitationsTable} onPage={setPage} />
      </ListRegion>
      <ConfirmDialog
        open={revoking.row !== null}
        title={ADMIN_TEXT.revokeTitle}
        confirmLabel={ADMIN_TEXT.revoke}
        busyLabel={ADMIN_TEXT.revoking}
        cancelLabel={ADMIN_TEXT.cancel}
        busy={revocation.loading}
        error={revoking.error}
        onConfirm={() => void revoking.confirm()}
        onCancel={revoking.cancel}
      >
        <p>{revoking.row ? ADMIN_TEXT.revokeText(revoking.row.email) : ''}</p>
      </ConfirmDialog>
    </section>
  );
}
