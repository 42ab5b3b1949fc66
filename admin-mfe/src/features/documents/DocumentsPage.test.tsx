import { screen, within } from '@testing-library/react';
import { AdminDocumentClassesDocument, AdminDocumentsDocument, PolicyAcknowledgementReportDocument } from '../../__generated__/graphql';
import { renderAdmin, rolesMock, type Mocks } from '../../shared/test-utils';
import { DOCUMENTS_PAGE_SIZE, REPORT_PENDING_LIMIT } from './api/useDocuments';
import { DocumentsPage } from './DocumentsPage';

function doc(id: number, title: string, url: string | null) {
  return { __typename: 'Document' as const, id, title, description: null, url, document_class_id: 1, document_class_name: 'Policy', is_company_policy: false, updated_at: '2025-01-01T00:00:00.000Z' };
}

// Stored before the server refused such links on save, or written straight into the database.
const DOCS = [doc(1, 'Handbook', 'https://intranet.example/handbook'), doc(2, 'Sneaky', 'javascript:alert(document.cookie)'), doc(3, 'Inline', 'data:text/html,<script>alert(1)</script>'), doc(4, 'Unlinked', null)];

const mocks: Mocks = [
  { request: { query: AdminDocumentsDocument, variables: { search: null, classId: null, page: 1, limit: DOCUMENTS_PAGE_SIZE } }, result: { data: { documents: { __typename: 'DocumentPage', total: DOCS.length, data: DOCS } } }, maxUsageCount: 3 },
  { request: { query: AdminDocumentClassesDocument }, result: { data: { documentClasses: [{ __typename: 'DocumentClass', id: 1, name: 'Policy' }] } }, maxUsageCount: 3 },
  { request: { query: PolicyAcknowledgementReportDocument, variables: { limit: REPORT_PENDING_LIMIT } }, result: { data: { policyAcknowledgementReport: [] } }, maxUsageCount: 3 },
  rolesMock(),
];

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
});
