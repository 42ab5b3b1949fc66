// A small static server for the built front ends, used by `npm run serve`, the
// e2e suite and the benchmarks. Production uses nginx (docker-compose.yml) with
// the same behaviour: per-bundle origin, CORS on remotes' assets, SPA fallback
// and runtime config on the shell (/runtime-config.json, also written into
// index.html), /api and /graphql proxied to the gateway, and the security headers
// of security-headers.mjs on every answer it makes itself.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { asksForGraphqlSandbox } from '@embark/shared-ui/build/graphql-sandbox.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.map']);
// Hashed assets never change; entry points (index.html, remoteEntry.js, manifests) must be revalidated.
const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2|png|svg)$/;
const PROXIED = ['/api', '/graphql'];

/**
 * The id of the runtime config's data block in the shell's index.html. The same id is in
 * docker/nginx/shell.conf.template and shell/src/remotes/runtime-config-request.ts: the e2e suite keeps them
 * equal (under this server and under nginx, the shell never asks for /runtime-config.json).
 */
export const RUNTIME_CONFIG_ELEMENT_ID = 'embark-runtime-config';

/**
 * The runtime config as a JSON data block, written into index.html right after `<head>`: the shell
 * reads it without a request. A data block is never executed, so the page's CSP does not cover it.
 * `<` is escaped, so no value can close the element.
 * @param {object} runtimeConfig
 */
export function runtimeConfigBlock(runtimeConfig) {
  const json = JSON.stringify(runtimeConfig).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${json}</script>`;
}

/**
 * @param {{
 *   name: string, root: string, port: number, host?: string,
 *   spa?: boolean, cors?: boolean,
 *   runtimeConfig?: object,
 *   proxyTarget?: string,
 *   headers?: Record<string, string> | (() => Record<string, string>),
 * }} options
 *   headers: added to every answer but the proxied ones (the gateway sets its own); a function is asked at each answer
 * @returns {Promise<{ server: http.Server, url: string, close: () => Promise<void> }>}
 */
export function startStaticServer(options) {
  const { root, port, host = '127.0.0.1', spa = false, cors = false, runtimeConfig, proxyTarget, headers: securityHeaders = {} } = options;
  const rootDir = path.resolve(root);
  const gzipCache = new Map();
  const configBody = runtimeConfig ? Buffer.from(JSON.stringify(runtimeConfig)) : null;
  const configBlock = runtimeConfig ? `<head>${runtimeConfigBlock(runtimeConfig)}` : null;
  const indexHtml = path.join(rootDir, 'index.html');
  /** index.html with the runtime config written in, when this server hands one out (read each time: a rebuild is served). */
  const read = (filePath) => {
    const body = fs.readFileSync(filePath);
    if (!configBlock || filePath !== indexHtml) return body;
    // A function, so `$'`, `$&` and the like in a configured value are not replacement patterns.
    return Buffer.from(body.toString('utf8').replace('<head>', () => configBlock));
  };

  function send(req, res, status, headers, body) {
    res.writeHead(status, { ...(typeof securityHeaders === 'function' ? securityHeaders() : securityHeaders), ...headers });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function serveFile(req, res, filePath) {
    const ext = path.extname(filePath);
    const headers = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': HASHED.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'Accept-Encoding',
    };
    if (cors) headers['access-control-allow-origin'] = '*';
    let body = read(filePath);
    if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      const key = `${filePath}:${fs.statSync(filePath).mtimeMs}`;
      let gz = gzipCache.get(key);
      if (!gz) {
        gz = zlib.gzipSync(body, { level: 9 });
        gzipCache.set(key, gz);
      }
      body = gz;
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = String(body.length);
    send(req, res, 200, headers, body);
  }

  function proxy(req, res) {
    const target = new URL(req.url, proxyTarget);
    const upstream = http.request(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host, 'x-forwarded-for': req.socket.remoteAddress ?? '' } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) send(req, res, 502, { 'content-type': 'application/json' }, JSON.stringify({ error: 'Gateway unavailable' }));
      else res.destroy();
    });
    req.pipe(upstream);
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (proxyTarget && PROXIED.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))) {
      if (asksForGraphqlSandbox(req.method, url.pathname, req.headers.accept)) {
        return send(req, res, 404, { 'content-type': 'text/plain; charset=utf-8' }, `The GraphQL sandbox is not served on the portal's origin. Open ${new URL('/graphql', proxyTarget).href} instead.\n`);
      }
      return proxy(req, res);
    }
    if (req.method === 'OPTIONS' && cors) {
      return send(req, res, 204, { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, HEAD, OPTIONS', 'access-control-max-age': '86400' });
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(req, res, 405, { allow: 'GET, HEAD' }, 'Method Not Allowed');
    if (configBody && url.pathname === '/runtime-config.json') {
      return send(req, res, 200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }, configBody);
    }
    let pathname;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return send(req, res, 400, { 'content-type': 'text/plain' }, 'Bad Request');
    }
    const filePath = path.join(rootDir, pathname);
    if (!filePath.startsWith(rootDir)) return send(req, res, 403, { 'content-type': 'text/plain' }, 'Forbidden');
    if (fs.existsSync(filePath) && fs.statSync(filePath).isFile()) return serveFile(req, res, filePath);
    // Client-side routes fall back to index.html; missing assets stay 404 so a broken deploy is visible.
    if (spa && !path.extname(pathname)) return serveFile(req, res, path.join(rootDir, 'index.html'));
    const headers = { 'content-type': 'text/plain; charset=utf-8' };
    if (cors) headers['access-control-allow-origin'] = '*';
    return send(req, res, 404, headers, 'Not Found');
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve({
        server,
        url: `http://localhost:${port}`,
        close: () => new Promise((done) => { server.close(() => done()); server.closeAllConnections(); }),
      });
    });
  });
}
