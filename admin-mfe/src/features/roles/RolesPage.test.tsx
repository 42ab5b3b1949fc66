import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AREA_MESSAGES } from '@embark/shared-ui';
import { AdminRolesDocument, AdminStatsDocument, CreateRoleDocument, DeleteRoleDocument, UpdateRoleDocument } from '../../__generated__/graphql';
import { domainError, renderAdmin, rolesMock, type Mocks, pressEscape } from '../../shared/test-utils';
import { RolesPage } from './RolesPage';

const statsFails: Mocks[number] = { request: { query: AdminStatsDocument }, error: new Error('offline'), maxUsageCount: 5 };

async function renderRoles(mocks: Mocks) {
  return renderAdmin(<RolesPage />, [statsFails, ...mocks]);
}

describe('RolesPage', () => {
  it('lists the roles; the administrator role is marked and cannot be deleted', async () => {
    await renderRoles([rolesMock()]);
    const table = await screen.findByRole('table', { name: 'Roles' });
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Employee', 'Manager', 'SysAdminAdministrators']);
    expect(screen.getByRole('button', { name: 'Delete Employee' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete SysAdmin' })).toBeNull();
    expect(within(table).getByText('No description')).toBeTruthy();
  });

  it("'Failed to fetch roles' when the list cannot be loaded, with a retry", async () => {
    await renderRoles([{ request: { query: AdminRolesDocument }, error: new Error('Network down') }, rolesMock()]);
    expect((await screen.findByRole('alert')).textContent).toContain(AREA_MESSAGES.rolesFetch);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Roles' })).toBeTruthy();
  });

  it("creates a role; the server's reason is shown when it refuses, else 'Failed to add role'", async () => {
    const input = { name: 'Designer', description: null };
    const { toasts } = await renderRoles([
      rolesMock(),
      { request: { query: CreateRoleDocument, variables: { input } }, result: domainError('A role with this name already exists', 'CONFLICT') },
      { request: { query: CreateRoleDocument, variables: { input } }, error: new Error('socket hang up') },
      { request: { query: CreateRoleDocument, variables: { input } }, result: { data: { createRole: { __typename: 'Role', id: 9, name: 'Designer', description: null } } } },
    ]);
    await screen.findByRole('table', { name: 'Roles' });
    fireEvent.click(screen.getByRole('button', { name: 'New role' }));
    const dialog = screen.getByRole('dialog', { name: 'New role' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: '  Designer ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('A role with this name already exists');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(AREA_MESSAGES.roleAdd));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Role "Designer" created'));
  });

  it('Escape and × wait for a save under way: its refusal shows, with the name still typed', async () => {
    const input = { name: 'Designer', description: null };
    await renderRoles([rolesMock(), { request: { query: CreateRoleDocument, variables: { input } }, result: domainError('A role with this name already exists', 'CONFLICT'), delay: 300 }]);
    await screen.findByRole('table', { name: 'Roles' });
    fireEvent.click(screen.getByRole('button', { name: 'New role' }));
    const dialog = screen.getByRole('dialog', { name: 'New role' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Designer' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect((within(dialog).getByRole('button', { name: 'Close' }) as HTMLButtonElement).disabled).toBe(true));
    pressEscape(dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('A role with this name already exists');
    expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Designer');
    // The answer is in: closing works again.
    await waitFor(() => expect((within(dialog).getByRole('button', { name: 'Close' }) as HTMLButtonElement).disabled).toBe(false));
    pressEscape(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New role' })).toBeNull());
  });

  it("renames a role; 'Failed to update role' when the server gives no reason", async () => {
    await renderRoles([rolesMock(), { request: { query: UpdateRoleDocument, variables: { id: 2, input: { name: 'Team Lead', description: null } } }, error: new Error('502') }]);
    await screen.findByRole('table', { name: 'Roles' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Manager' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit role' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Team Lead' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(AREA_MESSAGES.roleUpdate);
  });

  it('asks before deleting; shows the conflict when users still hold the role, else deletes', async () => {
    const { toasts } = await renderRoles([
      rolesMock(),
      { request: { query: DeleteRoleDocument, variables: { id: 1 } }, result: domainError('Cannot delete a role that is assigned to users', 'CONFLICT') },
      { request: { query: DeleteRoleDocument, variables: { id: 2 } }, error: new Error('offline') },
      { request: { query: DeleteRoleDocument, variables: { id: 2 } }, result: { data: { deleteRole: true } } },
    ]);
    await screen.findByRole('table', { name: 'Roles' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Employee' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete this role?' });
    expect(within(dialog).getByText(/"Employee" and its checklist links will be deleted/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Cannot delete a role that is assigned to users');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'Delete Manager' }));
    dialog = screen.getByRole('dialog', { name: 'Delete this role?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(AREA_MESSAGES.roleDelete);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Role "Manager" deleted'));
  });
});
