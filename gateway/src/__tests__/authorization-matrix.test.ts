import request from 'supertest';
import { buildGraphQLSchema } from '../graphql/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { bearer, gql, PROXY_ENV, tokenFor } from '../../test/auth';
import { ACTORS, cleanUp, GRAPHQL_MATRIX, matrixContext, REST_MATRIX, rowLabel, type GraphQLOutcome } from '../../test/authorization-matrix';

/*
 * Who may call what: deny by default, permissions in the services (docs/architecture.md#layers).
 * Every registered REST route and every GraphQL Query/Mutation field must have
 * a row in test/authorization-matrix.ts (user-scoped ones a row per variant:
 * own data and another user's); each row is exercised as anonymous, employee
 * and administrator.
 */

// The parts of express's (router 2.x) Layer we read; its types do not export them.
interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
  rawPath?: unknown;
}

/** Every route on the app, as `METHOD /full/path`, found by walking the router stacks. */
function registeredRoutes(stack: Layer[], prefix = ''): string[] {
  const found: string[] = [];
  for (const layer of stack) {
    if (layer.route) {
      for (const [method, on] of Object.entries(layer.route.methods)) if (on) found.push(`${method.toUpperCase()} ${prefix}${layer.route.path}`);
    } else if (Array.isArray(layer.handle.stack)) {
      if (typeof layer.rawPath !== 'string') throw new Error(`a router is mounted on a non-string path (${String(layer.rawPath)}); teach registeredRoutes to read it`);
      const mount = layer.rawPath === '/' ? '' : layer.rawPath;
      found.push(...registeredRoutes(layer.handle.stack, prefix + mount));
    }
  }
  return found;
}

describe('authorization matrix', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: PROXY_ENV });
  });
  afterAll(() => t.close());

  it('has rows (one per variant) for every REST route registered on the app, and none for others', () => {
    const routes = registeredRoutes((t.app.router as unknown as { stack: Layer[] }).stack).sort();
    expect(routes.length).toBeGreaterThan(10);
    const labels = REST_MATRIX.map(rowLabel);
    expect(new Set(labels).size).toBe(labels.length);
    const rows = [...new Set(REST_MATRIX.map((r) => r.route))].sort();
    const missing = routes.filter((r) => !rows.includes(r));
    const stale = rows.filter((r) => !routes.includes(r));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it('has rows (one per variant) for every GraphQL Query and Mutation field, and none for others', async () => {
    const schema = await buildGraphQLSchema();
    const fields = [
      ...Object.keys(schema.getQueryType()?.getFields() ?? {}).map((f) => `Query.${f}`),
      ...Object.keys(schema.getMutationType()?.getFields() ?? {}).map((f) => `Mutation.${f}`),
    ].sort();
    expect(schema.getSubscriptionType()).toBeFalsy();
    const labels = GRAPHQL_MATRIX.map(rowLabel);
    expect(new Set(labels).size).toBe(labels.length);
    const rows = [...new Set(GRAPHQL_MATRIX.map((r) => r.field))].sort();
    const missing = fields.filter((f) => !rows.includes(f));
    const stale = rows.filter((f) => !fields.includes(f));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  describe.each(REST_MATRIX.map((row) => [rowLabel(row), row] as const))('REST %s', (_label, row) => {
    it.each(ACTORS.map((who) => [who, row.expect[who]] as const))('as %s → %i', async (who, status) => {
      const ctx = await matrixContext(t, who, (id) => tokenFor(t.dataSource, id));
      try {
        const prepared = (await row.request?.(ctx)) ?? {};
        const [method, routePath] = row.route.split(' ') as [string, string];
        const path = prepared.path ?? routePath;
        expect(path).not.toMatch(/:/);
        let req = request(t.app)[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](path).set('x-forwarded-for', ctx.ip);
        if (ctx.token) req = req.set(bearer(ctx.token));
        if (prepared.contentType) req = req.set('content-type', prepared.contentType);
        const res = await (prepared.body ? req.send(prepared.body) : req);
        if (res.status !== status) throw new Error(`${rowLabel(row)} as ${who}: expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
      } finally {
        await cleanUp(ctx);
      }
    });
  });

  describe.each(GRAPHQL_MATRIX.map((row) => [rowLabel(row), row] as const))('GraphQL %s', (_label, row) => {
    const field = row.field;
    it.each(ACTORS.map((who) => [who, row.expect[who]] as const))('as %s → %s', async (who, outcome) => {
      const ctx = await matrixContext(t, who, (id) => tokenFor(t.dataSource, id));
      try {
        const { query, variables } = await row.request(ctx);
        const res = await gql(t, query, variables, { token: ctx.token ?? undefined, ip: ctx.ip });
        const errors = res.body.errors as Array<{ extensions?: { code?: string } }> | undefined;
        const fieldName = field.split('.')[1] as string;
        const got: GraphQLOutcome | string = errors?.length ? (errors[0]?.extensions?.code ?? 'unknown') : res.body.data?.[fieldName] != null ? 'ok' : 'no data';
        if (got !== outcome) throw new Error(`${rowLabel(row)} as ${who}: expected ${outcome}, got ${got} ${JSON.stringify(res.body)}`);
      } finally {
        await cleanUp(ctx);
      }
    });
  });
});
