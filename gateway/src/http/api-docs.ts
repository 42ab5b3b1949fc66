import fs from 'node:fs';
import path from 'node:path';
import { Router, type RequestHandler } from 'express';
import { gatewayPackageDir } from '../config/repo-root';
import { z } from '../shared/validation';
import { buildOpenApiDocument, documentRoute, type OpenApiDocument } from './openapi';

/*
 * The published REST contract: GET /api/openapi.json always, and outside
 * production an interactive page at /api/docs (Swagger UI, served from the
 * swagger-ui-dist package: no CDN, so it works offline and under the strict CSP).
 */

export const OPENAPI_PATH = '/api/openapi.json';

documentRoute({
  method: 'get',
  path: OPENAPI_PATH,
  summary: 'This document: the REST contract as OpenAPI 3.1',
  tags: ['Contract'],
  access: 'public',
  responses: {
    200: {
      description: 'The OpenAPI 3.1 document of every /api route',
      schema: z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) }),
    },
  },
});

documentRoute({
  method: 'get',
  path: '/api/docs',
  summary: 'Interactive page for this document (not served in production)',
  tags: ['Contract'],
  access: 'public',
  responses: { 200: { description: 'Swagger UI reading /api/openapi.json', schema: z.string(), mediaType: 'text/html' } },
  errors: [404],
});

/** The version the document carries: the gateway package's. */
export function gatewayVersion(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(gatewayPackageDir(), 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

// The files of swagger-ui-dist the page loads; nothing else of the package is served.
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css',
  'index.css': 'text/css',
  'swagger-ui-bundle.js': 'text/javascript',
  'swagger-ui-standalone-preset.js': 'text/javascript',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

// Absolute asset paths: /api/docs (no trailing slash) would resolve relative ones against /api/.
const PAGE = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <title>Embark REST API</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css">
    <link rel="stylesheet" href="/api/docs/index.css">
    <link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png" sizes="32x32">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/swagger-ui-standalone-preset.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

// A file of its own, not an inline script, so the page's CSP can stay `script-src 'self'`.
const INIT = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_PATH)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
});
`;

// Swagger UI sets inline styles and shows data: images; it only talks to this origin.
const PAGE_CSP = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'";

/** GET /openapi.json, and GET /docs with its assets outside production (mounted at /api). */
export function apiDocsRouter(options: { production: boolean }): Router {
  const router = Router();
  let document: OpenApiDocument | undefined;

  router.get('/openapi.json', (_req, res) => {
    // Built on first use: by then every routes module has registered its paths.
    document ??= buildOpenApiDocument(gatewayVersion());
    res.json(document);
  });

  if (options.production) return router;

  router.get('/docs', (_req, res) => {
    res.setHeader('Content-Security-Policy', PAGE_CSP);
    res.type('html').send(PAGE);
  });
  router.use('/docs', docsAssets());
  return router;
}

function docsAssets(): RequestHandler {
  const dir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  return (req, res, next) => {
    if (req.method !== 'GET') return next();
    const name = req.path.slice(1);
    if (name === 'init.js') {
      res.type('text/javascript').send(INIT);
      return;
    }
    const type = ASSETS[name];
    if (!type) return next();
    res.type(type).sendFile(path.join(dir, name), (err) => err && next(err));
  };
}
