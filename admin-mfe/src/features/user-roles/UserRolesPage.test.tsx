import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AdminStatsDocument, AdminUsersDocument, AssignUsersToRoleDocument, type AdminUserFieldsFragment, type AdminUsersFilter } from '../../__generated__/graphql';
import { seriousViolations } from '../../shared/axe';
import { adminUser, domainError, renderAdmin, rolesMock, type Mocks, LOADING_DELAY_MS } from '../../shared/test-utils';
import { UserRolesPage } from './UserRolesPage';

const ANA = adminUser({});
const BEN = adminUser({ id: 11, name: 'Ben Brown', email: 'ben@example.com' });
const FILTER: AdminUsersFilter = { search: null, roleId: null, sort: 'name', order: 'asc', page: 1, limit: 20 };

function listMock(data: AdminUserFieldsFragment[], times = 3): Mocks[number] {
  return { request: { query: AdminUsersDocument, variables: { filter: FILTER } }, result: { data: { adminUsers: { __typename: 'AdminUserPage', total: data.length, page: 1, limit: 20, data } } }, maxUsageCount: times };
}
const stats: Mocks[number] = { request: { query: AdminStatsDocument }, error: new Error('not shown here'), maxUsageCount: 5 };
const REONBOARD = "Start the new role's checklist from today";

function assignMock(reonboard: boolean, result: Mocks[number]['result']): Mocks[number] {
  return { request: { query: AssignUsersToRoleDocument, variables: { userIds: [ANA.id, BEN.id], roleId: 2, reonboard } }, result };
}
const assigned = { data: { assignUsersToRole: { __typename: 'RoleAssignment', role_id: 2, updated: 2, users: [{ ...ANA, role_id: 2, role_name: 'Manager' }, { ...BEN, role_id: 2, role_name: 'Manager' }] } } };

async function pickBothAndManager() {
  const table = await screen.findByRole('table', { name: 'Users' });
  fireEvent.click(within(table).getByRole('checkbox', { name: 'Select Ana Lopez' }));
  fireEvent.click(within(table).getByRole('checkbox', { name: 'Select Ben Brown' }));
  const target = screen.getByRole('combobox', { name: 'Assign selected users to' });
  await within(target).findByRole('option', { name: 'Manager' });
  fireEvent.change(target, { target: { value: '2' } });
}

describe('UserRolesPage', () => {
  it('shows a loading state, then the users; the re-onboarding choice starts unticked', async () => {
    await renderAdmin(<UserRolesPage />, [{ ...listMock([ANA, BEN]), delay: LOADING_DELAY_MS }, rolesMock()]);
    expect(screen.getByRole('status', { name: 'Loading users' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Users' }, { timeout: 5000 });
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Ana Lopez', 'Ben Brown']);
    expect((screen.getByRole('checkbox', { name: REONBOARD }) as HTMLInputElement).checked).toBe(false);
  });

  it("says 'Failed to fetch users' when the list fails, and 'No users yet' when there are none", async () => {
    const failed = await renderAdmin(<UserRolesPage />, [{ request: { query: AdminUsersDocument, variables: { filter: FILTER } }, error: new Error('offline') }, rolesMock()]);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch users');
    failed.unmount();
    await renderAdmin(<UserRolesPage />, [listMock([]), rolesMock()]);
    expect(await screen.findByText('No users yet')).toBeTruthy();
  });

  it('a search that fails says so above the rows still shown, so they are not taken for its result', async () => {
    await renderAdmin(<UserRolesPage />, [listMock([ANA, BEN]), rolesMock(), { request: { query: AdminUsersDocument, variables: { filter: { ...FILTER, search: 'ben' } } }, error: new Error('offline') }]);
    await screen.findByRole('table', { name: 'Users' });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'ben' } });
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain('Failed to fetch users');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('moves the selected users without re-onboarding by default', async () => {
    const assign = jest.fn(() => assigned);
    const { toasts } = await renderAdmin(<UserRolesPage />, [listMock([ANA, BEN]), rolesMock(), stats, assignMock(false, assign)]);
    await pickBothAndManager();
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    const confirm = screen.getByRole('dialog', { name: 'Change the role of these users?' });
    expect(confirm.textContent).toContain('2 users move to Manager and get its checklist.');
    expect(confirm.textContent).not.toContain('counting from today');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('2 users moved to Manager'));
  });

  it("starts the new role's checklist from today when asked; a refusal stays in the confirmation", async () => {
    const assign = jest.fn(() => assigned);
    const { toasts } = await renderAdmin(<UserRolesPage />, [listMock([ANA, BEN]), rolesMock(), stats, assignMock(true, domainError('Role not found', 'NOT_FOUND')), assignMock(true, assign)]);
    await pickBothAndManager();
    fireEvent.click(screen.getByRole('checkbox', { name: REONBOARD }));
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    const confirm = screen.getByRole('dialog', { name: 'Change the role of these users?' });
    expect(confirm.textContent).toContain('Tasks new to them are due counting from today (or their start date, if that is later), none before it. Tasks both roles share keep their progress.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Assign' }));
    expect((await within(confirm).findByRole('alert')).textContent).toBe('Role not found');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('2 users moved to Manager'));
  });

  it('has no serious or critical axe violations, on the page and in the confirmation', async () => {
    await renderAdmin(<UserRolesPage />, [listMock([ANA, BEN]), rolesMock()]);
    await pickBothAndManager();
    expect(await seriousViolations()).toEqual([]);
    fireEvent.click(screen.getByRole('checkbox', { name: REONBOARD }));
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect(screen.getByRole('dialog', { name: 'Change the role of these users?' })).toBeTruthy();
    expect(await seriousViolations()).toEqual([]);
  });
});
