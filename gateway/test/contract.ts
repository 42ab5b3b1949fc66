import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import type { Express, Request, Response } from 'express';
import { gatewayVersion } from '../src/http/api-docs';
import { buildOpenApiDocument, openApiRegistry, type OpenApiDocument } from '../src/http/openapi';
import type { z } from '../src/shared/validation';

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
 *
 * Requests are held to it the same way, in both directions: a request the
 * server accepted (2xx) must match the documented path, query and body
 * schemas of its route, and a request those schemas accept must not be
 * refused by the route's own zod schemas (a 400 the document did not
 * announce). Request objects stay open: the schemas drop fields they do not
 * know.
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
  /** The `{name}`s of the template, in order (the pattern's capture groups). */
  names: string[];
}

/** What a test sent, as the route received it. */
interface SentRequest {
  method: string;
  path: string;
  status: number;
  /** express's parsed query: strings, or arrays of them for a repeated key. */
  query: Record<string, unknown>;
  /** The parsed JSON body; undefined when none was sent (or it was not JSON). */
  body: unknown;
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
      const names = (template.match(/\{[^}]+\}/g) ?? []).map((name) => name.slice(1, -1));
      const source = template
        .split(/\{[^}]+\}/)
        .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
        .join('([^/]+)');
      return { template, pattern: new RegExp(`^${source}/?$`), params: names.length, names };
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
 * The schema with every $ref resolved, allOf of objects merged, and (answers
 * only, `close`) objects without an explicit `additionalProperties` closed.
 */
function closed(schema: unknown, components: Record<string, unknown>, depth = 0, close = true): unknown {
  if (depth > 40) throw new Error('contract: schema nesting too deep (a recursive $ref?)');
  if (Array.isArray(schema)) return schema.map((s) => closed(s, components, depth + 1, close));
  if (schema === null || typeof schema !== 'object') return schema;
  const node = schema as Schema;
  if (typeof node.$ref === 'string') {
    const name = node.$ref.replace('#/components/schemas/', '');
    const { $ref: _ref, ...rest } = node;
    return closed({ ...(components[name] as Schema), ...rest }, components, depth + 1, close);
  }
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === 'properties' ? Object.fromEntries(Object.entries(value as Schema).map(([k, v]) => [k, closed(v, components, depth + 1, close)])) : closed(value, components, depth + 1, close);
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
  if (close && isObjectSchema(out) && out.properties !== undefined && out.additionalProperties === undefined) out.additionalProperties = false;
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

/** The documented route (template and operation) a request falls under, with its path parameters. */
function operationOf(method: string, path: string): { template: string; operation: Schema; params: Record<string, string> } | undefined {
  const doc = theDocument();
  const documented = documentedPaths.find((p) => p.pattern.test(path));
  if (!documented) return undefined;
  const operation = (doc.paths?.[documented.template] as Record<string, Schema> | undefined)?.[method.toLowerCase()];
  if (!operation) return undefined;
  const values = documented.pattern.exec(path)?.slice(1) ?? [];
  const params = Object.fromEntries(documented.names.map((name, i) => [name, safeDecode(values[i] ?? '')]));
  return { template: documented.template, operation, params };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function requestValidator(key: string, schema: unknown): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(closed(schema, (theDocument().components?.schemas ?? {}) as Record<string, unknown>, 0, false) as Schema);
    validators.set(key, validate);
  }
  return validate;
}

/** A query or path value is text; a schema that wants a number or boolean reads it as a client writes one (`5`, `-1.5`, `true`). */
function asParameterValue(text: unknown): unknown[] {
  if (typeof text !== 'string' || !/^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?|true|false)$/.test(text)) return [text];
  return [text, JSON.parse(text) as unknown];
}

/** Where a request departs from the documented schemas of its route: "query.limit must be ...", one line each. */
function documentedRequestProblems(sent: SentRequest, template: string, operation: Schema, params: Record<string, string>): string[] {
  const problems: string[] = [];
  const method = sent.method.toLowerCase();
  for (const parameter of (operation.parameters as Schema[] | undefined) ?? []) {
    const where = parameter.in as string;
    const name = parameter.name as string;
    if (where !== 'query' && where !== 'path') continue;
    const value = where === 'path' ? params[name] : sent.query[name];
    if (value === undefined || (value === '' && parameter.allowEmptyValue === true)) {
      if (parameter.required === true) problems.push(`${where}.${name} is required`);
      continue;
    }
    const validate = requestValidator(`${method} ${template} ${where}.${name}`, parameter.schema ?? {});
    if (asParameterValue(value).some((candidate) => validate(candidate))) continue;
    asParameterValue(value).slice(0, 1).forEach((candidate) => validate(candidate));
    problems.push(`${where}.${name} ${JSON.stringify(value).slice(0, 80)}: ${(validate.errors ?? []).slice(0, 3).map((e) => `${e.instancePath} ${e.message}`.trim()).join('; ')}`);
  }
  const requestBody = operation.requestBody as { required?: boolean; content?: Record<string, { schema?: unknown }> } | undefined;
  const bodySchema = requestBody?.content?.['application/json']?.schema;
  if (bodySchema !== undefined) {
    // A route reads a missing body as {} (http/openapi jsonContent); one documented as required must be sent.
    if (sent.body === undefined && requestBody?.required === true) problems.push('body is required');
    const validate = requestValidator(`${method} ${template} body`, bodySchema);
    if (!validate(sent.body ?? {})) {
      problems.push(...(validate.errors ?? []).slice(0, 5).map((e) => `body${e.instancePath.replaceAll('/', '.')} ${e.message}${e.params && 'allowedValues' in e.params ? ` ${JSON.stringify(e.params.allowedValues)}` : ''}`));
    }
  }
  return problems;
}

/** The route's own zod schemas (as registered beside it), each with the part of the request it parses. */
function registeredRequestSchemas(method: string, template: string): Array<{ part: 'path' | 'query' | 'body'; schema: z.ZodType }> {
  for (const definition of openApiRegistry.definitions) {
    if (definition.type !== 'route' || definition.route.path !== template || definition.route.method !== method) continue;
    const request = definition.route.request ?? {};
    const body = request.body?.content['application/json'];
    const bodySchema = body && 'schema' in body ? body.schema : undefined;
    return [
      ...(request.params ? [{ part: 'path' as const, schema: request.params as z.ZodType }] : []),
      ...(request.query ? [{ part: 'query' as const, schema: request.query as z.ZodType }] : []),
      ...(bodySchema && typeof (bodySchema as { safeParse?: unknown }).safeParse === 'function' ? [{ part: 'body' as const, schema: bodySchema as z.ZodType }] : []),
    ];
  }
  return [];
}

/**
 * What is wrong with one request, or null. An accepted request (2xx) must
 * match the documented schemas; a request they accept must not fail the
 * route's zod schemas with a 400 (business rules, e.g. an unknown role, may
 * still answer 400: those the zod schemas pass).
 */
export function requestProblem(sent: SentRequest): string | null {
  if (sent.method === 'HEAD' || sent.method === 'OPTIONS') return null;
  const found = operationOf(sent.method, sent.path);
  if (!found) return null;
  const { template, operation, params } = found;
  const label = `${sent.method} ${sent.path} → ${sent.status} (${template})`;
  const accepted = sent.status >= 200 && sent.status < 300;
  if (!accepted && sent.status !== 400) return null;
  const problems = documentedRequestProblems(sent, template, operation, params);
  if (accepted) return problems.length === 0 ? null : `${label}: accepted a request the document refuses: ${problems.join('; ')}`;
  if (problems.length > 0) return null;
  const input = { path: params, query: sent.query, body: sent.body ?? {} };
  for (const { part, schema } of registeredRequestSchemas(sent.method.toLowerCase(), template)) {
    const result = schema.safeParse(input[part]);
    if (!result.success) {
      const issues = result.error.issues.slice(0, 3).map((issue) => `${[part, ...issue.path.map(String)].join('.')} '${issue.message}'`);
      return `${label}: refused with 400 a request the document accepts: ${issues.join('; ')}; sent ${JSON.stringify(input[part]).slice(0, 200)}`;
    }
  }
  return null;
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
        const sent = requestProblem({ method: req.method, path, status: res.statusCode, query: req.query as Record<string, unknown>, body: sentBody(req) });
        if (sent) contractMismatches.push(sent);
      });
    }
    original(req, res, next);
  };
}

/** The JSON body express parsed, or undefined when the request carried none. */
function sentBody(req: Request): unknown {
  const length = Number(req.headers['content-length'] ?? 0);
  const chunked = req.headers['transfer-encoding'] !== undefined;
  return (length > 0 || chunked) && /json/.test(String(req.headers['content-type'] ?? '')) ? (req.body as unknown) : undefined;
}
