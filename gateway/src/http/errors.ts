import type { ErrorRequestHandler, RequestHandler } from 'express';
import { DomainError, NotFoundError, PayloadTooLargeError, ValidationError } from '../shared/errors';
import { toRestError } from '../shared/error-mapping';
import type { Logger } from '../shared/logger';
import { loggablePath, requestLogger } from './request-log';

/**
 * The client-caused errors raised before a route runs, in our family: body-parser's carry a `type`;
 * the router's URIError is a path parameter whose percent-encoding does not decode.
 */
function fromRequestParsing(err: unknown): unknown {
  if (err instanceof URIError) return new ValidationError('Malformed URL');
  const type = (err as { type?: unknown } | null)?.type;
  if (type === 'entity.too.large') return new PayloadTooLargeError('Request body too large');
  if (type === 'entity.parse.failed') return new ValidationError('Malformed JSON body');
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') return new ValidationError('Unsupported request body encoding');
  if (type === 'request.aborted' || type === 'request.size.invalid') return new ValidationError('Incomplete request body');
  return err;
}

/** The last middleware: every error becomes `{error, details?}` with the right status, never a stack. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) {
      // Too late for a clean answer; let express close the connection.
      next(err);
      return;
    }
    const mapped = toRestError(fromRequestParsing(err));
    // Through the request's logger, so the line carries its request id.
    if (mapped.unexpected) requestLogger(req, logger).error('unhandled request error', { err, method: req.method, path: loggablePath(req.originalUrl) });
    // A service's own 503 (busy for a moment) is not an outage: it must not read as one in the logs.
    else if (mapped.status === 503) requestLogger(req, logger).warn(err instanceof DomainError ? 'service busy' : 'database unavailable', { err, method: req.method, path: loggablePath(req.originalUrl) });
    res.status(mapped.status).set(mapped.headers).json(mapped.body);
  };
}

/**
 * Every JSON body the REST API takes is an object. `strict` parsing also lets a top-level array
 * through, which the routes would read as `{}` (no field): refuse it instead.
 */
export const jsonObjectBody: RequestHandler = (req, _res, next) => {
  next(Array.isArray(req.body) ? new ValidationError('Request body must be a JSON object') : undefined);
};

export const apiNotFound: RequestHandler = (_req, _res, next) => {
  next(new NotFoundError('Not found'));
};
