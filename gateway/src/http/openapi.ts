import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from '../shared/validation';

/*
 * The REST contract, generated from the same zod schemas the services parse
 * with. Each *.routes.ts registers its paths here at module load, right beside
 * the route; `buildOpenApiDocument()` turns the registry into the OpenAPI 3.1
 * document served at /api/openapi.json and checked in as /openapi.json.
 * Paths are registered in full (`/api/...`), the way clients call them.
 */
export const openApiRegistry = new OpenAPIRegistry();

export const ErrorBody = z
  .object({
    error: z.string().openapi({ description: 'What went wrong, safe to show to the user.' }),
    details: z.array(z.string()).optional().openapi({ description: 'Every validation problem, one message each.' }),
  })
  .openapi('Error', { description: 'Every 4xx and 5xx answer of /api.' });

const bearerAuth = openApiRegistry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });

/** Who may call a route: anyone, any signed-in user, or administrators only. */
export type Access = 'public' | 'user' | 'admin';

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input; `details` lists every problem',
  401: 'Not signed in, or the session has ended',
  403: 'Signed in, but not allowed (administrators only)',
  404: 'Not found, or not yours',
  409: 'Conflicts with the current state',
  413: 'Request body too large',
  415: 'The body is not in the format the route takes',
  429: 'Too many attempts; see Retry-After',
  500: 'Unexpected failure; the cause is logged, never sent',
  503: 'The database is unavailable, or the service is busy for a moment; retry after Retry-After seconds',
};


const errorResponse = (status: number) => ({ description: ERROR_DESCRIPTIONS[status] ?? 'Error', ...jsonContent(ErrorBody) });

/** A JSON body of `schema`, as `request.body` (optional: a missing body reads as `{}`) or an answer takes it. */
export function jsonContent<S extends z.ZodType>(schema: S) {
  return { content: { 'application/json': { schema } } };
}

/** `request.body` of a route whose JSON body is parsed with `schema` and must be sent. */
export function jsonBody(schema: z.ZodType): NonNullable<RouteConfig['request']> {
  return { body: { ...jsonContent(schema), required: true } };
}

export interface ApiRoute {
  method: RouteConfig['method'];
  /** Full path in OpenAPI form, e.g. `/api/users/{userId}`. */
  path: string;
  summary: string;
  tags: string[];
  access: Access;
  request?: RouteConfig['request'];
  /** Success answers: status → zod schema of the body (null for an empty body), JSON unless `mediaType` says otherwise. */
  responses: Record<number, { description: string; schema: z.ZodType | null; mediaType?: 'application/json' | 'text/html' | 'text/csv' }>;
  /**
   * Error statuses this route answers besides the ones implied: 401/403 by
   * `access`; 400, 413, 500 and 503 always. 404 and 409 are the common ones to list.
   */
  errors?: number[];
}

/**
 * Registers one route of the REST contract, at module load of its *.routes.ts
 * (never inside a router factory: apps are built many times, the contract once).
 * Error answers share the `Error` schema; the implied statuses are added here,
 * so a route cannot forget them.
 */
export function documentRoute(route: ApiRoute): void {
  const responses: RouteConfig['responses'] = {};
  for (const [status, { description, schema, mediaType = 'application/json' }] of Object.entries(route.responses)) {
    responses[status] = schema ? { description, content: { [mediaType]: { schema } } } : { description };
  }
  // Any request may carry a malformed (400) or oversized (413) JSON body, and any may meet a bug (500) or the database down (503).
  const errors = new Set([...(route.errors ?? []), 400, 413, 500, 503]);
  if (route.access !== 'public') errors.add(401);
  if (route.access === 'admin') errors.add(403);
  // A route may describe one of them itself (a richer error body); the shared one fills the rest.
  for (const status of [...errors].sort()) responses[status] ??= errorResponse(status);
  openApiRegistry.registerPath({
    method: route.method,
    path: route.path,
    summary: route.summary,
    tags: route.tags,
    ...(route.access === 'public' ? {} : { security: [{ [bearerAuth.name]: [] }] }),
    ...(route.request ? { request: route.request } : {}),
    responses,
  });
}

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

/**
 * The OpenAPI 3.1 document of everything registered so far (import http/api
 * first for the whole API). Paths and schemas are sorted, so the checked-in
 * file does not change when modules load in another order.
 */
export function buildOpenApiDocument(version: string): OpenApiDocument {
  const document = new OpenApiGeneratorV31(openApiRegistry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Embark REST API',
      version,
      description: 'The REST door of Embark. Every operation is also reachable through GraphQL at /graphql (schema.graphql).',
    },
  });
  document.paths = sortedKeys(document.paths ?? {});
  if (document.components?.schemas) document.components.schemas = sortedKeys(document.components.schemas);
  return document;
}

function sortedKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
