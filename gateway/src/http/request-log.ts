import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import type { Logger } from '../shared/logger';

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

/** Where the request id is kept on the request, for lines written while it is handled. */
const REQUEST_ID = Symbol('requestId');
type Tagged = IncomingMessage & { [REQUEST_ID]?: string };

/**
 * One line per request, through `logger`: `requestId` (also the X-Request-Id response header, so a
 * user's report can be matched to the log), method, path (link tokens masked, never the query
 * string or headers), status and ms. Probes log at debug: they would otherwise drown everything
 * else. Written when the response is done (or the connection closed); the Logger redacts and
 * serialises it only when its level is enabled. Our own, not pino-http: that builds two child loggers per request, whether a
 * line is written or not, about 8 % of the gateway's CPU under load (docs/performance.md).
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    (req as Tagged)[REQUEST_ID] = requestId(req, res);
    // 'close' follows 'finish' on every response, and also ends an aborted one: one listener covers both.
    res.once('close', () => {
      // originalUrl: mounted routers rewrite req.url while the request is handled.
      const path = req.originalUrl;
      const fields = { requestId: (req as Tagged)[REQUEST_ID], method: req.method, path: loggablePath(path), status: res.statusCode, ms: Math.round(Number(process.hrtime.bigint() - started) / 1e6) };
      if (PROBES.has(path)) logger.debug('request', fields);
      else logger.info('request', fields);
    });
    next();
  };
}

/** The id `requestLog` gave this request (undefined outside one), for lines written about it. */
export function requestIdOf(req: IncomingMessage): string | undefined {
  return (req as Tagged)[REQUEST_ID];
}

/** The logger for lines about one request: they carry its request id. `fallback` outside a request. */
export function requestLogger(req: IncomingMessage, fallback: Logger): Logger {
  const id = requestIdOf(req);
  return id === undefined ? fallback : fallback.child({ requestId: id });
}
