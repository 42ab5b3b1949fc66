import { Client } from 'pg';
import request from 'supertest';
import { ADMIN_ROLE_ID } from '../../../shared/actor';
import { ROLE_MESSAGES } from '../roles.messages';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { bearer, createUser, deleteUsers, gql, tokenFor } from '../../../../test/auth';
import { testDatabaseUrl } from '../../../../test/database';
import { createScratchDatabase, type ScratchDatabase } from '../../../../test/scratch-database';
import { RoleNamesUniqueAnyCase1796020000000 } from '../../../db/migrations/1796020000000-RoleNamesUniqueAnyCase';

describe('role management (administrators only)', () => {
  let t: TestApp;
  let adminToken: string;
  let employeeToken: string;
  let adminId: number;
  const users: number[] = [];
  const roles: number[] = [];
  const tag = `${process.pid}-${Date.now()}`;

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await createUser(t.dataSource, { roleId: ADMIN_ROLE_ID });
    const employee = await createUser(t.dataSource, { roleId: 1 });
    users.push(admin.id, employee.id);
    adminId = admin.id;
    adminToken = await tokenFor(t.dataSource, admin.id);
    employeeToken = await tokenFor(t.dataSource, employee.id);
  });
  afterAll(async () => {
    await deleteUsers(t.dataSource, users);
    if (roles.length > 0) await t.dataSource.query('delete from roles where id = any($1)', [roles]);
    await t.close();
  });

  const as = (token: string | null, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
    let req = request(t.app)[method](path);
    if (token) req = req.set(bearer(token));
    return body ? req.send(body) : req;
  };

  async function makeRole(name = `Role ${tag} ${roles.length}`): Promise<{ id: number; name: string; description: string | null }> {
    const res = await as(adminToken, 'post', '/api/roles', { name, description: 'Made by a test' }).expect(201);
    roles.push(res.body.id);
    return res.body;
  }

  it('creates a role: 201 with {id, name, description}, listed afterwards, audited with its after-image', async () => {
    const role = await makeRole(`  Quality Analyst ${tag}  `);
    expect(role).toEqual({ id: expect.any(Number), name: `Quality Analyst ${tag}`, description: 'Made by a test' });
    const list = await request(t.app).get('/api/roles').expect(200);
    expect(list.body).toContainEqual(role);
    const [audit] = (await t.dataSource.query(`select actor_user_id, details from audit_log where action = 'role.create' and target_id = $1`, [String(role.id)])) as Array<{ actor_user_id: number; details: { after: object } }>;
    expect(audit).toEqual({ actor_user_id: adminId, details: { after: role } });
  });

  it('two admins writing one name in two cases at once: the second gets 409, not a second role', async () => {
    // The first admin's role is written but not committed yet: the second's check cannot see it.
    const first = new Client({ connectionString: testDatabaseUrl() });
    await first.connect();
    try {
      await first.query('begin');
      const { rows: [held] } = await first.query<{ id: number }>('insert into roles (name) values ($1) returning id', [`Finance ${tag}`]);
      roles.push(held!.id);
      let settled = false;
      const second = as(adminToken, 'post', '/api/roles', { name: `finance ${tag}` }).then((res) => {
        settled = true;
        return res;
      });
      // Once the name is held in any case, the second insert waits for the first transaction.
      for (let waiting = false; !waiting && !settled; ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        const [row] = (await t.dataSource.query(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike 'insert into "roles"%'`)) as Array<{ n: number }>;
        waiting = (row?.n ?? 0) > 0;
      }
      await first.query('commit');
      const res = await second;
      if (res.status === 201) roles.push(res.body.id);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: ROLE_MESSAGES.duplicateName });
    } finally {
      await first.end();
    }
  });

  it('401 for anonymous and 403 for employees, on every change, before any validation', async () => {
    const role = await makeRole();
    for (const [method, path] of [
      ['post', '/api/roles'],
      ['put', `/api/roles/${role.id}`],
      ['delete', `/api/roles/${role.id}`],
    ] as const) {
      await as(null, method, path, {}).expect(401, { error: 'Authentication required' });
      await as(employeeToken, method, path, {}).expect(403, { error: 'You do not have permission to perform this action' });
    }
  });

  it('validates the name: required, at most 100 characters; description at most 1000', async () => {
    await as(adminToken, 'post', '/api/roles', {}).expect(400, { error: ROLE_MESSAGES.nameRequired, details: [ROLE_MESSAGES.nameRequired] });
    await as(adminToken, 'post', '/api/roles', { name: '   ' }).expect(400);
    await as(adminToken, 'post', '/api/roles', { name: 'x'.repeat(101) }).expect(400, { error: ROLE_MESSAGES.nameTooLong, details: [ROLE_MESSAGES.nameTooLong] });
    await as(adminToken, 'post', '/api/roles', { name: `Ok ${tag}`, description: 'd'.repeat(1001) }).expect(400, { error: ROLE_MESSAGES.descriptionTooLong, details: [ROLE_MESSAGES.descriptionTooLong] });
    await as(adminToken, 'put', '/api/roles/abc', { name: 'x' }).expect(400, { error: ROLE_MESSAGES.invalidId, details: [ROLE_MESSAGES.invalidId] });
  });

  it('stores a name and description with NUL and lone surrogates cleaned, not as a server error', async () => {
    const res = await as(adminToken, 'post', '/api/roles', { name: `Nul\u0000 ${tag}`, description: 'half \uD800 pair\u0000' }).expect(201);
    roles.push(res.body.id);
    expect(res.body).toEqual({ id: expect.any(Number), name: `Nul ${tag}`, description: 'half \uFFFD pair' });
  });

  it('names are unique, ignoring case: 409', async () => {
    const role = await makeRole(`Unique ${tag}`);
    await as(adminToken, 'post', '/api/roles', { name: `UNIQUE ${tag}` }).expect(409, { error: ROLE_MESSAGES.duplicateName });
    await as(adminToken, 'post', '/api/roles', { name: 'Manager' }).expect(409);
    const other = await makeRole();
    await as(adminToken, 'put', `/api/roles/${other.id}`, { name: role.name.toLowerCase() }).expect(409, { error: ROLE_MESSAGES.duplicateName });
  });

  it('updates a role, keeping the description when left out, audited before/after', async () => {
    const role = await makeRole();
    const renamed = await as(adminToken, 'put', `/api/roles/${role.id}`, { name: `${role.name} v2` }).expect(200);
    expect(renamed.body).toEqual({ id: role.id, name: `${role.name} v2`, description: 'Made by a test' });
    const cleared = await as(adminToken, 'put', `/api/roles/${role.id}`, { name: `${role.name} v2`, description: null }).expect(200);
    expect(cleared.body.description).toBeNull();
    const audits = (await t.dataSource.query(`select details from audit_log where action = 'role.update' and target_id = $1 order by id`, [String(role.id)])) as Array<{ details: { before: { name: string }; after: { name: string } } }>;
    expect(audits[0]?.details.before.name).toBe(role.name);
    expect(audits[0]?.details.after.name).toBe(`${role.name} v2`);
    await as(adminToken, 'put', '/api/roles/999999', { name: 'Nobody' }).expect(404, { error: ROLE_MESSAGES.notFound });
  });

  it('refuses a role that open invitations use; one only closed invitations used can go, and they stay listed', async () => {
    const invited = await makeRole();
    const email = `invited-${tag}@example.org`;
    const invitation = await as(adminToken, 'post', '/api/admin/invitations', { email, name: 'Ivo Invited', role_id: invited.id }).expect(201);
    try {
      await as(adminToken, 'delete', `/api/roles/${invited.id}`).expect(409, { error: 'Cannot delete a role that open invitations use: revoke them first' });
      // Expired is still open: an administrator can resend it.
      await t.dataSource.query(`update invitations set expires_at = now() - interval '1 day' where id = $1`, [invitation.body.id]);
      await as(adminToken, 'delete', `/api/roles/${invited.id}`).expect(409);
      await as(adminToken, 'delete', `/api/admin/invitations/${invitation.body.id}`).expect(200);
      await as(adminToken, 'delete', `/api/roles/${invited.id}`).expect(200, { success: true });
      roles.splice(roles.indexOf(invited.id), 1);
      const listed = await as(adminToken, 'get', '/api/admin/invitations?status=revoked&limit=100').expect(200);
      expect((listed.body.data as Array<{ id: number }>).find((i) => i.id === invitation.body.id)).toMatchObject({ email, role_id: invited.id, role_name: invited.name, status: 'revoked' });
    } finally {
      await t.dataSource.query('delete from invitations where id = $1', [invitation.body.id]);
    }
  });

  it('deletes an unused role; refuses one assigned to users (409), and the administrator role', async () => {
    const unused = await makeRole();
    await as(adminToken, 'delete', `/api/roles/${unused.id}`).expect(200, { success: true });
    await as(adminToken, 'delete', `/api/roles/${unused.id}`).expect(404);
    const [audit] = (await t.dataSource.query(`select details from audit_log where action = 'role.delete' and target_id = $1`, [String(unused.id)])) as Array<{ details: { before: object } }>;
    expect(audit?.details.before).toEqual(unused);

    const held = await makeRole();
    const holder = await createUser(t.dataSource, { roleId: held.id });
    users.push(holder.id);
    await as(adminToken, 'delete', `/api/roles/${held.id}`).expect(409, { error: 'Cannot delete a role that is assigned to users' });
    await as(adminToken, 'delete', '/api/roles/1').expect(409, { error: 'Cannot delete a role that is assigned to users' });

    // A team that owns checklist tasks keeps its role until those tasks have another owner.
    const team = await makeRole();
    const [owned] = (await t.dataSource.query(`insert into checklist_items (title, type, owner_type, owner_role_id) values ($1, 'form', 'role', $2) returning id`, [`Owned ${tag}`, team.id])) as Array<{ id: number }>;
    try {
      await as(adminToken, 'delete', `/api/roles/${team.id}`).expect(409, { error: 'Cannot delete a role that owns checklist tasks: give those tasks another owner first' });
      await as(adminToken, 'put', `/api/admin/checklist-items/${owned!.id}`, { owner_type: 'new_hire' }).expect(200);
      await as(adminToken, 'delete', `/api/roles/${team.id}`).expect(200);
      roles.splice(roles.indexOf(team.id), 1);
    } finally {
      await t.dataSource.query('delete from checklist_items where id = $1', [owned!.id]);
    }
    await as(adminToken, 'delete', `/api/roles/${ADMIN_ROLE_ID}`).expect(409, { error: ROLE_MESSAGES.adminRoleDelete });
    await as(adminToken, 'put', `/api/roles/${ADMIN_ROLE_ID}`, { name: 'Admins' }).expect(409, { error: ROLE_MESSAGES.adminRoleRename });
  });

  it('GraphQL mutations follow the same rules', async () => {
    const create = 'mutation ($input: RoleInput!) { createRole(input: $input) { id name description } }';
    const anon = await gql(t, create, { input: { name: `Gql ${tag}` } });
    expect(anon.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const employee = await gql(t, create, { input: { name: `Gql ${tag}` } }, { token: employeeToken });
    expect(employee.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const made = await gql(t, create, { input: { name: `Gql ${tag}` } }, { token: adminToken });
    const id = made.body.data.createRole.id as number;
    roles.push(id);
    const dup = await gql(t, create, { input: { name: `gql ${tag}` } }, { token: adminToken });
    expect(dup.body.errors[0]).toMatchObject({ message: ROLE_MESSAGES.duplicateName, extensions: { code: 'CONFLICT' } });
    const updated = await gql(t, 'mutation ($id: Int!, $input: RoleInput!) { updateRole(id: $id, input: $input) { name } }', { id, input: { name: `Gql ${tag} 2` } }, { token: adminToken });
    expect(updated.body.data.updateRole.name).toBe(`Gql ${tag} 2`);
    const inUse = await gql(t, 'mutation ($id: Int!) { deleteRole(id: $id) }', { id: 1 }, { token: adminToken });
    expect(inUse.body.errors[0]).toMatchObject({ message: 'Cannot delete a role that is assigned to users', extensions: { code: 'CONFLICT' } });
    const deleted = await gql(t, 'mutation ($id: Int!) { deleteRole(id: $id) }', { id }, { token: adminToken });
    expect(deleted.body.data.deleteRole).toBe(true);
  });
});

describe('upgrading an instance whose role names already collide in case', () => {
  let db: ScratchDatabase;
  beforeAll(async () => {
    db = await createScratchDatabase({ seedSteps: [] });
  });
  afterAll(() => db.drop());

  it('keeps the oldest name and gives each later one its id, so the upgrade goes through', async () => {
    const migration = new RoleNamesUniqueAnyCase1796020000000();
    const runner = db.dataSource.createQueryRunner();
    try {
      await migration.down(runner);
      const long = 'Y'.repeat(100);
      const rows = (await runner.query(`insert into roles (name) values ('Ops'), ('ops'), ('OPS'), ($1), ($2) returning id, name`, [long, long.toLowerCase()])) as Array<{ id: number; name: string }>;
      await migration.up(runner);
      const after = (await runner.query('select id, name from roles where id = any($1) order by id', [rows.map((r) => r.id)])) as Array<{ id: number; name: string }>;
      const [ops, ops2, ops3, y, y2] = rows as [typeof rows[0], typeof rows[0], typeof rows[0], typeof rows[0], typeof rows[0]];
      expect(after).toEqual([
        { id: ops.id, name: 'Ops' },
        { id: ops2.id, name: `ops (${ops2.id})` },
        { id: ops3.id, name: `OPS (${ops3.id})` },
        { id: y.id, name: long },
        // Within the column's 100 characters.
        { id: y2.id, name: `${'y'.repeat(100 - ` (${y2.id})`.length)} (${y2.id})` },
      ]);
      await expect(runner.query(`insert into roles (name) values ('oPs')`)).rejects.toMatchObject({ constraint: 'uq_roles_name_any_case' });
    } finally {
      await runner.release();
    }
  });
});
