/**
 * Document rules (docs/product.md#documents) shared by every screen that lists or opens documents (the library,
 * the company policies, task detail): the six document types and their colour-class slugs, how a
 * document is opened in a new tab, the ids of viewed documents kept locally, and the documents
 * error wording.
 */
import { AREA_MESSAGES, HTTP_ERROR_MESSAGES, STORAGE_KEYS, VALIDATION_MESSAGES, isApiError, isSafeDocumentUrl } from '@embark/shared-ui';

/** The document classes, in the gateway's id order; each has a colour class (docs/product.md#documents). */
export const DOCUMENT_TYPES = ['Policy', 'SOP', 'Training', 'Form', 'Template', 'Job Description'] as const;
export type DocumentTypeName = (typeof DOCUMENT_TYPES)[number];

export type DocumentTypeSlug = 'policy' | 'sop' | 'training' | 'form' | 'template' | 'job-description' | 'other';

/**
 * The colour-class suffix of a document class name (`doc-type--policy`, …, `doc-type--job-description`);
 * `other` for a class the portal does not know, so a new server-side class still renders neutrally.
 */
export function documentTypeSlug(className: string | null | undefined): DocumentTypeSlug {
  const known = DOCUMENT_TYPES.find((t) => t.toLowerCase() === (className ?? '').trim().toLowerCase());
  return known ? (known.toLowerCase().replace(/\s+/g, '-') as DocumentTypeSlug) : 'other';
}

export type OpenDocumentResult = 'opened' | 'missing-url' | 'blocked';

/** The message to show for an open that did not happen, or null when it opened. */
export function openDocumentMessage(result: OpenDocumentResult): string | null {
  if (result === 'missing-url') return VALIDATION_MESSAGES.documentUrlMissing;
  if (result === 'blocked') return VALIDATION_MESSAGES.popupBlocked;
  return null;
}

type WindowOpen = (url?: string | URL, target?: string, features?: string) => Window | null;

/**
 * Opens a document's link in a new tab. 'missing-url' when it has none or one that is not http(s)
 * (a `javascript:` link would run in the portal's page); 'blocked' when the browser refused the new
 * window (window.open answered null).
 *
 * Not `window.open(url, '_blank', 'noopener')`: with the `noopener` feature the HTML standard makes
 * window.open return null even when the tab did open, so a blocked popup could not be told apart.
 * Instead the opener link is cut by hand before the new tab loads anything (the navigation to a
 * cross-origin URL is asynchronous, so the document never sees `window.opener`).
 */
export function openDocumentUrl(url: string | null | undefined, open: WindowOpen = (...args) => window.open(...args)): OpenDocumentResult {
  const target = url?.trim() ?? '';
  if (!isSafeDocumentUrl(target)) return 'missing-url';
  const opened = open(target, '_blank');
  if (!opened) return 'blocked';
  try {
    opened.opener = null;
  } catch {
    // Some embedders make the property read-only; the tab is open either way.
  }
  return 'opened';
}

type ViewedStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** At most this many ids are kept per user (most recent first); older ones are still viewed on the server. */
export const VIEWED_DOCUMENTS_KEPT = 500;

function localStore(): ViewedStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** `{ "<userId>": [ids, most recent first] }`: per user, so people sharing a browser never see each other's. */
function readAll(storage: ViewedStorage | undefined): Record<string, number[]> {
  try {
    const raw = storage?.getItem(STORAGE_KEYS.viewedDocuments);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const out: Record<string, number[]> = {};
    for (const [user, ids] of Object.entries(parsed as Record<string, unknown>)) {
      if (Array.isArray(ids)) out[user] = ids.filter((id): id is number => Number.isInteger(id) && (id as number) > 0);
    }
    return out;
  } catch {
    return {};
  }
}

/** The ids of viewed documents kept locally, for one user (most recent first). Never throws. */
export function readViewedDocumentIds(userId: number | null | undefined, storage: ViewedStorage | undefined = localStore()): number[] {
  if (userId === null || userId === undefined) return [];
  return readAll(storage)[String(userId)] ?? [];
}

/** Remembers that `userId` opened document `documentId`; answers the user's ids. Never throws (storage can be full or off). */
export function rememberViewedDocument(userId: number | null | undefined, documentId: number, storage: ViewedStorage | undefined = localStore()): number[] {
  if (userId === null || userId === undefined) return [];
  const all = readAll(storage);
  const ids = [documentId, ...(all[String(userId)] ?? []).filter((id) => id !== documentId)].slice(0, VIEWED_DOCUMENTS_KEPT);
  all[String(userId)] = ids;
  try {
    storage?.setItem(STORAGE_KEYS.viewedDocuments, JSON.stringify(all));
  } catch {
    // Not kept locally this time; the server still records the view.
  }
  return ids;
}

/**
 * The wording for a failed documents load (docs/product.md#documents). No connection → 'Cannot connect to
 * server…', 5xx → 'Server error (N)…', 404 → 'Documents API endpoint not found…'; a timeout and every
 * other failure keep the general message the REST client already chose (docs/product.md#errors).
 */
export function documentsErrorMessage(error: unknown): string {
  if (!isApiError(error)) return error instanceof TypeError ? AREA_MESSAGES.documentsCannotConnect : HTTP_ERROR_MESSAGES.unexpected;
  if (error.timedOut) return HTTP_ERROR_MESSAGES.timeout;
  if (error.status === 0) return AREA_MESSAGES.documentsCannotConnect;
  if (error.status >= 500 && error.status <= 599) return AREA_MESSAGES.documentsServerError(error.status);
  if (error.status === 404) return AREA_MESSAGES.documentsEndpointNotFound;
  return error.message;
}
