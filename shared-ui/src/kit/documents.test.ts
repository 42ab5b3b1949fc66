import { ApiError } from './api-client';
import {
  DOCUMENT_TYPES,
  documentsErrorMessage,
  documentTypeSlug,
  openDocumentMessage,
  openDocumentUrl,
  readViewedDocumentIds,
  rememberViewedDocument,
  VIEWED_DOCUMENTS_KEPT,
} from './documents';
import { STORAGE_KEYS } from './storage';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe('document types (colour classes)', () => {
  it('has the six classes and a slug for each', () => {
    expect(DOCUMENT_TYPES).toEqual(['Policy', 'SOP', 'Training', 'Form', 'Template', 'Job Description']);
    expect(DOCUMENT_TYPES.map(documentTypeSlug)).toEqual(['policy', 'sop', 'training', 'form', 'template', 'job-description']);
  });

  it('ignores case and spaces, and answers other for anything else', () => {
    expect(documentTypeSlug(' job description ')).toBe('job-description');
    expect(documentTypeSlug('Handbook')).toBe('other');
    expect(documentTypeSlug(null)).toBe('other');
  });
});

describe('opening a document', () => {
  it('opens the link in a new tab and cuts the opener link', () => {
    const tab = { opener: {} as unknown };
    const open = jest.fn(() => tab as unknown as Window);
    expect(openDocumentUrl(' https://example.com/a ', open)).toBe('opened');
    expect(open).toHaveBeenCalledWith('https://example.com/a', '_blank');
    expect(tab.opener).toBeNull();
    expect(openDocumentMessage('opened')).toBeNull();
  });

  it("answers 'missing-url' without opening anything when there is no link", () => {
    const open = jest.fn(() => null);
    expect(openDocumentUrl(null, open)).toBe('missing-url');
    expect(openDocumentUrl('  ', open)).toBe('missing-url');
    expect(open).not.toHaveBeenCalled();
    expect(openDocumentMessage('missing-url')).toBe('No URL available for this document');
  });

  it("answers 'missing-url' without opening anything for a link that is not http(s)", () => {
    const open = jest.fn(() => null);
    expect(openDocumentUrl('javascript:alert(document.domain)', open)).toBe('missing-url');
    expect(openDocumentUrl('data:text/html,<script>alert(1)</script>', open)).toBe('missing-url');
    expect(openDocumentUrl('docs/handbook.pdf', open)).toBe('missing-url');
    expect(open).not.toHaveBeenCalled();
  });

  it("answers 'blocked' when the browser refuses the window", () => {
    expect(openDocumentUrl('https://example.com', () => null)).toBe('blocked');
    expect(openDocumentMessage('blocked')).toBe('Popup blocked - please allow popups for this site');
  });
});

describe('viewed document ids kept locally', () => {
  it('keeps ids per user, most recent first, without duplicates', () => {
    const storage = memoryStorage();
    rememberViewedDocument(7, 1, storage);
    rememberViewedDocument(7, 2, storage);
    expect(rememberViewedDocument(7, 1, storage)).toEqual([1, 2]);
    rememberViewedDocument(8, 5, storage);
    expect(readViewedDocumentIds(7, storage)).toEqual([1, 2]);
    expect(readViewedDocumentIds(8, storage)).toEqual([5]);
    expect(JSON.parse(storage.data.get(STORAGE_KEYS.viewedDocuments) ?? '')).toEqual({ 7: [1, 2], 8: [5] });
  });

  it('keeps at most the newest 500 per user', () => {
    const storage = memoryStorage();
    for (let id = 1; id <= VIEWED_DOCUMENTS_KEPT + 3; id++) rememberViewedDocument(1, id, storage);
    const ids = readViewedDocumentIds(1, storage);
    expect(ids).toHaveLength(VIEWED_DOCUMENTS_KEPT);
    expect(ids[0]).toBe(VIEWED_DOCUMENTS_KEPT + 3);
  });

  it('survives corrupt, foreign or unavailable storage, and a signed-out user', () => {
    expect(readViewedDocumentIds(1, memoryStorage({ [STORAGE_KEYS.viewedDocuments]: '{not json' }))).toEqual([]);
    expect(readViewedDocumentIds(1, memoryStorage({ [STORAGE_KEYS.viewedDocuments]: '[1,2]' }))).toEqual([]);
    expect(readViewedDocumentIds(1, memoryStorage({ [STORAGE_KEYS.viewedDocuments]: '{"1":[3,"x",-1,4]}' }))).toEqual([3, 4]);
    const full = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(rememberViewedDocument(1, 9, full)).toEqual([9]);
    expect(rememberViewedDocument(null, 9, memoryStorage())).toEqual([]);
    expect(readViewedDocumentIds(undefined, memoryStorage())).toEqual([]);
  });
});

describe('documents error wording', () => {
  it.each([
    [new ApiError({ status: 0 }), 'Cannot connect to server. Please check your connection and try again.'],
    [new ApiError({ status: 0, offline: true }), 'Cannot connect to server. Please check your connection and try again.'],
    [new TypeError('Failed to fetch'), 'Cannot connect to server. Please check your connection and try again.'],
    [new ApiError({ status: 503 }), 'Server error (503). Please try again later.'],
    [new ApiError({ status: 500 }), 'Server error (500). Please try again later.'],
    [new ApiError({ status: 404 }), 'Documents API endpoint not found. Please contact support.'],
    [new ApiError({ status: 0, timedOut: true }), 'Request timed out. Please try again.'],
    [new ApiError({ status: 400, details: ['Limit must be between 1 and 100'] }), 'Limit must be between 1 and 100'],
    [new Error('boom'), 'An unexpected error occurred.'],
  ])('%p → %s', (error, message) => {
    expect(documentsErrorMessage(error)).toBe(message);
  });
});
