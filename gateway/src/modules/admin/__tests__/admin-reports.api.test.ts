import crypto from 'node:crypto';
import request from 'supertest';
import { ADMIN_ROLE_ID } from '../../../shared/actor';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { bearer, createUser, deleteUsers, gql, PROXY_ENV, randomIp, tokenFor, type TestUser } from '../../../../test/auth';
import { addProgress, fixedClock, makeChecklist, type ChecklistFixture } from '../../../../test/checklist';
import { AUDIT_LOG_MESSAGES as ADMIN_MESSAGES, type AuditEntryType as AuditEntryView } from '../../audit';
import type { RoleHealthType as RoleHealthView } from '../../checklist';
import type { AdminStatsType as AdminStatsView } from '../admin.types';

const NOW = '2025-03-10T12:00:00.000Z'; // today 2025-03-10; "new hires" started 2025-02-09 … 2025-03-10

describe('administration console: statistics (GET /api/admin/stats) and audited changes (GET /api/admin/audit)', () => {
  let t: TestApp;
  let fx: ChecklistFixture;
  let empty: ChecklistFixture;
  let admin: TestUser;
  let adminToken: string;
  let employeeToken: string;
  const users: number[] = [];
  const fixtureUsers: TestUser[] = [];

  const as = (token: string | null, path: string) => {
    const req = request(t.app).get(path).set('x-forwarded-for', randomIp());
    return token ? req.set(bearer(token)) : req;
  };
  const stats = async (): Promise<AdminStatsView> => (await as(adminToken, '/api/admin/stats').expect(200)).body as AdminStatsView;
  const roleRow = (s: AdminStatsView, roleId: number): RoleHealthView | undefined => s.roles.find((r) => r.role_id === roleId);

  /*
   * The known data set: one role with 3 items due 0, 5 and 40 working days after the start (the
   * shared database's calendar: Monday to Friday), and these users (done = completed items):
   *   start       done  overdue on Monday 2025-03-10               new hire  finished
   *   2025-03-01  1, 2  –                                          yes       no
   *   2025-01-01  all   –                                          no        yes
   *   2025-03-07  –     item 1 (due 03-07; a pending progress row) yes       no
   *   2025-02-08  –     items 1 (Mon 02-10) and 2 (02-17)          no (31st day back)
   *   2025-02-09  1     item 2 (02-17)                             yes (30th day back)
   *   2025-01-15  –     (deactivated: left out)
   * → 5 users, 3 new hires, 1 finished, 15 assigned, 6 completed (40 %), 4 overdue.
   */
  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock(NOW), env: PROXY_ENV });
    fx = await makeChecklist(t.dataSource, [{ dueDays: 0 }, { dueDays: 5 }, { dueDays: 40 }]);
    empty = await makeChecklist(t.dataSource, []);
    const [i1, i2, i3] = fx.itemIds as [number, number, number];
    const done = '2025-03-05T10:00:00Z';
    const plan: Array<[string, number[]]> = [
      ['2025-03-01', [i1, i2]],
      ['2025-01-01', [i1, i2, i3]],
      ['2025-03-07', []],
      ['2025-02-08', []],
      ['2025-02-09', [i1]],
      ['2025-01-15', []],
    ];
    for (const [start, completed] of plan) {
      const user = await fx.addUser(start);
      fixtureUsers.push(user);
      for (const item of completed) await addProgress(t.dataSource, user.id, item, { completedAt: done });
    }
    await addProgress(t.dataSource, (fixtureUsers[2] as TestUser).id, i1, { completedAt: null, note: 'Started, then set back' });
    await t.dataSource.query('update users set is_active = false where id = $1', [(fixtureUsers[5] as TestUser).id]);
    await empty.addUser('2025-03-09');

    admin = await createUser(t.dataSource, { roleId: ADMIN_ROLE_ID, name: 'Stats Admin' });
    const employee = await createUser(t.dataSource, { roleId: 1 });
    users.push(admin.id, employee.id);
    adminToken = await tokenFor(t.dataSource, admin.id);
    employeeToken = await tokenFor(t.dataSource, employee.id);
  });
  afterAll(async () => {
    await deleteUsers(t.dataSource, users);
    await fx.remove();
    await empty.remove();
    await t.close();
  });

  it('401 anonymous, 403 employee', async () => {
    for (const path of ['/api/admin/stats', '/api/admin/audit', '/api/admin/audit?category=nonsense']) {
      await as(null, path).expect(401, { error: 'Authentication required' });
      await as(employeeToken, path).expect(403, { error: 'You do not have permission to perform this action' });
    }
  });

  it('computes the onboarding health of a role exactly, on the known data set', async () => {
    const s = await stats();
    expect(s.as_of).toBe('2025-03-10');
    expect(roleRow(s, fx.roleId)).toEqual({
      role_id: fx.roleId,
      role_name: expect.stringContaining('Checklist fixture'),
      checklist_items: 3,
      users: 5,
      new_hires: 3,
      finished_users: 1,
      assigned_tasks: 15,
      completed_tasks: 6,
      completion_rate: 40,
      overdue_tasks: 4,
    });
    // A role without items: users, but no rate to speak of.
    expect(roleRow(s, empty.roleId)).toMatchObject({ checklist_items: 0, users: 1, new_hires: 1, assigned_tasks: 0, completion_rate: null, overdue_tasks: 0, finished_users: 0 });
  });

  it("agrees with the checklist's own rules: the per-user checklists of the role add up to the role's row", async () => {
    const s = await stats();
    let completed = 0;
    let total = 0;
    let overdue = 0;
    let finished = 0;
    for (const user of fixtureUsers.slice(0, 5)) {
      const res = await as(adminToken, `/api/admin/users/${user.id}/checklist`).expect(200);
      const own = res.body.stats as { completed: number; total: number; overdue: number; isComplete: boolean };
      completed += own.completed;
      total += own.total;
      overdue += own.overdue;
      if (own.isComplete) finished += 1;
    }
    expect(roleRow(s, fx.roleId)).toMatchObject({ completed_tasks: completed, assigned_tasks: total, overdue_tasks: overdue, finished_users: finished });
  });

  it('totals are the sums over the roles; counts cover the whole portal', async () => {
    const s = await stats();
    const sum = (pick: (r: RoleHealthView) => number) => s.roles.reduce((n, r) => n + pick(r), 0);
    expect(s.new_hires_last_30_days).toBe(sum((r) => r.new_hires));
    expect(s.users_finished).toBe(sum((r) => r.finished_users));
    expect(s.overdue_tasks).toBe(sum((r) => r.overdue_tasks));
    expect(s.completion_rate).toBe(Math.round((100 * sum((r) => r.completed_tasks)) / sum((r) => r.assigned_tasks)));
    expect(s.roles.map((r) => r.role_id)).toEqual([...s.roles.map((r) => r.role_id)].sort((a, b) => a - b));
    // Every role but the administrators' (who are not onboarding).
    expect(s.counts.roles).toBe(s.roles.length + 1);
    expect(s.roles.some((r) => r.role_id === ADMIN_ROLE_ID)).toBe(false);
    expect(s.counts.users).toBeGreaterThanOrEqual(s.counts.active_users);
    expect(s.counts.active_users).toBeGreaterThanOrEqual(sum((r) => r.users));
    expect(s.counts.checklist_items).toBeGreaterThanOrEqual(39 + 3);
    // The demo documents are seeded with the database.
    expect(s.counts.documents).toBeGreaterThan(0);
    const gqlStats = await gql(t, '{ adminStats { as_of counts { roles } roles { role_id completion_rate overdue_tasks new_hires } } }', {}, { token: adminToken });
    const row = (gqlStats.body.data.adminStats.roles as RoleHealthView[]).find((r) => r.role_id === fx.roleId);
    expect(row).toEqual({ role_id: fx.roleId, completion_rate: 40, overdue_tasks: 4, new_hires: 3 });
  });

  it('asks each owner once, the health in one set-based statement, however many users there are (no per-user queries)', async () => {
    const statements: string[] = [];
    const original = t.dataSource.driver.createQueryRunner.bind(t.dataSource.driver);
    const spy = jest.spyOn(t.dataSource.driver, 'createQueryRunner').mockImplementation((mode) => {
      const runner = original(mode);
      const query = runner.query.bind(runner);
      runner.query = ((text: string, ...rest: unknown[]) => {
        statements.push(text);
        return (query as (text: string, ...args: unknown[]) => Promise<unknown>)(text, ...rest);
      }) as typeof runner.query;
      return runner;
    });
    // Hot reads (the session check) go to the pool as named statements, past the query runners.
    const pool = (t.dataSource.driver as unknown as { master: { query: (config: { text: string }) => Promise<unknown> } }).master;
    const originalPoolQuery = pool.query.bind(pool);
    const poolSpy = jest.spyOn(pool, 'query').mockImplementation((config: { text: string }) => {
      statements.push(config.text);
      return originalPoolQuery(config);
    });
    try {
      await stats();
    } finally {
      spy.mockRestore();
      poolSpy.mockRestore();
    }
    // The session check, the company's today (the checklist's calendar), then one answer from each owner: the accounts
    // (users), the roles, the checklist items, the documents, and the health per role (the checklist), one statement
    // over every user's progress.
    const queries = statements.filter((q) => !/^(start|commit|rollback)/i.test(q.trim()));
    expect(queries).toHaveLength(7);
    expect(queries.filter((q) => q.includes('user_progress'))).toHaveLength(1);
  });

  describe('GET /api/admin/audit', () => {
    it('lists the latest changes, newest first, with who, what (before/after) and when', async () => {
      const created = await request(t.app).post('/api/roles').set(bearer(adminToken)).send({ name: `Audit ${crypto.randomBytes(4).toString('hex')}` }).expect(201);
      try {
        await request(t.app).put(`/api/roles/${created.body.id}`).set(bearer(adminToken)).send({ name: `${created.body.name} v2` }).expect(200);
        const res = await as(adminToken, '/api/admin/audit?limit=100').expect(200);
        expect(res.body).toMatchObject({ page: 1, limit: 100, total: expect.any(Number) });
        const entries = res.body.data as AuditEntryView[];
        const times = entries.map((e) => e.created_at);
        expect([...times].sort().reverse()).toEqual(times);
        const mine = entries.filter((e) => e.target_type === 'role' && e.target_id === String(created.body.id));
        expect(mine.map((e) => e.action)).toEqual(['role.update', 'role.create']);
        expect(mine[0]).toEqual({
          id: expect.any(Number),
          action: 'role.update',
          actor_user_id: admin.id,
          actor_name: 'Stats Admin',
          target_type: 'role',
          target_id: String(created.body.id),
          details: { before: created.body, after: { ...created.body, name: `${created.body.name} v2` } },
          created_at: expect.any(String),
        });
        // "changes" leaves sign-in traffic out.
        expect(entries.some((e) => e.action.startsWith('auth.'))).toBe(false);
      } finally {
        await t.dataSource.query('delete from roles where id = $1', [created.body.id]);
      }
    });

    it('category=all includes sign-ins; pages; validates', async () => {
      const ip = randomIp();
      const user = await createUser(t.dataSource);
      users.push(user.id);
      await request(t.app).post('/api/auth/login').set('x-forwarded-for', ip).send({ email: user.email, password: user.password }).expect(200);
      const all = await as(adminToken, '/api/admin/audit?category=all&limit=100').expect(200);
      expect((all.body.data as AuditEntryView[]).some((e) => e.action === 'auth.login_success' && e.actor_user_id === user.id)).toBe(true);
      expect(all.body.total).toBeGreaterThanOrEqual((await as(adminToken, '/api/admin/audit').expect(200)).body.total);
      const page = await as(adminToken, '/api/admin/audit?category=all&limit=1&page=2').expect(200);
      expect(page.body).toMatchObject({ page: 2, limit: 1 });
      expect(page.body.data).toHaveLength(1);
      const bad = await as(adminToken, '/api/admin/audit?category=secrets&page=-1&limit=1000').expect(400);
      expect(bad.body.details).toEqual([ADMIN_MESSAGES.categoryInvalid, ADMIN_MESSAGES.pageInvalid, ADMIN_MESSAGES.limitInvalid]);
      const viaGql = await gql(t, '{ auditLog(category: all, limit: 2) { limit data { action details created_at } } }', {}, { token: adminToken });
      expect(viaGql.body.data.auditLog.limit).toBe(2);
      expect(viaGql.body.data.auditLog.data).toHaveLength(2);
      // Never a secret in the trail.
      expect(JSON.stringify(all.body)).not.toMatch(/\$argon2|"(password|password_hash|secret|two_factor_secret|token|code)":/i);
    });
  });
});
