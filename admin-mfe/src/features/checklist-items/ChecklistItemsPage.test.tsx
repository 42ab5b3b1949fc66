import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AdminChecklistItemsDocument, AdminDocumentsDocument, AdminStatsDocument, CreateChecklistItemDocument, DeleteChecklistItemDocument, LinkDocumentToItemDocument, ReorderChecklistItemsDocument, UpdateChecklistItemDocument, type AdminChecklistItemFieldsFragment } from '../../__generated__/graphql';
import { seriousViolations } from '../../shared/axe';
import { domainError, renderAdmin, rolesMock, type Mocks, pressEscape } from '../../shared/test-utils';
import { ChecklistItemsPage } from './ChecklistItemsPage';

function item(id: number, title: string, order: number, overrides: Partial<AdminChecklistItemFieldsFragment> = {}): AdminChecklistItemFieldsFragment & { __typename: 'AdminChecklistItem' } {
  return { __typename: 'AdminChecklistItem', id, title, description: null, type: 'form', priority: 'medium', role_id: 1, role_ids: [1], item_order: order, due_days: 0, owner_type: 'new_hire', owner_role_id: null, documents: [], ...overrides };
}

// The fragment type leaves __typename out; the mocked answer carries it like the server's.
const handbook = { __typename: 'LinkedDocument' as const, id: 5, title: 'Handbook', url: 'https://x.example/h', document_class_name: 'Policy' };
const A = item(1, 'Paperwork', 10, { role_ids: [1, 2, 4], documents: [handbook] });
const B = item(2, 'Laptop setup', 20, { type: 'sop', priority: 'high', due_days: 1, owner_type: 'role', owner_role_id: 2 });
const C = item(3, 'Meet the team', 30, { type: 'meeting' });
const NO_FILTER = { filter: { roleId: null, type: null, search: null } };

function listMock(items: AdminChecklistItemFieldsFragment[], times = 1): Mocks[number] {
  return { request: { query: AdminChecklistItemsDocument, variables: NO_FILTER }, result: { data: { adminChecklistItems: items } }, maxUsageCount: times };
}
const stats: Mocks[number] = { request: { query: AdminStatsDocument }, error: new Error('not shown here'), maxUsageCount: 5 };
const documents: Mocks[number] = {
  request: { query: AdminDocumentsDocument, variables: { page: 1, limit: 100 } },
  result: { data: { documents: { __typename: 'DocumentPage', total: 1, data: [{ __typename: 'Document', id: 5, title: 'Handbook', description: null, url: 'https://x.example/h', document_class_id: 1, document_class_name: 'Policy', is_company_policy: true, updated_at: '2025-01-01T00:00:00.000Z' }] } } },
  maxUsageCount: 3,
};

describe('ChecklistItemsPage', () => {
  it('lists the items in order with type, priority, due day, roles and documents', async () => {
    await renderAdmin(<ChecklistItemsPage />, [listMock([A, B, C]), rolesMock()]);
    const table = await screen.findByRole('table', { name: 'Checklist items' });
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Paperwork', 'Laptop setup', 'Meet the team']);
    const first = within(table).getAllByRole('row')[1] as HTMLElement;
    // Role names come from the roles query, which may answer after the list.
    expect(await within(first).findByText('Employee, Manager +1 more')).toBeTruthy();
    expect(within(first).getByText('1 document')).toBeTruthy();
    expect(within(first).getByText('Day 0')).toBeTruthy();
    expect(within(first).getByText('The new hire')).toBeTruthy();
    // The team is named once the roles have arrived.
    expect(await within(within(table).getAllByRole('row')[2] as HTMLElement).findByText('The Manager team')).toBeTruthy();
    // No "up" for the first, no "down" for the last.
    expect((screen.getByRole('button', { name: 'Move Paperwork up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move Meet the team down' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('moves an item with the keyboard-operable arrow buttons: the moved item and its neighbour are sent in their new order', async () => {
    const reorder = jest.fn(() => ({ data: { reorderChecklistItems: [{ __typename: 'AdminChecklistItem', id: 3, item_order: 20 }, { __typename: 'AdminChecklistItem', id: 2, item_order: 30 }] } }));
    await renderAdmin(<ChecklistItemsPage />, [
      listMock([A, B, C]),
      { request: { query: ReorderChecklistItemsDocument, variables: { ids: [3, 2] } }, result: reorder },
      listMock([A, { ...C, item_order: 20 }, { ...B, item_order: 30 }]),
      rolesMock(),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Move Meet the team up' }));
    await waitFor(() => expect(reorder).toHaveBeenCalled());
    const table = screen.getByRole('table', { name: 'Checklist items' });
    await waitFor(() => expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Paperwork', 'Meet the team', 'Laptop setup']));
    expect(screen.getByText('Meet the team moved to position 2')).toBeTruthy();
  });

  it('creates an item, validated first (title, type, due days -30 to 365)', async () => {
    const input = { title: 'Badge photo', description: null, type: 'form', priority: 'high', due_days: 2, role_id: 2, owner_type: 'new_hire', owner_role_id: null };
    const created = jest.fn(() => ({ data: { createChecklistItem: item(9, 'Badge photo', 40, { role_id: 2, role_ids: [2], priority: 'high', due_days: 2 }) } }));
    const { toasts } = await renderAdmin(<ChecklistItemsPage />, [listMock([A], 3), rolesMock(), documents, stats, { request: { query: CreateChecklistItemDocument, variables: { input } }, result: created }]);
    await screen.findByRole('table', { name: 'Checklist items' });
    fireEvent.click(screen.getByRole('button', { name: 'New checklist item' }));
    const dialog = screen.getByRole('dialog', { name: 'New checklist item' });
    fireEvent.change(within(dialog).getByLabelText(/^Due/), { target: { value: '366' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Title is required')).toBeTruthy();
    expect(within(dialog).getByText('Type is required')).toBeTruthy();
    expect(within(dialog).getByText('Due days must be a whole number from -30 to 365')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'Badge photo' } });
    fireEvent.change(within(dialog).getByLabelText(/^Type/), { target: { value: 'form' } });
    fireEvent.change(within(dialog).getByLabelText('Priority'), { target: { value: 'high' } });
    fireEvent.change(within(dialog).getByLabelText(/^Due/), { target: { value: '2' } });
    // The roles come with their own query: a value set before its option exists is dropped (the
    // select stays on '' and the item would be created without a role), so wait for the option.
    await within(within(dialog).getByLabelText('Role')).findByRole('option', { name: 'Manager' });
    fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: '2' } });
    expect(await within(dialog).findByRole('checkbox', { name: /Handbook/ })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('"Badge photo" created'));
  });

  it('a created item whose list fails to reload is still created, once: the save is not reported as failed', async () => {
    const input = { title: 'Badge photo', description: null, type: 'form', priority: 'medium', due_days: 0, role_id: null, owner_type: 'new_hire', owner_role_id: null };
    const created = jest.fn(() => ({ data: { createChecklistItem: item(9, 'Badge photo', 40, { role_id: null, role_ids: [] }) } }));
    const { toasts } = await renderAdmin(<ChecklistItemsPage />, [
      listMock([A]),
      { request: { query: AdminChecklistItemsDocument, variables: NO_FILTER }, error: new Error('offline') },
      rolesMock(),
      documents,
      stats,
      { request: { query: CreateChecklistItemDocument, variables: { input } }, result: created, maxUsageCount: 2 },
    ]);
    await screen.findByRole('table', { name: 'Checklist items' });
    fireEvent.click(screen.getByRole('button', { name: 'New checklist item' }));
    const dialog = screen.getByRole('dialog', { name: 'New checklist item' });
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'Badge photo' } });
    fireEvent.change(within(dialog).getByLabelText(/^Type/), { target: { value: 'form' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('"Badge photo" created'));
    expect(created).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'New checklist item' })).toBeNull();
  });

  it('offers the library as it is now each time the dialog opens, not as an earlier visit read it', async () => {
    const guide = { __typename: 'Document', id: 6, title: 'Guide', description: null, url: 'https://x.example/g', document_class_id: 1, document_class_name: 'Policy', is_company_policy: false, updated_at: '2025-01-02T00:00:00.000Z' };
    const later: Mocks[number] = {
      request: { query: AdminDocumentsDocument, variables: { page: 1, limit: 100 } },
      result: { data: { documents: { __typename: 'DocumentPage', total: 2, data: [...(documents.result as { data: { documents: { data: unknown[] } } }).data.documents.data, guide] } } },
    };
    await renderAdmin(<ChecklistItemsPage />, [listMock([A], 3), rolesMock(), { ...documents, maxUsageCount: 1 }, later, stats]);
    await screen.findByRole('table', { name: 'Checklist items' });
    fireEvent.click(screen.getByRole('button', { name: 'New checklist item' }));
    let dialog = screen.getByRole('dialog', { name: 'New checklist item' });
    expect(await within(dialog).findByRole('checkbox', { name: /Handbook/ })).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox', { name: /Guide/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // A document was added meanwhile (on the Documents screen, or by another administrator).
    fireEvent.click(screen.getByRole('button', { name: 'New checklist item' }));
    dialog = screen.getByRole('dialog', { name: 'New checklist item' });
    expect(await within(dialog).findByRole('checkbox', { name: /Guide/ })).toBeTruthy();
  });

  it('retries a failed document link on the item it created: one create, then an update and the link', async () => {
    const input = { title: 'Badge photo', description: null, type: 'form', priority: 'medium', due_days: 0, role_id: null, owner_type: 'new_hire', owner_role_id: null };
    const badge = item(9, 'Badge photo', 40, { role_id: null, role_ids: [] });
    const created = jest.fn(() => ({ data: { createChecklistItem: badge } }));
    const updated = jest.fn(() => ({ data: { updateChecklistItem: badge } }));
    const linked = jest.fn(() => ({ data: { linkDocumentToChecklistItem: { __typename: 'DocumentLinks', document_id: 5, checklist_item_ids: [9] } } }));
    const link = { query: LinkDocumentToItemDocument, variables: { documentId: 5, itemId: 9 } };
    const { toasts } = await renderAdmin(<ChecklistItemsPage />, [
      listMock([A], 5),
      rolesMock(),
      documents,
      stats,
      { request: { query: CreateChecklistItemDocument, variables: { input } }, result: created, maxUsageCount: 2 },
      { request: link, error: new Error('offline') },
      { request: { query: UpdateChecklistItemDocument, variables: { id: 9, input } }, result: updated },
      { request: link, result: linked },
    ]);
    await screen.findByRole('table', { name: 'Checklist items' });
    fireEvent.click(screen.getByRole('button', { name: 'New checklist item' }));
    const dialog = screen.getByRole('dialog', { name: 'New checklist item' });
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'Badge photo' } });
    fireEvent.change(within(dialog).getByLabelText(/^Type/), { target: { value: 'form' } });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: /Handbook/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to update the links');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('"Badge photo" created'));
    expect(created).toHaveBeenCalledTimes(1);
    expect(updated).toHaveBeenCalledTimes(1);
    expect(linked).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'New checklist item' })).toBeNull();
  });

  it('shows the documents just attached in the table once the links are sent, reading the list once', async () => {
    const input = { title: 'Meet the team', description: null, type: 'meeting', priority: 'medium', due_days: 0, role_id: 1, owner_type: 'new_hire', owner_role_id: null };
    const withHandbook = { ...C, documents: [handbook] };
    const linked = jest.fn(() => ({ data: { linkDocumentToChecklistItem: { __typename: 'DocumentLinks', document_id: 5, checklist_item_ids: [3] } } }));
    const reread = jest.fn(() => ({ data: { adminChecklistItems: [A, B, withHandbook] } }));
    const { toasts } = await renderAdmin(<ChecklistItemsPage />, [
      listMock([A, B, C], 1),
      // Any read after the first answers with the link: only the count tells a reload before the links.
      { request: { query: AdminChecklistItemsDocument, variables: NO_FILTER }, result: reread, maxUsageCount: 3 },
      rolesMock(),
      documents,
      stats,
      { request: { query: UpdateChecklistItemDocument, variables: { id: 3, input } }, result: { data: { updateChecklistItem: C } } },
      { request: { query: LinkDocumentToItemDocument, variables: { documentId: 5, itemId: 3 } }, result: linked },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Meet the team' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit checklist item' });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: /Handbook/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('"Meet the team" updated'));
    expect(linked).toHaveBeenCalledTimes(1);
    const row = within(screen.getByRole('table', { name: 'Checklist items' })).getByRole('rowheader', { name: 'Meet the team' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('1 document')).toBeTruthy();
    expect(reread).toHaveBeenCalledTimes(1);
  });

  it('Escape and × wait for the save and its links', async () => {
    const input = { title: 'Meet the team', description: null, type: 'meeting', priority: 'medium', due_days: 0, role_id: 1, owner_type: 'new_hire', owner_role_id: null };
    const { toasts } = await renderAdmin(<ChecklistItemsPage />, [
      listMock([A, B, C], 5),
      rolesMock(),
      documents,
      stats,
      { request: { query: UpdateChecklistItemDocument, variables: { id: 3, input } }, result: { data: { updateChecklistItem: C } } },
      { request: { query: LinkDocumentToItemDocument, variables: { documentId: 5, itemId: 3 } }, result: { data: { linkDocumentToChecklistItem: { __typename: 'DocumentLinks', document_id: 5, checklist_item_ids: [3] } } }, delay: 300 },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Meet the team' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit checklist item' });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: /Handbook/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect((within(dialog).getByRole('button', { name: 'Close' }) as HTMLButtonElement).disabled).toBe(true));
    pressEscape(dialog);
    expect(screen.getByRole('dialog', { name: 'Edit checklist item' })).toBe(dialog);
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('"Meet the team" updated'));
    expect(screen.queryByRole('dialog', { name: 'Edit checklist item' })).toBeNull();
  });

  it('deletes after a confirmation', async () => {
    const deleted = jest.fn(() => ({ data: { deleteChecklistItem: true } }));
    const { toasts } = await renderAdmin(<ChecklistItemsPage />, [listMock([A, B], 3), rolesMock(), stats, { request: { query: DeleteChecklistItemDocument, variables: { id: 2 } }, result: deleted }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Laptop setup' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this checklist item?' });
    expect(within(dialog).getByText(/everyone's progress on it is deleted/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('"Laptop setup" deleted'));
  });

  it('offers the four owners; a team needs its role; negative due days are preboarding', async () => {
    const input = { title: 'Laptop ready', description: null, type: 'sop', priority: 'medium', due_days: -5, role_id: null, owner_type: 'role', owner_role_id: 2 };
    const created = jest.fn(() => ({ data: { createChecklistItem: item(9, 'Laptop ready', 40, { type: 'sop', due_days: -5, owner_type: 'role', owner_role_id: 2 }) } }));
    const { toasts } = await renderAdmin(<ChecklistItemsPage />, [listMock([A], 3), rolesMock(), documents, stats, { request: { query: CreateChecklistItemDocument, variables: { input } }, result: created }]);
    await screen.findByRole('table', { name: 'Checklist items' });
    fireEvent.click(screen.getByRole('button', { name: 'New checklist item' }));
    const dialog = screen.getByRole('dialog', { name: 'New checklist item' });
    const owner = within(dialog).getByRole('combobox', { name: 'Owner' }) as HTMLSelectElement;
    expect(within(owner).getAllByRole('option').map((o) => o.textContent)).toEqual(['The new hire', "The hire's manager", "The hire's buddy", 'A team']);
    expect(owner.value).toBe('new_hire');
    expect(within(dialog).getByLabelText(/^Due/).getAttribute('min')).toBe('-30');
    expect(within(dialog).getByText('0 means on the start date; at most 365. Negative: before the start date (preboarding), down to -30.')).toBeTruthy();
    // The team's role is asked for only for a team.
    expect(within(dialog).queryByLabelText(/^Team/)).toBeNull();
    fireEvent.change(owner, { target: { value: 'role' } });
    const team = within(dialog).getByRole('combobox', { name: /^Team/ }) as HTMLSelectElement;
    expect(team.getAttribute('aria-required')).toBe('true');
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'Laptop ready' } });
    fireEvent.change(within(dialog).getByLabelText(/^Type/), { target: { value: 'sop' } });
    fireEvent.change(within(dialog).getByLabelText(/^Due/), { target: { value: '-31' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Choose the team that owns this task')).toBeTruthy();
    expect(within(dialog).getByText('Due days must be a whole number from -30 to 365')).toBeTruthy();
    expect(created).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText(/^Due/), { target: { value: '-5' } });
    await within(team).findByRole('option', { name: 'Manager' });
    fireEvent.change(team, { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('"Laptop ready" created'));
  });

  it("edits an item's owner; the server's refusal shows in the dialog with the input kept", async () => {
    const owned = item(4, 'First 1:1', 40, { type: 'meeting', due_days: 3, owner_type: 'manager' });
    const input = { title: 'First 1:1', description: null, type: 'meeting', priority: 'medium', due_days: 3, role_id: 1, owner_type: 'buddy', owner_role_id: null };
    const updated = jest.fn(() => ({ data: { updateChecklistItem: { ...owned, owner_type: 'buddy' } } }));
    const { toasts } = await renderAdmin(<ChecklistItemsPage />, [
      listMock([owned], 3),
      rolesMock(),
      documents,
      stats,
      { request: { query: UpdateChecklistItemDocument, variables: { id: 4, input } }, result: domainError('Role not found', 'BAD_USER_INPUT') },
      { request: { query: UpdateChecklistItemDocument, variables: { id: 4, input } }, result: updated },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit First 1:1' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit checklist item' });
    const owner = within(dialog).getByRole('combobox', { name: 'Owner' }) as HTMLSelectElement;
    expect(owner.value).toBe('manager');
    fireEvent.change(owner, { target: { value: 'buddy' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Role not found');
    expect((within(dialog).getByRole('combobox', { name: 'Owner' }) as HTMLSelectElement).value).toBe('buddy');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(updated).toHaveBeenCalled());
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('"First 1:1" updated'));
  });

  it("shows 'Failed to fetch checklist items' when the list fails", async () => {
    await renderAdmin(<ChecklistItemsPage />, [{ request: { query: AdminChecklistItemsDocument, variables: NO_FILTER }, error: new Error('offline') }, rolesMock()]);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch checklist items');
  });

  it('has no serious or critical axe violations in the item dialog with a team owner and its problems shown', async () => {
    await renderAdmin(<ChecklistItemsPage />, [listMock([A], 3), rolesMock(), documents, stats]);
    await screen.findByRole('table', { name: 'Checklist items' });
    fireEvent.click(screen.getByRole('button', { name: 'New checklist item' }));
    const dialog = screen.getByRole('dialog', { name: 'New checklist item' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Owner' }), { target: { value: 'role' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Choose the team that owns this task')).toBeTruthy();
    await within(dialog).findByRole('checkbox', { name: /Handbook/ });
    expect(await seriousViolations()).toEqual([]);
  });
});
