import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import type { Express, Request, Response } from 'express';
import { gatewayVersion } from '../src/http/api-docs';
import { buildOpenApiDocument, type OpenApiDocument } from '../src/http/openapi';

/*
 * The REST contract held against real answers: every response the API tests
 * get from a test app is checked against the OpenAPI document's response
 * schema for its (method, path template, status). Mismatches are collected
 * here and fail the test file in an afterAll (test/contract-setup.ts), so the
 * document cannot drift from what the routes answer.
 *
 * Objects are checked closed: a field the document does not list is a
 * mismatch, as a client generated from the document would not know it. An
 * answer of a route the document lacks is a mismatch too.
 */

type Schema = Record<string, unknown>;

interface Observed {
  method: string;
  path: string;
  status: number;
  contentType: string;
  /** The JSON body as sent; undefined when there was none (or it was not JSON). */
  json: unknown;
  /** express matched a route (not the catch-all 404). */
  routed: boolean;
}

interface DocumentedPath {
  template: string;
  pattern: RegExp;
  params: number;
}

let document: OpenApiDocument | undefined;
let documentedPaths: DocumentedPath[] = [];
const validators = new Map<string, ValidateFunction>();
const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });

/** Every contract mismatch seen in this test file. */
export const contractMismatches: string[] = [];

function theDocument(): OpenApiDocument {
  if (!document) {
    document = buildOpenApiDocument(gatewayVersion());
    documentedPaths = Object.keys(document.paths ?? {}).map((template) => {
      const params = (template.match(/\{[^}]+\}/g) ?? []).length;
      const source = template
        .split(/\{[^}]+\}/)
        .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
        .join('[^/]+');
      return { template, pattern: new RegExp(`^${source}/?$`), params };
    });
    // Literal segments win over parameters, as express registers /search before /:id.
    documentedPaths.sort((a, b) => a.params - b.params);
  }
  return document;
}

/** The OpenAPI path template a concrete request path falls under, if any. */
export function documentedTemplate(path: string): string | undefined {
  theDocument();
  return documentedPaths.find((p) => p.pattern.test(path))?.template;
}

/**
 * The schema with every $ref resolved, allOf of objects merged, and objects
 * without an explicit `additionalProperties` closed.
 */
function closed(schema: unknown, components: Record<string, unknown>, depth = 0): unknown {
  if (depth > 40) throw new Error('contract: schema nesting too deep (a recursive $ref?)');
  if (Array.isArray(schema)) return schema.map((s) => closed(s, components, depth + 1));
  if (schema === null || typeof schema !== 'object') return schema;
  const node = schema as Schema;
  if (typeof node.$ref === 'string') {
    const name = node.$ref.replace('#/components/schemas/', '');
    const { $ref: _ref, ...rest } = node;
    return closed({ ...(components[name] as Schema), ...rest }, components, depth + 1);
  }
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === 'properties' ? Object.fromEntries(Object.entries(value as Schema).map(([k, v]) => [k, closed(v, components, depth + 1)])) : closed(value, components, depth + 1);
  }
  if (Array.isArray(out.allOf) && (out.allOf as Schema[]).every(isObjectSchema)) {
    const members = out.allOf as Schema[];
    delete out.allOf;
    out.type = 'object';
    out.properties = Object.assign({}, ...members.map((m) => m.properties ?? {}), out.properties ?? {});
    out.required = [...new Set(members.flatMap((m) => (m.required as string[] | undefined) ?? []).concat((out.required as string[] | undefined) ?? []))];
    const open = members.find((m) => m.additionalProperties !== false);
    if (open?.additionalProperties !== undefined && out.additionalProperties === undefined) out.additionalProperties = open.additionalProperties;
  }
  if (isObjectSchema(out) && out.properties !== undefined && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

function isObjectSchema(schema: Schema): boolean {
  const type = schema.type;
  return type === 'object' || (Array.isArray(type) && type.includes('object')) || (schema.properties !== undefined && type === undefined);
}

function validatorFor(template: string, method: string, status: number, mediaType: string, schema: unknown): ValidateFunction {
  const key = `${method} ${template} ${status} ${mediaType}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(closed(schema, (theDocument().components?.schemas ?? {}) as Record<string, unknown>) as Schema);
    validators.set(key, validate);
  }
  return validate;
}

/** What is wrong with one answer, or null when it matches the document. */
export function contractProblem(observed: Observed): string | null {
  const doc = theDocument();
  const template = documentedTemplate(observed.path);
  const label = `${observed.method} ${observed.path} → ${observed.status}`;
  // express answers HEAD with the GET route, without a body.
  const head = observed.method === 'HEAD';
  const operation = template ? (doc.paths?.[template] as Record<string, Schema> | undefined)?.[head ? 'get' : observed.method.toLowerCase()] : undefined;
  // An answer of a route express matched must be documented; unknown paths (the catch-all 404) are not routes.
  if (!operation) return observed.routed ? `${label}: route not in the OpenAPI document` : null;
  const response = (operation.responses as Record<string, Schema | undefined>)[String(observed.status)];
  if (!response) return `${label}: status ${observed.status} not documented for ${observed.method} ${template}`;
  if (head) return null;
  const content = response.content as Record<string, { schema?: unknown }> | undefined;
  if (!content) return observed.json === undefined ? null : `${label}: documented without a body, answered ${JSON.stringify(observed.json).slice(0, 200)}`;
  const mediaType = Object.keys(content).find((type) => observed.contentType.startsWith(type));
  if (!mediaType) return `${label}: answered ${observed.contentType || 'no content type'}, documented ${Object.keys(content).join(', ')}`;
  if (mediaType !== 'application/json') return null;
  const validate = validatorFor(template as string, observed.method, observed.status, mediaType, content[mediaType]?.schema ?? {});
  if (validate(observed.json)) return null;
  const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(body)'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` '${String(e.params.additionalProperty)}'` : ''}`);
  return `${label} (${template}): ${errors.join('; ')}; body ${JSON.stringify(observed.json).slice(0, 300)}`;
}

/**
 * Makes `app` report every /api answer to the contract check. The app's
 * `handle` is wrapped on the instance (express calls it for each request), so
 * the app under test is otherwise untouched.
 */
export function checkContract(app: Express): void {
  // express's typings leave out `handle`, the method its request listener calls.
  const target = app as unknown as { handle: (req: Request, res: Response, next?: (err?: unknown) => void) => void };
  const original = target.handle.bind(app);
  target.handle = (req, res, next) => {
    const path = (req.originalUrl ?? req.url).split('?')[0] ?? '';
    if (path.startsWith('/api/') || path === '/api') {
      // The body as it goes on the wire (express's res.json is not on `res` yet at this point).
      const chunks: Buffer[] = [];
      const isJson = () => /json/.test(String(res.getHeader('content-type') ?? ''));
      const keep = (chunk: unknown, encoding?: unknown) => {
        if (chunk && typeof chunk !== 'function' && isJson()) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
      };
      const write = res.write.bind(res) as (...args: unknown[]) => boolean;
      const end = res.end.bind(res) as (...args: unknown[]) => Response;
      (res as unknown as { write: typeof write }).write = (...args: unknown[]) => {
        keep(args[0], args[1]);
        return write(...args);
      };
      (res as unknown as { end: typeof end }).end = (...args: unknown[]) => {
        keep(args[0], args[1]);
        return end(...args);
      };
      res.on('finish', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        if (text !== '' && req.method !== 'HEAD') {
          try {
            json = JSON.parse(text) as unknown;
          } catch {
            contractMismatches.push(`${req.method} ${path} → ${res.statusCode}: a JSON content type with a body that is not JSON`);
            return;
          }
        }
        const problem = contractProblem({ method: req.method, path, status: res.statusCode, contentType: String(res.getHeader('content-type') ?? ''), json, routed: req.route !== undefined });
        if (problem) contractMismatches.push(problem);
      });
    }
    original(req, res, next);
  };
}
