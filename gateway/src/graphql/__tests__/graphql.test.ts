import request from 'supertest';
import { buildTestApp, expectNoStack, GQL_HEADERS, type TestApp } from '../../../test/app';
import { GRAPHQL_LIMITS } from '../server';

type GqlError = { message: string; extensions?: { code?: string } };

function post(t: TestApp, body: unknown) {
  return request(t.app).post('/graphql').set(GQL_HEADERS).send(body as object);
}

function nested(depth: number): string {
  // Field names need not exist: the depth limit is checked on the document.
  let q = 'id';
  for (let i = depth - 1; i > 0; i--) q = `f${i} { ${q} }`;
  return `{ ${q} }`;
}

describe('GraphQL limits and hardening (test env)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('rejects queries deeper than the limit with a clean 400', async () => {
    const res = await post(t, { query: nested(GRAPHQL_LIMITS.maxDepth + 2) }).expect(400);
    const messages = (res.body.errors as GqlError[]).map((e) => e.message);
    expect(messages.some((m) => /depth limit of 10 exceeded/i.test(m))).toBe(true);
    expectNoStack(res.body);
  });

  it('rejects more than 15 aliases', async () => {
    const aliases = Array.from({ length: GRAPHQL_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: roles { id }`).join(' ');
    const res = await post(t, { query: `{ ${aliases} }` }).expect(400);
    expect((res.body.errors as GqlError[])[0]?.message).toMatch(/Aliases limit of 15 exceeded/);
    expectNoStack(res.body);
  });

  it('allows 15 aliases', async () => {
    const aliases = Array.from({ length: GRAPHQL_LIMITS.maxAliases }, (_, i) => `a${i}: roles { id }`).join(' ');
    const res = await post(t, { query: `{ ${aliases} }` }).expect(200);
    expect(res.body.errors).toBeUndefined();
  });

  it('rejects documents over the token limit as a parse failure (400, not 500)', async () => {
    const res = await post(t, { query: `{ ${'__typename '.repeat(GRAPHQL_LIMITS.maxTokens + 10)} }` }).expect(400);
    expect((res.body.errors as GqlError[])[0]).toMatchObject({ extensions: { code: 'GRAPHQL_PARSE_FAILED' } });
    expect((res.body.errors as GqlError[])[0]?.message).toMatch(/tokens/);
  });

  it('rejects too many directives', async () => {
    const directives = ' @include(if: true)'.repeat(GRAPHQL_LIMITS.maxDirectives + 1);
    const res = await post(t, { query: `{ roles${directives} { id } }` }).expect(400);
    expect((res.body.errors as GqlError[]).some((e) => /Directives limit/i.test(e.message))).toBe(true);
  });

  it('reports syntax errors as 400 GRAPHQL_PARSE_FAILED', async () => {
    const res = await post(t, { query: '{ roles { id ' }).expect(400);
    expect((res.body.errors as GqlError[])[0]?.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
    expectNoStack(res.body);
  });

  it('refuses array batching', async () => {
    const res = await post(t, [{ query: '{ roles { id } }' }, { query: '{ roles { name } }' }]).expect(400);
    expect(JSON.stringify(res.body)).toMatch(/batching/i);
    expectNoStack(res.body);
  });

  it('enforces CSRF prevention: a simple (form-like) request is refused', async () => {
    await request(t.app).post('/graphql').set('content-type', 'text/plain').send(JSON.stringify({ query: '{ roles { id } }' })).expect(400);
  });

  it('allows introspection outside production', async () => {
    const res = await post(t, { query: '{ __schema { queryType { name } } }' }).expect(200);
    expect(res.body.data.__schema.queryType.name).toBe('Query');
  });

  it('never includes stack traces outside development', async () => {
    const res = await post(t, { query: '{ roles { nope } }' }).expect(400);
    expectNoStack(res.body);
  });
});

describe('GraphQL in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ nodeEnv: 'production' });
  });
  afterAll(() => t.close());

  it('refuses introspection', async () => {
    const res = await post(t, { query: '{ __schema { types { name } } }' }).expect(400);
    expect((res.body.errors as GqlError[])[0]?.message).toMatch(/introspection/i);
    expect(res.body.data).toBeUndefined();
  });

  it('hides field suggestions', async () => {
    const res = await post(t, { query: '{ roles { nam } }' }).expect(400);
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/Did you mean/);
    expect(text).not.toMatch(/"name"/);
    expectNoStack(res.body);
  });

  it('still serves ordinary queries', async () => {
    const res = await post(t, { query: '{ roles { id } }' }).expect(200);
    expect(res.body.data.roles.length).toBeGreaterThan(0);
  });

  it('sends HSTS', async () => {
    const res = await request(t.app).get('/healthz').expect(200);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
  });
});
