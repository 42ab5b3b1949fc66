import { test, expect } from '@playwright/test';
import { urls } from '../stack.mjs';

const SEEDED = [
  { id: 1, name: 'Employee' },
  { id: 2, name: 'Manager' },
  { id: 3, name: 'Contractor' },
  { id: 4, name: 'SysAdmin' },
];

test('the gateway is live and ready behind the running stack', async ({ request }) => {
  expect((await request.get(`${urls.gateway}/healthz`)).status()).toBe(200);
  expect((await request.get(`${urls.gateway}/readyz`)).status()).toBe(200);
});

test('GET /api/roles through the shell proxy returns the seeded roles from PostgreSQL', async ({ request }) => {
  const res = await request.get('/api/roles');
  expect(res.status()).toBe(200);
  const roles = (await res.json()) as Array<Record<string, unknown>>;
  expect(roles.slice(0, 4).map(({ id, name }) => ({ id, name }))).toEqual(SEEDED);
  for (const role of roles) expect(Object.keys(role).sort()).toEqual(['description', 'id', 'name']);
});

test('GraphQL roles returns the same data as REST', async ({ request }) => {
  const rest = (await (await request.get('/api/roles')).json()) as unknown[];
  const res = await request.post('/graphql', { data: { query: '{ roles { id name description } }' } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { roles: unknown[] } };
  expect(body.data.roles).toEqual(rest);
});
