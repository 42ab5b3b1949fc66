import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AdminDocumentClassesDocument, AdminDocumentsDocument, CreateDocumentDocument, DocumentLinksDocument, DeleteDocumentDocument, PolicyAcknowledgementReportDocument, SetDocumentRolesDocument, UpdateDocumentDocument } from '../../__generated__/graphql';
import { renderAdmin, rolesMock, type Mocks, pressEscape, domainError } from '../../shared/test-utils';
import { DOCUMENTS_PAGE_SIZE, REPORT_PENDING_LIMIT } from './api/useDocuments';
import { DocumentsPage } from './DocumentsPage';

function doc(id: number, title: string, url: string | null) {
  return { __typename: 'Document' as const, id, title, description: null, url, document_class_id: 1, document_class_name: 'Policy', is_company_policy: false, updated_at: '2025-01-01T00:00:00.000Z' };
}

// Stored before the server refused such links on save, or written straight into the database.
const DOCS = [doc(1, 'Handbook', 'https://intranet.example/handbook'), doc(2, 'Sneaky', 'javascript:alert(document.cookie)'), doc(3, 'Inline', 'data:text/html,<script>alert(1)</script>'), doc(4, 'Unlinked', null)];

/** A page of the library (unfiltered), answered `times` times. */
function listMock(docs: ReturnType<typeof doc>[], { page = 1, total = docs.length, times = 3 } = {}): Mocks[number] {
  return { request: { query: AdminDocumentsDocument, variables: { search: null, classId: null, page, limit: DOCUMENTS_PAGE_SIZE } }, result: { data: { documents: { __typename: 'DocumentPage', total, data: docs } } }, maxUsageCount: times };
}

// The classes and the report answer every reload a change brings.
const around: Mocks = [
  { request: { query: AdminDocumentClassesDocument }, result: { data: { documentClasses: [{ __typename: 'DocumentClass', id: 1, name: 'Policy' }] } }, maxUsageCount: 10 },
  { request: { query: PolicyAcknowledgementReportDocument, variables: { limit: REPORT_PENDING_LIMIT } }, result: { data: { policyAcknowledgementReport: [] } }, maxUsageCount: 10 },
  rolesMock(),
];
const mocks: Mocks = [listMock(DOCS), ...around];

describe('DocumentsPage', () => {
  it('links only http(s) documents; any other stored link reads as no link', async () => {
    await renderAdmin(<DocumentsPage />, mocks);
    const table = await screen.findByRole('table', { name: /documents/i });
    const row = (title: string) => within(table).getByRole('rowheader', { name: new RegExp(title) }).closest('tr') as HTMLElement;

    const link = within(row('Handbook')).getByRole('link', { name: 'Handbook (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('https://intranet.example/handbook');
    expect(within(row('Handbook')).getByText('intranet.example')).toBeTruthy();
    for (const title of ['Sneaky', 'Inline', 'Unlinked']) {
      expect(within(row(title)).queryByRole('link')).toBeNull();
      expect(within(row(title)).getByText('No link')).toBeTruthy();
    }
    expect(table.querySelector('a[href^="javascript:"], a[href^="data:"]')).toBeNull();
  });

  it('retries the roles of a document it created on that document: one create, then an update and the roles', async () => {
    const input = { title: 'Travel policy', description: null, url: null, document_class_id: 1, is_company_policy: false };
    const travel = doc(9, 'Travel policy', null);
    const created = jest.fn(() => ({ data: { createDocument: travel } }));
    const updated = jest.fn(() => ({ data: { updateDocument: travel } }));
    const rolesSet = jest.fn(() => ({ data: { setDocumentRoles: { __typename: 'DocumentLinks', document_id: 9, role_ids: [2], checklist_item_ids: [] } } }));
    const setRoles = { query: SetDocumentRolesDocument, variables: { id: 9, roleIds: [2] } };
    const { toasts } = await renderAdmin(<DocumentsPage />, [
      listMock(DOCS, { times: 5 }),
      ...around,
      { request: { query: CreateDocumentDocument, variables: { input } }, result: created, maxUsageCount: 2 },
      { request: setRoles, error: new Error('offline') },
      { request: { query: UpdateDocumentDocument, variables: { id: 9, input } }, result: updated },
      { request: setRoles, result: rolesSet },
    ]);
    await screen.findByRole('table', { name: /documents/i });
    fireEvent.click(screen.getByRole('button', { name: 'New document' }));
    const dialog = screen.getByRole('dialog', { name: 'New document' });
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'Travel policy' } });
    // The classes arrive on their own query: a select without the option would ignore the change.
    await within(within(dialog).getByLabelText(/^Class/)).findByRole('option', { name: 'Policy' });
    fireEvent.change(within(dialog).getByLabelText(/^Class/), { target: { value: '1' } });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Manager' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to save document');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('"Travel policy" created'));
    expect(created).toHaveBeenCalledTimes(1);
    expect(updated).toHaveBeenCalledTimes(1);
    expect(rolesSet).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'New document' })).toBeNull();
  });

  it('Escape and × wait for a save under way: its refusal shows, with the input kept', async () => {
    const input = { title: 'Handbook 2', description: null, url: 'https://intranet.example/handbook', document_class_id: 1, is_company_policy: false };
    await renderAdmin(<DocumentsPage />, [
      listMock(DOCS),
      ...around,
      { request: { query: DocumentLinksDocument, variables: { id: 1 } }, result: { data: { documentLinks: { __typename: 'DocumentLinks', document_id: 1, role_ids: [], checklist_item_ids: [] } } } },
      { request: { query: UpdateDocumentDocument, variables: { id: 1, input } }, result: domainError('A document with this title already exists', 'CONFLICT'), delay: 300 },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Handbook' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit document' });
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'Handbook 2' } });
    await within(dialog).findByRole('checkbox', { name: 'Employee' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect((within(dialog).getByRole('button', { name: 'Close' }) as HTMLButtonElement).disabled).toBe(true));
    pressEscape(dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('A document with this title already exists');
    expect((within(dialog).getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Handbook 2');
  });

  it('goes back to the new last page when a deletion empties the last one', async () => {
    const first = Array.from({ length: DOCUMENTS_PAGE_SIZE }, (_, i) => doc(i + 1, `Doc ${i + 1}`, null));
    const last = doc(21, 'Doc 21', null);
    await renderAdmin(<DocumentsPage />, [
      listMock(first, { total: 21, times: 1 }),
      listMock([last], { page: 2, total: 21, times: 1 }),
      { request: { query: DeleteDocumentDocument, variables: { id: 21 } }, result: { data: { deleteDocument: true } } },
      listMock([], { page: 2, total: 20, times: 1 }),
      listMock(first, { total: 20 }),
      ...around,
    ]);
    await screen.findByText('Showing 1–20 of 21 documents');
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Documents pages' })).getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Doc 21' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete this document?' })).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Showing 1–20 of 20 documents');
    expect(within(screen.getByRole('table', { name: 'Documents' })).getAllByRole('rowheader')).toHaveLength(DOCUMENTS_PAGE_SIZE);
  });

  it('says so above the rows still shown when the next page fails to load, and retries it', async () => {
    const first = Array.from({ length: DOCUMENTS_PAGE_SIZE }, (_, i) => doc(i + 1, `Doc ${i + 1}`, null));
    const pageTwo = { query: AdminDocumentsDocument, variables: { search: null, classId: null, page: 2, limit: DOCUMENTS_PAGE_SIZE } };
    await renderAdmin(<DocumentsPage />, [listMock(first, { total: 21, times: 1 }), { request: pageTwo, error: new Error('offline') }, listMock([doc(21, 'Doc 21', null)], { page: 2, total: 21, times: 1 }), ...around]);
    await screen.findByText('Showing 1–20 of 21 documents');
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Documents pages' })).getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch documents');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await within(screen.getByRole('table', { name: 'Documents' })).findByRole('rowheader', { name: /Doc 21/ })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows when a document was last changed as the viewer's day, not UTC's", async () => {
    // 02:30 UTC on the 15th is the evening of the 14th in New York, the tests' zone (shared-ui/build/jest-global-setup.mjs).
    await renderAdmin(<DocumentsPage />, [listMock([{ ...doc(1, 'Handbook', null), updated_at: '2025-03-15T02:30:00.000Z' }]), ...around]);
    const row = (await screen.findByRole('rowheader', { name: /Handbook/ })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Mar 14, 2025')).toBeTruthy();
  });

  it('keeps the keyboard in the list after a deletion: on the next row’s Delete, else the previous row’s', async () => {
    await renderAdmin(<DocumentsPage />, [
      listMock(DOCS, { times: 1 }),
      { request: { query: DeleteDocumentDocument, variables: { id: 4 } }, result: { data: { deleteDocument: true } } },
      listMock(DOCS.slice(0, 3), { times: 1 }),
      { request: { query: DeleteDocumentDocument, variables: { id: 1 } }, result: { data: { deleteDocument: true } } },
      listMock(DOCS.slice(1, 3)),
      ...around,
    ]);
    const deleteByKeyboard = async (title: string) => {
      const button = await screen.findByRole('button', { name: `Delete ${title}` });
      button.focus();
      fireEvent.click(button);
      fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete this document?' })).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByRole('button', { name: `Delete ${title}` })).toBeNull());
    };
    // The last row has no next one.
    await deleteByKeyboard('Unlinked');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Inline' }));
    await deleteByKeyboard('Handbook');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Sneaky' }));
  });

  it('leaves the focus where the user went before the deleted row left the list', async () => {
    await renderAdmin(<DocumentsPage />, [
      listMock(DOCS, { times: 1 }),
      { request: { query: DeleteDocumentDocument, variables: { id: 4 } }, result: { data: { deleteDocument: true } } },
      { ...listMock(DOCS.slice(0, 3)), delay: 300 },
      ...around,
    ]);
    const button = await screen.findByRole('button', { name: 'Delete Unlinked' });
    button.focus();
    fireEvent.click(button);
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete this document?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this document?' })).toBeNull());
    // Before the list reloads, the user clicks elsewhere (a click on text leaves focus on the page).
    const heading = screen.getByRole('heading', { level: 1 });
    fireEvent.pointerDown(heading);
    act(() => button.blur());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Unlinked' })).toBeNull());
    expect(document.activeElement).toBe(document.body);
  });
});
