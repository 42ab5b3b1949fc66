import { HTTP_ERROR_MESSAGES } from './messages';

/** What an HTTP failure looked like, as far as the client could tell. */
export interface HttpFailure {
  /** HTTP status; `0` or undefined when no response arrived. */
  status?: number;
  /** The server's `error` text, when it sent `{ error }`. */
  error?: string;
  /** The server's `details` list (400 validation errors). */
  details?: readonly string[];
  /** The request was aborted by the client-side timeout. */
  timedOut?: boolean;
  /** The browser reported the network as lost (offline). */
  offline?: boolean;
}

/** The user-facing message for a failed call, by status (docs/product.md#errors). */
export function messageForHttpFailure(failure: HttpFailure): string {
  const { status, error, details, timedOut, offline } = failure;
  if (timedOut) return HTTP_ERROR_MESSAGES.timeout;
  if (offline) return HTTP_ERROR_MESSAGES.networkLost;
  if (status === undefined || status === 0) return HTTP_ERROR_MESSAGES.noResponse;
  if (status === 401) return HTTP_ERROR_MESSAGES.unauthorized;
  if (status === 403) return HTTP_ERROR_MESSAGES.forbidden;
  if (status === 404) return HTTP_ERROR_MESSAGES.notFound;
  if (status === 400) {
    const listed = (details ?? []).filter((d) => d.trim() !== '');
    if (listed.length > 0) return listed.join(', ');
    return nonEmpty(error) ?? HTTP_ERROR_MESSAGES.badRequest;
  }
  if (status >= 500 && status <= 599) return HTTP_ERROR_MESSAGES.server;
  return nonEmpty(error) ?? HTTP_ERROR_MESSAGES.unexpected;
}

function nonEmpty(text: string | undefined): string | undefined {
  return text !== undefined && text.trim() !== '' ? text : undefined;
}
