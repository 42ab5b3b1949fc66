import { apiClient, type ApiClient } from '@embark/shared-ui';

/** A document as `GET /documents` answers it (docs/product.md#documents). */
export interface LibraryDocument {
  id: number;
  title: string;
  description: string | null;
  url: string | null;
  document_class_id: number;
  document_class_name: string;
  created_at: string;
  updated_at: string;
  is_company_policy: boolean;
  /** The server's record that the signed-in user opened it. */
  viewed: boolean;
}

/** A document class. */
export interface DocumentClass {
  id: number;
  name: string;
}

export interface DocumentLibrary {
  documents: LibraryDocument[];
  classes: DocumentClass[];
}

/** The largest page the gateway serves; a role's library is loaded whole so filtering and sorting are instant. */
export const LIBRARY_PAGE_SIZE = 100;
/** A guard against a runaway library: at most this many pages (2,000 documents). */
const MAX_PAGES = 20;

/**
 * The documents calls, through the kit's REST client (10 s timeout, the kit's error messages, session expiry on
 * 401/403). REST rather than GraphQL here on purpose: the spec's retry rule is about HTTP statuses of
 * these calls (0, 5xx, 404 'endpoint not found').
 */
export function createDocumentsApi(client: ApiClient = apiClient) {
  async function allDocuments(signal?: AbortSignal): Promise<LibraryDocument[]> {
    const page = (n: number) => client.get<{ data: LibraryDocument[]; total: number }>('/documents', { query: { page: n, limit: LIBRARY_PAGE_SIZE, sort: 'name' }, signal });
    const first = await page(1);
    const pages = Math.min(MAX_PAGES, Math.ceil(first.total / LIBRARY_PAGE_SIZE));
    const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => page(i + 2)));
    return [first, ...rest].flatMap((p) => p.data);
  }

  return {
    /** GET /documents (every page) and GET /document-classes, together. */
    async loadLibrary(signal?: AbortSignal): Promise<DocumentLibrary> {
      const [documents, classes] = await Promise.all([allDocuments(signal), client.get<DocumentClass[]>('/document-classes', { signal })]);
      return { documents, classes };
    },
    /** POST /documents/{id}/viewed. */
    markViewed: (id: number) => client.post<{ document_id: number; viewed: true; viewed_at: string }>(`/documents/${id}/viewed`),
  };
}

export type DocumentsApi = ReturnType<typeof createDocumentsApi>;

export const documentsApi: DocumentsApi = createDocumentsApi();
