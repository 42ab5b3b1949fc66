import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AdminInvitationsDocument, ResendInvitationDocument, RevokeInvitationDocument } from '../../__generated__/graphql';
import { domainError, renderAdmin, LOADING_DELAY_MS } from '../../shared/test-utils';
import { invitation, invitationsMock } from './invitation-fixtures';
import { InvitationsSection } from './InvitationsSection';

const CASEY = invitation();
const DANA = invitation({ id: 2, email: 'dana@example.com', name: 'Dana Old', status: 'expired', start_date: null });
const EVE = invitation({ id: 3, email: 'eve@example.com', name: 'Eve Joined', status: 'accepted' });
const FAY = invitation({ id: 4, email: 'fay@example.com', name: 'Fay Gone', status: 'revoked' });
const DANA_PENDING = { ...DANA, status: 'pending', expires_at: '2025-03-21T10:00:00.000Z' };

const rowOf = (table: HTMLElement, name: RegExp) => within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement;

describe('InvitationsSection', () => {
  it('shows a loading state, then the pending invitations with role, start date, status and expiry', async () => {
    await renderAdmin(<InvitationsSection />, [{ ...invitationsMock([CASEY]), delay: LOADING_DELAY_MS }]);
    expect(screen.getByRole('status', { name: 'Loading invitations' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Invitations' }, { timeout: 5000 });
    const row = rowOf(table, /Casey New/);
    expect(within(row).getByRole('rowheader').textContent).toBe('Casey Newcasey@example.com');
    expect(row.textContent).toContain('Employee');
    expect(row.textContent).toContain('Apr 1, 2025');
    expect(row.textContent).toContain('Pending');
    expect(row.textContent).toContain('Mar 20, 2025');
    expect(screen.getByText('Showing 1–1 of 1 invitations')).toBeTruthy();
    expect((screen.getByLabelText('Invitation status') as HTMLSelectElement).value).toBe('pending');
  });

  it('lists every status on request: resend for pending and expired, revoke for pending only', async () => {
    await renderAdmin(<InvitationsSection />, [invitationsMock([CASEY]), invitationsMock([CASEY, DANA, EVE, FAY], { status: null })]);
    await screen.findByRole('table', { name: 'Invitations' });
    fireEvent.change(screen.getByLabelText('Invitation status'), { target: { value: 'all' } });
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Invitations' })).getAllByRole('rowheader')).toHaveLength(4));
    const table = screen.getByRole('table', { name: 'Invitations' });
    const dana = rowOf(table, /Dana Old/);
    expect(dana.textContent).toContain('Expired');
    // No start date: the day they accept.
    expect(dana.textContent).toContain('—');
    expect(within(dana).getByRole('button', { name: 'Resend the invitation to dana@example.com' })).toBeTruthy();
    expect(within(dana).queryByRole('button', { name: /Revoke/ })).toBeNull();
    for (const [name, status] of [
      [/Eve Joined/, 'Accepted'],
      [/Fay Gone/, 'Revoked'],
    ] as const) {
      const row = rowOf(table, name);
      expect(row.textContent).toContain(status);
      expect(within(row).queryByRole('button')).toBeNull();
    }
    expect(within(rowOf(table, /Casey New/)).getByRole('button', { name: 'Revoke the invitation to casey@example.com' })).toBeTruthy();
  });

  it('resends with a toast; a failure is a toast with the server’s reason', async () => {
    const { toasts } = await renderAdmin(<InvitationsSection />, [
      invitationsMock([CASEY]),
      { request: { query: ResendInvitationDocument, variables: { id: 1 } }, result: domainError('Invitation not found', 'NOT_FOUND') },
      { request: { query: ResendInvitationDocument, variables: { id: 1 } }, result: { data: { resendInvitation: { ...CASEY, expires_at: '2025-03-27T10:00:00.000Z' } } } },
    ]);
    const resend = await screen.findByRole('button', { name: 'Resend the invitation to casey@example.com' });
    fireEvent.click(resend);
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Invitation not found'));
    fireEvent.click(resend);
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('A new invitation link was sent to casey@example.com'));
  });

  it('keeps each resend busy until its own answer, so a link is never sent twice', async () => {
    const BEA = invitation({ id: 5, email: 'bea@example.com', name: 'Bea Later' });
    const sentToCasey = jest.fn(() => ({ data: { resendInvitation: { ...CASEY, expires_at: '2025-03-27T10:00:00.000Z' } } }));
    const { toasts } = await renderAdmin(<InvitationsSection />, [
      invitationsMock([CASEY, BEA]),
      { request: { query: ResendInvitationDocument, variables: { id: 1 } }, result: sentToCasey, delay: LOADING_DELAY_MS, maxUsageCount: 2 },
      { request: { query: ResendInvitationDocument, variables: { id: 5 } }, result: { data: { resendInvitation: { ...BEA, expires_at: '2025-03-27T10:00:00.000Z' } } } },
    ]);
    const toCasey = (await screen.findByRole('button', { name: 'Resend the invitation to casey@example.com' })) as HTMLButtonElement;
    fireEvent.click(toCasey);
    fireEvent.click(screen.getByRole('button', { name: 'Resend the invitation to bea@example.com' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('A new invitation link was sent to bea@example.com'));
    // Bea's answer is in; Casey's is not.
    expect(toCasey.disabled).toBe(true);
    fireEvent.click(toCasey);
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('A new invitation link was sent to casey@example.com'), { timeout: 5000 });
    expect(sentToCasey).toHaveBeenCalledTimes(1);
    expect(toCasey.disabled).toBe(false);
  });

  it('reads the list again when a resend or a revocation is refused because the invitation moved on', async () => {
    const { toasts } = await renderAdmin(<InvitationsSection />, [
      invitationsMock([CASEY, DANA_PENDING], { times: 1 }),
      { request: { query: ResendInvitationDocument, variables: { id: 1 } }, result: domainError('This invitation was already accepted', 'CONFLICT') },
      invitationsMock([DANA_PENDING], { times: 1 }),
      { request: { query: RevokeInvitationDocument, variables: { id: 2 } }, result: domainError('Invitation not found', 'NOT_FOUND') },
      invitationsMock([], { times: 5 }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Resend the invitation to casey@example.com' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('This invitation was already accepted'));
    // Casey accepted meanwhile: no longer pending.
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Invitations' })).getAllByRole('rowheader').map((r) => r.textContent)).toEqual(['Dana Olddana@example.com']));

    fireEvent.click(screen.getByRole('button', { name: 'Revoke the invitation to dana@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke this invitation?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Invitation not found');
    await screen.findByText('No invitations here');
  });

  it('revokes after a confirmation that starts on Cancel; a refusal stays in the dialog', async () => {
    const { toasts } = await renderAdmin(<InvitationsSection />, [
      invitationsMock([CASEY], { times: 1 }),
      { request: { query: RevokeInvitationDocument, variables: { id: 1 } }, error: new Error('offline') },
      { request: { query: RevokeInvitationDocument, variables: { id: 1 } }, result: { data: { revokeInvitation: true } } },
      invitationsMock([], { times: 5 }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke the invitation to casey@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke this invitation?' });
    expect(dialog.textContent).toContain('The link sent to casey@example.com stops working at once. You can invite them again later.');
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to revoke the invitation');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('The invitation to casey@example.com was revoked'));
    // The list is fetched again: nothing pending is left.
    expect(await screen.findByText('No invitations here')).toBeTruthy();
  });

  it('says so when there are none', async () => {
    await renderAdmin(<InvitationsSection />, [invitationsMock([])]);
    expect(await screen.findByText('No invitations here')).toBeTruthy();
    expect(screen.getByText('Invite a new hire, or import a CSV file of several.')).toBeTruthy();
  });

  it("the error state says 'Failed to fetch invitations' and retries", async () => {
    await renderAdmin(<InvitationsSection />, [{ request: { query: AdminInvitationsDocument, variables: { status: 'pending', page: 1, limit: 10 } }, error: new Error('offline') }, invitationsMock([CASEY])]);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch invitations');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Invitations' })).toBeTruthy();
  });

  it("names no rows while the next page loads, or when it fails: the previous page's rows are still shown", async () => {
    const page1 = Array.from({ length: 10 }, (_, i) => invitation({ id: i + 1, email: `p${i + 1}@example.com`, name: `Person ${i + 1}` }));
    await renderAdmin(<InvitationsSection />, [
      invitationsMock(page1, { total: 11 }),
      { request: { query: AdminInvitationsDocument, variables: { status: 'pending', page: 2, limit: 10 } }, error: new Error('offline') },
    ]);
    expect(await screen.findByText('Showing 1–10 of 11 invitations')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Invitations pages' })).getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch invitations');
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });

  it('pages through many invitations', async () => {
    const page1 = Array.from({ length: 10 }, (_, i) => invitation({ id: i + 1, email: `p${i + 1}@example.com`, name: `Person ${i + 1}` }));
    const page2 = [invitation({ id: 11, email: 'p11@example.com', name: 'Person 11' })];
    await renderAdmin(<InvitationsSection />, [invitationsMock(page1, { total: 11 }), invitationsMock(page2, { total: 11, page: 2 })]);
    expect(await screen.findByText('Showing 1–10 of 11 invitations')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Invitations pages' })).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11–11 of 11 invitations')).toBeTruthy();
  });
});
