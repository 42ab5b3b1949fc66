import { DomainError, RateLimitedError } from './errors';
import { isDatabaseUnavailableError } from './db-errors';

/** The REST error body (docs/product.md#errors). */
export interface RestErrorBody {
  error: string;
  details?: string[];
  [extra: string]: unknown;
}

export interface RestErrorResponse {
  status: number;
  body: RestErrorBody;
  headers: Record<string, string>;
  /** True when the cause is unexpected and must be logged with its stack. */
  unexpected: boolean;
}

export const INTERNAL_ERROR_MESSAGE = 'Internal server error';
export const UNAVAILABLE_MESSAGE = 'Service temporarily unavailable';
/** Seconds a client waits before retrying a 503, on both doors. */
export const UNAVAILABLE_RETRY_AFTER = '5';

/** Whole seconds until a rate-limited request may succeed (at least 1): REST's Retry-After, GraphQL's extensions.retryAfter. */
function retryAfterOf(err: DomainError): number | undefined {
  return err instanceof RateLimitedError && err.retryAfterSeconds !== undefined ? Math.max(1, Math.ceil(err.retryAfterSeconds)) : undefined;
}

/** Maps any thrown value to what a REST client may see. Never exposes internals. */
export function toRestError(err: unknown): RestErrorResponse {
  if (err instanceof DomainError) {
    const body: RestErrorBody = { ...err.extra, error: err.message };
    if (err.details && err.details.length > 0) body.details = [...err.details];
    const headers: Record<string, string> = {};
    const retryAfter = retryAfterOf(err);
    if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
    // Busy rather than down, but the client's answer is the same as for an outage: try again shortly.
    if (err.status === 503) headers['retry-after'] = UNAVAILABLE_RETRY_AFTER;
    return { status: err.status, body, headers, unexpected: false };
  }
  if (isDatabaseUnavailableError(err)) {
    return { status: 503, body: { error: UNAVAILABLE_MESSAGE }, headers: { 'retry-after': UNAVAILABLE_RETRY_AFTER }, unexpected: false };
  }
  return { status: 500, body: { error: INTERNAL_ERROR_MESSAGE }, headers: {}, unexpected: true };
}

export type GraphQLErrorCode = 'BAD_USER_INPUT' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'RATE_LIMITED' | 'SERVICE_UNAVAILABLE' | 'INTERNAL_SERVER_ERROR';

export interface GraphQLErrorMapping {
  message: string;
  code: GraphQLErrorCode;
  details?: string[];
  extra?: Record<string, unknown>;
  unexpected: boolean;
}

/** Maps an error thrown inside a resolver to a GraphQL message and extensions.code. */
export function toGraphQLError(err: unknown): GraphQLErrorMapping {
  if (err instanceof DomainError) {
    // 413 only happens at the HTTP layer; treat it as bad input if a service ever throws it.
    const code: GraphQLErrorCode = err.code === 'PAYLOAD_TOO_LARGE' ? 'BAD_USER_INPUT' : err.code;
    const mapped: GraphQLErrorMapping = { message: err.message, code, unexpected: false };
    if (err.details && err.details.length > 0) mapped.details = [...err.details];
    if (err.extra) mapped.extra = err.extra;
    const retryAfter = retryAfterOf(err);
    if (retryAfter !== undefined) mapped.extra = { ...mapped.extra, retryAfter };
    return mapped;
  }
  if (isDatabaseUnavailableError(err)) {
    return { message: UNAVAILABLE_MESSAGE, code: 'SERVICE_UNAVAILABLE', unexpected: false };
  }
  return { message: INTERNAL_ERROR_MESSAGE, code: 'INTERNAL_SERVER_ERROR', unexpected: true };
}
