import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import { pinoOf, UNLOGGED_BINDING, wrapPino, type Logger } from '../shared/logger';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;
/** A path segment that looks like a link token (invitation links carry theirs in the path), not an id or a word. */
const TOKEN_SEGMENT = /^(?=[^/]*[A-Za-z_-])[A-Za-z0-9_-]{32,}$|^[^/]{200,}$/;
const PROBES = new Set(['/healthz', '/readyz']);

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

/** express's compiled `trust proxy` setting: whether the address at hop `i` is a proxy we trust. */
type TrustFn = (address: string, i: number) => boolean;

/**
 * The request's id: a proxy's X-Request-Id when the connection comes from a proxy we trust
 * (TRUST_PROXY) and the id is sane, else a fresh UUID. A client talking to us directly cannot
 * choose the id its lines are filed under. Echoed back as X-Request-Id.
 */
function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  let id: string | undefined;
  if (typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming)) {
    const trust = (req as Partial<Request>).app?.get('trust proxy fn') as TrustFn | undefined;
    if (trust?.(req.socket.remoteAddress ?? '', 0)) id = incoming;
  }
  id ??= crypto.randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

interface Timing {
  ms: number;
}

/** The fields of a request line: the path with link tokens masked, never the query string or headers. */
function requestFields(req: IncomingMessage, res: ServerResponse, timing: Timing): Record<string, unknown> {
  // originalUrl: mounted routers rewrite req.url while the request is handled.
  return { method: req.method, path: loggablePath((req as Partial<Request>).originalUrl ?? req.url ?? '/'), status: res.statusCode, ms: timing.ms };
}

/**
 * One line per request through pino-http, sharing `logger`'s pino instance: `requestId` (also
 * the X-Request-Id response header, so a user's report can be matched to the log), method,
 * path, status and ms. Probes log at debug: they would otherwise drown everything else.
 * `req.log` is a child logger carrying the request id, for lines written while handling it.
 */
export function requestLog(logger: Logger): RequestHandler {
  const middleware = pinoHttp({
    logger: pinoOf(logger),
    genReqId: requestId,
    // Only the request id is bound to the request's loggers, never the request object.
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { reqId: 'requestId', req: UNLOGGED_BINDING, responseTime: 'ms' },
    wrapSerializers: false,
    customLogLevel: (req) => (PROBES.has((req as Partial<Request>).originalUrl ?? '') ? 'debug' : 'info'),
    customSuccessMessage: () => 'request',
    customErrorMessage: () => 'request',
    customSuccessObject: (req, res, timing: Timing) => requestFields(req, res, timing),
    // A 5xx: the error itself is logged once, by the error handler, with its cause.
    customErrorObject: (req, res, _err, timing: Timing) => requestFields(req, res, timing),
  });
  return (req, res, next) => middleware(req, res, next);
}

/** The logger for lines about one request: they carry its request id. `fallback` outside a request. */
export function requestLogger(req: IncomingMessage, fallback: Logger): Logger {
  return req.log ? wrapPino(req.log) : fallback;
}
