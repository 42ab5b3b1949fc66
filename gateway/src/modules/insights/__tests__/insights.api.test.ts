import request from 'supertest';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { bearer, createUser, gql, PROXY_ENV, randomIp, tokenFor, type TestUser } from '../../../../test/auth';
import { fixedClock } from '../../../../test/checklist';
import { createScratchDatabase, type ScratchDatabase } from '../../../../test/scratch-database';
import type { AdminInsightsType } from '../insights.types';

/*
 * The charts' data against known data. The numbers are over every active
 * user, so this file has a database of its own (a fresh install, UTC,
 * Monday to Friday, no holidays): other files add users to the shared one.
 */

const NOW = '2025-06-20T12:00:00.000Z'; // a Friday: today is 2025-06-20

describe('administration index charts (GET /api/admin/stats/insights, Query.adminInsights)', () => {
  let db: ScratchDatabase;
  let t: TestApp;
  let adminToken: string;
  let employeeToken: string;

  /*
   * Role "Insights R": A (hire, due 0), B (hire, due 5), M (manager, due 2), Bd (buddy, due 3).
   * Role "Insights S": C (hire, due 1), T (owned by role S, due 0).
   *   user  start       completed (date)                              notes
   *   u1    2025-03-03  A 03-05, B 03-12                             finished on day 9
   *   u2    2025-03-20  A 03-21, B 03-26, Bd 04-04 (anchored 04-01)  finished on day 6
   *   u3    2025-03-10  A 03-11                                      B open: never finished
   *   u4    2025-05-01  A 05-02, B 05-02, M 05-08                    finished on day 1
   *   u5    2025-05-26  –
   *   u6    2024-05-15  A 2024-05-20, B 2024-06-14                   before the 12 months
   *   u7    2025-07-01  –                                            starts after today
   *   u8    2025-03-05  A 04-14                                      deactivated: left out
   *   u9    2025-06-02  –                                            role S
   */
  beforeAll(async () => {
    db = await createScratchDatabase({ seedSteps: [] });
    t = await buildTestApp({ dataSource: db.dataSource, env: PROXY_ENV, clock: fixedClock(NOW) });
    const q = (sql: string, params: unknown[] = []) => t.dataSource.query(sql, params) as Promise<Array<{ id: number }>>;
    const [r] = await q(`insert into roles (name) values ('Insights R') returning id`);
    const [s] = await q(`insert into roles (name) values ('Insights S') returning id`);
    const roleR = (r as { id: number }).id;
    const roleS = (s as { id: number }).id;
    const item = async (roleId: number, title: string, dueDays: number, ownerType: string, ownerRoleId: number | null = null) => {
      const [row] = await q(
        `insert into checklist_items (title, type, priority, role_id, item_order, due_days, owner_type, owner_role_id) values ($1, 'form', 'medium', $2, 1, $3, $4, $5) returning id`,
        [title, roleId, dueDays, ownerType, ownerRoleId],
      );
      const id = (row as { id: number }).id;
      await q('insert into role_checklist_items (role_id, checklist_item_id) values ($1, $2)', [roleId, id]);
      return id;
    };
    const A = await item(roleR, 'Item A', 0, 'new_hire');
    const B = await item(roleR, 'Item B', 5, 'new_hire');
    const M = await item(roleR, 'Item M', 2, 'manager');
    const Bd = await item(roleR, 'Item Bd', 3, 'buddy');
    await item(roleS, 'Item C', 1, 'new_hire');
    await item(roleS, 'Item T', 0, 'role', roleS);
    const hire = async (roleId: number, start: string, done: Array<[number, string, string?]>): Promise<TestUser> => {
      const user = await createUser(t.dataSource, { roleId });
      await q('update users set start_date = $2 where id = $1', [user.id, start]);
      for (const [itemId, on, anchor] of done) {
        await q(`insert into user_progress (user_id, checklist_item_id, status, completed_at, anchor_date) values ($1, $2, 'completed', $3, $4)`, [user.id, itemId, `${on}T10:00:00Z`, anchor ?? null]);
      }
      return user;
    };
    await hire(roleR, '2025-03-03', [[A, '2025-03-05'], [B, '2025-03-12']]);
    await hire(roleR, '2025-03-20', [[A, '2025-03-21'], [B, '2025-03-26'], [Bd, '2025-04-04', '2025-04-01']]);
    await hire(roleR, '2025-03-10', [[A, '2025-03-11']]);
    await hire(roleR, '2025-05-01', [[A, '2025-05-02'], [B, '2025-05-02'], [M, '2025-05-08']]);
    await hire(roleR, '2025-05-26', []);
    await hire(roleR, '2024-05-15', [[A, '2024-05-20'], [B, '2024-06-14']]);
    await hire(roleR, '2025-07-01', []);
    const gone = await hire(roleR, '2025-03-05', [[A, '2025-04-14']]);
    await q('update users set is_active = false where id = $1', [gone.id]);
    await hire(roleS, '2025-06-02', []);

    const admin = await createUser(t.dataSource, { roleId: 4 });
    const employee = await createUser(t.dataSource, { roleId: 1 });
    adminToken = await tokenFor(t.dataSource, admin.id);
    employeeToken = await tokenFor(t.dataSource, employee.id);
  });
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  const get = (token: string | null) => {
    const req = request(t.app).get('/api/admin/stats/insights').set('x-forwarded-for', randomIp());
    return token ? req.set(bearer(token)) : req;
  };
  const insights = async (): Promise<AdminInsightsType> => (await get(adminToken).expect(200)).body as AdminInsightsType;

  it('401 anonymous, 403 employee', async () => {
    await get(null).expect(401, { error: 'Authentication required' });
    await get(employeeToken).expect(403);
  });

  it('completion by start-month cohort: a day shows numbers only once every hire of the month is that far in', async () => {
    const body = await insights();
    expect(body.as_of).toBe('2025-06-20');
    const day = (d: number, complete: number | null, share: number | null) => ({ day: d, observed: complete !== null, complete, share });
    expect(body.cohorts).toEqual([
      // u1 (day 9), u2 (day 6), u3 (never): the last started 03-20, so every day is observed.
      { month: '2025-03', hires: 3, days: [day(7, 1, 33), day(14, 2, 67), day(30, 2, 67), day(60, 2, 67)] },
      // u4 (day 1), u5 (nothing): the last started 05-26, 30 days later is 06-25, after today.
      { month: '2025-05', hires: 2, days: [day(7, 1, 50), day(14, 1, 50), day(30, null, null), day(60, null, null)] },
      // u9 (nothing done): 7 and 14 days have passed.
      { month: '2025-06', hires: 1, days: [day(7, 0, 0), day(14, 0, 0), day(30, null, null), day(60, null, null)] },
    ]);
  });

  it('overdue tasks by role and by who owns them, every owner type, the most first', async () => {
    const body = await insights();
    expect(body.overdue_by_role.map(({ role_id: _id, ...row }) => row)).toEqual([
      // hire: u3's B, u5's A and B; manager: all but u4 (done) and u7 (not due); buddy: all but u2 (done) and u7.
      { role_name: 'Insights R', new_hire: 3, manager: 5, buddy: 5, role: 0, total: 13 },
      { role_name: 'Insights S', new_hire: 1, manager: 0, buddy: 0, role: 1, total: 2 },
    ]);
  });

  it('the slowest items by median days from the anchor to completion, slowest first', async () => {
    const body = await insights();
    expect(body.slowest_items.map(({ item_id: _id, ...row }) => row)).toEqual([
      // B: 9, 6, 1 and 30 days (u6, before the cohort window, still counts) → 7.5.
      { title: 'Item B', owner_type: 'new_hire', due_days: 5, completions: 4, median_days: 7.5 },
      { title: 'Item M', owner_type: 'manager', due_days: 2, completions: 1, median_days: 7 },
      // From the re-onboarding's anchor (04-01), not the start date (03-20).
      { title: 'Item Bd', owner_type: 'buddy', due_days: 3, completions: 1, median_days: 3 },
      // 2, 1, 1, 1 and 5 days; the deactivated u8's 40 days are left out.
      { title: 'Item A', owner_type: 'new_hire', due_days: 0, completions: 5, median_days: 1 },
    ]);
  });

  it('GraphQL answers the same numbers, administrators only', async () => {
    const query = '{ adminInsights { as_of cohorts { month hires days { day observed complete share } } overdue_by_role { role_name total } slowest_items { title median_days } } }';
    const rest = await insights();
    const res = await gql(t, query, {}, { token: adminToken });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.adminInsights).toEqual({
      as_of: '2025-06-20',
      cohorts: rest.cohorts,
      overdue_by_role: [
        { role_name: 'Insights R', total: 13 },
        { role_name: 'Insights S', total: 2 },
      ],
      slowest_items: rest.slowest_items.map((i) => ({ title: i.title, median_days: i.median_days })),
    });
    const denied = await gql(t, query, {}, { token: employeeToken });
    expect(denied.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
