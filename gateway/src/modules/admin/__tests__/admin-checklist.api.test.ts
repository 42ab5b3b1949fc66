import crypto from 'node:crypto';
import request from 'supertest';
import { ADMIN_ROLE_ID } from '../../../shared/actor';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { bearer, createUser, deleteUsers, gql, tokenFor, type TestUser } from '../../../../test/auth';
import { addProgress, CHECKLIST_ITEM_FIELDS, fixedClock, makeChecklist, type ChecklistFixture } from '../../../../test/checklist';
import { CHECKLIST_ITEM_MESSAGES } from '../../checklist';

const NOW = '2025-03-10T12:00:00.000Z';
const ADMIN_ITEM_FIELDS = [...CHECKLIST_ITEM_FIELDS, 'role_ids'].sort();

interface Item {
  id: number;
  title: string;
  item_order: number;
  role_id: number | null;
  role_ids: number[];
  documents: Array<{ id: number; title: string }>;
  [key: string]: unknown;
}

describe('administration console: checklist items and role links (/api/admin/checklist-items, /api/admin/roles/{id}/checklist-items)', () => {
  let t: TestApp;
  let fx: ChecklistFixture;
  let other: ChecklistFixture;
  let admin: TestUser;
  let adminToken: string;
  let employeeToken: string;
  const tag = crypto.randomBytes(4).toString('hex');
  const users: number[] = [];
  const items: number[] = [];
  const fixtures: ChecklistFixture[] = [];

  const as = (token: string | null, method: 'get' | 'put' | 'post' | 'delete', path: string, body?: object) => {
    let req = request(t.app)[method](path);
    if (token) req = req.set(bearer(token));
    return body ? req.send(body) : req;
  };
  const create = async (body: Record<string, unknown>): Promise<Item> => {
    const res = await as(adminToken, 'post', '/api/admin/checklist-items', body).expect(201);
    items.push(res.body.id);
    return res.body as Item;
  };
  const audits = async (action: string, targetId: number | null) =>
    (await t.dataSource.query(`select actor_user_id, target_type, details from audit_log where action = $1 and target_id is not distinct from $2 order by id`, [
      action,
      targetId === null ? null : String(targetId),
    ])) as Array<{ actor_user_id: number; target_type: string; details: Record<string, unknown> }>;
  const checklistOf = async (user: TestUser) => (await as(await tokenFor(t.dataSource, user.id), 'get', `/api/users/${user.id}/checklist`).expect(200)).body as { items: Item[] };

  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock(NOW) });
    fx = await makeChecklist(t.dataSource, [{ title: `First ${tag}`, itemOrder: 10 }, { title: `Second ${tag}`, itemOrder: 20 }]);
    other = await makeChecklist(t.dataSource, []);
    admin = await createUser(t.dataSource, { roleId: ADMIN_ROLE_ID });
    const employee = await createUser(t.dataSource, { roleId: 1 });
    users.push(admin.id, employee.id);
    adminToken = await tokenFor(t.dataSource, admin.id);
    employeeToken = await tokenFor(t.dataSource, employee.id);
  });
  afterAll(async () => {
    await deleteUsers(t.dataSource, users);
    if (items.length > 0) await t.dataSource.query('delete from checklist_items where id = any($1)', [items]);
    for (const f of [fx, other, ...fixtures]) await f.remove();
    await t.close();
  });

  it.each([
    ['get', '/api/admin/checklist-items'],
    ['post', '/api/admin/checklist-items'],
    ['post', '/api/admin/checklist-items/reorder'],
    ['get', '/api/admin/checklist-items/1'],
    ['put', '/api/admin/checklist-items/1'],
    ['delete', '/api/admin/checklist-items/1'],
    ['get', '/api/admin/roles/1/checklist-items'],
    ['post', '/api/admin/roles/1/checklist-items'],
    ['delete', '/api/admin/roles/1/checklist-items'],
  ] as const)('%s %s: 401 anonymous, 403 employee, before any validation', async (method, path) => {
    await as(null, method, path, {}).expect(401, { error: 'Authentication required' });
    await as(employeeToken, method, path, { title: '' }).expect(403, { error: 'You do not have permission to perform this action' });
  });

  describe('create, update, delete', () => {
    it('creates an item at the end of the order, linked to its role, audited; the role\'s users get it', async () => {
      const user = await fx.addUser('2025-03-03');
      const item = await create({ title: `  Badge photo ${tag} `, type: 'form', description: 'Upload a photo', priority: 'high', due_days: 4, role_id: fx.roleId });
      expect(Object.keys(item).sort()).toEqual(ADMIN_ITEM_FIELDS);
      expect(item).toMatchObject({ title: `Badge photo ${tag}`, description: 'Upload a photo', type: 'form', priority: 'high', due_days: 4, role_id: fx.roleId, role_ids: [fx.roleId], documents: [] });
      const [{ max }] = (await t.dataSource.query('select max(item_order)::int as max from checklist_items')) as [{ max: number }];
      expect(item.item_order).toBeLessThanOrEqual(max);
      expect(item.item_order).toBeGreaterThan(20);
      const [audit] = await audits('checklist_item.create', item.id);
      expect(audit).toMatchObject({ actor_user_id: admin.id, target_type: 'checklist_item', details: { after: { id: item.id, title: `Badge photo ${tag}`, role_ids: [fx.roleId] } } });

      const checklist = await checklistOf(user);
      expect(checklist.items.map((i) => i.id)).toEqual([...fx.itemIds, item.id]);
      expect(checklist.items[2]).toMatchObject({ dueDate: '2025-03-07', isOverdue: true });
    });

    it('defaults: priority medium, due_days 0, no role, no description', async () => {
      const item = await create({ title: `Defaults ${tag}`, type: 'meeting' });
      expect(item).toMatchObject({ priority: 'medium', due_days: 0, role_id: null, role_ids: [], description: null });
    });

    it('answers 400 listing every bad field', async () => {
      const res = await as(adminToken, 'post', '/api/admin/checklist-items', { title: 'x'.repeat(201), type: 'quiz', priority: 'urgent', due_days: 366, role_id: 'x', description: 5 }).expect(400);
      expect(res.body.details).toEqual([
        CHECKLIST_ITEM_MESSAGES.titleTooLong,
        CHECKLIST_ITEM_MESSAGES.descriptionInvalid,
        CHECKLIST_ITEM_MESSAGES.typeInvalid,
        CHECKLIST_ITEM_MESSAGES.priorityInvalid,
        CHECKLIST_ITEM_MESSAGES.dueDaysInvalid,
        CHECKLIST_ITEM_MESSAGES.roleIdInvalid,
      ]);
      expect(res.body.error).toBe(res.body.details.join(', '));
      const missing = await as(adminToken, 'post', '/api/admin/checklist-items', {}).expect(400);
      expect(missing.body.details).toEqual([CHECKLIST_ITEM_MESSAGES.titleRequired, CHECKLIST_ITEM_MESSAGES.typeRequired]);
      for (const dueDays of [-31, 1.5, '7 days', 366]) {
        await as(adminToken, 'post', '/api/admin/checklist-items', { title: 'x', type: 'form', due_days: dueDays }).expect(400, { error: CHECKLIST_ITEM_MESSAGES.dueDaysInvalid, details: [CHECKLIST_ITEM_MESSAGES.dueDaysInvalid] });
      }
      // The boundaries themselves are fine, and a 200-character title.
      const edge = await create({ title: `${'t'.repeat(191)} ${tag}`, type: 'form', due_days: 365 });
      expect(edge.due_days).toBe(365);
      expect((await create({ title: `Zero ${tag}`, type: 'form', due_days: '0' })).due_days).toBe(0);
      // Preboarding: down to 30 working days before the start date.
      expect((await create({ title: `Preboarding ${tag}`, type: 'form', due_days: -30 })).due_days).toBe(-30);
      expect((await create({ title: `Day before ${tag}`, type: 'form', due_days: '-1' })).due_days).toBe(-1);
      await as(adminToken, 'post', '/api/admin/checklist-items', { title: 'x', type: 'form', role_id: 2147483647 }).expect(400, { error: CHECKLIST_ITEM_MESSAGES.roleUnknown, details: [CHECKLIST_ITEM_MESSAGES.roleUnknown] });
    });

    it('updates only the fields given; changing the role moves its link; audited before/after', async () => {
      // Roles of its own: the links this test makes must not show up in the other tests' lists.
      const first = await makeChecklist(t.dataSource, []);
      const second = await makeChecklist(t.dataSource, []);
      fixtures.push(first, second);
      const [fxRole, otherRole] = [first.roleId, second.roleId];
      const item = await create({ title: `Movable ${tag}`, type: 'sop', role_id: fxRole });
      await as(adminToken, 'post', `/api/admin/roles/${otherRole}/checklist-items`, { item_ids: [item.id] }).expect(200);
      const res = await as(adminToken, 'put', `/api/admin/checklist-items/${item.id}`, { priority: 'low', due_days: 9 }).expect(200);
      expect(res.body).toMatchObject({ title: `Movable ${tag}`, type: 'sop', priority: 'low', due_days: 9, role_ids: [fxRole, otherRole].sort((a, b) => a - b) });

      const moved = await as(adminToken, 'put', `/api/admin/checklist-items/${item.id}`, { role_id: null, description: 'No primary role' }).expect(200);
      expect(moved.body).toMatchObject({ role_id: null, role_ids: [otherRole], description: 'No primary role' });
      const back = await as(adminToken, 'put', `/api/admin/checklist-items/${item.id}`, { role_id: fxRole }).expect(200);
      expect(back.body.role_ids).toEqual([fxRole, otherRole].sort((a, b) => a - b));

      const trail = await audits('checklist_item.update', item.id);
      expect(trail).toHaveLength(3);
      expect(trail[0]?.details).toMatchObject({ before: { priority: 'medium', due_days: 0 }, after: { priority: 'low', due_days: 9 } });
      expect(trail[1]?.details).toMatchObject({ before: { role_id: fxRole }, after: { role_id: null, role_ids: [otherRole] } });

      await as(adminToken, 'put', `/api/admin/checklist-items/${item.id}`, {}).expect(400, { error: CHECKLIST_ITEM_MESSAGES.noChanges, details: [CHECKLIST_ITEM_MESSAGES.noChanges] });
      await as(adminToken, 'put', `/api/admin/checklist-items/${item.id}`, { title: '' }).expect(400, { error: CHECKLIST_ITEM_MESSAGES.titleRequired, details: [CHECKLIST_ITEM_MESSAGES.titleRequired] });
      await as(adminToken, 'put', '/api/admin/checklist-items/2147483647', { title: 'Nothing' }).expect(404, { error: 'Checklist item not found' });
      await as(adminToken, 'get', '/api/admin/checklist-items/abc').expect(400, { error: 'Invalid checklist item id', details: ['Invalid checklist item id'] });
    });

    it("deletes an item with its links and users' progress, audited with the before-image", async () => {
      const user = await fx.addUser('2025-03-03');
      const item = await create({ title: `Doomed ${tag}`, type: 'policy', role_id: fx.roleId });
      await addProgress(t.dataSource, user.id, item.id, { completedAt: '2025-03-05T10:00:00Z' });
      await as(adminToken, 'delete', `/api/admin/checklist-items/${item.id}`).expect(200, { success: true });
      await as(adminToken, 'get', `/api/admin/checklist-items/${item.id}`).expect(404);
      expect((await checklistOf(user)).items.map((i) => i.id)).not.toContain(item.id);
      const [{ count }] = (await t.dataSource.query('select count(*)::int as count from user_progress where checklist_item_id = $1', [item.id])) as [{ count: number }];
      expect(count).toBe(0);
      const [audit] = await audits('checklist_item.delete', item.id);
      expect(audit?.details).toMatchObject({ before: { id: item.id, title: `Doomed ${tag}`, role_ids: [fx.roleId] } });
      await as(adminToken, 'delete', `/api/admin/checklist-items/${item.id}`).expect(404);
    });

    it('lists items in order with their roles and documents; filters by role, type and search', async () => {
      const list = await as(adminToken, 'get', `/api/admin/checklist-items?role_id=${fx.roleId}`).expect(200);
      const ids = (list.body as Item[]).map((i) => i.id);
      expect(ids.slice(0, 2)).toEqual(fx.itemIds);
      const orders = (list.body as Item[]).map((i) => i.item_order);
      expect([...orders].sort((a, b) => a - b)).toEqual(orders);
      for (const item of list.body as Item[]) {
        expect(Object.keys(item).sort()).toEqual(ADMIN_ITEM_FIELDS);
        expect(item.role_ids).toContain(fx.roleId);
      }
      const search = await as(adminToken, 'get', `/api/admin/checklist-items?search=${encodeURIComponent(`second ${tag}`)}`).expect(200);
      expect((search.body as Item[]).map((i) => i.id)).toEqual([fx.itemIds[1]]);
      const training = await as(adminToken, 'get', `/api/admin/checklist-items?type=training&role_id=${fx.roleId}`).expect(200);
      expect(training.body).toEqual([]);
      const bad = await as(adminToken, 'get', '/api/admin/checklist-items?type=quiz&role_id=-1').expect(400);
      expect(bad.body.details).toEqual([CHECKLIST_ITEM_MESSAGES.roleFilterInvalid, CHECKLIST_ITEM_MESSAGES.typeFilterInvalid]);
    });

    it('carries the documents linked to each item', async () => {
      const [doc] = (await t.dataSource.query(`insert into documents (title, url, document_class_id) values ($1, 'https://docs.example.com/a', 1) returning id`, [`Admin doc ${tag}`])) as Array<{ id: number }>;
      try {
        await t.dataSource.query('insert into checklist_item_documents (checklist_item_id, document_id) values ($1, $2)', [fx.itemIds[0], doc?.id]);
        const res = await as(adminToken, 'get', `/api/admin/checklist-items/${fx.itemIds[0]}`).expect(200);
        expect(res.body.documents).toEqual([{ id: doc?.id, title: `Admin doc ${tag}`, url: 'https://docs.example.com/a', description: null, document_class_name: 'Policy' }]);
        const viaGql = await gql(t, '{ adminChecklistItems(filter: {roleId: ' + fx.roleId + '}) { id documents { id title } } }', {}, { token: adminToken });
        expect(viaGql.body.data.adminChecklistItems[0]).toEqual({ id: fx.itemIds[0], documents: [{ id: doc?.id, title: `Admin doc ${tag}` }] });
      } finally {
        await t.dataSource.query('delete from documents where id = $1', [doc?.id]);
      }
    });
  });

  describe('POST /api/admin/checklist-items/reorder', () => {
    it("moves items without typing numbers: the given items exchange their places, nothing else moves; the users' checklists follow", async () => {
      const fixture = await makeChecklist(t.dataSource, [
        { title: `A ${tag}`, itemOrder: 1 },
        { title: `B ${tag}`, itemOrder: 2 },
        { title: `C ${tag}`, itemOrder: 3 },
      ]);
      try {
        const user = await fixture.addUser('2025-03-03');
        const [a, b, c] = fixture.itemIds as [number, number, number];
        // "Move C up": C and B swap.
        const res = await as(adminToken, 'post', '/api/admin/checklist-items/reorder', { ids: [c, b] }).expect(200);
        expect((res.body as Item[]).map((i) => [i.id, i.item_order])).toEqual([
          [c, 2],
          [b, 3],
        ]);
        expect((await checklistOf(user)).items.map((i) => i.id)).toEqual([a, c, b]);
        // The whole list in a new order.
        await as(adminToken, 'post', '/api/admin/checklist-items/reorder', { ids: [b, a, c] }).expect(200);
        expect((await checklistOf(user)).items.map((i) => i.id)).toEqual([b, a, c]);
        const [audit] = await audits('checklist_item.reorder', null).then((rows) => rows.filter((r) => JSON.stringify(r.details.ids) === JSON.stringify([c, b])));
        expect(audit).toMatchObject({ actor_user_id: admin.id, details: { before: [{ id: c, item_order: 3 }, { id: b, item_order: 2 }], after: [{ id: c, item_order: 2 }, { id: b, item_order: 3 }] } });
        // Ties are broken in the order given.
        await t.dataSource.query('update checklist_items set item_order = 7 where id = any($1)', [fixture.itemIds]);
        await as(adminToken, 'post', '/api/admin/checklist-items/reorder', { ids: [c, a, b] }).expect(200);
        expect((await checklistOf(user)).items.map((i) => [i.id, i.item_order])).toEqual([
          [c, 7],
          [a, 8],
          [b, 9],
        ]);
      } finally {
        await fixture.remove();
      }
    });

    it('leaves every other item where it was', async () => {
      const before = (await t.dataSource.query('select id, item_order from checklist_items where id = any($1) order by id', [fx.itemIds])) as Array<{ id: number; item_order: number }>;
      const a = await create({ title: `Solo A ${tag}`, type: 'form' });
      const b = await create({ title: `Solo B ${tag}`, type: 'form' });
      await as(adminToken, 'post', '/api/admin/checklist-items/reorder', { ids: [b.id, a.id] }).expect(200);
      expect(await t.dataSource.query('select id, item_order from checklist_items where id = any($1) order by id', [fx.itemIds])).toEqual(before);
    });

    it('validates the ids: a list of 1-1000 known item ids', async () => {
      for (const ids of [undefined, [], 'all', [1, 'x'], [0], Array.from({ length: 1001 }, (_, i) => i + 1)]) {
        await as(adminToken, 'post', '/api/admin/checklist-items/reorder', { ids }).expect(400, { error: CHECKLIST_ITEM_MESSAGES.idsInvalid, details: [CHECKLIST_ITEM_MESSAGES.idsInvalid] });
      }
      const unknown = CHECKLIST_ITEM_MESSAGES.unknownItems([2147483647]);
      await as(adminToken, 'post', '/api/admin/checklist-items/reorder', { ids: [fx.itemIds[0], 2147483647] }).expect(400, { error: unknown, details: [unknown] });
    });
  });

  describe('role ↔ checklist item links', () => {
    it('adds and removes links in bulk (idempotent), audited; the role\'s users see the change', async () => {
      const user = await other.addUser('2025-03-03');
      const path = `/api/admin/roles/${other.roleId}/checklist-items`;
      expect((await as(adminToken, 'get', path).expect(200)).body).toEqual({ role_id: other.roleId, items: [] });

      const added = await as(adminToken, 'post', path, { item_ids: [fx.itemIds[1], fx.itemIds[0]] }).expect(200);
      expect(added.body.role_id).toBe(other.roleId);
      expect((added.body.items as Item[]).map((i) => i.id)).toEqual(fx.itemIds);
      expect((added.body.items as Item[])[0]?.role_ids).toEqual([fx.roleId, other.roleId].sort((a, b) => a - b));
      expect((await checklistOf(user)).items.map((i) => i.id)).toEqual(fx.itemIds);
      // Adding again changes nothing and writes no audit row.
      await as(adminToken, 'post', path, { item_ids: [fx.itemIds[0]] }).expect(200);
      const adds = await audits('role.checklist_items_add', other.roleId);
      expect(adds).toEqual([{ actor_user_id: admin.id, target_type: 'role', details: { added: [...fx.itemIds].sort((a, b) => a - b) } }]);

      const removed = await as(adminToken, 'delete', path, { item_ids: [fx.itemIds[0]] }).expect(200);
      expect((removed.body.items as Item[]).map((i) => i.id)).toEqual([fx.itemIds[1]]);
      expect((await checklistOf(user)).items.map((i) => i.id)).toEqual([fx.itemIds[1]]);
      expect(await audits('role.checklist_items_remove', other.roleId)).toEqual([{ actor_user_id: admin.id, target_type: 'role', details: { removed: [fx.itemIds[0]] } }]);
      await as(adminToken, 'delete', path, { item_ids: [fx.itemIds[1]] }).expect(200, { role_id: other.roleId, items: [] });
    });

    it('404 for an unknown role, 400 for unknown items or a bad list (nothing linked)', async () => {
      await as(adminToken, 'get', '/api/admin/roles/2147483647/checklist-items').expect(404, { error: 'Role not found' });
      await as(adminToken, 'post', '/api/admin/roles/2147483647/checklist-items', { item_ids: [fx.itemIds[0]] }).expect(404, { error: 'Role not found' });
      await as(adminToken, 'post', '/api/admin/roles/abc/checklist-items', { item_ids: [1] }).expect(400, { error: 'Invalid role id', details: ['Invalid role id'] });
      const unknown = CHECKLIST_ITEM_MESSAGES.unknownItems([2147483647]);
      await as(adminToken, 'post', `/api/admin/roles/${other.roleId}/checklist-items`, { item_ids: [fx.itemIds[0], 2147483647] }).expect(400, { error: unknown, details: [unknown] });
      expect((await as(adminToken, 'get', `/api/admin/roles/${other.roleId}/checklist-items`).expect(200)).body.items).toEqual([]);
      await as(adminToken, 'delete', `/api/admin/roles/${other.roleId}/checklist-items`, { item_ids: 5 }).expect(400, {
        error: CHECKLIST_ITEM_MESSAGES.itemIdsInvalid,
        details: [CHECKLIST_ITEM_MESSAGES.itemIdsInvalid],
      });
    });
  });

  it('GraphQL: the same operations with the same rules', async () => {
    const employee = await gql(t, '{ adminChecklistItems { id } }', {}, { token: employeeToken });
    expect(employee.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const createMutation = 'mutation ($input: ChecklistItemInput!) { createChecklistItem(input: $input) { id title type priority due_days role_id role_ids documents { id } } }';
    const bad = await gql(t, createMutation, { input: { title: '', type: 'form', due_days: 400 } }, { token: adminToken });
    expect(bad.body.errors[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', details: [CHECKLIST_ITEM_MESSAGES.titleRequired, CHECKLIST_ITEM_MESSAGES.dueDaysInvalid] } });
    const made = await gql(t, createMutation, { input: { title: `Gql ${tag}`, type: 'training', role_id: other.roleId } }, { token: adminToken });
    const item = made.body.data.createChecklistItem as Item;
    items.push(item.id);
    expect(item).toMatchObject({ title: `Gql ${tag}`, type: 'training', priority: 'medium', due_days: 0, role_id: other.roleId, role_ids: [other.roleId], documents: [] });
    const updated = await gql(t, 'mutation ($id: Int!) { updateChecklistItem(id: $id, input: {priority: high}) { priority } }', { id: item.id }, { token: adminToken });
    expect(updated.body.data.updateChecklistItem).toEqual({ priority: 'high' });
    const links = await gql(t, 'mutation ($r: Int!, $i: [Int!]!) { removeRoleChecklistItems(roleId: $r, itemIds: $i) { items { id } } }', { r: other.roleId, i: [item.id] }, { token: adminToken });
    expect(links.body.data.removeRoleChecklistItems).toEqual({ items: [] });
    const role = await gql(t, 'query ($r: Int!) { roleChecklistItems(roleId: $r) { role_id items { id } } }', { r: 2147483647 }, { token: adminToken });
    expect(role.body.errors[0]).toMatchObject({ message: 'Role not found', extensions: { code: 'NOT_FOUND' } });
    const deleted = await gql(t, 'mutation ($id: Int!) { deleteChecklistItem(id: $id) }', { id: item.id }, { token: adminToken });
    expect(deleted.body.data.deleteChecklistItem).toBe(true);
  });
});
