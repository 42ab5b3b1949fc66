import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AddRoleChecklistItemsDocument, AdminChecklistItemsDocument, AdminStatsDocument, RemoveRoleChecklistItemsDocument, type AdminChecklistItemFieldsFragment } from '../../__generated__/graphql';
import { domainError, renderAdmin, rolesMock, type Mocks } from '../../shared/test-utils';
import { RoleChecklistsPage } from './RoleChecklistsPage';

function item(id: number, title: string, roleIds: number[]): AdminChecklistItemFieldsFragment & { __typename: 'AdminChecklistItem' } {
  return { __typename: 'AdminChecklistItem', id, title, description: null, type: 'form', priority: 'medium', role_id: roleIds[0] ?? null, role_ids: roleIds, item_order: id, due_days: id, owner_type: 'new_hire', owner_role_id: null, documents: [] };
}

const listMock = (items: AdminChecklistItemFieldsFragment[]): Mocks[number] => ({ request: { query: AdminChecklistItemsDocument, variables: { filter: {} } }, result: { data: { adminChecklistItems: items } }, maxUsageCount: 1 });
const stats: Mocks[number] = { request: { query: AdminStatsDocument }, error: new Error('not shown here'), maxUsageCount: 5 };

describe('RoleChecklistsPage', () => {
  it('asks for a role first, then shows what it gets and what it does not; adds in bulk', async () => {
    const add = jest.fn(() => ({ data: { addRoleChecklistItems: { __typename: 'RoleChecklist', role_id: 2, items: [] } } }));
    const { toasts } = await renderAdmin(<RoleChecklistsPage />, [
      listMock([item(1, 'Paperwork', [1, 2]), item(2, 'Laptop', [1]), item(3, 'Team lunch', [])]),
      { request: { query: AddRoleChecklistItemsDocument, variables: { roleId: 2, itemIds: [2, 3] } }, result: add },
      listMock([item(1, 'Paperwork', [1, 2]), item(2, 'Laptop', [1, 2]), item(3, 'Team lunch', [2])]),
      stats,
      rolesMock(),
    ]);
    expect(await screen.findByText('Choose a role to see its checklist items.')).toBeTruthy();
    await screen.findByRole('option', { name: 'Manager' });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: '2' } });
    const linked = await screen.findByRole('table', { name: 'Checklist items of Manager' });
    const available = screen.getByRole('table', { name: 'Checklist items the role does not get' });
    expect(within(linked).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Paperwork']);
    expect(within(available).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Laptop', 'Team lunch']);
    expect((screen.getByRole('button', { name: 'Add selected (0)' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(available).getByRole('checkbox', { name: 'Select all items in this list' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add selected (2)' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('2 items added to Manager'));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Checklist items of Manager' })).getAllByRole('rowheader')).toHaveLength(3));
    // "Add selected" turned disabled with its emptied selection: the keyboard goes on from the list the items joined.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Checklist items of Manager' })));
    expect(add).toHaveBeenCalled();
  });

  it('starts each role with nothing selected: a choice made for one role never acts on the next', async () => {
    await renderAdmin(<RoleChecklistsPage />, [listMock([item(1, 'Paperwork', [1, 2]), item(2, 'Laptop', [1, 2])]), rolesMock()]);
    await screen.findByRole('option', { name: 'Manager' });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: '1' } });
    const linked = await screen.findByRole('table', { name: 'Checklist items of Employee' });
    fireEvent.click(within(linked).getByRole('checkbox', { name: 'Select all items in this list' }));
    expect(screen.getByRole('button', { name: 'Remove selected (2)' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: '2' } });
    await screen.findByRole('table', { name: 'Checklist items of Manager' });
    expect((screen.getByRole('button', { name: 'Remove selected (0)' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('links saved but a list that fails to reload: says the links were added, and the list failed, above it', async () => {
    const add = jest.fn(() => ({ data: { addRoleChecklistItems: { __typename: 'RoleChecklist', role_id: 2, items: [] } } }));
    const { toasts } = await renderAdmin(<RoleChecklistsPage />, [
      listMock([item(1, 'Paperwork', [1]), item(2, 'Laptop', [1])]),
      { request: { query: AddRoleChecklistItemsDocument, variables: { roleId: 2, itemIds: [2] } }, result: add },
      { request: { query: AdminChecklistItemsDocument, variables: { filter: {} } }, error: new Error('offline') },
      stats,
      rolesMock(),
    ]);
    await screen.findByRole('option', { name: 'Manager' });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: '2' } });
    const available = await screen.findByRole('table', { name: 'Checklist items the role does not get' });
    fireEvent.click(within(available).getByRole('checkbox', { name: 'Select Laptop' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add selected (1)' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('1 item added to Manager'));
    expect(await screen.findByText('Failed to fetch checklist items')).toBeTruthy();
    expect(screen.queryByText('Failed to update the links')).toBeNull();
    expect(add).toHaveBeenCalledTimes(1);
  });

  it('removes in bulk after a confirmation, showing a refusal inside it', async () => {
    await renderAdmin(<RoleChecklistsPage />, [
      listMock([item(1, 'Paperwork', [1]), item(2, 'Laptop', [1])]),
      { request: { query: RemoveRoleChecklistItemsDocument, variables: { roleId: 1, itemIds: [2] } }, result: domainError('Role not found', 'NOT_FOUND') },
      rolesMock(),
    ]);
    await screen.findByRole('option', { name: 'Employee' });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: '1' } });
    const linked = await screen.findByRole('table', { name: 'Checklist items of Employee' });
    fireEvent.click(within(linked).getByRole('checkbox', { name: 'Select Laptop' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove selected (1)' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove these items from the role?' });
    expect(within(dialog).getByText(/1 checklist item will no longer be on the checklist of Employee/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Role not found');
  });
});
