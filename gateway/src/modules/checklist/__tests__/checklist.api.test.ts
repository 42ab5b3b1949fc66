import request from 'supertest';
import { ADMIN_ROLE_ID } from '../../../shared/actor';
import { buildTestApp, expectNoStack, type TestApp } from '../../../../test/app';
import { bearer, createUser, deleteUsers, gql, tokenFor, type TestUser } from '../../../../test/auth';
import { addProgress, CHECKLIST_ITEM_FIELDS, fixedClock, makeChecklist, USER_CHECKLIST_ITEM_FIELDS, type ChecklistFixture } from '../../../../test/checklist';

const NOW = '2025-03-10T12:00:00.000Z'; // today 2025-03-10
const START = '2025-03-03';
const BAD_IDS = ['abc', '0', '-1', '1.5', '1e3', '2147483648', '99999999999', '%20'];
const UNKNOWN_ID = 2_147_483_647;

const ITEM_FIELDS_GQL = 'id title description type priority role_id item_order due_days created_at updated_at owner_type owner_role_id documents { id title url description document_class_name }';
const USER_ITEM_FIELDS_GQL = `${ITEM_FIELDS_GQL} has_progress progress_id status completed note due_date completed_at dueDate isOverdue daysUntilDue estimatedTime ownerLabel ownerName canComplete`;
/** GET /checklist-items/{id}: the item's fields plus its due date and overdue state for the reader. */
const READER_ITEM_FIELDS = [...CHECKLIST_ITEM_FIELDS, 'dueDate', 'isOverdue', 'ownerLabel', 'ownerName', 'canComplete'].sort();

describe('checklists: GET /user-checklist-items/user/{userId}, /users/{userId}, /users/{userId}/checklist, /checklist-items/{id} and GraphQL', () => {
  let t: TestApp;
  let fx: ChecklistFixture;
  let otherRole: ChecklistFixture;
  let employee: TestUser;
  let colleague: TestUser;
  let admin: TestUser;
  let token: string;
  let adminToken: string;
  const extraUsers: number[] = [];
  const fixtures: ChecklistFixture[] = [];

  const get = (path: string, as: string | null = token) => (as ? request(t.app).get(path).set(bearer(as)) : request(t.app).get(path));

  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock(NOW) });
    fx = await makeChecklist(t.dataSource, [
      { title: 'Sign the handbook', type: 'policy', priority: 'high', itemOrder: 2, dueDays: 0 },
      { title: 'Security course', type: 'training', itemOrder: 1, dueDays: 2, description: null },
      { title: 'Meet the team', type: 'meeting', priority: 'low', itemOrder: 2, dueDays: 8 }, // 8 working days: Thursday 03-13
    ]);
    otherRole = await makeChecklist(t.dataSource, [{ title: 'Another role only', type: 'sop' }]);
    fixtures.push(fx, otherRole);
    employee = await fx.addUser(START);
    colleague = await fx.addUser(START);
    admin = await createUser(t.dataSource, { roleId: ADMIN_ROLE_ID });
    extraUsers.push(admin.id);
    token = await tokenFor(t.dataSource, employee.id);
    adminToken = await tokenFor(t.dataSource, admin.id);
    await addProgress(t.dataSource, employee.id, fx.itemIds[0] as number, { completedAt: '2025-03-04T09:00:00Z', note: 'Signed on day two' });
  });
  afterAll(async () => {
    await deleteUsers(t.dataSource, extraUsers);
    for (const f of fixtures) await f.remove();
    await t.close();
  });

  describe('GET /api/user-checklist-items/user/{userId}', () => {
    it("answers the user's checklist in item_order (then id), with progress and the computed fields", async () => {
      const res = await get(`/api/user-checklist-items/user/${employee.id}`).expect(200);
      const items = res.body as Array<Record<string, unknown>>;
      expect(items.map((i) => i.title)).toEqual(['Security course', 'Sign the handbook', 'Meet the team']);
      for (const item of items) expect(Object.keys(item).sort()).toEqual(USER_CHECKLIST_ITEM_FIELDS);
      const [course, handbook, meeting] = items;
      expect(handbook).toMatchObject({
        id: fx.itemIds[0],
        type: 'policy',
        priority: 'high',
        role_id: fx.roleId,
        item_order: 2,
        due_days: 0,
        has_progress: true,
        status: 'completed',
        completed: true,
        note: 'Signed on day two',
        completed_at: '2025-03-04T09:00:00.000Z',
        dueDate: '2025-03-03',
        isOverdue: false,
        estimatedTime: '10-15 minutes',
        documents: [],
      });
      expect(typeof handbook?.progress_id).toBe('number');
      expect(handbook?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(course).toMatchObject({
        description: null,
        has_progress: false,
        progress_id: null,
        status: 'pending',
        completed: false,
        note: null,
        due_date: null,
        completed_at: null,
        dueDate: '2025-03-05',
        isOverdue: true,
        estimatedTime: '20-30 minutes',
      });
      expect(meeting).toMatchObject({ dueDate: '2025-03-13', isOverdue: false, estimatedTime: '30-60 minutes', priority: 'low' });
    });

    it('includes items shared with other roles, with their primary role_id', async () => {
      const shared = await makeChecklist(t.dataSource, [{ title: 'Shared item', itemOrder: 0 }]);
      fixtures.push(shared);
      const sharing = await makeChecklist(t.dataSource, [{ title: 'Own item', itemOrder: 1 }]);
      fixtures.push(sharing);
      await sharing.link(shared.itemIds[0] as number);
      const user = await sharing.addUser(START);
      const res = await get(`/api/user-checklist-items/user/${user.id}`, await tokenFor(t.dataSource, user.id)).expect(200);
      expect((res.body as Array<{ title: string; role_id: number }>).map((i) => [i.title, i.role_id])).toEqual([
        ['Shared item', shared.roleId],
        ['Own item', sharing.roleId],
      ]);
    });

    it('answers an empty list for a user whose role has no items', async () => {
      const empty = await makeChecklist(t.dataSource, []);
      fixtures.push(empty);
      const user = await empty.addUser();
      await get(`/api/user-checklist-items/user/${user.id}`, await tokenFor(t.dataSource, user.id)).expect(200, []);
    });

    it("refuses another user's checklist to a non-administrator with 404, like an unknown user", async () => {
      const other = await get(`/api/user-checklist-items/user/${colleague.id}`).expect(404);
      const unknown = await get(`/api/user-checklist-items/user/${UNKNOWN_ID}`).expect(404);
      expect(other.body).toEqual({ error: 'User not found' });
      expect(unknown.body).toEqual(other.body);
    });

    it("gives administrators anyone's checklist, and 404 for unknown users", async () => {
      const res = await get(`/api/user-checklist-items/user/${colleague.id}`, adminToken).expect(200);
      expect((res.body as Array<{ status: string; has_progress: boolean }>).map((i) => [i.status, i.has_progress])).toEqual([
        ['pending', false],
        ['pending', false],
        ['pending', false],
      ]);
      await get(`/api/user-checklist-items/user/${UNKNOWN_ID}`, adminToken).expect(404, { error: 'User not found' });
    });

    it.each(BAD_IDS)('answers 400 for the user id %s (never 500)', async (bad) => {
      const res = await get(`/api/user-checklist-items/user/${bad}`, adminToken).expect(400);
      expect(res.body).toEqual({ error: 'Invalid user id', details: ['Invalid user id'] });
    });

    it('asks anonymous callers to sign in', async () => {
      await get(`/api/user-checklist-items/user/${employee.id}`, null).expect(401);
      await get('/api/user-checklist-items/user/abc', null).expect(401);
    });
  });

  describe('GET /api/users/{userId}: completion_percentage = round(100 × done / total)', () => {
    async function userWith(total: number, done: number): Promise<{ user: TestUser; token: string }> {
      const f = await makeChecklist(t.dataSource, Array.from({ length: total }, () => ({})));
      fixtures.push(f);
      const user = await f.addUser();
      for (const itemId of f.itemIds.slice(0, done)) await addProgress(t.dataSource, user.id, itemId, { completedAt: '2025-03-04T09:00:00Z' });
      // A pending row must not count as done.
      if (done < total) await addProgress(t.dataSource, user.id, f.itemIds[done] as number, { note: 'started' });
      return { user, token: await tokenFor(t.dataSource, user.id) };
    }

    it.each([
      [3, 2, 67],
      [3, 1, 33],
      [8, 1, 13],
      [8, 3, 38],
      [4, 4, 100],
      [5, 0, 0],
      [0, 0, 0],
    ])('%i items, %i done → %i, the same through /auth/me, user(id) and me', async (total, done, pct) => {
      const { user, token: own } = await userWith(total, done);
      const res = await get(`/api/users/${user.id}`, own).expect(200);
      expect(Object.keys(res.body).sort()).toEqual(['buddy_id', 'buddy_name', 'completion_percentage', 'created_at', 'email', 'id', 'last_login_at', 'manager_id', 'manager_name', 'name', 'role_id', 'start_date']);
      expect(res.body).toMatchObject({ id: user.id, email: user.email, completion_percentage: pct });
      expect((await get('/api/auth/me', own).expect(200)).body.completion_percentage).toBe(pct);
      const g = await gql(t, 'query ($id: Int!) { user(id: $id) { completion_percentage } me { completion_percentage } }', { id: user.id }, { token: own });
      expect(g.body).toEqual({ data: { user: { completion_percentage: pct }, me: { completion_percentage: pct } } });
    });

    it("refuses another user's profile to a non-administrator (404), gives it to administrators", async () => {
      await get(`/api/users/${colleague.id}`).expect(404, { error: 'User not found' });
      const res = await get(`/api/users/${colleague.id}`, adminToken).expect(200);
      expect(res.body).toMatchObject({ id: colleague.id, completion_percentage: 0, start_date: START });
      await get(`/api/users/${UNKNOWN_ID}`, adminToken).expect(404, { error: 'User not found' });
    });

    it.each(BAD_IDS)('answers 400 for the user id %s', async (bad) => {
      await get(`/api/users/${bad}`).expect(400, { error: 'Invalid user id', details: ['Invalid user id'] });
    });
  });

  describe('GET /api/users/{userId}/checklist', () => {
    it('answers the user, the checklist and its completion stats, consistent with each other', async () => {
      const res = await get(`/api/users/${employee.id}/checklist`).expect(200);
      expect(Object.keys(res.body).sort()).toEqual(['items', 'stats', 'user']);
      expect(res.body.user).toMatchObject({ id: employee.id, completion_percentage: 33, start_date: START });
      expect(res.body.stats).toEqual({ completed: 1, total: 3, pending: 2, overdue: 1, completionPercentage: 33, isComplete: false, othersCompleted: 0, othersTotal: 0 });
      const list = await get(`/api/user-checklist-items/user/${employee.id}`).expect(200);
      expect(res.body.items).toEqual(list.body);
    });

    it("is the user's own or an administrator's to read", async () => {
      await get(`/api/users/${colleague.id}/checklist`).expect(404, { error: 'User not found' });
      const res = await get(`/api/users/${colleague.id}/checklist`, adminToken).expect(200);
      expect(res.body.stats).toEqual({ completed: 0, total: 3, pending: 3, overdue: 2, completionPercentage: 0, isComplete: false, othersCompleted: 0, othersTotal: 0 });
      await get(`/api/users/${UNKNOWN_ID}/checklist`, adminToken).expect(404);
      await get('/api/users/0/checklist').expect(400);
      await get(`/api/users/${employee.id}/checklist`, null).expect(401);
    });
  });

  describe('GET /api/checklist-items/{id}', () => {
    it('answers an item of the user\'s role with exactly the ChecklistItem fields', async () => {
      const res = await get(`/api/checklist-items/${fx.itemIds[1]}`).expect(200);
      expect(Object.keys(res.body).sort()).toEqual(READER_ITEM_FIELDS);
      expect(res.body).toMatchObject({ id: fx.itemIds[1], title: 'Security course', description: null, type: 'training', priority: 'medium', role_id: fx.roleId, item_order: 1, due_days: 2, documents: [] });
    });

    it("answers 404 for another role's item to a user, 200 to an administrator", async () => {
      const itemId = otherRole.itemIds[0] as number;
      const refused = await get(`/api/checklist-items/${itemId}`).expect(404);
      const unknown = await get(`/api/checklist-items/${UNKNOWN_ID}`).expect(404);
      expect(refused.body).toEqual({ error: 'Checklist item not found' });
      expect(unknown.body).toEqual(refused.body);
      const res = await get(`/api/checklist-items/${itemId}`, adminToken).expect(200);
      expect(res.body).toMatchObject({ id: itemId, title: 'Another role only', type: 'sop', role_id: otherRole.roleId });
      await get(`/api/checklist-items/${UNKNOWN_ID}`, adminToken).expect(404);
    });

    it("carries the due date and overdue state for the caller: the caller's start date + due_days, the caller's progress", async () => {
      // Start 2025-03-03, today 2025-03-10: the course (2 days) was due 03-05 and is open; the handbook (0 days) is done.
      const course = await get(`/api/checklist-items/${fx.itemIds[1]}`).expect(200);
      expect(course.body).toMatchObject({ dueDate: '2025-03-05', isOverdue: true });
      const handbook = await get(`/api/checklist-items/${fx.itemIds[0]}`).expect(200);
      expect(handbook.body).toMatchObject({ dueDate: '2025-03-03', isOverdue: false });
      const meeting = await get(`/api/checklist-items/${fx.itemIds[2]}`).expect(200);
      expect(meeting.body).toMatchObject({ dueDate: '2025-03-13', isOverdue: false });
      // The same item as the user's checklist shows it.
      const list = await get(`/api/user-checklist-items/user/${employee.id}`).expect(200);
      const listed = (list.body as Array<{ id: number; dueDate: string; isOverdue: boolean }>).find((i) => i.id === fx.itemIds[1]);
      expect(listed).toMatchObject({ dueDate: course.body.dueDate, isOverdue: course.body.isOverdue });
    });

    it("dates an item outside an administrator's role from the administrator's own start date", async () => {
      // Friday 03-07: due_days 0 is that day, over by Monday 03-10.
      await t.dataSource.query(`update users set start_date = '2025-03-07' where id = $1`, [admin.id]);
      const itemId = otherRole.itemIds[0] as number; // due_days 0
      const res = await get(`/api/checklist-items/${itemId}`, adminToken).expect(200);
      expect(res.body).toMatchObject({ id: itemId, dueDate: '2025-03-07', isOverdue: true });
    });

    it.each(BAD_IDS)('answers 400 for the item id %s', async (bad) => {
      const res = await get(`/api/checklist-items/${bad}`).expect(400);
      expect(res.body).toEqual({ error: 'Invalid checklist item id', details: ['Invalid checklist item id'] });
      expectNoStack(res.body);
    });
  });

  describe('GraphQL', () => {
    it('myChecklist and userChecklist answer the same data as REST', async () => {
      const rest = await get(`/api/user-checklist-items/user/${employee.id}`).expect(200);
      const mine = await gql(t, `{ myChecklist { ${USER_ITEM_FIELDS_GQL} } }`, {}, { token });
      expect(mine.body.errors).toBeUndefined();
      expect(mine.body.data.myChecklist).toEqual(rest.body);
      const theirs = await gql(t, `query ($u: Int!) { userChecklist(userId: $u) { ${USER_ITEM_FIELDS_GQL} } }`, { u: employee.id }, { token: adminToken });
      expect(theirs.body.data.userChecklist).toEqual(rest.body);
    });

    it('checklistItem answers the same data as REST', async () => {
      const rest = await get(`/api/checklist-items/${fx.itemIds[0]}`).expect(200);
      const res = await gql(t, `query ($id: Int!) { checklistItem(id: $id) { ${ITEM_FIELDS_GQL} dueDate isOverdue ownerLabel ownerName canComplete } }`, { id: fx.itemIds[0] }, { token });
      expect(res.body.data.checklistItem).toEqual(rest.body);
    });

    it.each([
      ['userChecklist', 'query ($id: Int!) { userChecklist(userId: $id) { id } }'],
      ['user', 'query ($id: Int!) { user(id: $id) { id } }'],
    ])("%s: another user's data is NOT_FOUND, a bad id BAD_USER_INPUT, anonymous UNAUTHENTICATED", async (_name, query) => {
      const other = await gql(t, query, { id: colleague.id }, { token });
      expect(other.body.errors[0]).toMatchObject({ message: 'User not found', extensions: { code: 'NOT_FOUND' } });
      const bad = await gql(t, query, { id: 0 }, { token });
      expect(bad.body.errors[0]).toMatchObject({ message: 'Invalid user id', extensions: { code: 'BAD_USER_INPUT', details: ['Invalid user id'] } });
      const anonymous = await gql(t, query, { id: employee.id });
      expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    });

    it("checklistItem: another role's item is NOT_FOUND for users, a bad id BAD_USER_INPUT", async () => {
      const query = 'query ($id: Int!) { checklistItem(id: $id) { id } }';
      const other = await gql(t, query, { id: otherRole.itemIds[0] }, { token });
      expect(other.body.errors[0]).toMatchObject({ message: 'Checklist item not found', extensions: { code: 'NOT_FOUND' } });
      const bad = await gql(t, query, { id: -5 }, { token });
      expect(bad.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      const admin = await gql(t, query, { id: otherRole.itemIds[0] }, { token: adminToken });
      expect(admin.body.data.checklistItem.id).toBe(otherRole.itemIds[0]);
    });
  });
});
