import { API_BASE_URL, ApiError, authHeaders, endsSession, notifySessionExpired, readAuthToken, type QueryValue, type SessionExpiredEvent } from '@embark/shared-ui';

/** The CSV reports of the gateway (docs/product.md#reports), by the name in their path. */
export type CsvReportName = 'users' | 'policies' | 'overdue' | 'audit';

export interface CsvDownloadOptions {
  /** fetch implementation (default: the global fetch, looked up per call so tests can hand one in). */
  fetch?: typeof fetch;
  getToken?: () => string | null;
  onSessionExpired?: (event: SessionExpiredEvent) => void;
  /** Hands the file to the browser (default: an object URL clicked as a download link). */
  save?: (file: Blob, filename: string) => void;
  signal?: AbortSignal;
}

/**
 * Downloads report `name` with the screen's filters: the same bearer token,
 * error messages and session-expiry report as the kit's REST client, but the
 * answer is read as a Blob (bytes as sent, byte order mark included) and
 * without the client's 10 s timeout, since a large file takes longer.
 * Resolves with the file's name; rejects with an ApiError.
 */
export async function downloadCsv(name: CsvReportName, query: Record<string, QueryValue>, options: CsvDownloadOptions = {}): Promise<string> {
  const { getToken = readAuthToken, onSessionExpired = notifySessionExpired, save = saveFile, signal } = options;
  const token = getToken();
  const path = `/admin/reports/${name}.csv`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== null && value !== undefined && value !== '') params.append(key, String(value));
  const search = params.toString();
  let response: Response;
  try {
    const doFetch = options.fetch ?? globalThis.fetch;
    response = await doFetch(`${API_BASE_URL}${path}${search ? `?${search}` : ''}`, {
      credentials: 'include',
      headers: { Accept: 'text/csv, application/json', ...authHeaders(token) },
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, offline: typeof navigator !== 'undefined' && navigator.onLine === false });
  }
  if (!response.ok) {
    // Refusals are JSON ({error, details}), sent before any CSV byte.
    const body = (await response.json().catch(() => null)) as { error?: unknown; details?: unknown } | null;
    const error = typeof body?.error === 'string' ? body.error : undefined;
    const details = Array.isArray(body?.details) ? body.details.filter((d): d is string => typeof d === 'string') : undefined;
    if (token && endsSession(response.status)) onSessionExpired({ source: 'rest', status: response.status, target: `GET ${path}`, token });
    throw new ApiError({ status: response.status, error, details, body });
  }
  const filename = filenameOf(response.headers.get('content-disposition')) ?? `${name}.csv`;
  save(await response.blob(), filename);
  return filename;
}

/** The file name of an `attachment; filename="…"` header (the gateway's names are plain ASCII). */
function filenameOf(disposition: string | null): string | null {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? null;
}

/** Object URL → a download link clicked → the URL freed once the browser has taken the file. */
function saveFile(file: Blob, filename: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Freed later rather than at once: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
