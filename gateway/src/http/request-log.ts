import crypto from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../shared/logger';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;
/** A path segment that looks like a link token (invitation links carry theirs in the path), not an id or a word. */
const TOKEN_SEGMENT = /^(?=[^/]*[A-Za-z_-])[A-Za-z0-9_-]{32,}$|^[^/]{200,}$/;

/**
 * The path of a URL as it may be logged (the query string dropped): a segment that looks like a secret link token becomes `:token`, so
 * whoever reads the logs cannot accept an invitation before the hire does.
 */
export function loggablePath(url: string): string {
  // The query string never reaches a log: it may carry tokens too.
  return (url.split('?')[0] ?? '/')
    .split('/')
    .map((segment) => (TOKEN_SEGMENT.test(segment) ? ':token' : segment))
    .join('/');
}

/**
 * One line per request with a request id (taken from X-Request-Id when a proxy
 * set a sane one, else generated) echoed back to the client, so a user's
 * report can be matched to the log. Only the path is logged (link tokens in it
 * masked), never the query string or headers, which may carry tokens. Probes log at debug: they would
 * otherwise drown everything else.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get('x-request-id');
    const id = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    res.setHeader('X-Request-Id', id);
    const started = process.hrtime.bigint();
    // Captured now: mounted routers rewrite req.path while the request is handled.
    const path = loggablePath(req.originalUrl);
    res.on('finish', () => {
      const fields = {
        requestId: id,
        method: req.method,
        path,
        status: res.statusCode,
        ms: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
      };
      if (path === '/healthz' || path === '/readyz') logger.debug('request', fields);
      else logger.info('request', fields);
    });
    next();
  };
}
