import request from 'supertest';
import { ADMIN_ROLE_ID } from '../../../shared/actor';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { bearer, createUser, deleteUsers, gql, tokenFor, type TestUser } from '../../../../test/auth';
import { makeChecklist, type ChecklistFixture } from '../../../../test/checklist';
import { CLASS_IDS, COMPANY_POLICY_FIELDS, documentFixture, type DocumentFixture } from './documents-fixtures';

interface PolicyBody {
  id: number;
  title: string;
  version: number;
  acknowledged: boolean;
  acknowledgement: { version: number; acknowledged_at: string } | null;
  is_company_policy: boolean;
}

interface ReportEntry {
  document_id: number;
  title: string;
  version: number;
  audience_count: number;
  acknowledged_count: number;
  pending_count: number;
  pending_users: Array<{ id: number; name: string; email: string; role_id: number }>;
}

const UNKNOWN_ID = 2_147_483_647;

describe('company policies: GET /documents/special, POST /documents/{id}/acknowledge, GET /documents/policies/acknowledgements', () => {
  let t: TestApp;
  let docs: DocumentFixture;
  let role: ChecklistFixture;
  let otherRole: ChecklistFixture;
  let ada: TestUser;
  let ben: TestUser;
  let cleo: TestUser;
  let inactive: TestUser;
  let outsider: TestUser;
  let admin: TestUser;
  const tokens: Record<string, string> = {};
  const id = { given: 0, linked: 0, otherRoles: 0, plain: 0 };

  const get = (path: string, as: string | null) => (as ? request(t.app).get(path).set(bearer(as)) : request(t.app).get(path));
  const post = (path: string, as: string | null) => (as ? request(t.app).post(path).set(bearer(as)) : request(t.app).post(path));
  const special = async (as: string) => ((await get('/api/documents/special', as).expect(200)).body as PolicyBody[]).filter((p) => p.title.endsWith(docs.tag));
  const report = async (query = '') => ((await get(`/api/documents/policies/acknowledgements${query}`, tokens.admin as string).expect(200)).body as ReportEntry[]).filter((p) => p.title.endsWith(docs.tag));

  beforeAll(async () => {
    t = await buildTestApp();
    docs = documentFixture(t.dataSource);
    role = await makeChecklist(t.dataSource, [{ title: 'Acknowledge the handbook', type: 'policy' }]);
    otherRole = await makeChecklist(t.dataSource, [{ title: 'Other', type: 'form' }]);
    // Named so the report's alphabetical order is known.
    ada = await createUser(t.dataSource, { roleId: role.roleId, name: 'Ada Policy' });
    ben = await createUser(t.dataSource, { roleId: role.roleId, name: 'ben Policy' });
    cleo = await createUser(t.dataSource, { roleId: role.roleId, name: 'Cleo Policy' });
    inactive = await createUser(t.dataSource, { roleId: role.roleId, name: 'Dormant Policy' });
    await t.dataSource.query('update users set is_active = false where id = $1', [inactive.id]);
    outsider = await createUser(t.dataSource, { roleId: otherRole.roleId, name: 'Outsider Policy' });
    admin = await createUser(t.dataSource, { roleId: ADMIN_ROLE_ID });
    for (const [name, user] of Object.entries({ ada, ben, cleo, outsider, admin })) tokens[name] = await tokenFor(t.dataSource, user.id);

    id.given = await docs.add({ title: 'Alpha conduct policy', classId: CLASS_IDS.Policy, policy: true, roles: [role.roleId] });
    id.linked = await docs.add({ title: 'Bravo security policy', classId: CLASS_IDS.Policy, policy: true, items: [role.itemIds[0] as number] });
    id.otherRoles = await docs.add({ title: 'Charlie other policy', classId: CLASS_IDS.Policy, policy: true, roles: [otherRole.roleId] });
    id.plain = await docs.add({ title: 'Delta plain guide', classId: CLASS_IDS.Policy, policy: false, roles: [role.roleId] });
  });

  afterAll(async () => {
    await docs.remove();
    await deleteUsers(t.dataSource, [ada, ben, cleo, inactive, outsider, admin].map((u) => u.id));
    await role.remove();
    await otherRole.remove();
    await t.close();
  });

  it('GET /documents/special lists the company policies of the role, by title, unacknowledged at first', async () => {
    const list = await special(tokens.ada as string);
    expect(list.map((p) => p.id)).toEqual([id.given, id.linked]);
    for (const p of list) expect(Object.keys(p).sort()).toEqual(COMPANY_POLICY_FIELDS);
    expect(list[0]).toMatchObject({ is_company_policy: true, version: 1, acknowledged: false, acknowledgement: null, viewed: false });
    expect((await special(tokens.outsider as string)).map((p) => p.id)).toEqual([id.otherRoles]);
    expect((await special(tokens.admin as string)).map((p) => p.id)).toEqual([id.given, id.linked, id.otherRoles]);
    await get('/api/documents/special', null).expect(401);
  });

  it("the demo employee's policies include the seeded ones, the Code of Conduct acknowledged", async () => {
    const demo = ((await get('/api/documents/special', await tokenFor(t.dataSource, 2)).expect(200)).body as PolicyBody[]).filter((p) => !p.title.includes(docs.tag));
    expect(demo.map((p) => p.title)).toEqual(['Anti-Harassment and Equal Opportunity Policy', 'Code of Conduct', 'Information Security Policy', 'Remote Work Policy']);
    expect(demo.find((p) => p.title === 'Code of Conduct')).toMatchObject({ acknowledged: true, acknowledgement: { version: 1 } });
  });

  it('POST /documents/{id}/acknowledge records the current version, idempotently', async () => {
    const first = await post(`/api/documents/${id.given}/acknowledge`, tokens.ada as string).expect(200);
    expect(first.body).toEqual({ document_id: id.given, version: 1, acknowledged_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) });
    const again = await post(`/api/documents/${id.given}/acknowledge`, tokens.ada as string).expect(200);
    expect(again.body).toEqual(first.body);
    const mine = (await special(tokens.ada as string)).find((p) => p.id === id.given);
    expect(mine).toMatchObject({ acknowledged: true, acknowledgement: { version: 1, acknowledged_at: (first.body as { acknowledged_at: string }).acknowledged_at } });
    // Only for Ada.
    expect((await special(tokens.ben as string)).find((p) => p.id === id.given)?.acknowledged).toBe(false);
  });

  it("acknowledging completes the caller's policy tasks that carry the policy, at the acknowledgement's time; nothing else", async () => {
    // A role of its own: a policy task and a form, both carrying the policy, and a second policy task without it.
    const tasks = await makeChecklist(t.dataSource, [
      { title: 'Read the travel policy', type: 'policy' },
      { title: 'Travel expense form', type: 'form' },
      { title: 'Read the other policy', type: 'policy' },
    ]);
    const [policyTask, formTask, otherTask] = tasks.itemIds as [number, number, number];
    const dana = await createUser(t.dataSource, { roleId: tasks.roleId, name: 'Dana Policy' });
    const eli = await createUser(t.dataSource, { roleId: tasks.roleId, name: 'Eli Policy' });
    const travel = await docs.add({ title: 'Echo travel policy', classId: CLASS_IDS.Policy, policy: true, items: [policyTask, formTask] });
    const progressOf = async (userId: number) =>
      (await t.dataSource.query('select checklist_item_id, status, completed_at from user_progress where user_id = $1 order by checklist_item_id', [userId])) as Array<{ checklist_item_id: number; status: string; completed_at: Date | null }>;
    try {
      const danaToken = await tokenFor(t.dataSource, dana.id);
      const ack = (await post(`/api/documents/${travel}/acknowledge`, danaToken).expect(200)).body as { acknowledged_at: string };
      expect(await progressOf(dana.id)).toEqual([{ checklist_item_id: policyTask, status: 'completed', completed_at: new Date(ack.acknowledged_at) }]);
      expect((await get(`/api/user-checklist-items/user/${dana.id}`, danaToken).expect(200)).body).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: policyTask, status: 'completed' }), expect.objectContaining({ id: otherTask, has_progress: false })]),
      );
      // Nobody else's tasks.
      expect(await progressOf(eli.id)).toEqual([]);

      // A task completed earlier keeps its own completion time; acknowledging again changes nothing.
      const eliToken = await tokenFor(t.dataSource, eli.id);
      await post(`/api/user-checklist-items/user/${eli.id}/item/${policyTask}`, eliToken).send({ status: 'completed', completed_at: '2026-01-05T09:00:00.000Z' }).expect(200);
      await post(`/api/documents/${travel}/acknowledge`, eliToken).expect(200);
      await post(`/api/documents/${travel}/acknowledge`, eliToken).expect(200);
      expect(await progressOf(eli.id)).toEqual([{ checklist_item_id: policyTask, status: 'completed', completed_at: new Date('2026-01-05T09:00:00.000Z') }]);
    } finally {
      // Its links, views and acknowledgements cascade; the report test below lists this file's documents.
      await t.dataSource.query('delete from documents where id = $1', [travel]);
      await deleteUsers(t.dataSource, [dana.id, eli.id]);
      await tasks.remove();
    }
  });

  it("answers 404 'Policy not found' for another role's policy, a plain document, an unknown id; 400 for a bad id; 401 anonymous", async () => {
    await post(`/api/documents/${id.otherRoles}/acknowledge`, tokens.ada as string).expect(404, { error: 'Policy not found' });
    await post(`/api/documents/${id.plain}/acknowledge`, tokens.ada as string).expect(404, { error: 'Policy not found' });
    await post(`/api/documents/${UNKNOWN_ID}/acknowledge`, tokens.ada as string).expect(404, { error: 'Policy not found' });
    await post('/api/documents/x/acknowledge', tokens.ada as string).expect(400, { error: 'Invalid document id', details: ['Invalid document id'] });
    await post(`/api/documents/${id.given}/acknowledge`, null).expect(401);
    const rows = (await t.dataSource.query('select count(*)::int as n from policy_acknowledgements where user_id = $1 and document_id = any($2)', [ada.id, [id.otherRoles, id.plain]])) as Array<{ n: number }>;
    expect(rows[0]?.n).toBe(0);
  });

  it('the report lists, per policy, the active users of the roles that see it who have not acknowledged it', async () => {
    await post(`/api/documents/${id.linked}/acknowledge`, tokens.ben as string).expect(200);
    await post(`/api/documents/${id.linked}/acknowledge`, tokens.cleo as string).expect(200);
    const entries = await report();
    expect(entries.map((e) => e.document_id)).toEqual([id.given, id.linked, id.otherRoles]);
    const [given, linked, other] = entries;
    // Ada acknowledged `given` earlier; the inactive user is not in any audience.
    expect(given).toEqual({
      document_id: id.given,
      title: `Alpha conduct policy ${docs.tag}`,
      version: 1,
      audience_count: 3,
      acknowledged_count: 1,
      pending_count: 2,
      pending_users: [
        { id: ben.id, name: 'ben Policy', email: ben.email, role_id: role.roleId },
        { id: cleo.id, name: 'Cleo Policy', email: cleo.email, role_id: role.roleId },
      ],
    });
    expect(linked).toMatchObject({ audience_count: 3, acknowledged_count: 2, pending_count: 1, pending_users: [{ id: ada.id }] });
    expect(other).toMatchObject({ audience_count: 1, acknowledged_count: 0, pending_count: 1, pending_users: [{ id: outsider.id }] });
    // Plain documents are not policies.
    expect(entries.find((e) => e.document_id === id.plain)).toBeUndefined();
  });

  it('a new version of a policy (its content changed) makes everyone pending again, and users can acknowledge it', async () => {
    const doc = await docs.add({ title: 'Echo versioned policy', classId: CLASS_IDS.Policy, policy: true, roles: [role.roleId], description: 'v1' });
    await post(`/api/documents/${doc}/acknowledge`, tokens.ada as string).expect(200);
    await request(t.app).put(`/api/documents/${doc}`).set(bearer(tokens.admin as string)).send({ title: `Echo versioned policy ${docs.tag}`, description: 'v2' }).expect(200);

    const entry = (await report()).find((e) => e.document_id === doc);
    expect(entry).toMatchObject({ version: 2, acknowledged_count: 0, pending_count: 3 });
    const policy = (await special(tokens.ada as string)).find((p) => p.id === doc);
    expect(policy).toMatchObject({ version: 2, acknowledged: false, acknowledgement: { version: 1 } });

    const ack = await post(`/api/documents/${doc}/acknowledge`, tokens.ada as string).expect(200);
    expect(ack.body).toMatchObject({ document_id: doc, version: 2 });
    expect((await special(tokens.ada as string)).find((p) => p.id === doc)).toMatchObject({ acknowledged: true, acknowledgement: { version: 2 } });
    expect((await report()).find((e) => e.document_id === doc)).toMatchObject({ acknowledged_count: 1, pending_count: 2 });
  });

  it('with the version read, a policy changed since is refused (409) and nothing recorded; the current one is acknowledged', async () => {
    const doc = await docs.add({ title: 'Foxtrot read policy', classId: CLASS_IDS.Policy, policy: true, roles: [role.roleId], description: 'v1' });
    await request(t.app).put(`/api/documents/${doc}`).set(bearer(tokens.admin as string)).send({ title: `Foxtrot read policy ${docs.tag}`, description: 'v2' }).expect(200);
    const changed = { error: 'This policy has changed since you opened it. Please read the new version.' };
    await post(`/api/documents/${doc}/acknowledge`, tokens.ben as string).send({ version: 1 }).expect(409, changed);
    expect((await special(tokens.ben as string)).find((p) => p.id === doc)).toMatchObject({ version: 2, acknowledged: false, acknowledgement: null });
    const viaGraphql = await gql(t, 'mutation ($id: Int!, $v: Int) { acknowledgePolicy(id: $id, version: $v) { version } }', { id: doc, v: 1 }, { token: tokens.ben as string });
    expect(viaGraphql.body.errors[0]).toMatchObject({ message: changed.error, extensions: { code: 'CONFLICT' } });

    const ack = await post(`/api/documents/${doc}/acknowledge`, tokens.ben as string).send({ version: 2 }).expect(200);
    expect(ack.body).toMatchObject({ document_id: doc, version: 2 });
    // Again with the same version: the first acknowledgement, as without one.
    expect((await post(`/api/documents/${doc}/acknowledge`, tokens.ben as string).send({ version: '2' }).expect(200)).body).toEqual(ack.body);
    // Checked before anything else: a bad version, then an unknown policy.
    for (const version of [0, -1, 1.5, 'two', 2_147_483_648, true]) {
      await post(`/api/documents/${doc}/acknowledge`, tokens.ben as string).send({ version }).expect(400, { error: 'Version must be a positive integer', details: ['Version must be a positive integer'] });
    }
    await post(`/api/documents/${UNKNOWN_ID}/acknowledge`, tokens.ben as string).send({ version: 1 }).expect(404, { error: 'Policy not found' });
    await post(`/api/documents/${id.otherRoles}/acknowledge`, tokens.ben as string).send({ version: 1 }).expect(404, { error: 'Policy not found' });
  });

  it('lists at most `limit` pending users per policy; the counts stay complete', async () => {
    const entry = (await report('?limit=1')).find((e) => e.document_id === id.given);
    expect(entry).toMatchObject({ pending_count: 2, pending_users: [{ id: ben.id }] });
    await get('/api/documents/policies/acknowledgements?limit=0', tokens.admin as string).expect(400, { error: 'Limit must be between 1 and 5000', details: ['Limit must be between 1 and 5000'] });
  });

  it('the report is for administrators only', async () => {
    await get('/api/documents/policies/acknowledgements', tokens.ada as string).expect(403);
    await get('/api/documents/policies/acknowledgements', null).expect(401);
  });

  it('GraphQL: companyPolicies, acknowledgePolicy and policyAcknowledgementReport answer what REST answers', async () => {
    const rest = await special(tokens.cleo as string);
    const res = await gql(
      t,
      '{ companyPolicies { id title description url document_class_id document_class_name created_at updated_at is_company_policy viewed version acknowledged acknowledgement { version acknowledged_at } } }',
      {},
      { token: tokens.cleo as string },
    ).expect(200);
    expect((res.body as { data: { companyPolicies: PolicyBody[] } }).data.companyPolicies.filter((p) => p.title.endsWith(docs.tag))).toEqual(rest);

    const ack = await gql(t, 'mutation ($id: Int!) { acknowledgePolicy(id: $id) { document_id version acknowledged_at } }', { id: id.given }, { token: tokens.cleo as string }).expect(200);
    expect(ack.body.data.acknowledgePolicy).toMatchObject({ document_id: id.given, version: 1 });
    const refused = await gql(t, 'mutation ($id: Int!) { acknowledgePolicy(id: $id) { version } }', { id: id.plain }, { token: tokens.cleo as string });
    expect(refused.body.errors[0]).toMatchObject({ message: 'Policy not found', extensions: { code: 'NOT_FOUND' } });

    const gqlReport = await gql(t, '{ policyAcknowledgementReport(limit: 10) { document_id title version audience_count acknowledged_count pending_count pending_users { id name email role_id } } }', {}, { token: tokens.admin as string }).expect(200);
    expect((gqlReport.body as { data: { policyAcknowledgementReport: ReportEntry[] } }).data.policyAcknowledgementReport.filter((e) => e.title.endsWith(docs.tag))).toEqual(await report('?limit=10'));
    const forbidden = await gql(t, '{ policyAcknowledgementReport { document_id } }', {}, { token: tokens.ada as string });
    expect(forbidden.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});
