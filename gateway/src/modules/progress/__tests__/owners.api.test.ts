import request from 'supertest';
import { ADMIN_ROLE_ID } from '../../../shared/actor';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { bearer, createUser, deleteUsers, gql, tokenFor, type TestUser } from '../../../../test/auth';
import { fixedClock, makeChecklist, type ChecklistFixture } from '../../../../test/checklist';
import { whileLocked } from '../../../../test/locks';
import { CHECKLIST_ITEM_MESSAGES, MY_TASKS_MESSAGES } from '../../checklist';
import { OWNER_MESSAGES } from '../progress.messages';

/*
 * Tasks owned by someone other than the hire (docs/product.md#roles): the
 * manager, the buddy or a team (a role). Real HTTP on the real app, real PostgreSQL.
 */

const NOW = '2025-03-10T12:00:00.000Z';
/** A 400's body: the first problem as the error, every problem listed. */
const invalid = (message: string) => ({ error: message, details: [message] });
const START = '2025-03-03';

type OwnerType = 'new_hire' | 'manager' | 'buddy' | 'role';
interface TaskJson {
  id: number;
  title: string;
  owner_type: OwnerType;
  owner_role_id: number | null;
  ownerLabel: string;
  ownerName: string | null;
  canComplete: boolean;
  status: string;
  completed: boolean;
  dueDate: string;
}
interface MyTaskJson {
  hire: { id: number; name: string; start_date: string };
  item: { id: number; title: string; owner_type: OwnerType };
  dueDate: string;
  isOverdue: boolean;
  daysUntilDue: number;
  status: string;
}

describe('task owners: completing for a hire, the hire refused, my tasks, own-task progress', () => {
  let t: TestApp;
  let fx: ChecklistFixture;
  let itTeam: ChecklistFixture;
  let staff: ChecklistFixture;
  let itName: string;
  let hire: TestUser;
  let hire2: TestUser;
  let gone: TestUser;
  let manager: TestUser;
  let buddy: TestUser;
  let itMember: TestUser;
  let stranger: TestUser;
  let admin: TestUser;
  const tokens = new Map<number, string>();

  // Items: 0 own form, 1 the manager's 1:1, 2 the buddy's tour, 3 the IT team's laptop, 4 own training, 5 the manager's second task.
  const item = (i: number) => fx.itemIds[i] as number;
  const as = (user: TestUser) => tokens.get(user.id) as string;
  const setProgress = (by: TestUser, hireId: number, itemId: number, body: object) =>
    request(t.app).post(`/api/user-checklist-items/user/${hireId}/item/${itemId}`).set(bearer(as(by))).send(body);
  const checklistOf = async (by: TestUser, userId: number) =>
    (await request(t.app).get(`/api/user-checklist-items/user/${userId}`).set(bearer(as(by))).expect(200)).body as TaskJson[];
  const myTasks = (by: TestUser, query = '') => request(t.app).get(`/api/my-tasks${query}`).set(bearer(as(by)));
  const progressRow = async (userId: number, itemId: number) =>
    ((await t.dataSource.query('select status, completed_by from user_progress where user_id = $1 and checklist_item_id = $2', [userId, itemId])) as Array<{ status: string; completed_by: number | null }>)[0];
  const reset = () => t.dataSource.query('delete from user_progress where user_id = any($1::int[])', [[hire.id, hire2.id, gone.id]]);

  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock(NOW) });
    itTeam = await makeChecklist(t.dataSource, []);
    staff = await makeChecklist(t.dataSource, []);
    fx = await makeChecklist(t.dataSource, [
      { title: 'Sign the contract', dueDays: 0 },
      { title: 'Book your first 1:1', dueDays: 2, type: 'meeting' },
      { title: 'Office tour', dueDays: 1, type: 'meeting' },
      { title: 'Prepare laptop', dueDays: 0 },
      { title: 'Security training', dueDays: 5, type: 'training' },
      { title: 'Introduce the team', dueDays: 2, type: 'meeting' },
    ]);
    const owners: Array<[number, OwnerType, number | null]> = [
      [item(1), 'manager', null],
      [item(2), 'buddy', null],
      [item(3), 'role', itTeam.roleId],
      [item(5), 'manager', null],
    ];
    for (const [id, type, roleId] of owners) await t.dataSource.query('update checklist_items set owner_type = $2, owner_role_id = $3 where id = $1', [id, type, roleId]);
    itName = ((await t.dataSource.query('select name from roles where id = $1', [itTeam.roleId])) as Array<{ name: string }>)[0]?.name as string;

    manager = await staff.addUser();
    buddy = await staff.addUser();
    stranger = await staff.addUser();
    itMember = await itTeam.addUser();
    await t.dataSource.query(`update users set name = 'Maria Manager' where id = $1`, [manager.id]);
    await t.dataSource.query(`update users set name = 'Bo Buddy' where id = $1`, [buddy.id]);
    hire = await fx.addUser(START);
    hire2 = await fx.addUser('2025-03-05');
    gone = await fx.addUser(START);
    await t.dataSource.query(`update users set name = 'Zed Hire', manager_id = $2, buddy_id = $3 where id = $1`, [hire.id, manager.id, buddy.id]);
    await t.dataSource.query(`update users set name = 'Ann Hire', manager_id = $2 where id = $1`, [hire2.id, manager.id]);
    await t.dataSource.query(`update users set name = 'Gone Hire', manager_id = $2, is_active = false where id = $1`, [gone.id, manager.id]);
    admin = await createUser(t.dataSource, { roleId: ADMIN_ROLE_ID });
    for (const user of [hire, hire2, manager, buddy, itMember, stranger, admin]) tokens.set(user.id, await tokenFor(t.dataSource, user.id));
  });
  afterAll(async () => {
    await deleteUsers(t.dataSource, [admin.id]);
    // The hires' items name the IT role as their owner: they go first.
    await fx.remove();
    await itTeam.remove();
    await staff.remove();
    await t.close();
  });
  beforeEach(reset);

  describe("the hire's checklist", () => {
    it("says who does each task and that the hire may change only their own", async () => {
      const items = await checklistOf(hire, hire.id);
      const view = items.map((i) => [i.title, i.owner_type, i.ownerLabel, i.ownerName, i.canComplete]);
      expect(view).toEqual([
        ['Sign the contract', 'new_hire', 'You', null, true],
        ['Book your first 1:1', 'manager', 'Your manager', 'Maria Manager', false],
        ['Office tour', 'buddy', 'Your buddy', 'Bo Buddy', false],
        ['Prepare laptop', 'role', `The ${itName} team`, null, false],
        ['Security training', 'new_hire', 'You', null, true],
        ['Introduce the team', 'manager', 'Your manager', 'Maria Manager', false],
      ]);
      expect(items[3]?.owner_role_id).toBe(itTeam.roleId);
      // A hire without a buddy still reads the label; the name is null.
      const other = await checklistOf(hire2, hire2.id);
      expect(other.find((i) => i.id === item(2))).toMatchObject({ ownerLabel: 'Your buddy', ownerName: null, canComplete: false });
    });

    it('GET /checklist-items/{id} (the task page) names the owner for the reader too', async () => {
      const res = await request(t.app).get(`/api/checklist-items/${item(1)}`).set(bearer(as(hire))).expect(200);
      expect(res.body).toMatchObject({ owner_type: 'manager', owner_role_id: null, ownerLabel: 'Your manager', ownerName: 'Maria Manager', canComplete: false });
      const own = await request(t.app).get(`/api/checklist-items/${item(0)}`).set(bearer(as(hire))).expect(200);
      expect(own.body).toMatchObject({ owner_type: 'new_hire', ownerLabel: 'You', ownerName: null, canComplete: true });
    });

    it('an administrator reading it may change every task', async () => {
      const items = await checklistOf(admin, hire.id);
      expect(items.every((i) => i.canComplete)).toBe(true);
    });

    it("GraphQL myChecklist carries the same owner fields", async () => {
      const res = await gql(t, '{ myChecklist { id owner_type owner_role_id ownerLabel ownerName canComplete } }', {}, { token: as(hire) }).expect(200);
      const rest = await checklistOf(hire, hire.id);
      expect(res.body.data.myChecklist).toEqual(rest.map(({ id, owner_type, owner_role_id, ownerLabel, ownerName, canComplete }) => ({ id, owner_type, owner_role_id, ownerLabel, ownerName, canComplete })));
    });
  });

  describe('the hire is refused the tasks others own (409, never 403)', () => {
    it.each([
      ['manager', 1, () => OWNER_MESSAGES.manager],
      ['buddy', 2, () => OWNER_MESSAGES.buddy],
      ['team', 3, () => OWNER_MESSAGES.role(itName)],
    ])("the %s's task", async (_owner, index, message) => {
      const res = await setProgress(hire, hire.id, item(index), { status: 'completed' }).expect(409);
      expect(res.body).toEqual({ error: message() });
      const again = await request(t.app).post(`/api/tasks/${item(index)}/complete`).set(bearer(as(hire))).send({}).expect(409);
      expect(again.body).toEqual({ error: message() });
      expect(await progressRow(hire.id, item(index))).toBeUndefined();
    });

    it('says it with the literal words', async () => {
      expect(OWNER_MESSAGES.manager).toBe('This task is assigned to your manager');
      expect(OWNER_MESSAGES.buddy).toBe('This task is assigned to your buddy');
      expect(OWNER_MESSAGES.role('IT')).toBe('This task is assigned to the IT team');
      const res = await setProgress(hire, hire.id, item(3), { completed: true }).expect(409);
      expect(res.body.error).toBe(`This task is assigned to the ${itName} team`);
    });

    it('GraphQL setTaskProgress and completeTask answer CONFLICT with the message', async () => {
      const res = await gql(t, 'mutation($id: Int!) { setTaskProgress(itemId: $id, input: { status: "completed" }) { id } }', { id: item(1) }, { token: as(hire) }).expect(200);
      expect(res.body.errors[0]).toMatchObject({ message: 'This task is assigned to your manager', extensions: { code: 'CONFLICT' } });
      const done = await gql(t, 'mutation($id: Int!) { completeTask(id: $id) { id } }', { id: item(2) }, { token: as(hire) }).expect(200);
      expect(done.body.errors[0]).toMatchObject({ message: 'This task is assigned to your buddy', extensions: { code: 'CONFLICT' } });
    });

    it('still completes their own tasks', async () => {
      const res = await setProgress(hire, hire.id, item(0), { status: 'completed' }).expect(200);
      expect(res.body).toMatchObject({ id: item(0), status: 'completed', canComplete: true, ownerLabel: 'You' });
      expect(await progressRow(hire.id, item(0))).toEqual({ status: 'completed', completed_by: hire.id });
    });
  });

  describe('owners complete and set back their tasks for the hire', () => {
    it('a buddy completes the tour for their hire; completed_by and the audit say who did what for whom', async () => {
      const res = await setProgress(buddy, hire.id, item(2), { status: 'completed', note: 'Showed the kitchen' }).expect(200);
      expect(res.body).toMatchObject({ id: item(2), status: 'completed', completed: true, note: 'Showed the kitchen', owner_type: 'buddy', ownerLabel: 'Your buddy', ownerName: 'Bo Buddy', canComplete: true });
      expect(await progressRow(hire.id, item(2))).toEqual({ status: 'completed', completed_by: buddy.id });
      const audit = (await t.dataSource.query(
        `select actor_user_id, target_type, target_id, details from audit_log where action = 'progress.update' and actor_user_id = $1 order by id desc limit 1`,
        [buddy.id],
      )) as Array<{ actor_user_id: number; target_type: string; target_id: string; details: { checklist_item_id: number; status: string } }>;
      expect(audit[0]).toEqual({ actor_user_id: buddy.id, target_type: 'user', target_id: String(hire.id), details: { checklist_item_id: item(2), status: 'completed' } });
      // The hire now sees it done, still read-only.
      expect((await checklistOf(hire, hire.id)).find((i) => i.id === item(2))).toMatchObject({ completed: true, canComplete: false });
    });

    it('a manager completes the 1:1 and sets it back; setting back clears completed_by', async () => {
      await setProgress(manager, hire.id, item(1), { completed: true }).expect(200);
      expect(await progressRow(hire.id, item(1))).toEqual({ status: 'completed', completed_by: manager.id });
      const back = await setProgress(manager, hire.id, item(1), { status: 'pending' }).expect(200);
      expect(back.body).toMatchObject({ status: 'pending', completed: false, completed_at: null, canComplete: true });
      expect(await progressRow(hire.id, item(1))).toEqual({ status: 'pending', completed_by: null });
    });

    it('GraphQL setTaskProgress(userId:) works for the manager too', async () => {
      const res = await gql(t, 'mutation($u: Int!, $id: Int!) { setTaskProgress(userId: $u, itemId: $id, input: { completed: true }) { id status canComplete ownerLabel } }', { u: hire.id, id: item(5) }, { token: as(manager) }).expect(200);
      expect(res.body.data.setTaskProgress).toEqual({ id: item(5), status: 'completed', canComplete: true, ownerLabel: 'Your manager' });
    });

    it("a member of the owning team completes the team's task", async () => {
      const res = await setProgress(itMember, hire.id, item(3), { status: 'complete' }).expect(200);
      expect(res.body).toMatchObject({ status: 'completed', ownerLabel: `The ${itName} team`, canComplete: true });
      expect(await progressRow(hire.id, item(3))).toEqual({ status: 'completed', completed_by: itMember.id });
    });

    it("an owner reaches only the tasks they own: anyone else gets today's 404", async () => {
      const notFound = { error: 'User not found' };
      // The manager on the buddy's and the hire's own tasks, the buddy on the manager's, a stranger on all.
      for (const [who, index] of [[manager, 2], [manager, 0], [buddy, 1], [itMember, 1], [stranger, 1], [stranger, 3], [stranger, 0]] as Array<[TestUser, number]>) {
        const res = await setProgress(who, hire.id, item(index), { status: 'completed' }).expect(404);
        expect(res.body).toEqual(notFound);
      }
      // The buddy of one hire is no one to another.
      expect((await setProgress(buddy, hire2.id, item(2), { status: 'completed' }).expect(404)).body).toEqual(notFound);
      // A deactivated hire's tasks are nobody's to do.
      expect((await setProgress(manager, gone.id, item(1), { status: 'completed' }).expect(404)).body).toEqual(notFound);
      // Unknown hire, unknown item: the same 404.
      expect((await setProgress(manager, 2_147_483_647, item(1), { status: 'completed' }).expect(404)).body).toEqual(notFound);
      expect((await setProgress(manager, hire.id, 2_147_483_647, { status: 'completed' }).expect(404)).body).toEqual(notFound);
      expect(await progressRow(hire.id, item(1))).toBeUndefined();
    });

    it('a bad body is 400 before anyone is told the task is not theirs', async () => {
      const bad = { status: 'completed', completed_at: 'soon' };
      const message = invalid('completed_at must be an ISO 8601 date or date-time (e.g. 2025-03-10T09:30:00Z)');
      expect((await setProgress(hire, hire.id, item(1), bad).expect(400)).body).toEqual(message);
      expect((await setProgress(stranger, hire.id, item(1), bad).expect(400)).body).toEqual(message);
      expect((await request(t.app).post(`/api/tasks/${item(1)}/complete`).set(bearer(as(hire))).send({ completedAt: 'soon' }).expect(400)).body.error).toBe(message.error);
    });

    it('a manager replaced while their change waits for the hire is refused, and nothing is written', async () => {
      try {
        // An administrator's change of the hire's manager, committed once the owner check waits for it.
        const res = await whileLocked({
          hold: (admin) => admin.query('update users set manager_id = $2 where id = $1', [hire.id, stranger.id]),
          start: () => setProgress(manager, hire.id, item(1), { status: 'completed' }),
          waitingOn: '%for share%',
          what: "the owner check to wait on the administrator's change",
        });
        expect(res.status).toBe(404);
        expect(await progressRow(hire.id, item(1))).toBeUndefined();
      } finally {
        await t.dataSource.query('update users set manager_id = $2 where id = $1', [hire.id, manager.id]);
      }
    });

    it("an administrator deleting the item while its owner's change waits: 404 for the owner, no deadlock", async () => {
      const [{ id: doomed } = { id: 0 }] = (await t.dataSource.query(
        `insert into checklist_items (title, type, role_id, owner_type) values ('Doomed 1:1', 'meeting', $1, 'manager') returning id`,
        [fx.roleId],
      )) as Array<{ id: number }>;
      await t.dataSource.query('insert into role_checklist_items (role_id, checklist_item_id) values ($1, $2)', [fx.roleId, doomed]);
      try {
        // The administrator's delete takes the item first, then its role links (by cascade).
        const res = await whileLocked({
          hold: (admin) => admin.query('select 1 from checklist_items where id = $1 for update', [doomed]),
          start: () => setProgress(manager, hire.id, doomed, { status: 'completed' }),
          waitingOn: '%for share%',
          what: "the owner's change to wait on the administrator",
          beforeCommit: (admin) => admin.query('delete from checklist_items where id = $1', [doomed]),
        });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'User not found' });
      } finally {
        await t.dataSource.query('delete from checklist_items where id = $1', [doomed]);
      }
    });

    it('an item deleted while a change waits for it answers 404, not 500', async () => {
      const [{ id: doomed } = { id: 0 }] = (await t.dataSource.query(`insert into checklist_items (title, type, role_id) values ('Doomed', 'form', $1) returning id`, [fx.roleId])) as Array<{ id: number }>;
      await t.dataSource.query('insert into role_checklist_items (role_id, checklist_item_id) values ($1, $2)', [fx.roleId, doomed]);
      try {
        const res = await whileLocked({
          hold: (admin) => admin.query('delete from checklist_items where id = $1', [doomed]),
          start: () => setProgress(admin, hire.id, doomed, { status: 'completed' }),
          waitingOn: '%insert into user_progress%',
          what: 'the write to wait on the deletion',
        });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'Checklist item not found' });
      } finally {
        await t.dataSource.query('delete from checklist_items where id = $1', [doomed]);
      }
    });

    it('an administrator still completes any task for anyone', async () => {
      const res = await setProgress(admin, hire.id, item(1), { status: 'completed' }).expect(200);
      expect(res.body).toMatchObject({ status: 'completed', canComplete: true });
      expect(await progressRow(hire.id, item(1))).toEqual({ status: 'completed', completed_by: admin.id });
    });
  });

  describe("the hire's progress counts their own tasks only", () => {
    it('percentage and counts over own tasks; the others line beside them', async () => {
      await setProgress(hire, hire.id, item(0), { status: 'completed' }).expect(200);
      await setProgress(manager, hire.id, item(1), { status: 'completed' }).expect(200);
      await setProgress(buddy, hire.id, item(2), { status: 'completed' }).expect(200);
      const res = await request(t.app).get(`/api/users/${hire.id}/checklist`).set(bearer(as(hire))).expect(200);
      // The manager's 'Introduce the team' and the team's laptop are overdue, but not the hire's to count.
      expect(res.body.stats).toEqual({ completed: 1, total: 2, pending: 1, overdue: 0, completionPercentage: 50, isComplete: false, othersCompleted: 2, othersTotal: 4 });
      expect(res.body.user.completion_percentage).toBe(50);
      const dash = await gql(t, '{ dashboard { completionStats { completed total completionPercentage othersCompleted othersTotal } progress { totalTasks completedTasks } } }', {}, { token: as(hire) }).expect(200);
      expect(dash.body.data.dashboard).toEqual({
        completionStats: { completed: 1, total: 2, completionPercentage: 50, othersCompleted: 2, othersTotal: 4 },
        progress: { totalTasks: 2, completedTasks: 1 },
      });
      // Done with their own tasks, the hire is complete whatever the others still owe.
      await setProgress(hire, hire.id, item(4), { status: 'completed' }).expect(200);
      const done = await request(t.app).get(`/api/users/${hire.id}/checklist`).set(bearer(as(hire))).expect(200);
      expect(done.body.stats).toMatchObject({ completed: 2, total: 2, completionPercentage: 100, isComplete: true, othersCompleted: 2, othersTotal: 4 });
    });
  });

  describe("the administration's health per role", () => {
    it("counts the hires' own tasks, as their percentage does; checklist_items counts every item", async () => {
      await setProgress(hire, hire.id, item(0), { status: 'completed' }).expect(200);
      await setProgress(manager, hire.id, item(1), { status: 'completed' }).expect(200);
      const res = await request(t.app).get('/api/admin/stats').set(bearer(as(admin))).expect(200);
      const health = (res.body.roles as Array<{ role_id: number }>).find((r) => r.role_id === fx.roleId);
      // Two active hires × two own tasks; the deactivated hire is not onboarding.
      expect(health).toMatchObject({ checklist_items: 6, users: 2, assigned_tasks: 4, completed_tasks: 1, completion_rate: 25, finished_users: 0 });
    });
  });

  describe('acknowledging a policy', () => {
    it("completes the hire's own policy tasks that carry it, never a policy task someone else owns", async () => {
      const pol = await makeChecklist(t.dataSource, [
        { title: 'Read the handbook', type: 'policy' },
        { title: 'Walk the hire through the handbook', type: 'policy' },
      ]);
      const [ownItem, managersItem] = pol.itemIds as [number, number];
      await t.dataSource.query(`update checklist_items set owner_type = 'manager' where id = $1`, [managersItem]);
      const reader = await pol.addUser(START);
      await t.dataSource.query('update users set manager_id = $2 where id = $1', [reader.id, manager.id]);
      const [doc] = (await t.dataSource.query(
        `insert into documents (title, url, document_class_id, is_company_policy) values ('Owners handbook', 'https://docs.example.com/handbook', 1, true) returning id`,
      )) as Array<{ id: number }>;
      const docId = (doc as { id: number }).id;
      try {
        await t.dataSource.query('insert into document_roles (role_id, document_id) values ($1, $2)', [pol.roleId, docId]);
        await t.dataSource.query('insert into checklist_item_documents (checklist_item_id, document_id) select unnest($1::int[]), $2', [[ownItem, managersItem], docId]);
        await request(t.app).post(`/api/documents/${docId}/acknowledge`).set(bearer(await tokenFor(t.dataSource, reader.id))).expect(200);
        expect(await progressRow(reader.id, ownItem)).toEqual({ status: 'completed', completed_by: reader.id });
        expect(await progressRow(reader.id, managersItem)).toBeUndefined();
      } finally {
        await t.dataSource.query('delete from documents where id = $1', [docId]);
        await pol.remove();
      }
    });
  });

  describe('GET /api/my-tasks and myTasks', () => {
    it("lists the manager's open tasks for active hires, by due date, then hire name, then item order", async () => {
      const res = await myTasks(manager).expect(200);
      const body = res.body as { data: MyTaskJson[]; total: number };
      expect(Object.keys(body).sort()).toEqual(['data', 'total']);
      expect(body.total).toBe(4);
      expect(body.data.map((d) => [d.hire.name, d.item.title])).toEqual(
        // Ann started two days after Zed, so her tasks come due later.
        [
          ['Zed Hire', 'Book your first 1:1'],
          ['Zed Hire', 'Introduce the team'],
          ['Ann Hire', 'Book your first 1:1'],
          ['Ann Hire', 'Introduce the team'],
        ],
      );
      const first = body.data[0] as MyTaskJson;
      expect(Object.keys(first).sort()).toEqual(['daysUntilDue', 'dueDate', 'hire', 'isOverdue', 'item', 'status']);
      expect(first.hire).toEqual({ id: hire.id, name: 'Zed Hire', start_date: START });
      expect(Object.keys(first.item).sort()).toEqual(['description', 'due_days', 'id', 'owner_role_id', 'owner_type', 'priority', 'title', 'type']);
      expect(first.item).toMatchObject({ id: item(1), owner_type: 'manager', owner_role_id: null, due_days: 2, type: 'meeting' });
      expect(first.status).toBe('pending');
      // The same due date and overdue state the hire sees.
      const seen = (await checklistOf(hire, hire.id)).find((i) => i.id === item(1)) as TaskJson & { isOverdue: boolean; daysUntilDue: number };
      expect([first.dueDate, first.isOverdue, first.daysUntilDue]).toEqual([seen.dueDate, seen.isOverdue, seen.daysUntilDue]);
      const dates = body.data.map((d) => d.dueDate);
      expect([...dates].sort()).toEqual(dates);
    });

    it('lists only open tasks: a completed one leaves the list', async () => {
      await setProgress(manager, hire.id, item(1), { status: 'completed' }).expect(200);
      const res = await myTasks(manager).expect(200);
      expect(res.body.total).toBe(3);
      expect(res.body.data.some((d: MyTaskJson) => d.hire.id === hire.id && d.item.id === item(1))).toBe(false);
    });

    it('pages with limit and offset; total counts every task', async () => {
      const page = await myTasks(manager, '?limit=1&offset=1').expect(200);
      expect(page.body.total).toBe(4);
      expect(page.body.data.map((d: MyTaskJson) => [d.hire.name, d.item.title])).toEqual([['Zed Hire', 'Introduce the team']]);
      const past = await myTasks(manager, '?limit=2&offset=10').expect(200);
      expect(past.body).toEqual({ data: [], total: 4 });
    });

    it('lists the buddy\'s and the team member\'s tasks; nothing for a stranger or the hire', async () => {
      expect((await myTasks(buddy).expect(200)).body.data.map((d: MyTaskJson) => [d.hire.id, d.item.id])).toEqual([[hire.id, item(2)]]);
      // The IT team does the laptop for every active hire of the role.
      const team = (await myTasks(itMember).expect(200)).body as { data: MyTaskJson[]; total: number };
      expect(team.data.map((d) => [d.hire.name, d.item.title, d.isOverdue])).toEqual([
        ['Zed Hire', 'Prepare laptop', true],
        ['Ann Hire', 'Prepare laptop', true],
      ]);
      expect((await myTasks(stranger).expect(200)).body).toEqual({ data: [], total: 0 });
      expect((await myTasks(hire).expect(200)).body).toEqual({ data: [], total: 0 });
    });

    it('refuses a bad limit or offset with 400 and the message', async () => {
      for (const query of ['?limit=0', '?limit=201', '?limit=abc']) {
        expect((await myTasks(manager, query).expect(400)).body).toEqual(invalid(MY_TASKS_MESSAGES.limitInvalid));
      }
      expect((await myTasks(manager, '?offset=-1').expect(400)).body).toEqual(invalid(MY_TASKS_MESSAGES.offsetInvalid));
      expect((await myTasks(manager, '?limit=200').expect(200)).body.total).toBe(4);
    });

    it('answers 401 without a session', async () => {
      await request(t.app).get('/api/my-tasks').expect(401);
    });

    it('GraphQL myTasks answers the same page as REST', async () => {
      const res = await gql(
        t,
        'query($l: Int, $o: Int) { myTasks(limit: $l, offset: $o) { total data { hire { id name start_date } item { id title description type priority due_days owner_type owner_role_id } dueDate isOverdue daysUntilDue status } } }',
        { l: 2, o: 1 },
        { token: as(manager) },
      ).expect(200);
      const rest = await myTasks(manager, '?limit=2&offset=1').expect(200);
      expect(res.body.data.myTasks).toEqual(rest.body);
    });
  });

  describe('administrators set the owner of a checklist item', () => {
    const create = (body: object) => request(t.app).post('/api/admin/checklist-items').set(bearer(as(admin))).send(body);
    const created: number[] = [];
    afterAll(async () => {
      await t.dataSource.query('delete from checklist_items where id = any($1::int[])', [created]);
    });

    it('defaults to the new hire, takes manager, buddy and a team with its role', async () => {
      const plain = await create({ title: 'Plain', type: 'form' }).expect(201);
      created.push(plain.body.id);
      expect(plain.body).toMatchObject({ owner_type: 'new_hire', owner_role_id: null });
      const team = await create({ title: 'Laptop', type: 'form', owner_type: 'role', owner_role_id: itTeam.roleId }).expect(201);
      created.push(team.body.id);
      expect(team.body).toMatchObject({ owner_type: 'role', owner_role_id: itTeam.roleId });
      // Another owner drops the role.
      const moved = await request(t.app).put(`/api/admin/checklist-items/${team.body.id}`).set(bearer(as(admin))).send({ owner_type: 'buddy' }).expect(200);
      expect(moved.body).toMatchObject({ owner_type: 'buddy', owner_role_id: null });
      const gq = await gql(t, 'mutation($id: Int!, $r: Int) { updateChecklistItem(id: $id, input: { owner_type: role, owner_role_id: $r }) { owner_type owner_role_id } }', { id: team.body.id, r: itTeam.roleId }, { token: as(admin) }).expect(200);
      expect(gq.body.data.updateChecklistItem).toEqual({ owner_type: 'role', owner_role_id: itTeam.roleId });
    });

    it('a team owner needs its role, an existing one', async () => {
      expect((await create({ title: 'Laptop', type: 'form', owner_type: 'role' }).expect(400)).body).toEqual(invalid('Choose the team that owns this task'));
      expect((await create({ title: 'Laptop', type: 'form', owner_type: 'role', owner_role_id: 2_147_483_647 }).expect(400)).body).toEqual(invalid('Role not found'));
      expect((await create({ title: 'Laptop', type: 'form', owner_type: 'boss' }).expect(400)).body).toEqual(invalid(CHECKLIST_ITEM_MESSAGES.ownerTypeInvalid));
      const plain = await create({ title: 'Plain', type: 'form' }).expect(201);
      created.push(plain.body.id);
      const res = await request(t.app).put(`/api/admin/checklist-items/${plain.body.id}`).set(bearer(as(admin))).send({ owner_type: 'role' }).expect(400);
      expect(res.body).toEqual(invalid('Choose the team that owns this task'));
    });
  });
});
