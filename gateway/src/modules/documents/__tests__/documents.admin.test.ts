import request from 'supertest';
import { ADMIN_ROLE_ID } from '../../../shared/actor';
import { buildTestApp, expectNoStack, type TestApp } from '../../../../test/app';
import { bearer, createUser, deleteUsers, gql, PROXY_ENV, randomIp, tokenFor, type TestUser } from '../../../../test/auth';
import { makeChecklist, type ChecklistFixture } from '../../../../test/checklist';
import { whileLocked } from '../../../../test/locks';
import { CLASS_IDS, DOCUMENT_FIELDS, documentFixture, type DocumentFixture } from './documents-fixtures';

interface DocumentBody {
  id: number;
  title: string;
  description: string | null;
  url: string | null;
  document_class_id: number;
  is_company_policy: boolean;
  updated_at: string;
}

interface AuditRow {
  actor_user_id: number | null;
  action: string;
  target_type: string;
  target_id: string;
  ip: string;
  details: { before?: Record<string, unknown>; after?: Record<string, unknown> };
}

const UNKNOWN_ID = 2_147_483_647;

describe('administrator writes: POST/PUT/DELETE /documents, roles and checklist-item links (audited)', () => {
  let t: TestApp;
  let docs: DocumentFixture;
  let role: ChecklistFixture;
  let admin: TestUser;
  let employee: TestUser;
  let adminToken: string;
  let employeeToken: string;
  const ip = randomIp();

  const as = (token: string | null, method: 'post' | 'put' | 'delete' | 'get', path: string) => {
    const req = request(t.app)[method](path).set('x-forwarded-for', ip);
    return token ? req.set(bearer(token)) : req;
  };
  const audit = async (documentId: number) =>
    (await t.dataSource.query(`select actor_user_id, action, target_type, target_id, ip, details from audit_log where target_type = 'document' and target_id = $1 order by id`, [String(documentId)])) as AuditRow[];
  const create = async (body: Record<string, unknown>) => {
    const res = await as(adminToken, 'post', '/api/documents').send(body).expect(201);
    const doc = res.body as DocumentBody;
    docs.ids.push(doc.id);
    return doc;
  };

  beforeAll(async () => {
    t = await buildTestApp({ env: PROXY_ENV });
    docs = documentFixture(t.dataSource);
    role = await makeChecklist(t.dataSource, [{ title: 'Policy task', type: 'policy' }, { title: 'Form task', type: 'form' }]);
    employee = await role.addUser();
    admin = await createUser(t.dataSource, { roleId: ADMIN_ROLE_ID });
    adminToken = await tokenFor(t.dataSource, admin.id);
    employeeToken = await tokenFor(t.dataSource, employee.id);
  });

  afterAll(async () => {
    await docs.remove();
    await deleteUsers(t.dataSource, [admin.id]);
    await role.remove();
    await t.close();
  });

  describe('POST /api/documents', () => {
    it('creates a document (201, the Document shape) and audits who, what and the after-image', async () => {
      const res = await as(adminToken, 'post', '/api/documents')
        .send({ title: `  Onboarding handbook ${docs.tag} `, description: 'Everything in one place', url: 'https://intranet.example.com/handbook', document_class_id: CLASS_IDS.Policy, is_company_policy: true })
        .expect(201);
      const doc = res.body as DocumentBody;
      docs.ids.push(doc.id);
      expect(Object.keys(doc).sort()).toEqual(DOCUMENT_FIELDS);
      expect(doc).toMatchObject({ title: `Onboarding handbook ${docs.tag}`, description: 'Everything in one place', url: 'https://intranet.example.com/handbook', document_class_id: 1, document_class_name: 'Policy', is_company_policy: true, viewed: false });
      const [entry] = await audit(doc.id);
      expect(entry).toMatchObject({ actor_user_id: admin.id, action: 'document.create', target_type: 'document', ip });
      expect(entry?.details.after).toMatchObject({ id: doc.id, title: doc.title, url: doc.url, is_company_policy: true, version: 1 });
    });

    it('defaults: no description, no link, not a policy', async () => {
      const doc = await create({ title: `Bare ${docs.tag}`, document_class_id: CLASS_IDS.Form });
      expect(doc).toMatchObject({ description: null, url: null, is_company_policy: false });
    });

    it.each([
      ['javascript:', 'javascript:alert(document.cookie)'],
      ['data:', 'data:text/html,<script>alert(1)</script>'],
      ['ftp:', 'ftp://files.example.com/handbook.pdf'],
      ['a relative path', '/files/handbook.pdf'],
      ['spaces', 'https://example.com/my handbook.pdf'],
      ['a space in the host', 'https://exa mple.com'],
    ])("refuses a link with %s: 400 'Invalid URL format'", async (_label, url) => {
      const res = await as(adminToken, 'post', '/api/documents').send({ title: `Bad link ${docs.tag}`, url, document_class_id: CLASS_IDS.SOP }).expect(400);
      expect(res.body).toEqual({ error: 'Invalid URL format', details: ['Invalid URL format'] });
      const rows = (await t.dataSource.query('select count(*)::int as n from documents where title = $1', [`Bad link ${docs.tag}`])) as Array<{ n: number }>;
      expect(rows[0]?.n).toBe(0);
    });

    it('accepts http and https links', async () => {
      expect((await create({ title: `Plain http ${docs.tag}`, url: 'http://legacy.example.com/doc', document_class_id: CLASS_IDS.SOP })).url).toBe('http://legacy.example.com/doc');
    });

    it('refuses a missing title, an unknown class and a non-boolean policy flag, listing each', async () => {
      const res = await as(adminToken, 'post', '/api/documents').send({ title: '', document_class_id: 99, is_company_policy: 'yes' }).expect(400);
      expect(res.body).toEqual({ error: 'Title is required, is_company_policy must be true or false', details: ['Title is required', 'is_company_policy must be true or false'] });
      const unknownClass = await as(adminToken, 'post', '/api/documents').send({ title: `No class ${docs.tag}`, document_class_id: 99 }).expect(400);
      expect(unknownClass.body).toEqual({ error: 'Unknown document class', details: ['Unknown document class'] });
      expectNoStack(unknownClass.body);
      await as(adminToken, 'post', '/api/documents').send({ title: `No class ${docs.tag}` }).expect(400, { error: 'Document class is required', details: ['Document class is required'] });
    });

    it('is for administrators only: 401 anonymous, 403 for an employee, nothing written', async () => {
      const body = { title: `Sneaky ${docs.tag}`, document_class_id: CLASS_IDS.SOP };
      await as(null, 'post', '/api/documents').send(body).expect(401);
      const res = await as(employeeToken, 'post', '/api/documents').send(body).expect(403);
      expect(res.body).toEqual({ error: 'You do not have permission to perform this action' });
      const rows = (await t.dataSource.query('select count(*)::int as n from documents where title = $1', [body.title])) as Array<{ n: number }>;
      expect(rows[0]?.n).toBe(0);
    });
  });

  describe('PUT /api/documents/{id}', () => {
    it('changes what is given, keeps what is left out, clears with null; audits before and after', async () => {
      const doc = await create({ title: `Editable ${docs.tag}`, description: 'First', url: 'https://example.com/v1', document_class_id: CLASS_IDS.SOP });
      const res = await as(adminToken, 'put', `/api/documents/${doc.id}`).send({ title: `Edited ${docs.tag}`, url: null }).expect(200);
      expect(res.body).toMatchObject({ id: doc.id, title: `Edited ${docs.tag}`, description: 'First', url: null, document_class_id: CLASS_IDS.SOP });
      expect(Date.parse((res.body as DocumentBody).updated_at)).toBeGreaterThanOrEqual(Date.parse(doc.updated_at));
      const entries = await audit(doc.id);
      expect(entries.map((e) => e.action)).toEqual(['document.create', 'document.update']);
      expect(entries[1]?.details).toMatchObject({ before: { title: `Editable ${docs.tag}`, url: 'https://example.com/v1' }, after: { title: `Edited ${docs.tag}`, url: null } });
    });

    it("applies the link rule: 400 'Invalid URL format' and the document unchanged", async () => {
      const doc = await create({ title: `Guarded ${docs.tag}`, url: 'https://example.com/ok', document_class_id: CLASS_IDS.SOP });
      await as(adminToken, 'put', `/api/documents/${doc.id}`).send({ title: doc.title, url: 'javascript:alert(1)' }).expect(400, { error: 'Invalid URL format', details: ['Invalid URL format'] });
      const [row] = (await t.dataSource.query('select url from documents where id = $1', [doc.id])) as Array<{ url: string }>;
      expect(row?.url).toBe('https://example.com/ok');
    });

    it('gives a company policy a new version when its description or link changes (not for the title alone)', async () => {
      const doc = await create({ title: `Versioned ${docs.tag}`, description: 'v1', url: 'https://example.com/p', document_class_id: CLASS_IDS.Policy, is_company_policy: true });
      const version = async () => ((await t.dataSource.query('select version from documents where id = $1', [doc.id])) as Array<{ version: number }>)[0]?.version;
      await as(adminToken, 'put', `/api/documents/${doc.id}`).send({ title: `Versioned (renamed) ${docs.tag}` }).expect(200);
      expect(await version()).toBe(1);
      await as(adminToken, 'put', `/api/documents/${doc.id}`).send({ title: doc.title, description: 'v2' }).expect(200);
      expect(await version()).toBe(2);
      await as(adminToken, 'put', `/api/documents/${doc.id}`).send({ title: doc.title, url: 'https://example.com/p2' }).expect(200);
      expect(await version()).toBe(3);
      // Acknowledged at version 3, then edited while not a policy and made one again: the old
      // acknowledgement is of another text, so it no longer counts.
      await as(adminToken, 'put', `/api/documents/${doc.id}/roles`).send({ role_ids: [role.roleId] }).expect(200);
      await as(employeeToken, 'post', `/api/documents/${doc.id}/acknowledge`).expect(200);
      await as(adminToken, 'put', `/api/documents/${doc.id}`).send({ title: doc.title, is_company_policy: false, description: 'v3' }).expect(200);
      expect(await version()).toBe(4);
      await as(adminToken, 'put', `/api/documents/${doc.id}`).send({ title: doc.title, is_company_policy: true }).expect(200);
      expect(await version()).toBe(4);
      const policies = (await as(employeeToken, 'get', '/api/documents/special').expect(200)).body as Array<{ id: number; acknowledged: boolean }>;
      expect(policies.find((p) => p.id === doc.id)).toMatchObject({ acknowledged: false });
    });

    it('answers 404 for an unknown id, 400 for a bad one, 403 for an employee', async () => {
      await as(adminToken, 'put', `/api/documents/${UNKNOWN_ID}`).send({ title: 'X' }).expect(404, { error: 'Document not found' });
      await as(adminToken, 'put', '/api/documents/abc').send({ title: 'X' }).expect(400, { error: 'Invalid document id', details: ['Invalid document id'] });
      const doc = await create({ title: `Locked ${docs.tag}`, document_class_id: CLASS_IDS.SOP });
      await as(employeeToken, 'put', `/api/documents/${doc.id}`).send({ title: 'Mine now' }).expect(403);
      await as(null, 'put', `/api/documents/${doc.id}`).send({ title: 'Mine now' }).expect(401);
    });
  });

  describe('DELETE /api/documents/{id}', () => {
    it('deletes the document with its links, views and acknowledgements, and audits the before-image', async () => {
      const doc = await create({ title: `Doomed ${docs.tag}`, document_class_id: CLASS_IDS.Policy, is_company_policy: true });
      await as(adminToken, 'put', `/api/documents/${doc.id}/roles`).send({ role_ids: [role.roleId] }).expect(200);
      await as(adminToken, 'post', `/api/documents/${doc.id}/checklist-items/${role.itemIds[0]}`).expect(201);
      await as(employeeToken, 'post', `/api/documents/${doc.id}/viewed`).expect(200);
      await as(employeeToken, 'post', `/api/documents/${doc.id}/acknowledge`).expect(200);

      await as(employeeToken, 'delete', `/api/documents/${doc.id}`).expect(403);
      await as(adminToken, 'delete', `/api/documents/${doc.id}`).expect(200, { success: true });
      await as(adminToken, 'delete', `/api/documents/${doc.id}`).expect(404, { error: 'Document not found' });
      for (const table of ['document_roles', 'checklist_item_documents', 'document_views', 'policy_acknowledgements']) {
        const rows = (await t.dataSource.query(`select count(*)::int as n from ${table} where document_id = $1`, [doc.id])) as Array<{ n: number }>;
        expect({ table, n: rows[0]?.n }).toEqual({ table, n: 0 });
      }
      const last = (await audit(doc.id)).at(-1);
      expect(last).toMatchObject({ action: 'document.delete', actor_user_id: admin.id });
      expect(last?.details.before).toMatchObject({ title: doc.title, role_ids: [role.roleId], checklist_item_ids: [role.itemIds[0]] });
    });
  });

  describe('links: GET /documents/{id}/links, PUT /documents/{id}/roles, POST/DELETE /documents/{id}/checklist-items/{itemId}', () => {
    it('replaces the roles that see a document, which changes what employees see', async () => {
      const doc = await create({ title: `Shared ${docs.tag}`, document_class_id: CLASS_IDS.Training });
      const visible = async () => ((await as(employeeToken, 'get', `/api/documents?search=Shared ${docs.tag}`).expect(200)).body as { total: number }).total;
      expect(await visible()).toBe(0);
      const res = await as(adminToken, 'put', `/api/documents/${doc.id}/roles`).send({ role_ids: [role.roleId, 2, role.roleId] }).expect(200);
      expect(res.body).toEqual({ document_id: doc.id, role_ids: [2, role.roleId].sort((a, b) => a - b), checklist_item_ids: [] });
      expect(await visible()).toBe(1);
      await as(adminToken, 'put', `/api/documents/${doc.id}/roles`).send({ role_ids: [2] }).expect(200);
      expect(await visible()).toBe(0);
      const entries = (await audit(doc.id)).filter((e) => e.action === 'document.roles_update');
      expect(entries.map((e) => e.details)).toEqual([
        { before: { role_ids: [] }, after: { role_ids: [2, role.roleId].sort((a, b) => a - b) } },
        { before: { role_ids: [2, role.roleId].sort((a, b) => a - b) }, after: { role_ids: [2] } },
      ]);
      await as(adminToken, 'get', `/api/documents/${doc.id}/links`).expect(200, { document_id: doc.id, role_ids: [2], checklist_item_ids: [] });
    });

    it('refuses unknown roles and malformed bodies with a 400, changing nothing', async () => {
      const doc = await create({ title: `Roles guarded ${docs.tag}`, document_class_id: CLASS_IDS.SOP });
      await as(adminToken, 'put', `/api/documents/${doc.id}/roles`).send({ role_ids: [1, UNKNOWN_ID] }).expect(400, { error: `Unknown role: ${UNKNOWN_ID}`, details: [`Unknown role: ${UNKNOWN_ID}`] });
      await as(adminToken, 'put', `/api/documents/${doc.id}/roles`).send({ role_ids: 'all' }).expect(400, { error: 'role_ids must be a list of role ids', details: ['role_ids must be a list of role ids'] });
      await as(adminToken, 'put', `/api/documents/${UNKNOWN_ID}/roles`).send({ role_ids: [1] }).expect(404);
      await as(adminToken, 'get', `/api/documents/${doc.id}/links`).expect(200, { document_id: doc.id, role_ids: [], checklist_item_ids: [] });
    });

    it('a role deleted while its link is being written is an unknown role (400), not a 500', async () => {
      const doc = await create({ title: `Roles racing ${docs.tag}`, document_class_id: CLASS_IDS.SOP });
      const [{ id: roleId } = { id: 0 }] = (await t.dataSource.query(`insert into roles (name) values ($1) returning id`, [`Short-lived ${docs.tag}`])) as Array<{ id: number }>;
      try {
        const res = await whileLocked({
          hold: (other) => other.query('delete from roles where id = $1', [roleId]),
          start: () => as(adminToken, 'put', `/api/documents/${doc.id}/roles`).send({ role_ids: [roleId] }),
          waitingOn: '%from roles where id = any%',
          what: 'the role check to wait on the deletion',
        });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: `Unknown role: ${roleId}`, details: [`Unknown role: ${roleId}`] });
      } finally {
        await t.dataSource.query('delete from roles where id = $1', [roleId]);
      }
      await as(adminToken, 'get', `/api/documents/${doc.id}/links`).expect(200, { document_id: doc.id, role_ids: [], checklist_item_ids: [] });
    });

    it('links and unlinks checklist items: 201 then 200 when already linked; 404 for an unknown item or no link', async () => {
      const doc = await create({ title: `Task doc ${docs.tag}`, document_class_id: CLASS_IDS.Form });
      const itemId = role.itemIds[1] as number;
      const linked = await as(adminToken, 'post', `/api/documents/${doc.id}/checklist-items/${itemId}`).expect(201);
      expect(linked.body).toEqual({ document_id: doc.id, role_ids: [], checklist_item_ids: [itemId] });
      await as(adminToken, 'post', `/api/documents/${doc.id}/checklist-items/${itemId}`).expect(200, linked.body);
      // The task now shows it, and through the task link the employee's role sees it.
      const task = await as(employeeToken, 'get', `/api/documents/checklist-item/${itemId}`).expect(200);
      expect((task.body as Array<{ id: number }>).map((d) => d.id)).toEqual([doc.id]);
      await as(employeeToken, 'post', `/api/documents/${doc.id}/viewed`).expect(200);

      await as(adminToken, 'post', `/api/documents/${doc.id}/checklist-items/${UNKNOWN_ID}`).expect(404, { error: 'Checklist item not found' });
      await as(adminToken, 'post', `/api/documents/${UNKNOWN_ID}/checklist-items/${itemId}`).expect(404, { error: 'Document not found' });
      await as(adminToken, 'post', `/api/documents/${doc.id}/checklist-items/abc`).expect(400);

      await as(adminToken, 'delete', `/api/documents/${doc.id}/checklist-items/${itemId}`).expect(200, { document_id: doc.id, role_ids: [], checklist_item_ids: [] });
      await as(adminToken, 'delete', `/api/documents/${doc.id}/checklist-items/${itemId}`).expect(404, { error: 'This document is not linked to that checklist item' });
      await as(employeeToken, 'get', `/api/documents/checklist-item/${itemId}`).expect(200, []);
      // No longer linked to the role's task: no longer the role's document.
      await as(employeeToken, 'post', `/api/documents/${doc.id}/viewed`).expect(404);
      expect((await audit(doc.id)).map((e) => e.action)).toEqual(['document.create', 'document.item_link', 'document.item_unlink']);
    });

    it('are for administrators only', async () => {
      const doc = await create({ title: `Admin links ${docs.tag}`, document_class_id: CLASS_IDS.SOP });
      for (const token of [employeeToken, null]) {
        const status = token ? 403 : 401;
        await as(token, 'get', `/api/documents/${doc.id}/links`).expect(status);
        await as(token, 'put', `/api/documents/${doc.id}/roles`).send({ role_ids: [1] }).expect(status);
        await as(token, 'post', `/api/documents/${doc.id}/checklist-items/${role.itemIds[0]}`).expect(status);
        await as(token, 'delete', `/api/documents/${doc.id}/checklist-items/${role.itemIds[0]}`).expect(status);
      }
      await as(adminToken, 'get', `/api/documents/${doc.id}/links`).expect(200, { document_id: doc.id, role_ids: [], checklist_item_ids: [] });
    });
  });

  describe('GraphQL', () => {
    it('createDocument, updateDocument, setDocumentRoles, link/unlink and deleteDocument run the same rules', async () => {
      const created = await gql(
        t,
        'mutation ($input: DocumentInput!) { createDocument(input: $input) { id title url document_class_name is_company_policy } }',
        { input: { title: `Gql doc ${docs.tag}`, url: 'https://example.com/gql', document_class_id: CLASS_IDS.Template } },
        { token: adminToken },
      ).expect(200);
      const doc = (created.body as { data: { createDocument: { id: number } } }).data.createDocument;
      docs.ids.push(doc.id);
      expect(doc).toEqual({ id: doc.id, title: `Gql doc ${docs.tag}`, url: 'https://example.com/gql', document_class_name: 'Template', is_company_policy: false });

      const bad = await gql(t, 'mutation ($id: Int!) { updateDocument(id: $id, input: {title: "X", url: "data:text/html,hi"}) { id } }', { id: doc.id }, { token: adminToken });
      expect(bad.body.errors[0]).toMatchObject({ message: 'Invalid URL format', extensions: { code: 'BAD_USER_INPUT', details: ['Invalid URL format'] } });
      const forbidden = await gql(t, 'mutation ($id: Int!) { deleteDocument(id: $id) }', { id: doc.id }, { token: employeeToken });
      expect(forbidden.body.errors[0].extensions.code).toBe('FORBIDDEN');

      const roles = await gql(t, 'mutation ($id: Int!, $r: [Int!]!) { setDocumentRoles(id: $id, roleIds: $r) { role_ids } }', { id: doc.id, r: [role.roleId] }, { token: adminToken }).expect(200);
      expect(roles.body).toEqual({ data: { setDocumentRoles: { role_ids: [role.roleId] } } });
      const link = await gql(t, 'mutation ($id: Int!, $i: Int!) { linkDocumentToChecklistItem(id: $id, itemId: $i) { checklist_item_ids } }', { id: doc.id, i: role.itemIds[0] }, { token: adminToken }).expect(200);
      expect(link.body).toEqual({ data: { linkDocumentToChecklistItem: { checklist_item_ids: [role.itemIds[0]] } } });
      const links = await gql(t, 'query ($id: Int!) { documentLinks(id: $id) { document_id role_ids checklist_item_ids } }', { id: doc.id }, { token: adminToken }).expect(200);
      expect(links.body).toEqual({ data: { documentLinks: { document_id: doc.id, role_ids: [role.roleId], checklist_item_ids: [role.itemIds[0]] } } });
      const unlink = await gql(t, 'mutation ($id: Int!, $i: Int!) { unlinkDocumentFromChecklistItem(id: $id, itemId: $i) { checklist_item_ids } }', { id: doc.id, i: role.itemIds[0] }, { token: adminToken }).expect(200);
      expect(unlink.body).toEqual({ data: { unlinkDocumentFromChecklistItem: { checklist_item_ids: [] } } });
      await gql(t, 'mutation ($id: Int!) { deleteDocument(id: $id) }', { id: doc.id }, { token: adminToken }).expect(200, { data: { deleteDocument: true } });
    });
  });
});
