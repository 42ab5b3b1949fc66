import { fireEvent, screen, within } from '@testing-library/react';
import { AdminChecklistItemsDocument, AdminDocumentsDocument, type AdminChecklistItemFieldsFragment } from '../../__generated__/graphql';
import { renderAdmin, type Mocks } from '../../shared/test-utils';
import { DocumentChecklistPage } from './DocumentChecklistPage';

const handbook = { __typename: 'LinkedDocument' as const, id: 5, title: 'Handbook', url: 'https://x.example/h', document_class_name: 'Policy' };
const guide = { ...handbook, id: 6, title: 'Guide' };

function item(id: number, title: string): AdminChecklistItemFieldsFragment & { __typename: 'AdminChecklistItem' } {
  return { __typename: 'AdminChecklistItem', id, title, description: null, type: 'form', priority: 'medium', role_id: 1, role_ids: [1], item_order: id, due_days: 0, owner_type: 'new_hire', owner_role_id: null, documents: [handbook, guide] };
}

const doc = (d: typeof handbook) => ({ __typename: 'Document', id: d.id, title: d.title, description: null, url: d.url, document_class_id: 1, document_class_name: 'Policy', is_company_policy: false, updated_at: '2025-01-01T00:00:00.000Z' });
const mocks: Mocks = [
  { request: { query: AdminChecklistItemsDocument, variables: { filter: {} } }, result: { data: { adminChecklistItems: [item(1, 'Paperwork'), item(2, 'Laptop')] } } },
  { request: { query: AdminDocumentsDocument, variables: { page: 1, limit: 100 } }, result: { data: { documents: { __typename: 'DocumentPage', total: 2, data: [doc(handbook), doc(guide)] } } }, maxUsageCount: 3 },
];

describe('DocumentChecklistPage', () => {
  it('starts each item with nothing selected: a choice made for one item never acts on the next', async () => {
    await renderAdmin(<DocumentChecklistPage />, mocks);
    await screen.findByRole('option', { name: /Laptop/ });
    fireEvent.change(screen.getByLabelText('Checklist item'), { target: { value: '1' } });
    const linked = await screen.findByRole('table', { name: 'Documents linked to Paperwork' });
    fireEvent.click(within(linked).getByRole('checkbox', { name: 'Select all documents in this list' }));
    expect(screen.getByRole('button', { name: 'Unlink selected (2)' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Checklist item'), { target: { value: '2' } });
    await screen.findByRole('table', { name: 'Documents linked to Laptop' });
    expect((screen.getByRole('button', { name: 'Unlink selected (0)' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
