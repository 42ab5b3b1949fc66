import request from 'supertest';
import { ADMIN_ROLE_ID } from '../../../shared/actor';
import { buildTestApp, expectNoStack, type TestApp } from '../../../../test/app';
import { bearer, createUser, deleteUsers, gql, tokenFor, type TestUser } from '../../../../test/auth';
import { fixedClock, makeChecklist, USER_CHECKLIST_ITEM_FIELDS, type ChecklistFixture } from '../../../../test/checklist';
import { PROGRESS_MESSAGES } from '../progress.messages';

const NOW = '2025-03-10T12:00:00.000Z';
const START = '2025-03-03';
const UNKNOWN_ID = 2_147_483_647;

interface ProgressRow {
  status: string;
  note: string | null;
  completed_at: Date | null;
  due_date: string | null;
}

describe('progress: POST /user-checklist-items/user/{userId}/item/{itemId}, POST /tasks/{id}/complete and GraphQL', () => {
  let t: TestApp;
  let fx: ChecklistFixture;
  let otherRole: ChecklistFixture;
  let employee: TestUser;
  let colleague: TestUser;
  let admin: TestUser;
  let token: string;
  let adminToken: string;

  const item = (i: number) => fx.itemIds[i] as number;
  const post = (path: string, body: unknown, as: string | null = token) => {
    const req = request(t.app).post(path);
    return (as ? req.set(bearer(as)) : req).send(body as object);
  };
  const setProgress = (userId: number, itemId: number, body: unknown, as: string | null = token) => post(`/api/user-checklist-items/user/${userId}/item/${itemId}`, body, as);
  async function row(userId: number, itemId: number): Promise<ProgressRow | undefined> {
    const rows = (await t.dataSource.query(
      `select status, note, completed_at, to_char(due_date, 'YYYY-MM-DD') as due_date from user_progress where user_id = $1 and checklist_item_id = $2`,
      [userId, itemId],
    )) as ProgressRow[];
    return rows[0];
  }

  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock(NOW) });
    fx = await makeChecklist(
      t.dataSource,
      Array.from({ length: 10 }, (_, i) => ({ title: `Step ${i}`, dueDays: i, type: 'form' as const })),
    );
    otherRole = await makeChecklist(t.dataSource, [{ title: 'Not yours' }]);
    employee = await fx.addUser(START);
    colleague = await fx.addUser(START);
    admin = await createUser(t.dataSource, { roleId: ADMIN_ROLE_ID });
    token = await tokenFor(t.dataSource, employee.id);
    adminToken = await tokenFor(t.dataSource, admin.id);
  });
  afterAll(async () => {
    await deleteUsers(t.dataSource, [admin.id]);
    await fx.remove();
    await otherRole.remove();
    await t.close();
  });

  describe('POST /api/user-checklist-items/user/{userId}/item/{itemId}', () => {
    it('completes with {status, note}: completed_at = now, the stored due date, the whole item back', async () => {
      const res = await setProgress(employee.id, item(0), { status: 'completed', note: 'Read it' }).expect(200);
      expect(Object.keys(res.body).sort()).toEqual(USER_CHECKLIST_ITEM_FIELDS);
      expect(res.body).toMatchObject({
        id: item(0),
        title: 'Step 0',
        has_progress: true,
        status: 'completed',
        completed: true,
        note: 'Read it',
        completed_at: NOW,
        due_date: START,
        dueDate: START,
        isOverdue: false,
        documents: [],
      });
      expect(typeof res.body.progress_id).toBe('number');
      expect(await row(employee.id, item(0))).toEqual({ status: 'completed', note: 'Read it', completed_at: new Date(NOW), due_date: START });
    });

    it('keeps the first completion time (and the note) when completed again without one', async () => {
      await setProgress(employee.id, item(1), { status: 'complete', completed_at: '2025-03-05T08:00:00Z', note: 'First' }).expect(200);
      const again = await setProgress(employee.id, item(1), { status: 'complete' }).expect(200);
      expect(again.body).toMatchObject({ completed_at: '2025-03-05T08:00:00.000Z', note: 'First' });
      const moved = await setProgress(employee.id, item(1), { completed: true, completed_at: '2025-03-06' }).expect(200);
      expect(moved.body.completed_at).toBe('2025-03-06T00:00:00.000Z');
    });

    it('completes with {completed, notes, completed_at} (the alternative payload)', async () => {
      const res = await setProgress(employee.id, item(2), { completed: true, notes: 'Via notes', completed_at: '2025-03-09T10:30:00+02:00' }).expect(200);
      expect(res.body).toMatchObject({ status: 'completed', completed: true, note: 'Via notes', completed_at: '2025-03-09T08:30:00.000Z' });
    });

    it.each([[{ status: 'pending' }], [{ completed: false }]])('sets back with %j: pending, completed_at cleared, note kept', async (body) => {
      await setProgress(employee.id, item(3), { status: 'completed', note: 'Done once' }).expect(200);
      const res = await setProgress(employee.id, item(3), body).expect(200);
      expect(res.body).toMatchObject({ status: 'pending', completed: false, completed_at: null, note: 'Done once', has_progress: true, isOverdue: true });
      expect(await row(employee.id, item(3))).toMatchObject({ status: 'pending', completed_at: null });
      // Completing again starts a new completion time.
      const again = await setProgress(employee.id, item(3), { completed: true }).expect(200);
      expect(again.body.completed_at).toBe(NOW);
    });

    it('changes only the note when only a note is sent (a new row starts pending); null clears it', async () => {
      const res = await setProgress(employee.id, item(4), { note: 'Started reading' }).expect(200);
      expect(res.body).toMatchObject({ has_progress: true, status: 'pending', completed_at: null, note: 'Started reading' });
      await setProgress(employee.id, item(4), { status: 'completed' }).expect(200);
      const noted = await setProgress(employee.id, item(4), { notes: 'Finished' }).expect(200);
      expect(noted.body).toMatchObject({ status: 'completed', completed_at: NOW, note: 'Finished' });
      const cleared = await setProgress(employee.id, item(4), { note: null }).expect(200);
      expect(cleared.body).toMatchObject({ status: 'completed', note: null });
    });

    it('keeps one row per user and item under concurrent writes', async () => {
      const results = await Promise.all(Array.from({ length: 6 }, (_, i) => setProgress(employee.id, item(5), i % 2 ? { completed: true } : { note: `n${i}` })));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
      const [{ count }] = (await t.dataSource.query('select count(*)::int as count from user_progress where user_id = $1 and checklist_item_id = $2', [employee.id, item(5)])) as [{ count: number }];
      expect(count).toBe(1);
    });

    it("answers 404 for an item outside the user's role, or unknown; the row is not written", async () => {
      const res = await setProgress(employee.id, otherRole.itemIds[0] as number, { completed: true }).expect(404);
      expect(res.body).toEqual({ error: 'Checklist item not found' });
      await setProgress(employee.id, UNKNOWN_ID, { completed: true }).expect(404, { error: 'Checklist item not found' });
      expect(await row(employee.id, otherRole.itemIds[0] as number)).toBeUndefined();
      // Administrators too: progress exists only for items of the user's role.
      await setProgress(employee.id, otherRole.itemIds[0] as number, { completed: true }, adminToken).expect(404);
      await setProgress(UNKNOWN_ID, item(0), { completed: true }, adminToken).expect(404, { error: 'User not found' });
    });

    it("refuses another user's progress to a non-administrator with 404 and changes nothing", async () => {
      const res = await setProgress(colleague.id, item(6), { completed: true }).expect(404);
      expect(res.body).toEqual({ error: 'User not found' });
      expect(await row(colleague.id, item(6))).toBeUndefined();
    });

    it("lets an administrator set anyone's progress, recorded in the audit log", async () => {
      const res = await setProgress(colleague.id, item(6), { completed: true, notes: 'Checked by HR' }, adminToken).expect(200);
      expect(res.body).toMatchObject({ status: 'completed', note: 'Checked by HR' });
      expect(await row(colleague.id, item(6))).toMatchObject({ status: 'completed', note: 'Checked by HR' });
      const audit = (await t.dataSource.query(`select action, target_type, target_id, details from audit_log where actor_user_id = $1 and action = 'progress.update'`, [admin.id])) as Array<{
        action: string;
        target_type: string;
        target_id: string;
        details: Record<string, unknown>;
      }>;
      expect(audit).toEqual([{ action: 'progress.update', target_type: 'user', target_id: String(colleague.id), details: { checklist_item_id: item(6), status: 'completed' } }]);
    });

    it.each([
      [{ status: 'done' }, [PROGRESS_MESSAGES.statusInvalid]],
      [{ completed: 'yes' }, [PROGRESS_MESSAGES.completedInvalid]],
      [{}, [PROGRESS_MESSAGES.nothingToChange]],
      [{ status: 'pending', completed: true }, [PROGRESS_MESSAGES.statusConflict]],
      [{ completed: true, completed_at: '2025-03-10T12:10:00Z' }, [PROGRESS_MESSAGES.completedAtFuture]],
      [{ completed: true, completed_at: 'not a date' }, [PROGRESS_MESSAGES.completedAtInvalid]],
      [{ completed: false, completed_at: '2025-03-09T12:00:00Z' }, [PROGRESS_MESSAGES.completedAtNotCompleting]],
      [{ completed: true, note: { text: 'x' } }, [PROGRESS_MESSAGES.noteInvalid]],
      [{ completed: true, note: 'x'.repeat(10_001) }, [PROGRESS_MESSAGES.noteTooLong]],
    ])('answers 400 with details for %j', async (body, details) => {
      const res = await setProgress(employee.id, item(7), body).expect(400);
      expect(res.body).toEqual({ error: details.join(', '), details });
      expect(await row(employee.id, item(7))).toBeUndefined();
    });

    it('answers 400 for malformed JSON, bad ids; 401 for anonymous callers', async () => {
      await request(t.app).post(`/api/user-checklist-items/user/${employee.id}/item/${item(7)}`).set(bearer(token)).set('content-type', 'application/json').send('{"completed": ').expect(400, { error: 'Malformed JSON body' });
      // An array is no payload: refused as a whole, nothing read from it.
      await setProgress(employee.id, item(7), [{ completed: true }]).expect(400, { error: 'Request body must be a JSON object' });
      expect(await row(employee.id, item(7))).toBeUndefined();
      await setProgress(employee.id, 0, { completed: true }).expect(400, { error: 'Invalid checklist item id', details: ['Invalid checklist item id'] });
      const res = await post(`/api/user-checklist-items/user/x/item/${item(7)}`, { completed: true }).expect(400);
      expect(res.body).toEqual({ error: 'Invalid user id', details: ['Invalid user id'] });
      await post(`/api/user-checklist-items/user/${employee.id}/item/99999999999`, { completed: true }).expect(400);
      await setProgress(employee.id, item(7), { completed: true }, null).expect(401);
      expectNoStack(res.body);
    });
  });

  describe('POST /api/tasks/{id}/complete (and /api/api/tasks/{id}/complete)', () => {
    it.each(['/api/tasks', '/api/api/tasks'])('%s/{id}/complete completes with {notes, completedAt}', async (prefix) => {
      const itemId = prefix === '/api/tasks' ? item(8) : item(9);
      const res = await post(`${prefix}/${itemId}/complete`, { notes: 'From the dashboard', completedAt: '2025-03-10T11:59:00Z' }).expect(200);
      expect(Object.keys(res.body).sort()).toEqual(USER_CHECKLIST_ITEM_FIELDS);
      expect(res.body).toMatchObject({ id: itemId, status: 'completed', completed: true, note: 'From the dashboard', completed_at: '2025-03-10T11:59:00.000Z' });
    });

    it('completes now without a body', async () => {
      const res = await post(`/api/tasks/${item(8)}/complete`, undefined, await tokenFor(t.dataSource, colleague.id)).expect(200);
      expect(res.body).toMatchObject({ status: 'completed', completed_at: NOW, note: null });
    });

    it('drops NUL from the note, as from every stored text', async () => {
      const res = await post(`/api/tasks/${item(9)}/complete`, { notes: ' Signed\u0000 off ' }, await tokenFor(t.dataSource, colleague.id)).expect(200);
      expect(res.body).toMatchObject({ status: 'completed', note: 'Signed off' });
    });

    it("answers 400 for bad ids or bodies, 404 outside the user's role, 401 anonymous", async () => {
      await post('/api/tasks/abc/complete', {}).expect(400, { error: 'Invalid task id', details: ['Invalid task id'] });
      await post('/api/api/tasks/-3/complete', {}).expect(400, { error: 'Invalid task id', details: ['Invalid task id'] });
      await post(`/api/tasks/${otherRole.itemIds[0]}/complete`, {}).expect(404, { error: 'Checklist item not found' });
      await post(`/api/tasks/${item(7)}/complete`, { completedAt: '2099-01-01T00:00:00Z' }).expect(400, { error: PROGRESS_MESSAGES.completedAtFuture, details: [PROGRESS_MESSAGES.completedAtFuture] });
      await post(`/api/tasks/${item(7)}/complete`, { notes: 42 }).expect(400);
      // A JSON array is not "no fields": it is refused before the route reads it.
      const array = await post(`/api/tasks/${item(7)}/complete`, [{ notes: 'x' }]).expect(400);
      expect(array.body.error).toBe('Request body must be a JSON object');
      await post(`/api/tasks/${item(7)}/complete`, {}, null).expect(401);
      await post(`/api/api/tasks/${item(7)}/complete`, {}, null).expect(401);
    });
  });

  describe('GraphQL', () => {
    const SET = 'mutation ($i: Int!, $u: Int, $input: TaskProgressInput!) { setTaskProgress(itemId: $i, userId: $u, input: $input) { id status completed note completed_at has_progress isOverdue documents { id } } }';

    it('setTaskProgress defaults to the signed-in user and takes both payload forms', async () => {
      const user = await fx.addUser(START);
      const own = await tokenFor(t.dataSource, user.id);
      const done = await gql(t, SET, { i: item(2), input: { status: 'complete', note: 'GraphQL' } }, { token: own });
      expect(done.body).toEqual({ data: { setTaskProgress: { id: item(2), status: 'completed', completed: true, note: 'GraphQL', completed_at: NOW, has_progress: true, isOverdue: false, documents: [] } } });
      const back = await gql(t, SET, { i: item(2), u: user.id, input: { completed: false, notes: 'Again' } }, { token: own });
      expect(back.body.data.setTaskProgress).toMatchObject({ status: 'pending', completed: false, note: 'Again', completed_at: null, isOverdue: true });
      const at = await gql(t, SET, { i: item(2), input: { completed: true, completed_at: '2025-03-08T07:00:00Z' } }, { token: own });
      expect(at.body.data.setTaskProgress.completed_at).toBe('2025-03-08T07:00:00.000Z');
    });

    it("setTaskProgress: another user's progress NOT_FOUND, bad input BAD_USER_INPUT with details", async () => {
      const other = await gql(t, SET, { i: item(0), u: colleague.id, input: { completed: true } }, { token });
      expect(other.body.errors[0]).toMatchObject({ message: 'User not found', extensions: { code: 'NOT_FOUND' } });
      const bad = await gql(t, SET, { i: item(0), input: { status: 'finished' } }, { token });
      expect(bad.body.errors[0]).toMatchObject({ message: PROGRESS_MESSAGES.statusInvalid, extensions: { code: 'BAD_USER_INPUT', details: [PROGRESS_MESSAGES.statusInvalid] } });
      const future = await gql(t, SET, { i: item(0), input: { completed: true, completed_at: '2099-01-01T00:00:00Z' } }, { token });
      expect(future.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      const scalar = await gql(t, SET, { i: item(0), input: { completed: true, completed_at: 'soon' } }, { token });
      // A variable the DateTimeISO scalar refuses fails before execution: Apollo's 400, never a 500.
      expect(scalar.status).toBe(400);
      expect(scalar.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      const outside = await gql(t, SET, { i: otherRole.itemIds[0], input: { completed: true } }, { token });
      expect(outside.body.errors[0]).toMatchObject({ message: 'Checklist item not found', extensions: { code: 'NOT_FOUND' } });
    });

    it('completeTask completes for the signed-in user', async () => {
      const user = await fx.addUser(START);
      const res = await gql(t, 'mutation ($i: Int!, $n: String, $at: DateTimeISO) { completeTask(id: $i, notes: $n, completedAt: $at) { id status note completed_at } }', { i: item(3), n: 'Done', at: '2025-03-09T09:00:00Z' }, { token: await tokenFor(t.dataSource, user.id) });
      expect(res.body).toEqual({ data: { completeTask: { id: item(3), status: 'completed', note: 'Done', completed_at: '2025-03-09T09:00:00.000Z' } } });
      const bad = await gql(t, 'mutation { completeTask(id: 0) { id } }', {}, { token });
      expect(bad.body.errors[0]).toMatchObject({ message: 'Invalid task id', extensions: { code: 'BAD_USER_INPUT' } });
      const anonymous = await gql(t, `mutation { completeTask(id: ${item(3)}) { id } }`);
      expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    });
  });
});
