import request from 'supertest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, deleteUsers, tokenFor, type TestUser } from '../../../test/auth';
import { makeChecklist, type ChecklistFixture } from '../../../test/checklist';
import { requestProblem } from '../../../test/contract';

/*
 * The request side of the REST contract: what the document says a route
 * takes is what the route takes. Edge inputs go through the real app (every
 * request here also runs through test/contract.ts, both directions), and the
 * check itself is shown to name the route and the field that break it.
 */

const DUE_DAYS_INVALID = 'Due days must be a whole number from -30 to 365';
const ROLE_ID_INVALID = 'role_id must be a role id or null';
const STATUS_INVALID = "Status must be 'complete', 'completed' or 'pending'";
const LIMIT_INVALID = 'Limit must be between 1 and 100';
const PAGE_INVALID = 'Page must be a positive integer';

/** Not a whole number of days from -30 to 365, in any form a client might send. */
const BAD_DUE_DAYS: unknown[] = ['012', '', ' 5', '+5', '5.0', '1e2', '0x10', -31, '-31', '-0', 1.5, 366, 2 ** 53, 1e21, '99999999999', [], [5], {}, true];
/** Not a role id, and not null. */
const BAD_ROLE_IDS: unknown[] = ['', ' ', '012', '0', '-1', 0, -1, 1.5, 2_147_483_648, '2147483648', [], [2], {}, true];

describe('requests hold to the document (edge inputs)', () => {
  let t: TestApp;
  let admin: TestUser;
  let adminToken: string;
  let fx: ChecklistFixture;
  let hire: TestUser;
  const items: number[] = [];

  const createItem = (body: Record<string, unknown>) => request(t.app).post('/api/admin/checklist-items').set(bearer(adminToken)).send({ title: 'Edge input', type: 'form', ...body });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createUser(t.dataSource, { roleId: 4 });
    adminToken = await tokenFor(t.dataSource, admin.id);
    fx = await makeChecklist(t.dataSource, [{}, {}, {}]);
    hire = await fx.addUser();
  });
  afterAll(async () => {
    if (items.length > 0) await t.dataSource.query('delete from checklist_items where id = any($1)', [items]);
    await fx.remove();
    await deleteUsers(t.dataSource, [admin.id]);
    await t.close();
  });

  it.each(BAD_DUE_DAYS.map((value) => [JSON.stringify(value), value]))('due_days %s is a 400 with its message', async (_label, value) => {
    await createItem({ due_days: value }).expect(400, { error: DUE_DAYS_INVALID, details: [DUE_DAYS_INVALID] });
  });

  it('due_days takes a whole number or its digits, 0 to 365; null is the default 0', async () => {
    for (const [value, expected] of [[0, 0], ['0', 0], [365, 365], ['365', 365], ['7', 7], [null, 0]] as const) {
      const res = await createItem({ due_days: value }).expect(201);
      items.push(res.body.id);
      expect(res.body.due_days).toBe(expected);
    }
  });

  it.each(BAD_ROLE_IDS.map((value) => [JSON.stringify(value), value]))('role_id %s is a 400 with its message', async (_label, value) => {
    await createItem({ role_id: value }).expect(400, { error: ROLE_ID_INVALID, details: [ROLE_ID_INVALID] });
  });

  it('role_id null is no primary role; a role id as digits is that role', async () => {
    const none = await createItem({ role_id: null }).expect(201);
    const digits = await createItem({ role_id: String(fx.roleId) }).expect(201);
    items.push(none.body.id, digits.body.id);
    expect([none.body.role_id, digits.body.role_id]).toEqual([null, fx.roleId]);
  });

  it('a list query takes canonical digits; a blank value is not given', async () => {
    const list = (query: string) => request(t.app).get(`/api/admin/users?${query}`).set(bearer(adminToken));
    for (const query of ['limit=012', 'limit=0', 'limit=101', 'limit=1.5', 'limit=-1', 'limit=1e2', 'limit=1&limit=2']) {
      await list(query).expect(400, { error: LIMIT_INVALID, details: [LIMIT_INVALID] });
    }
    await list('page=0').expect(400, { error: PAGE_INVALID, details: [PAGE_INVALID] });
    const page = await list('limit=&page=').expect(200);
    expect(page.body.limit).toBe(20);
    await list('limit=100&page=1').expect(200);
  });

  it("a task's status is read in any case, spaces around allowed (docs/product.md#task-status)", async () => {
    const token = await tokenFor(t.dataSource, hire.id);
    const setStatus = (itemId: number, body: unknown) => request(t.app).post(`/api/user-checklist-items/user/${hire.id}/item/${itemId}`).set(bearer(token)).send(body as object);
    const [first, second, third] = fx.itemIds as [number, number, number];
    expect((await setStatus(first, { status: 'COMPLETED' }).expect(200)).body.status).toBe('completed');
    expect((await setStatus(second, { status: ' Complete ' }).expect(200)).body.status).toBe('completed');
    expect((await setStatus(first, { status: 'Pending' }).expect(200)).body.status).toBe('pending');
    expect((await setStatus(third, { status: null, completed: true }).expect(200)).body.status).toBe('completed');
    for (const status of ['done', '', 'COMPLETEDD', ['completed'], 1, {}]) {
      await setStatus(first, { status }).expect(400, { error: STATUS_INVALID, details: [STATUS_INVALID] });
    }
  });
});

describe('the request check (test/contract.ts)', () => {
  const create = { method: 'POST', path: '/api/admin/checklist-items', query: {} };

  it('passes a request that matches its route, and a refusal for a reason the schemas do not hold (an unknown role)', () => {
    expect(requestProblem({ ...create, status: 201, body: { title: 'x', type: 'form', due_days: '7', role_id: null } })).toBeNull();
    expect(requestProblem({ ...create, status: 400, body: { title: 'x', type: 'form', role_id: 2_147_483_647 } })).toBeNull();
    expect(requestProblem({ method: 'GET', path: '/api/admin/users', status: 200, query: { page: '', limit: '5' }, body: undefined })).toBeNull();
  });

  it('reports an accepted request the document refuses, naming the route and the field', () => {
    expect(requestProblem({ ...create, status: 201, body: { title: 'x', type: 'form', due_days: '012' } })).toMatch(
      /^POST \/api\/admin\/checklist-items → 201 \(\/api\/admin\/checklist-items\): accepted a request the document refuses: body\.due_days /,
    );
    expect(requestProblem({ method: 'GET', path: '/api/admin/users', status: 200, query: { limit: '012' }, body: undefined })).toMatch(/\(\/api\/admin\/users\): accepted a request the document refuses: query\.limit "012"/);
    expect(requestProblem({ method: 'GET', path: '/api/users/1e3', status: 200, query: {}, body: undefined })).toMatch(/\(\/api\/users\/\{userId\}\): accepted a request the document refuses: path\.userId "1e3"/);
    expect(requestProblem({ method: 'POST', path: '/api/auth/login', status: 200, query: {}, body: undefined })).toMatch(/body is required/);
  });

  it('reports a 400 for a request the document accepts, with the zod message that refused it', () => {
    // The document says `format: date`, which it cannot make a pattern of; formats are not checked here, so this is how such a gap shows.
    expect(requestProblem({ method: 'PUT', path: '/api/admin/users/5', status: 400, query: {}, body: { start_date: '2025-02-30' } })).toBe(
      "PUT /api/admin/users/5 → 400 (/api/admin/users/{id}): refused with 400 a request the document accepts: body.start_date 'Start date must be a date (YYYY-MM-DD)'; sent {\"start_date\":\"2025-02-30\"}",
    );
  });
});
