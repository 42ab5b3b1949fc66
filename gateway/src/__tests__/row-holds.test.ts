import request from 'supertest';
import { ADMIN_ROLE_ID } from '../shared/actor';
import { buildTestApp, type TestApp } from '../../test/app';
import { bearer, createUser, deleteUsers, PROXY_ENV, randomIp, tokenFor, type TestUser } from '../../test/auth';
import { makeChecklist, type ChecklistFixture } from '../../test/checklist';
import { testDatabaseUrl, withClient } from '../../test/database';

/*
 * Changes hold the rows they change FOR NO KEY UPDATE, not FOR UPDATE: a row
 * that another transaction merely refers to (every insert with a foreign key
 * to it holds it FOR KEY SHARE until it commits, as the daily reminder run
 * does for every recipient and escalated item for as long as it runs) must
 * not hold up a password change or an administrator's edit until the
 * statement timeout answers 500.
 */

jest.setTimeout(60_000);

/** The answer of `pending`, or a failure naming `what` after 10 s (well inside the 30 s statement timeout). */
async function within<T>(what: string, pending: PromiseLike<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} waited on a row another transaction only refers to`)), 10_000);
  });
  try {
    return await Promise.race([pending, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('rows referred to by a long transaction', () => {
  let t: TestApp;
  let fx: ChecklistFixture;
  let admin: TestUser;
  let adminToken: string;
  const created: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ env: PROXY_ENV });
    fx = await makeChecklist(t.dataSource, [{ dueDays: 3, title: 'Held item' }]);
    admin = await createUser(t.dataSource, { roleId: ADMIN_ROLE_ID });
    created.push(admin.id);
    adminToken = await tokenFor(t.dataSource, admin.id);
  });
  afterAll(async () => {
    await deleteUsers(t.dataSource, created);
    await fx.remove();
    await t.close();
  });

  it("do not hold up a user's password change, an administrator's edit of them or of an item", async () => {
    const user = await fx.addUser();
    const token = await tokenFor(t.dataSource, user.id);
    const itemId = fx.itemIds[0] as number;
    await withClient(testDatabaseUrl(), async (client) => {
      await client.query('begin');
      try {
        // What an insert referring to the user and the item (a digest, an escalation) holds until it commits.
        await client.query('select 1 from users where id = $1 for key share', [user.id]);
        await client.query('select 1 from checklist_items where id = $1 for key share', [itemId]);

        const changed = await within(
          'the password change',
          request(t.app).post('/api/auth/change-password').set('x-forwarded-for', randomIp()).set(bearer(token)).send({ currentPassword: user.password, newPassword: 'Held-but-free-2031' }),
        );
        expect(changed.status).toBe(200);
        const edited = await within(
          "the administrator's edit of the user",
          request(t.app).put(`/api/admin/users/${user.id}`).set('x-forwarded-for', randomIp()).set(bearer(adminToken)).send({ name: 'Renamed While Held', buddy_id: admin.id }),
        );
        expect(edited.status).toBe(200);
        const item = await within(
          "the administrator's edit of the item",
          request(t.app).put(`/api/admin/checklist-items/${itemId}`).set('x-forwarded-for', randomIp()).set(bearer(adminToken)).send({ title: 'Renamed item' }),
        );
        expect(item.status).toBe(200);
      } finally {
        await client.query('rollback');
      }
    });
  });
});
