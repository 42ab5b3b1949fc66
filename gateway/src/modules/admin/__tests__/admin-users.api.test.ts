import crypto from 'node:crypto';
import request from 'supertest';
import { ADMIN_ROLE_ID } from '../../../shared/actor';
import { buildTestApp, expectNoStack, type TestApp } from '../../../../test/app';
import { bearer, createUser, deleteUsers, enableTwoFactor, gql, PROXY_ENV, randomIp, tokenFor, type TestUser } from '../../../../test/auth';
import { addProgress, fixedClock, makeChecklist, type ChecklistFixture } from '../../../../test/checklist';
import { USER_ADMIN_MESSAGES as ADMIN_MESSAGES } from '../../users';
import { whileLocked } from '../../../../test/locks';

const NOW = '2025-03-10T12:00:00.000Z';
const ADMIN_USER_FIELDS = [
  'buddy_id',
  'buddy_name',
  'completion_percentage',
  'created_at',
  'email',
  'id',
  'is_active',
  'last_login_at',
  'manager_id',
  'manager_name',
  'name',
  'role_id',
  'role_name',
  'start_date',
  'two_factor_enabled',
].sort();

interface AuditRow {
  actor_user_id: number | null;
  action: string;
  target_type: string;
  target_id: string;
  details: { before?: Record<string, unknown>; after?: Record<string, unknown> };
}

describe('administration console: users (GET/PUT /api/admin/users, deactivate, reactivate, reset-2fa, checklist, PUT /api/admin/user-roles)', () => {
  let t: TestApp;
  let fx: ChecklistFixture;
  let admin: TestUser;
  let adminToken: string;
  let employeeToken: string;
  const tag = crypto.randomBytes(4).toString('hex');
  const users: number[] = [];

  const as = (token: string | null, method: 'get' | 'put' | 'post', path: string, body?: object) => {
    let req = request(t.app)[method](path).set('x-forwarded-for', randomIp());
    if (token) req = req.set(bearer(token));
    return body ? req.send(body) : req;
  };
  const audits = async (action: string, targetId: number): Promise<AuditRow[]> =>
    (await t.dataSource.query(`select actor_user_id, action, target_type, target_id, details from audit_log where action = $1 and target_id = $2 order by id`, [action, String(targetId)])) as AuditRow[];
  async function person(name: string, options: { roleId?: number; email?: string } = {}): Promise<TestUser> {
    const user = await createUser(t.dataSource, { name: `${name} ${tag}`, roleId: options.roleId ?? 1, ...(options.email ? { email: options.email } : {}) });
    users.push(user.id);
    return user;
  }

  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock(NOW), env: PROXY_ENV });
    fx = await makeChecklist(t.dataSource, [
      { title: `Paperwork ${tag}`, dueDays: 0 },
      { title: `Course ${tag}`, type: 'training', dueDays: 3 },
      { title: `Meeting ${tag}`, type: 'meeting', dueDays: 20 },
      { title: `Policy ${tag}`, type: 'policy', dueDays: 20 },
    ]);
    admin = await person('Admin', { roleId: ADMIN_ROLE_ID });
    adminToken = await tokenFor(t.dataSource, admin.id);
    employeeToken = await tokenFor(t.dataSource, (await person('Employee')).id);
  });
  afterAll(async () => {
    await deleteUsers(t.dataSource, users);
    await fx.remove();
    await t.close();
  });

  describe('refusals', () => {
    const routes: Array<['get' | 'put' | 'post', string]> = [
      ['get', '/api/admin/users'],
      ['get', '/api/admin/users/1'],
      ['put', '/api/admin/users/1'],
      ['post', '/api/admin/users/1/deactivate'],
      ['post', '/api/admin/users/1/reactivate'],
      ['post', '/api/admin/users/1/reset-2fa'],
      ['get', '/api/admin/users/1/checklist'],
      ['put', '/api/admin/user-roles'],
    ];
    it.each(routes)('%s %s: 401 anonymous, 403 employee, before any validation', async (method, path) => {
      await as(null, method, path, {}).expect(401, { error: 'Authentication required' });
      await as(employeeToken, method, path, { name: '' }).expect(403, { error: 'You do not have permission to perform this action' });
      // An employee's own id makes no difference: this is the administrators' door.
      await as(employeeToken, method, path.replace('/1', `/${users[1]}`), {}).expect(403);
    });
  });

  describe('GET /api/admin/users', () => {
    let ana: TestUser;
    let bob: TestUser;
    let cyd: TestUser;
    beforeAll(async () => {
      ana = await person('Ana List', { roleId: fx.roleId, email: `ana-${tag}@list.example.org` });
      bob = await person('bob List', { roleId: 2, email: `bob-${tag}@list.example.org` });
      cyd = await person('Cyd List', { roleId: fx.roleId, email: `cyd-${tag}@list.example.org` });
      await t.dataSource.query(`update users set start_date = '2025-01-01', last_login_at = '2025-03-09T10:00:00Z' where id = $1`, [ana.id]);
      await t.dataSource.query(`update users set start_date = '2025-03-01', last_login_at = null, is_active = false where id = $1`, [bob.id]);
      await t.dataSource.query(`update users set start_date = '2025-02-01', last_login_at = '2025-03-01T10:00:00Z' where id = $1`, [cyd.id]);
      // Ana 1 of 4 (25%), Cyd 3 of 4 (75%), Bob's role has its own seeded items and no progress (0%).
      await addProgress(t.dataSource, ana.id, fx.itemIds[0] as number, { completedAt: '2025-03-02T10:00:00Z' });
      for (const id of fx.itemIds.slice(0, 3)) await addProgress(t.dataSource, cyd.id, id, { completedAt: '2025-03-02T10:00:00Z' });
    });
    const list = (query: string) => as(adminToken, 'get', `/api/admin/users?search=List%20${tag}&${query}`).expect(200);
    const names = (body: { data: Array<{ name: string }> }) => body.data.map((u) => u.name.split(' ')[0]);

    it('lists users with role name, start date, progress, last login and account state; never a secret', async () => {
      const res = await list('');
      expect(res.body).toMatchObject({ total: 3, page: 1, limit: 20 });
      expect(names(res.body)).toEqual(['Ana', 'bob', 'Cyd']);
      for (const user of res.body.data) expect(Object.keys(user).sort()).toEqual(ADMIN_USER_FIELDS);
      expect(res.body.data[0]).toEqual({
        id: ana.id,
        name: `Ana List ${tag}`,
        email: `ana-${tag}@list.example.org`,
        role_id: fx.roleId,
        role_name: expect.stringContaining('Checklist fixture'),
        completion_percentage: 25,
        last_login_at: '2025-03-09T10:00:00.000Z',
        created_at: expect.any(String),
        start_date: '2025-01-01',
        is_active: true,
        two_factor_enabled: false,
        manager_id: null,
        buddy_id: null,
        manager_name: null,
        buddy_name: null,
      });
      expect(res.body.data[1]).toMatchObject({ role_name: 'Manager', is_active: false, last_login_at: null, completion_percentage: 0 });
      expect(JSON.stringify(res.body)).not.toMatch(/password|hash|secret|token_version|\$argon2/);
    });

    it.each([
      ['sort=name&order=desc', ['Cyd', 'bob', 'Ana']],
      ['sort=email', ['Ana', 'bob', 'Cyd']],
      ['sort=start_date', ['Ana', 'Cyd', 'bob']],
      ['sort=start_date&order=desc', ['bob', 'Cyd', 'Ana']],
      ['sort=progress&order=desc', ['Cyd', 'Ana', 'bob']],
      ['sort=progress', ['bob', 'Ana', 'Cyd']],
      ['sort=last_login_at&order=desc', ['Ana', 'Cyd', 'bob']],
      ['sort=last_login_at', ['Cyd', 'Ana', 'bob']],
      ['sort=role&order=desc', ['bob', 'Ana', 'Cyd']],
    ])('sorts: %s', async (query, expected) => {
      expect(names((await list(query)).body)).toEqual(expected);
    });

    it('filters by role and status, searches name or email literally, and pages', async () => {
      expect(names((await list(`role_id=${fx.roleId}`)).body)).toEqual(['Ana', 'Cyd']);
      expect(names((await list('status=inactive')).body)).toEqual(['bob']);
      expect(names((await list('status=active')).body)).toEqual(['Ana', 'Cyd']);
      const page2 = await list('limit=2&page=2');
      expect(page2.body).toMatchObject({ total: 3, page: 2, limit: 2 });
      expect(names(page2.body)).toEqual(['Cyd']);
      expect((await list('page=9')).body).toMatchObject({ total: 3, data: [] });
      const byEmail = await as(adminToken, 'get', `/api/admin/users?search=CYD-${tag}@LIST`).expect(200);
      expect(names(byEmail.body)).toEqual(['Cyd']);
      // % and _ are literal characters, not wildcards.
      expect((await as(adminToken, 'get', `/api/admin/users?search=${encodeURIComponent(`%List ${tag}`)}`).expect(200)).body.total).toBe(0);
      expect((await as(adminToken, 'get', `/api/admin/users?search=${encodeURIComponent(`_na List ${tag}`)}`).expect(200)).body.total).toBe(0);
    });

    it('answers 400 listing every bad parameter', async () => {
      const res = await as(adminToken, 'get', '/api/admin/users?sort=password&order=up&status=gone&role_id=x&page=0&limit=101').expect(400);
      expect(res.body.details).toEqual([
        ADMIN_MESSAGES.sortInvalid,
        ADMIN_MESSAGES.orderInvalid,
        ADMIN_MESSAGES.statusInvalid,
        ADMIN_MESSAGES.roleFilterInvalid,
        ADMIN_MESSAGES.pageInvalid,
        ADMIN_MESSAGES.limitInvalid,
      ]);
      expect(res.body.error).toBe(res.body.details.join(', '));
      await as(adminToken, 'get', `/api/admin/users?search=${'x'.repeat(201)}`).expect(400, { error: ADMIN_MESSAGES.searchInvalid, details: [ADMIN_MESSAGES.searchInvalid] });
      await as(adminToken, 'get', '/api/admin/users?search=a&search=b').expect(400);
    });

    it('GET /api/admin/users/{id}: one user; 404 unknown, 400 bad id', async () => {
      const res = await as(adminToken, 'get', `/api/admin/users/${cyd.id}`).expect(200);
      expect(res.body).toMatchObject({ id: cyd.id, completion_percentage: 75, start_date: '2025-02-01' });
      await as(adminToken, 'get', '/api/admin/users/2147483647').expect(404, { error: 'User not found' });
      await as(adminToken, 'get', '/api/admin/users/abc').expect(400, { error: 'Invalid user id', details: ['Invalid user id'] });
    });

    it("GET /api/admin/users/{id}/checklist: the user's checklist, the same numbers as the user's own view", async () => {
      const res = await as(adminToken, 'get', `/api/admin/users/${cyd.id}/checklist`).expect(200);
      expect(res.body.user).toMatchObject({ id: cyd.id, role_name: expect.any(String), completion_percentage: 75, is_active: true });
      // The fourth item was due 2025-03-03 (start Saturday 2025-02-01, counted from Monday 02-03, + 20 working days): overdue on 2025-03-10.
      expect(res.body.stats).toEqual({ completed: 3, total: 4, pending: 1, overdue: 1, completionPercentage: 75, isComplete: false, othersCompleted: 0, othersTotal: 0 });
      expect(res.body.items.map((i: { id: number; completed: boolean; documents: unknown[] }) => [i.id, i.completed, Array.isArray(i.documents)])).toEqual(
        fx.itemIds.map((id, i) => [id, i < 3, true]),
      );
      const own = await as(await tokenFor(t.dataSource, cyd.id), 'get', `/api/users/${cyd.id}/checklist`).expect(200);
      expect(own.body.stats).toEqual(res.body.stats);
      await as(adminToken, 'get', '/api/admin/users/2147483647/checklist').expect(404);
    });
  });

  describe('PUT /api/admin/users/{id}', () => {
    it('changes name, email, role and start date, audited with before and after', async () => {
      const user = await person('Edit Me');
      const email = `edited-${tag}@example.org`;
      const res = await as(adminToken, 'put', `/api/admin/users/${user.id}`, { name: '  Edited Person  ', email: ` ${email} `, role_id: fx.roleId, start_date: '2025-02-17' }).expect(200);
      expect(res.body).toMatchObject({ id: user.id, name: 'Edited Person', email, role_id: fx.roleId, start_date: '2025-02-17', completion_percentage: 0 });
      const [audit] = await audits('user.update', user.id);
      expect(audit).toMatchObject({ actor_user_id: admin.id, target_type: 'user' });
      expect(audit?.details.before).toMatchObject({ name: `Edit Me ${tag}`, email: user.email, role_id: 1 });
      expect(audit?.details.after).toMatchObject({ name: 'Edited Person', email, role_id: fx.roleId, start_date: '2025-02-17' });
      // A start date moves the due dates of the user's checklist.
      const checklist = await as(adminToken, 'get', `/api/admin/users/${user.id}/checklist`).expect(200);
      expect(checklist.body.items[1].dueDate).toBe('2025-02-20');
      // Fields left out keep their value.
      const again = await as(adminToken, 'put', `/api/admin/users/${user.id}`, { start_date: '2025-03-03' }).expect(200);
      expect(again.body).toMatchObject({ name: 'Edited Person', email, start_date: '2025-03-03' });
    });

    it('emails stay unique ignoring case: 409; the role must exist: 400', async () => {
      const first = await person('First');
      const second = await person('Second');
      await as(adminToken, 'put', `/api/admin/users/${second.id}`, { email: first.email.toUpperCase() }).expect(409, { error: ADMIN_MESSAGES.duplicateEmail });
      // Its own address in another case is fine.
      await as(adminToken, 'put', `/api/admin/users/${second.id}`, { email: second.email.toUpperCase() }).expect(200);
      await as(adminToken, 'put', `/api/admin/users/${second.id}`, { role_id: 2147483647 }).expect(400, { error: ADMIN_MESSAGES.roleUnknown, details: [ADMIN_MESSAGES.roleUnknown] });
      await as(adminToken, 'put', '/api/admin/users/2147483647', { name: 'Nobody' }).expect(404, { error: 'User not found' });
    });

    it('answers 400 listing every bad field, and for an empty change', async () => {
      const user = await person('Invalid');
      const res = await as(adminToken, 'put', `/api/admin/users/${user.id}`, { name: 'x'.repeat(101), email: 'not-an-email', role_id: 'abc', start_date: '2025-02-30' }).expect(400);
      expect(res.body.details).toEqual(['Name must be less than 100 characters', 'Please enter a valid email address', ADMIN_MESSAGES.roleIdInvalid, ADMIN_MESSAGES.startDateInvalid]);
      await as(adminToken, 'put', `/api/admin/users/${user.id}`, { name: '   ' }).expect(400, { error: 'Name is required', details: ['Name is required'] });
      await as(adminToken, 'put', `/api/admin/users/${user.id}`, { email: `${'a'.repeat(250)}@x.io` }).expect(400, { error: 'Email must be less than 254 characters', details: ['Email must be less than 254 characters'] });
      await as(adminToken, 'put', `/api/admin/users/${user.id}`, { start_date: '1999-12-31' }).expect(400, { error: ADMIN_MESSAGES.startDateOutOfRange, details: [ADMIN_MESSAGES.startDateOutOfRange] });
      await as(adminToken, 'put', `/api/admin/users/${user.id}`, {}).expect(400, { error: ADMIN_MESSAGES.noChanges, details: [ADMIN_MESSAGES.noChanges] });
      expect(await audits('user.update', user.id)).toEqual([]);
    });

    it('an administrator cannot take away their own administrator role (409), but may rename themself', async () => {
      await as(adminToken, 'put', `/api/admin/users/${admin.id}`, { role_id: 1 }).expect(409, { error: ADMIN_MESSAGES.cannotDemoteSelf });
      await as(adminToken, 'put', `/api/admin/users/${admin.id}`, { name: `Admin ${tag}`, role_id: ADMIN_ROLE_ID }).expect(200);
    });
  });

  describe('deactivate and reactivate', () => {
    it("deactivation ends every open session of the user at once and blocks sign-in; reactivation allows signing in again", async () => {
      const user = await person('Leaver');
      const ip = randomIp();
      const login = await request(t.app).post('/api/auth/login').set('x-forwarded-for', ip).send({ email: user.email, password: user.password }).expect(200);
      const session = (login.body as { token: string }).token;
      await as(session, 'get', '/api/auth/me').expect(200);

      const res = await as(adminToken, 'post', `/api/admin/users/${user.id}/deactivate`).expect(200);
      expect(res.body).toMatchObject({ id: user.id, is_active: false });
      // The very next request of the open session fails, through both doors.
      await as(session, 'get', '/api/auth/me').expect(401);
      const me = await gql(t, '{ me { id } }', {}, { token: session });
      expect(me.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
      await request(t.app).post('/api/auth/login').set('x-forwarded-for', ip).send({ email: user.email, password: user.password }).expect(401);
      const [audit] = await audits('user.deactivate', user.id);
      expect(audit).toMatchObject({ actor_user_id: admin.id, details: { before: { is_active: true }, after: { is_active: false } } });
      // Deactivating again changes nothing (no second audit row).
      await as(adminToken, 'post', `/api/admin/users/${user.id}/deactivate`).expect(200);
      expect(await audits('user.deactivate', user.id)).toHaveLength(1);

      const back = await as(adminToken, 'post', `/api/admin/users/${user.id}/reactivate`).expect(200);
      expect(back.body).toMatchObject({ is_active: true });
      expect(await audits('user.reactivate', user.id)).toHaveLength(1);
      // The old session stays ended; a new sign-in works.
      await as(session, 'get', '/api/auth/me').expect(401);
      await request(t.app).post('/api/auth/login').set('x-forwarded-for', ip).send({ email: user.email, password: user.password }).expect(200);
    });

    it('refuses to deactivate yourself (409); unknown user 404', async () => {
      await as(adminToken, 'post', `/api/admin/users/${admin.id}/deactivate`).expect(409, { error: ADMIN_MESSAGES.cannotDeactivateSelf });
      await as(adminToken, 'post', '/api/admin/users/2147483647/deactivate').expect(404);
      await as(adminToken, 'post', '/api/admin/users/0/reactivate').expect(400);
    });
  });

  describe('POST /api/admin/users/{id}/reset-2fa', () => {
    it('turns the user\'s two-factor off and ends their sessions; the password alone signs in afterwards', async () => {
      const user = await person('Lost Phone');
      const ip = randomIp();
      const login = await request(t.app).post('/api/auth/login').set('x-forwarded-for', ip).send({ email: user.email, password: user.password }).expect(200);
      const { token } = await enableTwoFactor(t, (login.body as { token: string }).token, ip, user.password);
      const step = await request(t.app).post('/api/auth/login').set('x-forwarded-for', ip).send({ email: user.email, password: user.password }).expect(200);
      expect(step.body).toEqual({ requiresTwoFactor: true, challengeId: expect.any(String) });
      expect((await as(adminToken, 'get', `/api/admin/users/${user.id}`).expect(200)).body.two_factor_enabled).toBe(true);

      const res = await as(adminToken, 'post', `/api/admin/users/${user.id}/reset-2fa`).expect(200);
      expect(res.body).toMatchObject({ id: user.id, two_factor_enabled: false });
      await as(token, 'get', '/api/auth/me').expect(401);
      const again = await request(t.app).post('/api/auth/login').set('x-forwarded-for', ip).send({ email: user.email, password: user.password }).expect(200);
      expect(again.body.requiresTwoFactor).toBe(false);
      const [{ count }] = (await t.dataSource.query('select count(*)::int as count from backup_codes where user_id = $1', [user.id])) as [{ count: number }];
      expect(count).toBe(0);
      const [audit] = await audits('user.2fa_reset', user.id);
      expect(audit).toMatchObject({ actor_user_id: admin.id, details: { before: { two_factor_enabled: true }, after: { two_factor_enabled: false } } });

      await as(adminToken, 'post', `/api/admin/users/${user.id}/reset-2fa`).expect(409, { error: ADMIN_MESSAGES.twoFactorNotEnabled });
      await as(adminToken, 'post', `/api/admin/users/${admin.id}/reset-2fa`).expect(409, { error: ADMIN_MESSAGES.cannotResetOwnTwoFactor });
    });
  });

  describe('PUT /api/admin/user-roles', () => {
    it('moves users to a role in bulk; one audit row per user whose role changed', async () => {
      const a = await person('Bulk A');
      const b = await person('Bulk B', { roleId: fx.roleId });
      const res = await as(adminToken, 'put', '/api/admin/user-roles', { user_ids: [a.id, b.id, a.id], role_id: fx.roleId }).expect(200);
      expect(res.body).toMatchObject({ role_id: fx.roleId, updated: 1 });
      expect(res.body.users.map((u: { id: number; role_id: number }) => [u.id, u.role_id])).toEqual([
        [a.id, fx.roleId],
        [b.id, fx.roleId],
      ]);
      expect(await audits('user.role_assign', a.id)).toEqual([
        { actor_user_id: admin.id, action: 'user.role_assign', target_type: 'user', target_id: String(a.id), details: { before: { role_id: 1 }, after: { role_id: fx.roleId }, reonboard: false } },
      ]);
      expect(await audits('user.role_assign', b.id)).toEqual([]);
      // The moved user now has the role's checklist.
      const checklist = await as(adminToken, 'get', `/api/admin/users/${a.id}/checklist`).expect(200);
      expect(checklist.body.items.map((i: { id: number }) => i.id)).toEqual(fx.itemIds);
    });

    it('is all or nothing: an unknown user is a 400 and nobody moves', async () => {
      const a = await person('Bulk C');
      await as(adminToken, 'put', '/api/admin/user-roles', { user_ids: [a.id, 2147483646], role_id: 2 }).expect(400, {
        error: ADMIN_MESSAGES.unknownUsers([2147483646]),
        details: [ADMIN_MESSAGES.unknownUsers([2147483646])],
      });
      expect((await as(adminToken, 'get', `/api/admin/users/${a.id}`).expect(200)).body.role_id).toBe(1);
    });

    it('validates the body, the role, and keeps the administrator in their role', async () => {
      const res = await as(adminToken, 'put', '/api/admin/user-roles', { user_ids: 'all', role_id: 'x' }).expect(400);
      expect(res.body.details).toEqual([ADMIN_MESSAGES.userIdsInvalid, ADMIN_MESSAGES.roleIdInvalid]);
      await as(adminToken, 'put', '/api/admin/user-roles', { user_ids: [], role_id: 1 }).expect(400);
      await as(adminToken, 'put', '/api/admin/user-roles', { user_ids: Array.from({ length: 1001 }, (_, i) => i + 1), role_id: 1 }).expect(400);
      await as(adminToken, 'put', '/api/admin/user-roles', { user_ids: [users[1]], role_id: 2147483647 }).expect(400, { error: ADMIN_MESSAGES.roleUnknown, details: [ADMIN_MESSAGES.roleUnknown] });
      await as(adminToken, 'put', '/api/admin/user-roles', { user_ids: [users[1], admin.id], role_id: 1 }).expect(409, { error: ADMIN_MESSAGES.cannotDemoteSelf });
    });
  });

  describe('GraphQL', () => {
    it('the same operations with the same rules', async () => {
      const target = await person('Gql Target');
      const anon = await gql(t, '{ adminUsers { total } }');
      expect(anon.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
      const employee = await gql(t, '{ adminUsers { total } }', {}, { token: employeeToken });
      expect(employee.body.errors[0].extensions.code).toBe('FORBIDDEN');

      const page = await gql(t, 'query ($f: AdminUsersFilter) { adminUsers(filter: $f) { total data { id name role_name } } }', { f: { search: `Gql Target ${tag}` } }, { token: adminToken });
      expect(page.body.data.adminUsers).toEqual({ total: 1, data: [{ id: target.id, name: `Gql Target ${tag}`, role_name: 'Employee' }] });

      const update = 'mutation ($id: Int!, $input: AdminUserUpdateInput!) { updateUser(id: $id, input: $input) { id email start_date } }';
      const dup = await gql(t, update, { id: target.id, input: { email: admin.email } }, { token: adminToken });
      expect(dup.body.errors[0]).toMatchObject({ message: ADMIN_MESSAGES.duplicateEmail, extensions: { code: 'CONFLICT' } });
      const bad = await gql(t, update, { id: target.id, input: { start_date: 'soon' } }, { token: adminToken });
      expect(bad.body.errors[0]).toMatchObject({ message: ADMIN_MESSAGES.startDateInvalid, extensions: { code: 'BAD_USER_INPUT', details: [ADMIN_MESSAGES.startDateInvalid] } });
      const ok = await gql(t, update, { id: target.id, input: { start_date: '2025-03-01' } }, { token: adminToken });
      expect(ok.body.data.updateUser).toEqual({ id: target.id, email: target.email, start_date: '2025-03-01' });

      const self = await gql(t, 'mutation ($id: Int!) { deactivateUser(id: $id) { id } }', { id: admin.id }, { token: adminToken });
      expect(self.body.errors[0].extensions.code).toBe('CONFLICT');
      const off = await gql(t, 'mutation ($id: Int!) { deactivateUser(id: $id) { is_active } }', { id: target.id }, { token: adminToken });
      expect(off.body.data.deactivateUser).toEqual({ is_active: false });

      const moved = await gql(t, 'mutation ($u: [Int!]!, $r: Int!) { assignUsersToRole(userIds: $u, roleId: $r) { updated users { role_id role_name } } }', { u: [target.id], r: 2 }, { token: adminToken });
      expect(moved.body.data.assignUsersToRole).toEqual({ updated: 1, users: [{ role_id: 2, role_name: 'Manager' }] });

      const progress = await gql(t, 'query ($id: Int!) { adminUserProgress(userId: $id) { user { id } stats { total } items { id owner_type documents { id } } } }', { id: target.id }, { token: adminToken });
      expect(progress.body.data.adminUserProgress.user.id).toBe(target.id);
      // Other suites may hand a role's item to a manager or team; the hire's totals count only the hire's own tasks.
      const own = progress.body.data.adminUserProgress.items.filter((i: { owner_type: string }) => i.owner_type === 'new_hire');
      expect(progress.body.data.adminUserProgress.stats.total).toBe(own.length);
      expectNoStack(progress.body);
    });
  });

  describe('two administrators acting on each other at the same moment', () => {
    const changes: Array<[string, (token: string, other: TestUser) => request.Test]> = [
      ['deactivating the other', (token, other) => as(token, 'post', `/api/admin/users/${other.id}/deactivate`)],
      ['demoting the other', (token, other) => as(token, 'put', `/api/admin/users/${other.id}`, { role_id: 1 })],
      ['moving the other to another role in bulk', (token, other) => as(token, 'put', '/api/admin/user-roles', { user_ids: [other.id], role_id: 1 })],
      // Refused before looking at the other's state: the other need not be inactive or use two-factor.
      ['reactivating someone', (token, other) => as(token, 'post', `/api/admin/users/${other.id}/reactivate`)],
      ["resetting someone's two-factor", (token, other) => as(token, 'post', `/api/admin/users/${other.id}/reset-2fa`)],
    ];
    it.each(changes)('%s, after the other demoted you meanwhile, is refused (403): an administrator stays', async (_what, change) => {
      const first = await person('First admin', { roleId: ADMIN_ROLE_ID });
      const second = await person('Second admin', { roleId: ADMIN_ROLE_ID });
      const token = await tokenFor(t.dataSource, first.id);
      // The second administrator's demotion of the first holds the first's row, and commits once the first's change waits on it.
      const res = await whileLocked({
        hold: (client) => client.query('select 1 from users where id = $1 for no key update', [first.id]),
        start: () => change(token, second),
        waitingOn: '%order by id for no key update%',
        what: "the first administrator's change waiting on the demotion of them",
        beforeCommit: (client) => client.query('update users set role_id = 1 where id = $1', [first.id]),
      });
      expect(res.status).toBe(403);
      const [row] = (await t.dataSource.query('select role_id, is_active from users where id = $1', [second.id])) as unknown[];
      expect(row).toEqual({ role_id: ADMIN_ROLE_ID, is_active: true });
    });

    it('a change by an administrator deactivated meanwhile is refused (403) too', async () => {
      const first = await person('Deactivated admin', { roleId: ADMIN_ROLE_ID });
      const second = await person('Remaining admin', { roleId: ADMIN_ROLE_ID });
      const token = await tokenFor(t.dataSource, first.id);
      const res = await whileLocked({
        hold: (client) => client.query('select 1 from users where id = $1 for no key update', [first.id]),
        start: () => as(token, 'post', `/api/admin/users/${second.id}/deactivate`),
        waitingOn: '%order by id for no key update%',
        what: "the first administrator's change waiting on their deactivation",
        beforeCommit: (client) => client.query('update users set is_active = false where id = $1', [first.id]),
      });
      expect(res.status).toBe(403);
      const [row] = (await t.dataSource.query('select role_id, is_active from users where id = $1', [second.id])) as unknown[];
      expect(row).toEqual({ role_id: ADMIN_ROLE_ID, is_active: true });
    });
  });
});
