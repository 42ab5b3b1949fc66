import request from 'supertest';
import { ANONYMOUS } from '../../../shared/actor';
import { createLogger } from '../../../shared/logger';
import { DEMO_ROLES, seedDemoData } from '../../../db/seed';
import { AuditService } from '../../audit';
import { RolesService } from '../roles.service';
import { buildTestApp, GQL_HEADERS, type TestApp } from '../../../../test/app';

const expected = DEMO_ROLES.map(({ id, name, description }) => ({ id, name, description }));
// Other test files create (and delete) roles concurrently on the shared database;
// theirs get higher ids, so the seeded ones are the head of the ordered list.
const seeded = (list: Array<{ id: number }>) => list.slice(0, expected.length);

describe('roles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/roles returns the seeded roles, ordered by id, with exactly id/name/description', async () => {
    const res = await request(t.app).get('/api/roles').expect(200).expect('content-type', /application\/json/);
    expect(seeded(res.body)).toEqual(expected);
    for (const role of res.body as object[]) expect(Object.keys(role).sort()).toEqual(['description', 'id', 'name']);
  });

  it('seeds the roles the product relies on', () => {
    expect(expected.slice(0, 4).map((r) => [r.id, r.name])).toEqual([
      [1, 'Employee'],
      [2, 'Manager'],
      [3, 'Contractor'],
      [4, 'SysAdmin'],
    ]);
  });

  it('GraphQL roles returns the same data as REST', async () => {
    const res = await request(t.app).post('/graphql').set(GQL_HEADERS).send({ query: '{ roles { id name description } }' }).expect(200);
    expect(res.body.errors).toBeUndefined();
    expect(seeded(res.body.data.roles)).toEqual(expected);
  });

  it('the service lists roles for an anonymous actor', async () => {
    // Listing asks nobody who holds a role.
    const nobody = { countByRole: () => Promise.resolve(0), openInvitations: () => Promise.resolve(0) };
    const roles = await new RolesService(t.dataSource, nobody, new AuditService(t.dataSource)).list(ANONYMOUS);
    expect(seeded(roles).map((r) => r.id)).toEqual(expected.map((r) => r.id));
  });

  it('seeding is skipped on a database that already has data', async () => {
    await expect(seedDemoData(t.dataSource, createLogger('silent'))).resolves.toBe(false);
    const [{ count }] = (await t.dataSource.query('select count(*)::int as count from roles where id <= $1', [DEMO_ROLES.length])) as [{ count: number }];
    expect(count).toBe(DEMO_ROLES.length);
    const [{ users }] = (await t.dataSource.query('select count(*)::int as users from users where id <= 2')) as [{ users: number }];
    expect(users).toBe(2);
  });

  it('moved the identity sequence past the explicit seed ids', async () => {
    const runner = t.dataSource.createQueryRunner();
    await runner.startTransaction();
    try {
      const [row] = (await runner.query(`insert into roles (name) values ('Sequence Probe') returning id`)) as [{ id: number }];
      expect(row.id).toBeGreaterThan(Math.max(...DEMO_ROLES.map((r) => r.id)));
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});
