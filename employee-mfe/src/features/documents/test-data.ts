import type { DocumentClass, LibraryDocument } from './api/documents-api';

export const CLASSES: DocumentClass[] = [
  { id: 1, name: 'Policy' },
  { id: 2, name: 'SOP' },
  { id: 3, name: 'Training' },
  { id: 4, name: 'Form' },
  { id: 5, name: 'Template' },
  { id: 6, name: 'Job Description' },
];

let nextId = 100;

export function doc(overrides: Partial<LibraryDocument> & Pick<LibraryDocument, 'title'>): LibraryDocument {
  const id = overrides.id ?? nextId++;
  const classId = overrides.document_class_id ?? 2;
  return {
    id,
    description: `About ${overrides.title}`,
    url: `https://docs.example.com/${id}`,
    document_class_id: classId,
    document_class_name: CLASSES.find((c) => c.id === classId)?.name ?? 'SOP',
    created_at: '2025-01-01T09:00:00.000Z',
    updated_at: '2025-01-01T09:00:00.000Z',
    is_company_policy: false,
    viewed: false,
    ...overrides,
  };
}

/** A small library: a policy (viewed on the server), an SOP, a training, a form without a link, a template, a job description. */
export function sampleLibrary(): LibraryDocument[] {
  return [
    doc({ id: 1, title: 'Code of Conduct', document_class_id: 1, is_company_policy: true, viewed: true, created_at: '2025-01-05T09:00:00.000Z', updated_at: '2025-03-01T09:00:00.000Z' }),
    doc({ id: 2, title: 'Expense procedure', document_class_id: 2, description: 'Receipts and travel', created_at: '2025-02-01T09:00:00.000Z', updated_at: '2025-02-01T09:00:00.000Z' }),
    doc({ id: 3, title: 'Security awareness', document_class_id: 3, created_at: '2025-03-01T09:00:00.000Z', updated_at: '2025-03-02T09:00:00.000Z' }),
    doc({ id: 4, title: 'Benefits enrolment', document_class_id: 4, url: null, description: null, created_at: '2025-01-20T09:00:00.000Z', updated_at: '2025-01-20T09:00:00.000Z' }),
    doc({ id: 5, title: '1:1 template', document_class_id: 5, created_at: '2025-01-10T09:00:00.000Z', updated_at: '2025-01-10T09:00:00.000Z' }),
    doc({ id: 6, title: 'Operations Associate', document_class_id: 6, created_at: '2025-01-15T09:00:00.000Z', updated_at: '2025-01-15T09:00:00.000Z' }),
  ];
}
