/**
 * The one REST client of every front end: base path `/api`, credentials included, the bearer token
 * read from storage per request, a 10 s timeout, failures turned into an `ApiError` whose message
 * comes from the error catalogue (docs/product.md#errors), and 401/403 answers reported as an
 * expired session (docs/product.md#session-expiry) through the kit's session-expiry hook.
 */
import { endsSession, notifySessionExpired, type SessionExpiredEvent } from './auth-session';
import { TIMING_MS } from './constants';
import { messageForHttpFailure, type HttpFailure } from './http-errors';
import { authHeaders, readAuthToken } from './storage';

export const API_BASE_URL = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A failed call: the HTTP facts plus its user-facing message (docs/product.md#errors) as `message`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no response arrived (network failure or timeout). */
  readonly status: number;
  /** The server's `error` text, if it sent one. */
  readonly serverError: string | undefined;
  /** The server's `details` list (400 validation problems). */
  readonly details: readonly string[] | undefined;
  readonly timedOut: boolean;
  readonly offline: boolean;
  /** The parsed answer body, for callers that need more than `{error, details}`. */
  readonly body: unknown;

  constructor(failure: HttpFailure & { body?: unknown }) {
    super(messageForHttpFailure(failure));
    this.status = failure.status ?? 0;
    this.serverError = failure.error;
    this.details = failure.details;
    this.timedOut = failure.timedOut ?? false;
    this.offline = failure.offline ?? false;
    this.body = failure.body;
  }

  get failure(): HttpFailure {
    return { status: this.status, error: this.serverError, details: this.details, timedOut: this.timedOut, offline: this.offline };
  }

  /** No answer at all, and not because of our own timeout. */
  get isNetworkError(): boolean {
    return this.status === 0 && !this.timedOut;
  }
}

// One class on the page: shared-ui's index and subpaths are Module Federation singletons, so the
// shell and both remotes throw and test against the same ApiError (docs/bundles.md).
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /** Appended as a query string; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** Cancels the request; a cancelled request rejects with the caller's abort reason, not an ApiError. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * Whether a 401/403 answer means "this session is over" (default true). Sign-in, registration
   * and the second sign-in step pass false: there a 401 means wrong credentials.
   */
  reportSessionExpiry?: boolean;
}

export interface ApiClientOptions {
  baseUrl?: string;
  /** fetch implementation (default: the global fetch, looked up per request so tests can stub it). */
  fetch?: typeof fetch;
  getToken?: () => string | null;
  timeoutMs?: number;
  onSessionExpired?: (event: SessionExpiredEvent) => void;
  /** Whether the browser reports being offline (default: `navigator.onLine === false`). */
  isOffline?: () => boolean;
}

export interface ApiClient {
  request<T>(path: string, options?: ApiRequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>): Promise<T>;
  delete<T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>): Promise<T>;
}

// Marks our own timeout, so it can be told apart from an abort by the caller.
const TIMEOUT_REASON = Symbol('embark.api.timeout');

export function createApiClient({
  baseUrl = API_BASE_URL,
  fetch: fetchImpl,
  getToken = readAuthToken,
  timeoutMs: defaultTimeoutMs = TIMING_MS.httpTimeout,
  onSessionExpired = notifySessionExpired,
  isOffline = browserOffline,
}: ApiClientOptions = {}): ApiClient {
  async function request<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
    const { method = 'GET', body, query, headers, signal, timeoutMs = defaultTimeoutMs, reportSessionExpiry = true } = options;
    const token = getToken();
    const init: RequestInit = {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...authHeaders(token),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    };

    // A plain controller and timer rather than AbortSignal.timeout/any: those are missing in some
    // test environments, and a timer works with fake timers.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(TIMEOUT_REASON), timeoutMs);
    const forwardAbort = () => controller.abort(signal?.reason);
    if (signal?.aborted) forwardAbort();
    else signal?.addEventListener('abort', forwardAbort, { once: true });

    let response: Response;
    let payload: unknown;
    try {
      const doFetch = fetchImpl ?? globalThis.fetch;
      response = await doFetch(buildUrl(baseUrl, path, query), { ...init, signal: controller.signal });
      // Inside the timeout too: a server can stall after sending its headers.
      payload = await readBody(response);
    } catch (error) {
      if (controller.signal.aborted && controller.signal.reason === TIMEOUT_REASON) throw new ApiError({ status: 0, timedOut: true });
      if (signal?.aborted) throw signal.reason ?? error;
      throw new ApiError({ status: 0, offline: isOffline() });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
    }

    if (response.ok) return payload as T;

    const failure = new ApiError({ status: response.status, ...serverFailure(payload), body: payload });
    // A session can only be over if one was sent; a guest's 401 is just a refusal.
    if (reportSessionExpiry && token && endsSession(response.status)) {
      onSessionExpired({ source: 'rest', status: response.status, target: `${method} ${path}`, token });
    }
    throw failure;
  }

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    patch: (path, body, options) => request(path, { ...options, method: 'PATCH', body }),
    delete: (path, options) => request(path, { ...options, method: 'DELETE' }),
  };
}

/** The portal's shared client (same origin; the shell's server proxies /api to the gateway). */
export const apiClient: ApiClient = createApiClient();

function buildUrl(baseUrl: string, path: string, query: Record<string, QueryValue> | undefined): string {
  const base = baseUrl.replace(/\/+$/, '');
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The error body `{error, details}` (docs/product.md#errors), when the body has that shape. */
function serverFailure(payload: unknown): Pick<HttpFailure, 'error' | 'details'> {
  if (typeof payload !== 'object' || payload === null) return {};
  const { error, details } = payload as { error?: unknown; details?: unknown };
  return {
    ...(typeof error === 'string' ? { error } : {}),
    ...(Array.isArray(details) ? { details: details.filter((d): d is string => typeof d === 'string') } : {}),
  };
}

function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
