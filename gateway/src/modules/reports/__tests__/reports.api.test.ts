import crypto from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { ADMIN_ROLE_ID } from '../../../shared/actor';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { bearer, createUser, deleteUsers, PROXY_ENV, randomIp, tokenFor, type TestUser } from '../../../../test/auth';
import { addProgress, fixedClock, makeChecklist, type ChecklistFixture } from '../../../../test/checklist';

const NOW = '2025-03-10T12:00:00.000Z'; // a Monday: the company's today is 2025-03-10

jest.setTimeout(60_000);

/** The rows of a CSV answer, header first; asserts the byte order mark and CRLF line ends first. */
function rowsOf(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  return parse(text, { bom: true }) as string[][];
}

/*
 * The CSV reports against the real app and PostgreSQL. The known data set, on
 * Monday 2025-03-10 (the shared database's calendar: Monday to Friday), one role with
 * items due 0, 5 and 40 working days after the start (the hire's own) and one due 0
 * that the manager does:
 *   Alice  start 2025-01-01  own items all done on 2025-03-05; the manager's item open (overdue since 01-01)
 *   Bob    start 2025-02-08  nothing done: own items 1 (02-10) and 2 (02-17) overdue, the manager's too (02-10); no manager
 *   Carol  start 2025-03-01  deactivated
 * Bob's name starts with '=': every export must hand it over as text.
 */
describe('CSV reports (GET /api/admin/reports/*.csv)', () => {
  let t: TestApp;
  let fx: ChecklistFixture;
  let tag: string;
  let admin: TestUser;
  let manager: TestUser;
  let adminToken: string;
  let employeeToken: string;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let documentId: number;
  let roleName: string;
  const bobName = () => `=HYPERLINK("http://x") Bob ${tag}`;
  const extraUsers: number[] = [];

  const get = (path: string, token: string | null = adminToken) => {
    const req = request(t.app).get(path).set('x-forwarded-for', randomIp());
    return token ? req.set(bearer(token)) : req;
  };

  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock(NOW), env: PROXY_ENV });
    tag = crypto.randomBytes(4).toString('hex');
    fx = await makeChecklist(t.dataSource, [
      { dueDays: 0, title: `Task 1 ${tag}` },
      { dueDays: 5, title: `Task 2 ${tag}` },
      { dueDays: 40, title: `Task 3 ${tag}` },
      { dueDays: 0, title: `Order a laptop ${tag}` },
    ]);
    const [i1, i2, i3, i4] = fx.itemIds as [number, number, number, number];
    await t.dataSource.query(`update checklist_items set owner_type = 'manager' where id = $1`, [i4]);
    roleName = ((await t.dataSource.query('select name from roles where id = $1', [fx.roleId])) as Array<{ name: string }>)[0]?.name ?? '';
    admin = await createUser(t.dataSource, { roleId: ADMIN_ROLE_ID });
    manager = await createUser(t.dataSource, { roleId: 1, name: `Manny ${crypto.randomBytes(4).toString('hex')}` });
    const employee = await createUser(t.dataSource, { roleId: 1 });
    extraUsers.push(admin.id, manager.id, employee.id);
    adminToken = await tokenFor(t.dataSource, admin.id, new Date(NOW));
    employeeToken = await tokenFor(t.dataSource, employee.id, new Date(NOW));

    alice = await fx.addUser('2025-01-01');
    bob = await fx.addUser('2025-02-08');
    carol = await fx.addUser('2025-03-01');
    await t.dataSource.query('update users set name = $2, manager_id = $3 where id = $1', [alice.id, `Alice ${tag}`, manager.id]);
    await t.dataSource.query('update users set name = $2 where id = $1', [bob.id, bobName()]);
    await t.dataSource.query('update users set name = $2, is_active = false where id = $1', [carol.id, `Carol ${tag}`]);
    for (const item of [i1, i2, i3]) await addProgress(t.dataSource, alice.id, item, { completedAt: '2025-03-05T10:00:00Z' });

    const [cls] = (await t.dataSource.query('select id from document_classes order by id limit 1')) as Array<{ id: number }>;
    const [doc] = (await t.dataSource.query(`insert into documents (title, document_class_id, is_company_policy, version) values ($1, $2, true, 2) returning id`, [
      `Code of conduct ${tag}`,
      cls?.id,
    ])) as Array<{ id: number }>;
    documentId = doc?.id ?? 0;
    await t.dataSource.query('insert into document_roles (document_id, role_id) values ($1, $2)', [documentId, fx.roleId]);
    // Alice acknowledged the current version; Bob only the previous one, which no longer counts.
    await t.dataSource.query(
      `insert into policy_acknowledgements (user_id, document_id, version, acknowledged_at) values ($1, $3, 2, '2025-03-04T09:30:00Z'), ($2, $3, 1, '2025-01-04T09:30:00Z')`,
      [alice.id, bob.id, documentId],
    );

    // Audit entries on days nobody else writes: two changes and a sign-in on 2001-02-03, a change two days later.
    await t.dataSource.query(
      `insert into audit_log (actor_user_id, action, target_type, target_id, details, created_at) values
         ($1::int, 'user.update', 'user', $2::text, '{"after": {"name": "x"}}', '2001-02-03T12:00:00Z'),
         ($2::int, 'user.deactivate', 'user', $1::text, '{}', '2001-02-03T13:00:00Z'),
         ($1::int, 'auth.login_success', null, null, '{}', '2001-02-03T14:00:00Z'),
         ($1::int, 'user.reactivate', 'user', $2::text, '{}', '2001-02-05T12:00:00Z')`,
      [alice.id, bob.id],
    );
  });

  afterAll(async () => {
    await t.dataSource.query(`delete from audit_log where created_at < '2001-12-31'`);
    await t.dataSource.query('delete from documents where id = $1', [documentId]);
    // The bulk users hold the fixture's role: they go first.
    await deleteUsers(t.dataSource, extraUsers);
    await fx.remove();
    await t.close();
  });

  describe('users.csv', () => {
    it('streams Manage Users\' rows with progress over own tasks, overdue own tasks and the completion day, as an attachment', async () => {
      const res = await get(`/api/admin/reports/users.csv?search=${tag}&sort=start_date`).expect(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="users-2025-03-10.csv"');
      expect(rowsOf(res.text)).toEqual([
        ['Name', 'Email', 'Role', 'Manager', 'Start date', 'Progress (%)', 'Overdue tasks', 'Completed on'],
        [`Alice ${tag}`, alice.email, roleName, manager.name, '2025-01-01', '100', '0', '2025-03-05'],
        [`'${bobName()}`, bob.email, roleName, '', '2025-02-08', '0', '2', ''],
        [`Carol ${tag}`, carol.email, roleName, '', '2025-03-01', '0', '1', ''],
      ]);
      // On the wire: the formula is quoted text behind an apostrophe.
      expect(res.text).toContain(`"'=HYPERLINK(""http://x"") Bob ${tag}"`);
    });

    it('takes the screen\'s filters and sort: status, role, order', async () => {
      const active = rowsOf((await get(`/api/admin/reports/users.csv?search=${tag}&status=active&sort=start_date&order=desc`).expect(200)).text);
      expect(active.slice(1).map((r) => r[1])).toEqual([bob.email, alice.email]);
      const byRole = rowsOf((await get(`/api/admin/reports/users.csv?role_id=${fx.roleId}&sort=progress&order=desc`).expect(200)).text);
      expect(byRole.slice(1).map((r) => r[1])).toEqual([alice.email, bob.email, carol.email]);
      const none = rowsOf((await get(`/api/admin/reports/users.csv?search=${tag}-nobody`).expect(200)).text);
      expect(none).toEqual([['Name', 'Email', 'Role', 'Manager', 'Start date', 'Progress (%)', 'Overdue tasks', 'Completed on']]);
    });

    it('answers bad filters with a JSON 400 listing each problem', async () => {
      const res = await get('/api/admin/reports/users.csv?sort=salary&status=gone').expect(400);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toEqual({ error: expect.any(String), details: ['Sort must be name, email, role, start_date, progress or last_login_at', 'Status must be all, active or inactive'] });
    });
  });

  describe('policies.csv', () => {
    it('lists each active user who sees a policy, who has not acknowledged its current version first', async () => {
      const res = await get(`/api/admin/reports/policies.csv?document_id=${documentId}`).expect(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="policies-2025-03-10.csv"');
      expect(rowsOf(res.text)).toEqual([
        ['Policy', 'Version', 'Name', 'Email', 'Role', 'Acknowledged', 'Acknowledged at (UTC)'],
        [`Code of conduct ${tag}`, '2', `'${bobName()}`, bob.email, roleName, 'no', ''],
        [`Code of conduct ${tag}`, '2', `Alice ${tag}`, alice.email, roleName, 'yes', '2025-03-04T09:30:00Z'],
      ]);
    });

    it('filters by acknowledgement', async () => {
      const pending = rowsOf((await get(`/api/admin/reports/policies.csv?document_id=${documentId}&status=pending`).expect(200)).text);
      expect(pending.slice(1).map((r) => r[3])).toEqual([bob.email]);
      const done = rowsOf((await get(`/api/admin/reports/policies.csv?document_id=${documentId}&status=acknowledged`).expect(200)).text);
      expect(done.slice(1).map((r) => r[3])).toEqual([alice.email]);
      const bad = await get('/api/admin/reports/policies.csv?status=maybe&document_id=x').expect(400);
      expect(bad.body.details).toEqual(['Document ID must be a positive integer', 'Status must be acknowledged, pending or all']);
    });
  });

  describe('overdue.csv', () => {
    it("lists every overdue task of the role's active hires, most overdue first, with who does it", async () => {
      const res = await get(`/api/admin/reports/overdue.csv?role_id=${fx.roleId}`).expect(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="overdue-2025-03-10.csv"');
      const laptop = `Order a laptop ${tag}`;
      const [header, ...rows] = rowsOf(res.text);
      expect(header).toEqual(['Name', 'Email', 'Role', 'Manager', 'Task', 'Type', 'Done by', 'Owner', 'Due date', 'Days overdue']);
      expect(rows.map((r) => [r[0], r[4], r[6], r[7], r[8], r[9]])).toEqual([
        [`Alice ${tag}`, laptop, 'Manager', manager.name, '2025-01-01', '68'],
        [`'${bobName()}`, `Task 1 ${tag}`, 'New hire', `'${bobName()}`, '2025-02-10', '28'],
        [`'${bobName()}`, laptop, 'Manager', '', '2025-02-10', '28'],
        [`'${bobName()}`, `Task 2 ${tag}`, 'New hire', `'${bobName()}`, '2025-02-17', '21'],
      ]);
      expect(rows[0]?.slice(1, 4)).toEqual([alice.email, roleName, manager.name]);
    });

    it('filters by owner type, and refuses an unknown one', async () => {
      const rows = rowsOf((await get(`/api/admin/reports/overdue.csv?role_id=${fx.roleId}&owner_type=manager`).expect(200)).text).slice(1);
      expect(rows.map((r) => r[1])).toEqual([alice.email, bob.email]);
      const bad = await get('/api/admin/reports/overdue.csv?owner_type=boss').expect(400);
      expect(bad.body.details).toEqual(['Owner type must be new_hire, manager, buddy or role']);
    });
  });

  describe('audit.csv', () => {
    it('lists the changes of a range of days, newest first; sign-ins only in category all', async () => {
      const res = await get('/api/admin/reports/audit.csv?from=2001-02-03&to=2001-02-03').expect(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="audit-2025-03-10.csv"');
      expect(rowsOf(res.text)).toEqual([
        ['Date (UTC)', 'Action', 'Actor', 'Actor email', 'Target type', 'Target ID', 'Details'],
        ['2001-02-03T13:00:00Z', 'user.deactivate', `'${bobName()}`, bob.email, 'user', String(alice.id), '{}'],
        ['2001-02-03T12:00:00Z', 'user.update', `Alice ${tag}`, alice.email, 'user', String(bob.id), '{"after": {"name": "x"}}'],
      ]);
      const all = rowsOf((await get('/api/admin/reports/audit.csv?category=all&from=2001-02-01&to=2001-02-28').expect(200)).text);
      expect(all.slice(1).map((r) => r[1])).toEqual(['user.reactivate', 'auth.login_success', 'user.deactivate', 'user.update']);
    });

    it('refuses a range that is not one', async () => {
      const reversed = await get('/api/admin/reports/audit.csv?from=2001-02-05&to=2001-02-03').expect(400);
      expect(reversed.body.details).toEqual(['From must not be after To']);
      const bad = await get('/api/admin/reports/audit.csv?from=2001-02-30&to=tomorrow&category=some').expect(400);
      expect(bad.body.details).toEqual(['Category must be changes or all', 'From must be a date (YYYY-MM-DD)', 'To must be a date (YYYY-MM-DD)']);
    });
  });

  it.each(['users', 'policies', 'overdue', 'audit'])('%s.csv: 401 anonymous, 403 for an employee, as JSON', async (name) => {
    const anonymous = await get(`/api/admin/reports/${name}.csv`, null).expect(401);
    expect(anonymous.body.error).toEqual(expect.any(String));
    const employee = await get(`/api/admin/reports/${name}.csv`, employeeToken).expect(403);
    expect(employee.headers['content-type']).toMatch(/application\/json/);
    expect(employee.body.error).toEqual(expect.any(String));
  });

  /** 40,000 more users in the fixture's role (once): enough rows that the file outgrows the socket buffers. */
  let bulk: Promise<void> | undefined;
  const bulkUsers = () =>
    (bulk ??= (async () => {
      const ids = (await t.dataSource.query(
        `insert into users (name, email, password_hash, role_id, start_date)
         select 'Bulk ' || $1 || ' ' || n, 'bulk-' || $1 || '-' || n || '@example.org', 'x', $2, '2025-02-03' from generate_series(1, 40000) n returning id`,
        [tag, fx.roleId],
      )) as Array<{ id: number }>;
      extraUsers.push(...ids.map((r) => r.id));
    })());
  // A backend inside a users report's transaction (its cursor waits for an Execute, so it shows as active, not idle).
  const inTransaction = async () =>
    Number(
      ((await t.dataSource.query(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null and query like '%as completed_on%'`,
      )) as Array<{ n: number }>)[0]?.n,
    );
  const until = async (condition: () => Promise<boolean>, ms: number) => {
    for (let waited = 0; waited < ms && !(await condition()); waited += 100) await new Promise((r) => setTimeout(r, 100));
  };

  it('gives the database connection back when the client goes away mid-file', async () => {
    // The server must wait for the reader.
    await bulkUsers();
    const server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const received = await new Promise<number>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: `/api/admin/reports/users.csv?role_id=${fx.roleId}`, headers: bearer(adminToken) }, (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', (chunk: Buffer) => {
            // Stop reading at the first chunk, while the server is still writing the file with its cursor
            // open. Asked at once: given time, a quiet machine writes the whole file into the two sockets'
            // buffers (loopback's can grow to tens of MB) and the transaction ends before the client goes.
            res.pause();
            void inTransaction()
              .then((open) => {
                req.destroy();
                expect(open).toBe(1);
                resolve(chunk.length);
              })
              .catch(reject);
          });
        });
        req.on('error', () => undefined);
      });
      expect(received).toBeGreaterThan(0);
      await until(async () => (await inTransaction()) === 0, 5_000);
      expect(await inTransaction()).toBe(0);
      // The pool (2 connections in tests) still serves: nothing was kept.
      const again = rowsOf((await get(`/api/admin/reports/users.csv?search=${tag}&status=active`).expect(200)).text);
      expect(again.length).toBe(40_003);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  describe('a client that stops reading (REPORT_STALL_SECONDS=3)', () => {
    let stalling: TestApp;
    let server: http.Server;
    // A Unix socket: its buffers are a few hundred KB and do not grow, so a reader that stops holds the file back.
    const socketPath = path.join(os.tmpdir(), `embark-reports-${crypto.randomBytes(4).toString('hex')}.sock`);
    const reportPath = () => `/api/admin/reports/users.csv?role_id=${fx.roleId}`;

    beforeAll(async () => {
      await bulkUsers();
      stalling = await buildTestApp({ clock: fixedClock(NOW), env: { ...PROXY_ENV, REPORT_STALL_SECONDS: '3' } });
      server = http.createServer(stalling.app);
      await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await stalling.close();
    });

    const connections = () => new Promise<number>((resolve, reject) => server.getConnections((err, n) => (err ? reject(err) : resolve(n))));

    it('is cut after the stall time, and the database connection goes back to the pool', async () => {
      const req = http.get({ socketPath, path: reportPath(), headers: bearer(adminToken) });
      req.on('error', () => undefined);
      try {
        const first = await new Promise<Buffer>((resolve) => req.on('response', (res) => res.once('data', (chunk: Buffer) => (res.pause(), resolve(chunk)))));
        expect(first.length).toBeGreaterThan(0);
        // The client keeps its socket open and reads nothing more.
        expect(await inTransaction()).toBe(1);
        // Cut between one and two stall times after the buffers filled.
        await until(async () => (await inTransaction()) === 0 && (await connections()) === 0, 15_000);
        expect(await inTransaction()).toBe(0);
        expect(await connections()).toBe(0);
      } finally {
        req.destroy();
      }
    });

    it('a reader that pauses for less than the stall time gets the whole file', async () => {
      const text = await new Promise<string>((resolve, reject) => {
        const req = http.get({ socketPath, path: reportPath(), headers: bearer(adminToken) }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
          res.on('error', reject);
          res.pause();
          setTimeout(() => res.resume(), 500);
        });
        req.on('error', reject);
      });
      expect(rowsOf(text).length).toBeGreaterThan(40_000);
    });
  });
});
