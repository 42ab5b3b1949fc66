import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import request from 'supertest';
import { gatewayPackageDir } from '../../config/repo-root';
import { buildTestApp, type TestApp } from '../../../test/app';
import { REST_MATRIX } from '../../../test/authorization-matrix';
import { contractProblem } from '../../../test/contract';
import { gatewayVersion } from '../api-docs';
import { OPENAPI_FILE, printOpenApiDocument } from '../openapi-emit';

/*
 * The published REST contract: served at /api/openapi.json, browsable at
 * /api/docs outside production, checked in as /openapi.json, valid OpenAPI
 * 3.1, and covering every /api route of the authorization matrix.
 */

/** Validates a document with @seriousme/openapi-schema-validator (ESM only, so in a child node). */
function validateOpenApi(document: unknown): { valid: boolean; version?: string; errors?: unknown } {
  const script = `
    import { Validator } from '@seriousme/openapi-schema-validator';
    let input = '';
    for await (const chunk of process.stdin) input += chunk;
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(input));
    process.stdout.write(JSON.stringify({ ...result, version: validator.version }));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: gatewayPackageDir(), input: JSON.stringify(document), encoding: 'utf8' });
  return JSON.parse(out) as { valid: boolean; version?: string; errors?: unknown };
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('is served at /api/openapi.json, identical to the checked-in /openapi.json', async () => {
    const res = await request(t.app).get('/api/openapi.json').expect(200).expect('content-type', /application\/json/);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.info).toMatchObject({ title: 'Embark REST API', version: gatewayVersion() });
    expect(res.body).toEqual(JSON.parse(fs.readFileSync(OPENAPI_FILE, 'utf8')));
  });

  it('validates as OpenAPI 3.1', async () => {
    const res = await request(t.app).get('/api/openapi.json').expect(200);
    const result = validateOpenApi(res.body);
    expect(result.errors).toBeUndefined();
    expect(result).toMatchObject({ valid: true, version: '3.1' });
  });

  it('describes itself and the docs page', async () => {
    const res = await request(t.app).get('/api/openapi.json').expect(200);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/openapi.json', '/api/docs']));
  });

  it('lists every /api route of the authorization matrix', () => {
    const documented = JSON.parse(fs.readFileSync(OPENAPI_FILE, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
    const routes = [...new Set(REST_MATRIX.map((row) => row.route))].filter((route) => route.split(' ')[1]?.startsWith('/api/'));
    const missing = routes.filter((route) => {
      const [method = '', path = ''] = route.split(' ');
      const template = path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      return documented.paths[template]?.[method.toLowerCase()] === undefined;
    });
    expect(missing).toEqual([]);
  });
});

describe('openapi.json', () => {
  it('matches the document the gateway emits', () => {
    const emitted = printOpenApiDocument();
    const committed = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, 'utf8') : '';
    if (committed !== emitted) {
      throw new Error(
        `${OPENAPI_FILE} is out of date with the gateway's REST contract. Run \`npm run schema\` at the repo root ` +
          '(or `npm run openapi:emit -w @embark/gateway`), then commit openapi.json.',
      );
    }
  });
});

describe('/api/docs', () => {
  it('serves Swagger UI from the gateway itself (no CDN), reading /api/openapi.json', async () => {
    const t = await buildTestApp({ nodeEnv: 'development' });
    try {
      const page = await request(t.app).get('/api/docs').expect(200).expect('content-type', /text\/html/);
      expect(page.text).toContain('<div id="swagger-ui"></div>');
      expect(page.text).not.toMatch(/https?:\/\//);
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      const scripts = [...page.text.matchAll(/src="([^"]+)"/g)].map((m) => m[1] as string);
      expect(scripts).toEqual(['/api/docs/swagger-ui-bundle.js', '/api/docs/swagger-ui-standalone-preset.js', '/api/docs/init.js']);
      for (const script of scripts) await request(t.app).get(script).expect(200).expect('content-type', /javascript/);
      await request(t.app).get('/api/docs/swagger-ui.css').expect(200).expect('content-type', /text\/css/);
      const init = await request(t.app).get('/api/docs/init.js').expect(200);
      expect(init.text).toContain('url: "/api/openapi.json"');
      // Only the files the page needs: the rest of the package is not served.
      await request(t.app).get('/api/docs/package.json').expect(404, { error: 'Not found' });
    } finally {
      await t.close();
    }
  });

  it('answers a JSON 404 in production, assets included; the document is still served', async () => {
    const t = await buildTestApp({ nodeEnv: 'production' });
    try {
      await request(t.app).get('/api/docs').expect(404, { error: 'Not found' });
      await request(t.app).get('/api/docs/swagger-ui-bundle.js').expect(404, { error: 'Not found' });
      await request(t.app).get('/api/openapi.json').expect(200);
    } finally {
      await t.close();
    }
  });
});

describe('the response check (test/contract.ts)', () => {
  const base = { method: 'GET', path: '/api/openapi.json', contentType: 'application/json; charset=utf-8', routed: true };

  it('accepts an answer that matches the documented schema', () => {
    expect(contractProblem({ ...base, status: 200, json: { openapi: '3.1.0', info: { title: 'x', version: '1' }, paths: {} } })).toBeNull();
    expect(contractProblem({ ...base, status: 503, json: { error: 'Service temporarily unavailable' } })).toBeNull();
    // HEAD is the GET route without a body.
    expect(contractProblem({ ...base, method: 'HEAD', status: 200, json: undefined })).toBeNull();
  });

  it('reports a body that breaks the schema, an undocumented field and an undocumented status', () => {
    expect(contractProblem({ ...base, status: 200, json: { info: {} } })).toMatch(/GET \/api\/openapi.json → 200 \(\/api\/openapi.json\): .*must have required property 'openapi'/);
    expect(contractProblem({ ...base, status: 503, json: { error: 'x', stack: 'at y' } })).toMatch(/must NOT have additional properties 'stack'/);
    expect(contractProblem({ ...base, status: 409, json: { error: 'x' } })).toBe('GET /api/openapi.json → 409: status 409 not documented for GET /api/openapi.json');
    expect(contractProblem({ ...base, status: 200, contentType: 'text/html', json: undefined })).toMatch(/answered text\/html, documented application\/json/);
  });

  it('reports an answer of a route the document lacks, not of an unknown path', () => {
    const nowhere = { method: 'GET', path: '/api/nowhere', status: 200, contentType: 'application/json', json: {} };
    expect(contractProblem({ ...nowhere, routed: true })).toBe('GET /api/nowhere → 200: route not in the OpenAPI document');
    expect(contractProblem({ ...nowhere, status: 404, json: { error: 'Not found' }, routed: false })).toBeNull();
  });
});
