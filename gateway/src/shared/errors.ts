/**
 * The one error family of the gateway (docs/product.md#errors). Services throw these; the
 * REST error handler and the GraphQL formatError translate them, so a rule's
 * failure looks the same through both doors.
 */
export type DomainErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'RATE_LIMITED'
  | 'SERVICE_UNAVAILABLE';

export abstract class DomainError extends Error {
  abstract readonly status: number;
  abstract readonly code: DomainErrorCode;
  /** Safe to show to the client; never include internals here. */
  readonly details: string[] | undefined;
  /** More safe-to-show fields, added to the REST body and the GraphQL extensions (e.g. a CSV import's `errors` per line). */
  readonly extra: Record<string, unknown> | undefined;

  constructor(message: string, details?: string[], options?: { cause?: unknown; extra?: Record<string, unknown> }) {
    super(message, options);
    this.name = new.target.name;
    this.details = details;
    this.extra = options?.extra;
  }
}

export class ValidationError extends DomainError {
  readonly status = 400;
  readonly code = 'BAD_USER_INPUT';
  constructor(message: string, details: string[] = [], extra?: Record<string, unknown>) {
    super(message, details, extra ? { extra } : undefined);
  }
}

export class UnauthenticatedError extends DomainError {
  readonly status = 401;
  readonly code = 'UNAUTHENTICATED';
  constructor(message = 'Authentication required') {
    super(message);
  }
}

export class ForbiddenError extends DomainError {
  readonly status = 403;
  readonly code = 'FORBIDDEN';
  constructor(message = 'You do not have permission to perform this action') {
    super(message);
  }
}

export class NotFoundError extends DomainError {
  readonly status = 404;
  readonly code = 'NOT_FOUND';
  constructor(message = 'Not found') {
    super(message);
  }
}

export class ConflictError extends DomainError {
  readonly status = 409;
  readonly code = 'CONFLICT';
  constructor(message = 'Conflict') {
    super(message);
  }
}

export class PayloadTooLargeError extends DomainError {
  readonly status = 413;
  readonly code = 'PAYLOAD_TOO_LARGE';
  constructor(message = 'Request body too large') {
    super(message);
  }
}

/** A body in a format the route does not take (e.g. JSON where a CSV file is expected). */
export class UnsupportedMediaTypeError extends DomainError {
  readonly status = 415;
  readonly code = 'BAD_USER_INPUT';
  constructor(message = 'Unsupported Content-Type') {
    super(message);
  }
}

export class RateLimitedError extends DomainError {
  readonly status = 429;
  readonly code = 'RATE_LIMITED';
  /** Seconds until a retry may succeed; sent as Retry-After on REST. */
  readonly retryAfterSeconds: number | undefined;
  constructor(message = 'Too many requests', retryAfterSeconds?: number) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export class ServiceUnavailableError extends DomainError {
  readonly status = 503;
  readonly code = 'SERVICE_UNAVAILABLE';
  constructor(message = 'Service temporarily unavailable', options?: { cause?: unknown }) {
    super(message, undefined, options);
  }
}
