// Resilience (README, "Resilience"): the built gateway started with NODE_ENV=production refuses what an
// attacker would try first, and never explains itself with internals.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../scripts/lib/paths.mjs';
import { call, database, leaksInternals, startGateway } from './stack.mjs';

const dataDir = path.join(repoRoot, '.data', 'resilience-production');
const db = database({ dataDir, port: Number(process.env.RESILIENCE_PROD_PG_PORT || 15422) });
let gateway;
const bodies = [];

before(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await db.start();
  gateway = await startGateway({
    port: Number(process.env.RESILIENCE_PROD_GATEWAY_PORT || 4951),
    databaseUrl: db.url,
    dataDir,
    // No demo data: production refuses it (the base roles come from a migration).
    env: { NODE_ENV: 'production', SEED_DEMO: 'false' },
  });
});

after(async () => {
  await gateway?.stop();
  await db.stop();
});

async function graphql(body, headers = {}) {
  const r = await call(gateway.base, 'POST', '/graphql', { body });
  bodies.push(r.text);
  return { status: r.status, json: r.text ? JSON.parse(r.text) : null, text: r.text, headers };
}
const messages = (res) => (res.json?.errors ?? []).map((e) => e.message).join(' | ');

test('ordinary queries still work in production', async () => {
  const res = await graphql({ query: '{ roles { id name } }' });
  assert.equal(res.status, 200);
  assert.ok(res.json.data.roles.length >= 4);
});

test('introspection is refused', async () => {
  const res = await graphql({ query: '{ __schema { types { name } } }' });
  assert.equal(res.status, 400);
  assert.equal(res.json.data, undefined);
  assert.match(messages(res), /introspection/i);
});

test('no field suggestions', async () => {
  const res = await graphql({ query: '{ rolez { id } }' });
  assert.equal(res.status, 400);
  assert.doesNotMatch(messages(res), /did you mean/i);
  assert.doesNotMatch(messages(res), /roles/);
});

test('depth limit', async () => {
  const deep = '{ a { b { c { d { e { f { g { h { i { j { k { l } } } } } } } } } } } }';
  const res = await graphql({ query: deep });
  assert.equal(res.status, 400);
  assert.match(messages(res), /depth/i);
});

test('alias limit', async () => {
  const query = `{ ${Array.from({ length: 16 }, (_, i) => `a${i}: roles { id }`).join(' ')} }`;
  const res = await graphql({ query });
  assert.equal(res.status, 400);
  assert.match(messages(res), /alias/i);
});

test('token limit', async () => {
  const query = `{ roles { ${'id '.repeat(1200)} } }`;
  const res = await graphql({ query });
  assert.equal(res.status, 400);
  assert.match(messages(res), /token/i);
});

test('cost limit (a fragment bomb small in tokens, huge in cost)', async () => {
  const levels = 12;
  const fragments = [`fragment F0 on Role { id name description }`];
  for (let i = 1; i <= levels; i++) fragments.push(`fragment F${i} on Role { ...F${i - 1} ...F${i - 1} }`);
  const query = `{ roles { ...F${levels} } } ${fragments.join(' ')}`;
  const res = await graphql({ query });
  assert.equal(res.status, 400);
  assert.match(messages(res), /cost/i);
});

test('array batching is refused', async () => {
  const res = await graphql([{ query: '{ roles { id } }' }, { query: '{ roles { id } }' }]);
  assert.equal(res.status, 400);
  assert.equal(Array.isArray(res.json), false);
});

test('mutations over GET and simple (CSRF-able) requests are refused', async () => {
  const get = await call(gateway.base, 'GET', `/graphql?query=${encodeURIComponent('mutation { logout { success } }')}`);
  assert.ok(get.status === 400 || get.status === 405, `GET mutation answered ${get.status}`);
  const form = await fetch(`${gateway.base}/graphql?query=${encodeURIComponent('{ roles { id } }')}`, { headers: { 'content-type': 'text/plain' } });
  assert.equal(form.status, 400);
  bodies.push(get.text, await form.text());
});

test('no response above carried a stack trace or internals', () => {
  assert.ok(bodies.length >= 8);
  for (const text of bodies) {
    assert.doesNotMatch(text, /stacktrace/i);
    assert.ok(!leaksInternals(text), text.slice(0, 300));
  }
});
