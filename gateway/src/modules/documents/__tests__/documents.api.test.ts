import request from 'supertest';
import { ADMIN_ROLE_ID } from '../../../shared/actor';
import { buildTestApp, expectNoStack, type TestApp } from '../../../../test/app';
import { bearer, createUser, deleteUsers, gql, tokenFor, type TestUser } from '../../../../test/auth';
import { makeChecklist, type ChecklistFixture } from '../../../../test/checklist';
import { CLASS_IDS, DOCUMENT_FIELDS, documentFixture, type DocumentFixture } from './documents-fixtures';

interface DocumentBody {
  id: number;
  title: string;
  description: string | null;
  url: string | null;
  document_class_id: number;
  document_class_name: string;
  created_at: string;
  updated_at: string;
  is_company_policy: boolean;
  viewed: boolean;
}

const UNKNOWN_ID = 2_147_483_647;

describe('the document library: GET /documents, /document-classes, /documents/checklist-item/{taskId}, POST /documents/{id}/viewed', () => {
  let t: TestApp;
  let docs: DocumentFixture;
  let role: ChecklistFixture;
  let otherRole: ChecklistFixture;
  let employee: TestUser;
  let colleague: TestUser;
  let outsider: TestUser;
  let admin: TestUser;
  let token: string;
  let colleagueToken: string;
  let outsiderToken: string;
  let adminToken: string;
  // Documents: given to the role, linked to the role's task only, another role's, and nobody's.
  const id = { given: 0, linked: 0, otherRoles: 0, nobodys: 0, noUrl: 0 };
  const extraUsers: number[] = [];

  const get = (path: string, as: string | null = token) => (as ? request(t.app).get(path).set(bearer(as)) : request(t.app).get(path));
  const post = (path: string, as: string | null = token) => (as ? request(t.app).post(path).set(bearer(as)) : request(t.app).post(path));
  const mine = async (query = '', as: string = token) => (await get(`/api/documents?search=${docs.tag}&limit=100${query}`, as).expect(200)).body as { data: DocumentBody[]; total: number };

  beforeAll(async () => {
    t = await buildTestApp();
    docs = documentFixture(t.dataSource);
    role = await makeChecklist(t.dataSource, [
      { title: 'Read the handbook', type: 'policy' },
      { title: 'Security course', type: 'training' },
    ]);
    otherRole = await makeChecklist(t.dataSource, [{ title: 'Other role task', type: 'sop' }]);
    employee = await role.addUser();
    colleague = await role.addUser();
    outsider = await otherRole.addUser();
    admin = await createUser(t.dataSource, { roleId: ADMIN_ROLE_ID });
    extraUsers.push(admin.id);
    token = await tokenFor(t.dataSource, employee.id);
    colleagueToken = await tokenFor(t.dataSource, colleague.id);
    outsiderToken = await tokenFor(t.dataSource, outsider.id);
    adminToken = await tokenFor(t.dataSource, admin.id);

    id.given = await docs.add({ title: 'Alpha handbook', classId: CLASS_IDS.Policy, roles: [role.roleId], createdAt: '2025-01-10T09:00:00Z', updatedAt: '2025-03-01T09:00:00Z' });
    id.linked = await docs.add({ title: 'Bravo security course', classId: CLASS_IDS.Training, items: [role.itemIds[1] as number], createdAt: '2025-02-10T09:00:00Z', updatedAt: '2025-02-11T09:00:00Z' });
    id.noUrl = await docs.add({ title: 'Charlie form', classId: CLASS_IDS.Form, url: null, description: null, roles: [role.roleId], createdAt: '2025-01-20T09:00:00Z', updatedAt: '2025-01-20T09:00:00Z' });
    id.otherRoles = await docs.add({ title: 'Delta other role', roles: [otherRole.roleId] });
    id.nobodys = await docs.add({ title: 'Echo hidden draft' });
  });

  afterAll(async () => {
    await docs.remove();
    await deleteUsers(t.dataSource, extraUsers);
    await role.remove();
    await otherRole.remove();
    await t.close();
  });

  describe('GET /api/documents', () => {
    it("answers {data, total} with exactly the documents of the caller's role, in the Document shape", async () => {
      const res = await get(`/api/documents?search=${docs.tag}`).expect(200);
      expect(Object.keys(res.body as object).sort()).toEqual(['data', 'total']);
      const page = res.body as { data: DocumentBody[]; total: number };
      expect(page.total).toBe(3);
      expect(page.data.map((d) => d.id)).toEqual([id.given, id.linked, id.noUrl]);
      for (const doc of page.data) expect(Object.keys(doc).sort()).toEqual(DOCUMENT_FIELDS);
      expect(page.data[0]).toEqual({
        id: id.given,
        title: `Alpha handbook ${docs.tag}`,
        description: 'About Alpha handbook',
        url: 'https://docs.example.com/handbook',
        document_class_id: CLASS_IDS.Policy,
        document_class_name: 'Policy',
        created_at: '2025-01-10T09:00:00.000Z',
        updated_at: '2025-03-01T09:00:00.000Z',
        is_company_policy: false,
        viewed: false,
      });
      expect(page.data[2]).toMatchObject({ url: null, description: null, document_class_name: 'Form' });
    });

    it("includes a document only linked to one of the role's tasks, and never another role's or nobody's", async () => {
      const ids = (await mine()).data.map((d) => d.id);
      expect(ids).toContain(id.linked);
      expect(ids).not.toContain(id.otherRoles);
      expect(ids).not.toContain(id.nobodys);
      expect((await mine('', outsiderToken)).data.map((d) => d.id)).toEqual([id.otherRoles]);
    });

    it('shows administrators every document', async () => {
      expect((await mine('', adminToken)).data.map((d) => d.id)).toEqual([id.given, id.linked, id.noUrl, id.otherRoles, id.nobodys]);
    });

    it('shows the demo employee the seeded library of their role, with the company policies flagged', async () => {
      const demo = await tokenFor(t.dataSource, 2);
      const page = (await get('/api/documents?limit=100', demo).expect(200)).body as { data: DocumentBody[]; total: number };
      expect(page.total).toBe(page.data.length);
      const titles = page.data.map((d) => d.title);
      expect(titles).toEqual(expect.arrayContaining(['Code of Conduct', 'Information Security Policy', 'Remote Work Policy', 'Operations Associate']));
      expect(titles).not.toContain('Software Engineer');
      expect(titles).not.toContain('Contractor Confidentiality and IP Policy');
      expect(new Set(page.data.map((d) => d.document_class_name))).toEqual(new Set(['Policy', 'SOP', 'Training', 'Form', 'Template', 'Job Description']));
      expect(page.data.find((d) => d.title === 'Code of Conduct')).toMatchObject({ is_company_policy: true, viewed: true });
      for (const doc of page.data) if (doc.url !== null) expect(doc.url).toMatch(/^https:\/\//);
    });

    it('searches titles and descriptions, case-insensitively', async () => {
      const everything = (await get('/api/documents?search=&limit=100').expect(200)).body as { total: number };
      expect(everything.total).toBeGreaterThanOrEqual(3);
      const byTitle = (await get(`/api/documents?search=${encodeURIComponent(`ALPHA HANDBOOK ${docs.tag}`)}`).expect(200)).body as { data: DocumentBody[] };
      expect(byTitle.data.map((d) => d.id)).toEqual([id.given]);
      const descId = await docs.add({ title: 'Foxtrot', description: `Explains the quarterly ${docs.tag}-budget cycle`, roles: [role.roleId] });
      const byDescription = (await get(`/api/documents?search=${docs.tag}-budget`).expect(200)).body as { data: DocumentBody[] };
      expect(byDescription.data.map((d) => d.id)).toEqual([descId]);
    });

    it('treats % and _ in the search literally', async () => {
      const percent = await docs.add({ title: `Discount ${docs.tag} 100% guide`, roles: [role.roleId] });
      await docs.add({ title: `Discount ${docs.tag} 1000 guide`, roles: [role.roleId] });
      const underscore = await docs.add({ title: `Key ${docs.tag} a_b`, roles: [role.roleId] });
      await docs.add({ title: `Key ${docs.tag} axb`, roles: [role.roleId] });
      const find = async (text: string) => ((await get(`/api/documents?search=${encodeURIComponent(text)}`).expect(200)).body as { data: DocumentBody[] }).data.map((d) => d.id);
      expect(await find(`${docs.tag} 100%`)).toEqual([percent]);
      expect(await find(`${docs.tag} a_b`)).toEqual([underscore]);
      expect(await find('0% guide')).toEqual([percent]);
      await expect(find('\\')).resolves.toEqual(expect.any(Array));
    });

    it('filters by class', async () => {
      expect((await mine(`&class_id=${CLASS_IDS.Training}`)).data.map((d) => d.id)).toEqual([id.linked]);
      expect((await mine(`&document_class_id=${CLASS_IDS['Job Description']}`)).total).toBe(0);
    });

    it('sorts by name, date, modified and type, in either order', async () => {
      const order = async (q: string) => (await mine(q)).data.filter((d) => [id.given, id.linked, id.noUrl].includes(d.id)).map((d) => d.id);
      expect(await order('&sort=name')).toEqual([id.given, id.linked, id.noUrl]);
      expect(await order('&sort=name&order=desc')).toEqual([id.noUrl, id.linked, id.given]);
      expect(await order('&sort=date')).toEqual([id.linked, id.noUrl, id.given]);
      expect(await order('&sort=date&order=asc')).toEqual([id.given, id.noUrl, id.linked]);
      expect(await order('&sort=modified')).toEqual([id.given, id.linked, id.noUrl]);
      // Form, Policy, Training.
      expect(await order('&sort=type')).toEqual([id.noUrl, id.given, id.linked]);
      expect(await order('&sort=type&order=desc')).toEqual([id.linked, id.given, id.noUrl]);
    });

    it('pages with page and limit; total counts every page', async () => {
      const first = (await get(`/api/documents?search=${docs.tag}&limit=2&page=1`).expect(200)).body as { data: DocumentBody[]; total: number };
      const second = (await get(`/api/documents?search=${docs.tag}&limit=2&page=2`).expect(200)).body as { data: DocumentBody[]; total: number };
      expect(first.total).toBe(second.total);
      expect(first.data).toHaveLength(2);
      expect([...first.data, ...second.data].map((d) => d.id)).toEqual((await mine()).data.slice(0, 4).map((d) => d.id));
      const beyond = (await get(`/api/documents?search=${docs.tag}&page=99`).expect(200)).body as { data: DocumentBody[]; total: number };
      expect(beyond).toEqual({ data: [], total: first.total });
    });

    it('without page or limit answers every document the caller may see, past 20', async () => {
      const team = await makeChecklist(t.dataSource, [{ title: 'Team task', type: 'sop' }]);
      const library = documentFixture(t.dataSource);
      try {
        const member = await team.addUser();
        for (let i = 1; i <= 25; i++) await library.add({ title: `Team doc ${String(i).padStart(2, '0')}`, roles: [team.roleId] });
        const all = (await get('/api/documents', await tokenFor(t.dataSource, member.id)).expect(200)).body as { data: DocumentBody[]; total: number };
        expect(all.total).toBe(25);
        expect(all.data).toHaveLength(25);
        expect(all.data.map((d) => d.title)).toEqual(Array.from({ length: 25 }, (_, i) => `Team doc ${String(i + 1).padStart(2, '0')} ${library.tag}`));
        const paged = (await get('/api/documents?page=1', await tokenFor(t.dataSource, member.id)).expect(200)).body as { data: DocumentBody[]; total: number };
        expect(paged.data).toHaveLength(20);
        expect(paged.total).toBe(25);
      } finally {
        await library.remove();
        await team.remove();
      }
    });

    it('refuses bad queries with a 400 listing each problem', async () => {
      const res = await get('/api/documents?sort=size&order=up&page=0&limit=500&class_id=abc').expect(400);
      expect(res.body).toEqual({
        error: 'Invalid document class id, Sort must be name, date, modified or type, Order must be asc or desc, Page must be a positive integer, Limit must be between 1 and 100',
        details: ['Invalid document class id', 'Sort must be name, date, modified or type', 'Order must be asc or desc', 'Page must be a positive integer', 'Limit must be between 1 and 100'],
      });
      await get('/api/documents?search=a&search=b').expect(400);
    });

    it('needs a signed-in user', async () => {
      const res = await get('/api/documents', null).expect(401);
      expect(res.body).toEqual({ error: 'Authentication required' });
    });
  });

  describe('GET /api/document-classes', () => {
    it('lists exactly the six classes, by id', async () => {
      const res = await get('/api/document-classes').expect(200);
      expect(res.body).toEqual([
        { id: 1, name: 'Policy' },
        { id: 2, name: 'SOP' },
        { id: 3, name: 'Training' },
        { id: 4, name: 'Form' },
        { id: 5, name: 'Template' },
        { id: 6, name: 'Job Description' },
      ]);
      await get('/api/document-classes', null).expect(401);
    });
  });

  describe('GET /api/documents/checklist-item/{taskId}', () => {
    it("answers the documents linked to a task of the caller's role", async () => {
      const res = await get(`/api/documents/checklist-item/${role.itemIds[1]}`).expect(200);
      const list = res.body as DocumentBody[];
      expect(list.map((d) => d.id)).toEqual([id.linked]);
      expect(Object.keys(list[0] as object).sort()).toEqual(DOCUMENT_FIELDS);
      await get(`/api/documents/checklist-item/${role.itemIds[0]}`).expect(200, []);
    });

    it("answers 404 for another role's task, like an unknown one, and 400 for a bad id", async () => {
      const other = await get(`/api/documents/checklist-item/${otherRole.itemIds[0]}`).expect(404);
      expect(other.body).toEqual({ error: 'Checklist item not found' });
      await get(`/api/documents/checklist-item/${UNKNOWN_ID}`).expect(404, { error: 'Checklist item not found' });
      await get('/api/documents/checklist-item/abc').expect(400, { error: 'Invalid checklist item id', details: ['Invalid checklist item id'] });
      await get(`/api/documents/checklist-item/${role.itemIds[1]}`, null).expect(401);
    });

    it("lets administrators read any task's documents", async () => {
      const res = await get(`/api/documents/checklist-item/${role.itemIds[1]}`, adminToken).expect(200);
      expect((res.body as DocumentBody[]).map((d) => d.id)).toEqual([id.linked]);
    });
  });

  describe('documents on checklist items (the batched loader)', () => {
    it('fills `documents` of the REST checklist with the Linked document shape', async () => {
      const res = await get(`/api/user-checklist-items/user/${employee.id}`).expect(200);
      const items = res.body as Array<{ id: number; documents: unknown[] }>;
      const course = items.find((i) => i.id === role.itemIds[1]);
      expect(course?.documents).toEqual([{ id: id.linked, title: `Bravo security course ${docs.tag}`, url: 'https://docs.example.com/handbook', description: 'About Bravo security course', document_class_name: 'Training' }]);
      expect(items.find((i) => i.id === role.itemIds[0])?.documents).toEqual([]);
      const single = await get(`/api/checklist-items/${role.itemIds[1]}`).expect(200);
      expect((single.body as { documents: unknown[] }).documents).toHaveLength(1);
    });

    it('fills `documents` through GraphQL (myChecklist and checklistItem)', async () => {
      const res = await gql(t, '{ myChecklist { id documents { id title url description document_class_name } } }', {}, { token }).expect(200);
      const items = (res.body as { data: { myChecklist: Array<{ id: number; documents: Array<{ id: number }> }> } }).data.myChecklist;
      expect(items.find((i) => i.id === role.itemIds[1])?.documents.map((d) => d.id)).toEqual([id.linked]);
      const one = await gql(t, 'query ($id: Int!) { checklistItem(id: $id) { documents { id document_class_name } } }', { id: role.itemIds[1] }, { token }).expect(200);
      expect(one.body).toEqual({ data: { checklistItem: { documents: [{ id: id.linked, document_class_name: 'Training' }] } } });
    });

    it('shows the demo employee the documents of their seeded policy task', async () => {
      const demo = await tokenFor(t.dataSource, 2);
      const res = await get('/api/checklist-items/4', demo).expect(200);
      expect((res.body as { documents: Array<{ title: string }> }).documents.map((d) => d.title)).toEqual(['Code of Conduct']);
    });
  });

  describe('POST /api/documents/{id}/viewed', () => {
    it('records the view for the caller only, and answers the first view time again on repeat', async () => {
      const first = await post(`/api/documents/${id.given}/viewed`).expect(200);
      expect(first.body).toEqual({ document_id: id.given, viewed: true, viewed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
      const again = await post(`/api/documents/${id.given}/viewed`).expect(200);
      expect(again.body).toEqual(first.body);
      expect((await mine()).data.find((d) => d.id === id.given)?.viewed).toBe(true);
      expect((await mine('', colleagueToken)).data.find((d) => d.id === id.given)?.viewed).toBe(false);
    });

    it('works for a document seen through a task link', async () => {
      await post(`/api/documents/${id.linked}/viewed`, colleagueToken).expect(200);
      expect((await mine('', colleagueToken)).data.find((d) => d.id === id.linked)?.viewed).toBe(true);
    });

    it("answers 404 for a document the role can't see, like an unknown one, and writes nothing", async () => {
      const hidden = await post(`/api/documents/${id.otherRoles}/viewed`).expect(404);
      expect(hidden.body).toEqual({ error: 'Document not found' });
      await post(`/api/documents/${id.nobodys}/viewed`).expect(404, { error: 'Document not found' });
      await post(`/api/documents/${UNKNOWN_ID}/viewed`).expect(404, { error: 'Document not found' });
      const rows = (await t.dataSource.query('select count(*)::int as n from document_views where user_id = $1 and document_id = any($2)', [employee.id, [id.otherRoles, id.nobodys]])) as Array<{ n: number }>;
      expect(rows[0]?.n).toBe(0);
    });

    it('answers 400 for a bad id and 401 without a session', async () => {
      for (const bad of ['abc', '0', '-1', '1.5', '2147483648']) {
        const res = await post(`/api/documents/${bad}/viewed`).expect(400);
        expect(res.body).toEqual({ error: 'Invalid document id', details: ['Invalid document id'] });
        expectNoStack(res.body);
      }
      await post(`/api/documents/${id.given}/viewed`, null).expect(401);
    });

    it('lets administrators mark any document', async () => {
      await post(`/api/documents/${id.nobodys}/viewed`, adminToken).expect(200);
    });
  });

  describe('GraphQL', () => {
    it('documents, documentClasses and checklistItemDocuments answer what REST answers', async () => {
      const rest = await mine('&sort=date');
      const res = await gql(
        t,
        `query ($s: String) { documents(search: $s, sort: date, limit: 100) { total data { id title description url document_class_id document_class_name created_at updated_at is_company_policy viewed } } }`,
        { s: docs.tag },
        { token },
      ).expect(200);
      expect(res.body).toEqual({ data: { documents: rest } });
      const classes = await gql(t, '{ documentClasses { id name } }', {}, { token }).expect(200);
      expect((classes.body as { data: { documentClasses: unknown[] } }).data.documentClasses).toHaveLength(6);
      const task = await gql(t, 'query ($id: Int!) { checklistItemDocuments(taskId: $id) { id } }', { id: role.itemIds[1] }, { token }).expect(200);
      expect(task.body).toEqual({ data: { checklistItemDocuments: [{ id: id.linked }] } });
    });

    it('maps errors to codes: bad input, not found, unauthenticated', async () => {
      const bad = await gql(t, '{ documents(limit: 500) { total } }', {}, { token });
      expect(bad.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      const hidden = await gql(t, 'mutation ($id: Int!) { markDocumentViewed(id: $id) { viewed } }', { id: id.otherRoles }, { token });
      expect(hidden.body.errors[0].extensions.code).toBe('NOT_FOUND');
      const other = await gql(t, 'query ($id: Int!) { checklistItemDocuments(taskId: $id) { id } }', { id: otherRole.itemIds[0] }, { token });
      expect(other.body.errors[0].extensions.code).toBe('NOT_FOUND');
      const anonymous = await gql(t, '{ documents { total } }');
      expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    });

    it('markDocumentViewed records the view', async () => {
      const res = await gql(t, 'mutation ($id: Int!) { markDocumentViewed(id: $id) { document_id viewed viewed_at } }', { id: id.noUrl }, { token: colleagueToken }).expect(200);
      expect(res.body.data.markDocumentViewed).toMatchObject({ document_id: id.noUrl, viewed: true });
      expect((await mine('', colleagueToken)).data.find((d) => d.id === id.noUrl)?.viewed).toBe(true);
    });
  });
});
