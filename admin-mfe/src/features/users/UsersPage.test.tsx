import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AdminRolesDocument, AdminStatsDocument, AdminUsersDocument, DeactivateUserDocument, ReactivateUserDocument, ResetUserTwoFactorDocument, SendPasswordResetDocument, UpdateUserDocument, type AdminUserFieldsFragment, type AdminUsersFilter } from '../../__generated__/graphql';
import { ADMIN_ID, adminUser as user, domainError, renderAdmin as renderWith, rolesMock, type Mocks, LOADING_DELAY_MS } from '../../shared/test-utils';
import { invitation, invitationsMock } from './invitation-fixtures';
import { UsersPage } from './UsersPage';

const ANA = user({});
const BEN = user({ id: 11, name: 'Ben Brown', email: 'ben@example.com', is_active: false, two_factor_enabled: true, completion_percentage: 100 });
const ME = user({ id: ADMIN_ID, name: 'Alex Admin', email: 'admin@example.com', role_id: 4, role_name: 'SysAdmin' });
const BASE: AdminUsersFilter = { search: null, roleId: null, status: 'all', sort: 'name', order: 'asc', page: 1, limit: 20 };

function listMock(filter: AdminUsersFilter, data: AdminUserFieldsFragment[], total = data.length, times = 3): Mocks[number] {
  return { request: { query: AdminUsersDocument, variables: { filter } }, result: { data: { adminUsers: { __typename: 'AdminUserPage', total, page: filter.page ?? 1, limit: 20, data } } }, maxUsageCount: times };
}
/** The page with its invitations section answered (empty) too. */
const renderAdmin: typeof renderWith = (ui, mocks, path) => renderWith(ui, [...mocks, invitationsMock()], path);
// Changes refetch the index numbers too; the users screen does not show them.
const stats: Mocks[number] = { request: { query: AdminStatsDocument }, error: new Error('not shown here'), maxUsageCount: 5 };

describe('UsersPage', () => {
  it('shows a loading state, then the users with role, start date, progress, last login and status', async () => {
    // Held long enough that the loading state is seen even on a busy machine.
    await renderAdmin(<UsersPage />, [{ ...listMock(BASE, [ME, ANA, BEN]), delay: LOADING_DELAY_MS }, rolesMock()]);
    expect(screen.getByRole('status', { name: 'Loading users' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Users' }, { timeout: 5000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Alex Admin (You)admin@example.com', 'Ana Lopezana@example.com', 'Ben Brownben@example.com']);
    expect(within(rows[1] as HTMLElement).getByRole('progressbar', { name: "Ana Lopez's onboarding progress" }).getAttribute('aria-valuenow')).toBe('40');
    expect(within(rows[1] as HTMLElement).getByText('Never')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Deactivated')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('2FA on')).toBeTruthy();
    // No deactivation of yourself; reactivation for the deactivated.
    expect(within(rows[0] as HTMLElement).queryByRole('button', { name: /Deactivate/ })).toBeNull();
    expect(within(rows[2] as HTMLElement).getByRole('button', { name: 'Reactivate Ben Brown' })).toBeTruthy();
    expect(screen.getByText('Showing 1–3 of 3 users')).toBeTruthy();
  });

  it('names no rows in the footer while the next page loads (the previous rows are still shown)', async () => {
    const first = Array.from({ length: 20 }, (_, i) => user({ id: 100 + i, name: `User ${String(i + 1).padStart(2, '0')}`, email: `u${i}@example.com` }));
    const last = user({ id: 200, name: 'User 21', email: 'u21@example.com' });
    await renderAdmin(<UsersPage />, [listMock(BASE, first, 21), { ...listMock({ ...BASE, page: 2 }, [last], 21), delay: LOADING_DELAY_MS }, rolesMock()]);
    await screen.findByText('Showing 1–20 of 21 users');
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Users pages' })).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.queryByText('Showing 1–20 of 21 users')).toBeNull());
    expect(screen.queryByText(/Showing 21–/)).toBeNull();
    expect(await screen.findByText('Showing 21–21 of 21 users', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('sorts from the column headers (aria-sort) and the Sort by select, and filters by status', async () => {
    await renderAdmin(<UsersPage />, [
      listMock(BASE, [ANA, BEN]),
      listMock({ ...BASE, order: 'desc' }, [BEN, ANA]),
      listMock({ ...BASE, sort: 'progress', order: 'desc' }, [BEN, ANA]),
      listMock({ ...BASE, sort: 'progress', order: 'desc', status: 'inactive' }, [BEN]),
      rolesMock(),
    ]);
    const table = await screen.findByRole('table', { name: 'Users' });
    const nameHeader = within(table).getByRole('columnheader', { name: /Name/ });
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(nameHeader).getByRole('button'));
    await waitFor(() => expect(nameHeader.getAttribute('aria-sort')).toBe('descending'));
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'progress:desc' } });
    await waitFor(() => expect(within(table).getByRole('columnheader', { name: /Progress/ }).getAttribute('aria-sort')).toBe('descending'));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'inactive' } });
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Users' })).getAllByRole('rowheader')).toHaveLength(1));
  });

  it('searches after the typing pauses', async () => {
    jest.useFakeTimers();
    try {
      await renderAdmin(<UsersPage />, [listMock(BASE, [ANA, BEN]), listMock({ ...BASE, search: 'ben' }, [BEN]), rolesMock()]);
      await act(async () => jest.advanceTimersByTimeAsync(10));
      fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'ben' } });
      await act(async () => jest.advanceTimersByTimeAsync(400));
      await waitFor(() => expect(within(screen.getByRole('table', { name: 'Users' })).getAllByRole('rowheader')).toHaveLength(1));
    } finally {
      jest.useRealTimers();
    }
  });

  it('an empty list says so', async () => {
    await renderAdmin(<UsersPage />, [listMock(BASE, []), rolesMock()]);
    expect(await screen.findByText('No users yet')).toBeTruthy();
  });

  it("the error state says 'Failed to fetch users' and retries", async () => {
    await renderAdmin(<UsersPage />, [{ request: { query: AdminUsersDocument, variables: { filter: BASE } }, error: new Error('offline') }, listMock(BASE, [ANA]), rolesMock()]);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch users');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Users' })).toBeTruthy();
  });

  it('deactivates after a confirmation that starts on Cancel; the server refusal is shown in the dialog', async () => {
    const { toasts } = await renderAdmin(<UsersPage />, [
      listMock(BASE, [ANA]),
      rolesMock(),
      stats,
      { request: { query: DeactivateUserDocument, variables: { id: ANA.id } }, result: domainError('User not found', 'NOT_FOUND') },
      { request: { query: DeactivateUserDocument, variables: { id: ANA.id } }, result: { data: { deactivateUser: { ...ANA, is_active: false } } } },
    ]);
    await screen.findByRole('table', { name: 'Users' });
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate Ana Lopez' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate this account?' });
    expect(within(dialog).getByText(/signed out everywhere at once/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('User not found');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Ana Lopez was deactivated'));
  });

  it('reactivates at once', async () => {
    const { toasts } = await renderAdmin(<UsersPage />, [listMock(BASE, [BEN]), rolesMock(), stats, { request: { query: ReactivateUserDocument, variables: { id: BEN.id } }, result: { data: { reactivateUser: { ...BEN, is_active: true } } } }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Reactivate Ben Brown' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Ben Brown can sign in again'));
  });

  it('edits name, email, role and start date, validated before sending; resets two-factor after a confirmation', async () => {
    // A role change without "Start the new role's checklist from today" keeps the start date.
    const input = { name: 'Ben B. Brown', email: 'ben@example.com', role_id: 2, start_date: '2025-04-01', manager_id: null, buddy_id: null, reonboard: false };
    const { toasts } = await renderAdmin(<UsersPage />, [
      listMock(BASE, [BEN]),
      rolesMock(),
      stats,
      { request: { query: UpdateUserDocument, variables: { id: BEN.id, input } }, result: domainError('An account with this email already exists.', 'CONFLICT') },
      { request: { query: ResetUserTwoFactorDocument, variables: { id: BEN.id } }, result: { data: { resetUserTwoFactor: { ...BEN, two_factor_enabled: false } } } },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Ben Brown' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit user' });
    fireEvent.change(within(dialog).getByLabelText(/^Full name/), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'nope' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('Please enter a valid email address')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Full name/), { target: { value: 'Ben B. Brown' } });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'ben@example.com' } });
    // The roles arrive on their own query: a select without the option would ignore the change.
    await within(within(dialog).getByLabelText('Role')).findByRole('option', { name: 'Manager' });
    fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: '2' } });
    // A start date the gateway's calendar does not cover is named before anything is sent.
    fireEvent.change(within(dialog).getByLabelText(/^Start date/), { target: { value: '2205-04-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByText('Start date must be between 2000-01-01 and 2100-12-31')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Start date/), { target: { value: '2025-04-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('An account with this email already exists.');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset two-factor authentication for Ben Brown' }));
    const confirm = screen.getByRole('dialog', { name: 'Reset two-factor authentication?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reset 2FA' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Two-factor authentication was reset for Ben Brown'));
    expect(within(dialog).getByText('Two-factor authentication is off for this user.')).toBeTruthy();
  });

  it('says why the Role choice of Edit user is empty when the roles cannot be loaded', async () => {
    await renderAdmin(<UsersPage />, [listMock(BASE, [ANA]), { request: { query: AdminRolesDocument }, error: new Error('offline'), maxUsageCount: 5 }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Ana Lopez' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit user' });
    const role = within(dialog).getByLabelText('Role');
    await waitFor(() => expect(role.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByRole('combobox', { name: 'Role', description: 'Failed to fetch roles' })).toBe(role);
  });

  it('sends a password reset link from an active user\'s row after a confirmation; a failure stays in the dialog', async () => {
    const { toasts } = await renderAdmin(<UsersPage />, [
      listMock(BASE, [ANA, BEN]),
      rolesMock(),
      { request: { query: SendPasswordResetDocument, variables: { userId: ANA.id } }, result: domainError('User not found', 'NOT_FOUND') },
      { request: { query: SendPasswordResetDocument, variables: { userId: ANA.id } }, error: new Error('offline') },
      { request: { query: SendPasswordResetDocument, variables: { userId: ANA.id } }, result: { data: { sendPasswordReset: true } } },
    ]);
    const table = await screen.findByRole('table', { name: 'Users' });
    // A deactivated account gets no reset mail.
    expect(within(table).queryByRole('button', { name: 'Send a password reset link to Ben Brown' })).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: 'Send a password reset link to Ana Lopez' }));
    const dialog = screen.getByRole('dialog', { name: 'Send a password reset link?' });
    expect(dialog.textContent).toContain('Ana Lopez gets an email at ana@example.com with a link to choose a new password. The link works for one hour, once.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send link' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('User not found');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send link' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Failed to send the reset link'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send link' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('A password reset link was sent to ana@example.com'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send a password reset link?' })).toBeNull());
  });

  it('opens the invitation form from Invite and the CSV import from Import CSV', async () => {
    await renderAdmin(<UsersPage />, [listMock(BASE, [ANA]), rolesMock()]);
    await screen.findByRole('table', { name: 'Users' });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    const invite = screen.getByRole('dialog', { name: 'Invite a new hire' });
    fireEvent.click(within(invite).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite a new hire' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    expect(within(screen.getByRole('dialog', { name: 'Import invitations from a CSV file' })).getByLabelText('CSV file')).toBeTruthy();
  });

  it('shows the pending invitations under the users', async () => {
    await renderWith(<UsersPage />, [listMock(BASE, [ANA]), rolesMock(), invitationsMock([invitation()])]);
    expect(screen.getByRole('heading', { level: 2, name: 'Invitations' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Invitations' });
    expect(within(table).getByRole('rowheader').textContent).toBe('Casey Newcasey@example.com');
  });
});
