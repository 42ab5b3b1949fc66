import crypto from 'node:crypto';
import request from 'supertest';
import { ADMIN_ROLE_ID } from '../../../shared/actor';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { bearer, createUser, deleteUsers, gql, PROXY_ENV, randomIp, tokenFor, type TestUser } from '../../../../test/auth';
import { addProgress, fixedClock, makeChecklist, type ChecklistFixture } from '../../../../test/checklist';
import { whileLocked } from '../../../../test/locks';

// A Wednesday: the company's today in every test below (UTC, the default calendar).
const NOW = '2025-03-12T12:00:00.000Z';
const TODAY = '2025-03-12';

describe("the people around a user: manager, buddy, My team and re-onboarding on a role change", () => {
  let t: TestApp;
  let adminToken: string;
  // A second administrator: two admins at once must each hold only their own row, not queue on one shared one.
  let otherAdminToken: string;
  let employeeToken: string;
  const tag = crypto.randomBytes(4).toString('hex');
  const users: number[] = [];
  const fixtures: ChecklistFixture[] = [];

  const as = (token: string | null, method: 'get' | 'put' | 'post', path: string, body?: object) => {
    let req = request(t.app)[method](path).set('x-forwarded-for', randomIp());
    if (token) req = req.set(bearer(token));
    return body ? req.send(body) : req;
  };
  async function person(name: string, roleId = 1): Promise<TestUser> {
    const user = await createUser(t.dataSource, { name: `${name} ${tag}`, roleId });
    users.push(user.id);
    return user;
  }
  async function checklist(items: Parameters<typeof makeChecklist>[1]): Promise<ChecklistFixture> {
    const fx = await makeChecklist(t.dataSource, items);
    fixtures.push(fx);
    return fx;
  }
  const setManager = (userId: number, managerId: number | null) => t.dataSource.query('update users set manager_id = $2 where id = $1', [userId, managerId]);
  const refused = (message: string) => ({ error: message, details: [message] });

  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock(NOW), env: PROXY_ENV });
    adminToken = await tokenFor(t.dataSource, (await person('Admin', ADMIN_ROLE_ID)).id, new Date(NOW));
    otherAdminToken = await tokenFor(t.dataSource, (await person('Other admin', ADMIN_ROLE_ID)).id, new Date(NOW));
    employeeToken = await tokenFor(t.dataSource, (await person('Employee')).id, new Date(NOW));
  });
  afterAll(async () => {
    await deleteUsers(t.dataSource, users);
    for (const fx of fixtures) await fx.remove();
    await t.close();
  });

  describe('manager and buddy (PUT /api/admin/users/{id}, updateUser)', () => {
    it('sets both, shows them with their names, and clears one with null', async () => {
      const [hire, boss, buddy] = [await person('Hire'), await person('Boss'), await person('Buddy')];
      const set = await as(adminToken, 'put', `/api/admin/users/${hire.id}`, { manager_id: boss.id, buddy_id: buddy.id }).expect(200);
      expect(set.body).toMatchObject({ id: hire.id, manager_id: boss.id, manager_name: `Boss ${tag}`, buddy_id: buddy.id, buddy_name: `Buddy ${tag}` });
      const read = await as(adminToken, 'get', `/api/admin/users/${hire.id}`).expect(200);
      expect(read.body).toMatchObject({ manager_id: boss.id, manager_name: `Boss ${tag}`, buddy_id: buddy.id, buddy_name: `Buddy ${tag}` });
      const listed = await as(adminToken, 'get', `/api/admin/users?search=${encodeURIComponent(`Hire ${tag}`)}`).expect(200);
      expect(listed.body.data).toEqual([expect.objectContaining({ id: hire.id, manager_id: boss.id, buddy_name: `Buddy ${tag}` })]);

      const cleared = await as(adminToken, 'put', `/api/admin/users/${hire.id}`, { manager_id: null }).expect(200);
      expect(cleared.body).toMatchObject({ manager_id: null, manager_name: null, buddy_id: buddy.id, buddy_name: `Buddy ${tag}` });

      const audit = (await t.dataSource.query(`select details from audit_log where action = 'user.update' and target_id = $1 order by id`, [String(hire.id)])) as Array<{ details: { before: { manager_id: number | null }; after: { manager_id: number | null } } }>;
      expect(audit.map((a) => [a.details.before.manager_id, a.details.after.manager_id])).toEqual([
        [null, boss.id],
        [boss.id, null],
      ]);
    });

    it('GraphQL: updateUser takes manager_id and buddy_id; null clears', async () => {
      const [hire, boss] = [await person('Gql hire'), await person('Gql boss')];
      const mutation = 'mutation ($id: Int!, $input: AdminUserUpdateInput!) { updateUser(id: $id, input: $input) { id manager_id manager_name buddy_id buddy_name } }';
      const set = await gql(t, mutation, { id: hire.id, input: { manager_id: boss.id, buddy_id: boss.id } }, { token: adminToken, ip: randomIp() }).expect(200);
      expect(set.body.data.updateUser).toEqual({ id: hire.id, manager_id: boss.id, manager_name: `Gql boss ${tag}`, buddy_id: boss.id, buddy_name: `Gql boss ${tag}` });
      const cleared = await gql(t, mutation, { id: hire.id, input: { buddy_id: null } }, { token: adminToken, ip: randomIp() }).expect(200);
      expect(cleared.body.data.updateUser).toEqual({ id: hire.id, manager_id: boss.id, manager_name: `Gql boss ${tag}`, buddy_id: null, buddy_name: null });
    });

    it("an employee's own user answer carries their manager and buddy: REST me, user, sign-in, checklist and GraphQL me", async () => {
      const [hire, boss] = [await person('Known hire'), await person('Known boss')];
      await as(adminToken, 'put', `/api/admin/users/${hire.id}`, { manager_id: boss.id }).expect(200);
      const people = { manager_id: boss.id, manager_name: `Known boss ${tag}`, buddy_id: null, buddy_name: null };
      const signedIn = await as(null, 'post', '/api/auth/login', { email: hire.email, password: hire.password }).expect(200);
      expect(signedIn.body.user).toMatchObject({ id: hire.id, ...people });
      const token = signedIn.body.token as string;
      const me = await as(token, 'get', '/api/auth/me').expect(200);
      expect(me.body).toMatchObject({ id: hire.id, name: `Known hire ${tag}`, ...people });
      expect((await as(token, 'get', `/api/users/${hire.id}`).expect(200)).body).toEqual(me.body);
      expect((await as(token, 'get', `/api/users/${hire.id}/checklist`).expect(200)).body.user).toMatchObject(people);
      const fields = 'id manager_id manager_name buddy_id buddy_name';
      const gqlRes = await gql(t, `query ($id: Int!) { me { ${fields} } user(id: $id) { ${fields} } }`, { id: hire.id }, { token, ip: randomIp() }).expect(200);
      expect(gqlRes.body.data).toEqual({ me: { id: hire.id, ...people }, user: { id: hire.id, ...people } });
    });

    it('refuses a user as their own manager or buddy', async () => {
      const hire = await person('Self');
      await as(adminToken, 'put', `/api/admin/users/${hire.id}`, { manager_id: hire.id }).expect(400, refused('A user cannot be their own manager'));
      await as(adminToken, 'put', `/api/admin/users/${hire.id}`, { buddy_id: hire.id }).expect(400, refused('A user cannot be their own buddy'));
      const gqlRes = await gql(t, 'mutation ($id: Int!) { updateUser(id: $id, input: {manager_id: $id}) { id } }', { id: hire.id }, { token: adminToken, ip: randomIp() }).expect(200);
      expect(gqlRes.body.errors[0]).toMatchObject({ message: 'A user cannot be their own manager', extensions: { code: 'BAD_USER_INPUT' } });
    });

    it('refuses a loop in the manager chain, however long (A manages B, B manages C: C cannot manage A)', async () => {
      const [a, b, c] = [await person('Chain A'), await person('Chain B'), await person('Chain C')];
      await setManager(b.id, a.id);
      await setManager(c.id, b.id);
      const loop = 'This manager reports to this user: manager chains cannot loop';
      await as(adminToken, 'put', `/api/admin/users/${a.id}`, { manager_id: c.id }).expect(400, refused(loop));
      await as(adminToken, 'put', `/api/admin/users/${a.id}`, { manager_id: b.id }).expect(400, refused(loop));
      const [row] = (await t.dataSource.query('select manager_id from users where id = $1', [a.id])) as Array<{ manager_id: number | null }>;
      expect(row?.manager_id).toBeNull();
      // Up the chain is fine: C's manager may be A (C already reports to A through B), and a buddy may be anyone.
      await as(adminToken, 'put', `/api/admin/users/${c.id}`, { manager_id: a.id }).expect(200);
      await as(adminToken, 'put', `/api/admin/users/${a.id}`, { buddy_id: c.id }).expect(200);
    });

    it('two admins closing a loop at once: one wins, the other is refused', async () => {
      const [a, b] = [await person('Race A'), await person('Race B')];
      const answers = await Promise.all([
        as(adminToken, 'put', `/api/admin/users/${a.id}`, { manager_id: b.id }),
        as(otherAdminToken, 'put', `/api/admin/users/${b.id}`, { manager_id: a.id }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
      expect(answers.find((r) => r.status === 400)?.body).toEqual(refused('This manager reports to this user: manager chains cannot loop'));
      const rows = (await t.dataSource.query('select id, manager_id from users where id = any($1::int[]) and manager_id is not null', [[a.id, b.id]])) as unknown[];
      expect(rows).toHaveLength(1);
    });

    it("two admins making two users each other's buddy at once: both changes land, no deadlock", async () => {
      const [a, b] = [await person('Pair A'), await person('Pair B')];
      // Both edits line up behind a hold of the two rows, so they start together once it ends.
      const answers = await whileLocked({
        hold: (client) => client.query('select id from users where id = any($1::int[]) for share', [[a.id, b.id]]),
        start: () => Promise.all([as(adminToken, 'put', `/api/admin/users/${a.id}`, { buddy_id: b.id }), as(otherAdminToken, 'put', `/api/admin/users/${b.id}`, { buddy_id: a.id })]),
        waitingOn: '%users%',
        waiters: 2,
        what: 'both edits waiting on the hold',
      });
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      const rows = (await t.dataSource.query('select id, buddy_id from users where id = any($1::int[]) order by id', [[a.id, b.id]])) as unknown[];
      expect(rows).toEqual([
        { id: a.id, buddy_id: b.id },
        { id: b.id, buddy_id: a.id },
      ]);
    });

    it('refuses an unknown or inactive manager or buddy, and nothing changes', async () => {
      const [hire, gone] = [await person('Lonely'), await person('Gone')];
      await t.dataSource.query('update users set is_active = false where id = $1', [gone.id]);
      await as(adminToken, 'put', `/api/admin/users/${hire.id}`, { manager_id: 2_000_000_000 }).expect(400, refused('Manager not found'));
      await as(adminToken, 'put', `/api/admin/users/${hire.id}`, { buddy_id: gone.id }).expect(400, refused('Buddy not found'));
      await as(adminToken, 'put', `/api/admin/users/${hire.id}`, { name: 'Renamed', manager_id: gone.id, buddy_id: 2_000_000_000 }).expect(400, {
        error: 'Manager not found, Buddy not found',
        details: ['Manager not found', 'Buddy not found'],
      });
      await as(adminToken, 'put', `/api/admin/users/${hire.id}`, { manager_id: 'boss' }).expect(400, refused('manager_id must be a user id or null'));
      const [row] = (await t.dataSource.query('select name, manager_id, buddy_id from users where id = $1', [hire.id])) as Array<Record<string, unknown>>;
      expect(row).toEqual({ name: `Lonely ${tag}`, manager_id: null, buddy_id: null });
    });

    it('a hire whose manager and buddy left since can still be edited: the people kept are not checked again', async () => {
      const [hire, boss, pal] = [await person('Stays'), await person('Left boss'), await person('Left pal')];
      await as(adminToken, 'put', `/api/admin/users/${hire.id}`, { manager_id: boss.id, buddy_id: pal.id }).expect(200);
      await as(adminToken, 'post', `/api/admin/users/${boss.id}/deactivate`).expect(200);
      await as(adminToken, 'post', `/api/admin/users/${pal.id}/deactivate`).expect(200);
      // The edit form sends both with every save.
      const saved = await as(adminToken, 'put', `/api/admin/users/${hire.id}`, { name: 'Stays On', manager_id: boss.id, buddy_id: pal.id }).expect(200);
      expect(saved.body).toMatchObject({ name: 'Stays On', manager_id: boss.id, buddy_id: pal.id });
      // Setting one anew is still checked.
      const [other] = [await person('Other hire')];
      await as(adminToken, 'put', `/api/admin/users/${other.id}`, { manager_id: boss.id }).expect(400, refused('Manager not found'));
    });

    it('is the administrators\' door: 401 anonymous, 403 employee', async () => {
      const hire = await person('Guarded');
      await as(null, 'put', `/api/admin/users/${hire.id}`, { manager_id: null }).expect(401);
      await as(employeeToken, 'put', `/api/admin/users/${hire.id}`, { manager_id: null, reonboard: true }).expect(403, { error: 'You do not have permission to perform this action' });
      await as(employeeToken, 'put', '/api/admin/user-roles', { user_ids: [hire.id], role_id: 2, reonboard: true }).expect(403);
    });

    it('invitations apply the same rule: an inactive manager is refused in their words', async () => {
      const gone = await person('Gone manager');
      await t.dataSource.query('update users set is_active = false where id = $1', [gone.id]);
      await as(adminToken, 'post', '/api/admin/invitations', { email: `invitee-${tag}@example.com`, name: 'Invitee', role_id: 1, manager_id: gone.id }).expect(400, refused('The manager must be an active user'));
    });
  });

  describe('My team (GET /api/team, myTeam)', () => {
    let boss: TestUser;
    let bossToken: string;
    let fx: ChecklistFixture;
    let report: TestUser;

    beforeAll(async () => {
      fx = await checklist([
        { title: `Sign contract ${tag}`, dueDays: 0 },
        { title: `Read handbook ${tag}`, dueDays: 1 },
        { title: `Security course ${tag}`, dueDays: 30 },
        { title: `First 1:1 ${tag}`, dueDays: 0 },
      ]);
      // The manager's task about the hire is not the hire's: it stays out of the hire's progress, but counts as overdue and as a next task.
      await t.dataSource.query(`update checklist_items set owner_type = 'manager' where id = $1`, [fx.itemIds[3]]);
      boss = await person('Team boss');
      bossToken = await tokenFor(t.dataSource, boss.id, new Date(NOW));
      report = await fx.addUser('2025-03-03');
      await t.dataSource.query(`update users set name = $2 where id = $1`, [report.id, `Aaron ${tag}`]);
      await addProgress(t.dataSource, report.id, fx.itemIds[0] as number, { completedAt: '2025-03-03T10:00:00Z' });
      const idle = await fx.addUser('2025-03-10');
      await t.dataSource.query(`update users set name = $2 where id = $1`, [idle.id, `Zoe ${tag}`]);
      const gone = await fx.addUser('2025-03-10');
      await t.dataSource.query('update users set is_active = false where id = $1', [gone.id]);
      const elsewhere = await fx.addUser('2025-03-10');
      for (const u of [report, idle, gone]) await setManager(u.id, boss.id);
      await setManager(elsewhere.id, (await person('Other boss')).id);
    });

    it("lists the manager's active direct reports by name: progress over their own tasks, overdue and next task over every task about them", async () => {
      const res = await as(bossToken, 'get', '/api/team').expect(200);
      expect(res.body).toEqual({
        data: [
          {
            user: { id: report.id, name: `Aaron ${tag}`, email: report.email, role_id: fx.roleId, role_name: expect.stringContaining('Checklist fixture'), start_date: '2025-03-03' },
            // Overdue: the handbook (theirs) and the manager's 1:1, due on the start date; the 1:1 is also next.
            stats: {
              completed: 1,
              total: 3,
              overdue: 2,
              completionPercentage: 33,
              nextDue: { item_id: fx.itemIds[3], title: `First 1:1 ${tag}`, dueDate: '2025-03-03', owner_type: 'manager', owner_role_name: null },
            },
          },
          {
            user: expect.objectContaining({ name: `Zoe ${tag}`, start_date: '2025-03-10' }),
            stats: {
              completed: 0,
              total: 3,
              overdue: 3,
              completionPercentage: 0,
              nextDue: { item_id: fx.itemIds[0], title: `Sign contract ${tag}`, dueDate: '2025-03-10', owner_type: 'new_hire', owner_role_name: null },
            },
          },
        ],
      });
    });

    it("counts a team's overdue task about the report (where its escalation links) without moving the report's progress", async () => {
      const team = await checklist([]);
      await t.dataSource.query('update roles set name = $2 where id = $1', [team.roleId, `IT ${tag}`]);
      const own = await checklist([
        { title: `Own task ${tag}`, dueDays: 30 },
        { title: `Prepare the laptop ${tag}`, dueDays: 0 },
      ]);
      const [ownTask, laptop] = own.itemIds as [number, number];
      await t.dataSource.query(`update checklist_items set owner_type = 'role', owner_role_id = $2 where id = $1`, [laptop, team.roleId]);
      // Removed after `own`, whose item names it as the owning team.
      fixtures.push(fixtures.splice(fixtures.indexOf(team), 1)[0] as ChecklistFixture);
      const hire = await own.addUser('2025-03-03');
      await setManager(hire.id, boss.id);
      await addProgress(t.dataSource, hire.id, ownTask, { completedAt: '2025-03-04T10:00:00Z' });

      const statsOf = async () => {
        const res = await as(bossToken, 'get', '/api/team').expect(200);
        return (res.body.data as Array<{ user: { id: number }; stats: unknown }>).find((m) => m.user.id === hire.id)?.stats;
      };
      expect(await statsOf()).toEqual({
        completed: 1,
        total: 1,
        overdue: 1,
        completionPercentage: 100,
        nextDue: { item_id: laptop, title: `Prepare the laptop ${tag}`, dueDate: '2025-03-03', owner_type: 'role', owner_role_name: `IT ${tag}` },
      });

      await addProgress(t.dataSource, hire.id, laptop, { completedAt: '2025-03-12T09:00:00Z' });
      expect(await statsOf()).toEqual({ completed: 1, total: 1, overdue: 0, completionPercentage: 100, nextDue: null });
    });

    it('GraphQL myTeam answers the same', async () => {
      const res = await gql(
        t,
        '{ myTeam { user { id name email role_id role_name start_date } stats { completed total overdue completionPercentage nextDue { item_id title dueDate owner_type owner_role_name } } } }',
        {},
        { token: bossToken, ip: randomIp() },
      ).expect(200);
      const rest = await as(bossToken, 'get', '/api/team').expect(200);
      expect(res.body.data.myTeam).toEqual(rest.body.data);
    });

    it('someone who manages nobody gets an empty list; anonymous 401', async () => {
      await as(employeeToken, 'get', '/api/team').expect(200, { data: [] });
      const res = await gql(t, '{ myTeam { user { id } } }', {}, { token: employeeToken, ip: randomIp() }).expect(200);
      expect(res.body.data.myTeam).toEqual([]);
      await as(null, 'get', '/api/team').expect(401);
    });

    it('a report with every task about them done has no next task', async () => {
      const done = await fx.addUser('2025-03-03');
      await setManager(done.id, boss.id);
      for (const itemId of fx.itemIds) await addProgress(t.dataSource, done.id, itemId, { completedAt: '2025-03-05T10:00:00Z' });
      const res = await as(bossToken, 'get', '/api/team').expect(200);
      const member = (res.body.data as Array<{ user: { id: number }; stats: unknown }>).find((m) => m.user.id === done.id);
      expect(member?.stats).toEqual({ completed: 3, total: 3, overdue: 0, completionPercentage: 100, nextDue: null });
    });
  });

  describe("the administrators' user list sorted by progress (GET /api/admin/users?sort=progress)", () => {
    it("counts each user's own tasks only: another person's open or done task moves nobody", async () => {
      const fx = await checklist([{ title: `Own one ${tag}` }, { title: `Own two ${tag}` }, { title: `Manager's ${tag}` }]);
      const [ownOne, ownTwo, managers] = fx.itemIds as [number, number, number];
      await t.dataSource.query(`update checklist_items set owner_type = 'manager' where id = $1`, [managers]);
      const named = async (name: string) => {
        const user = await fx.addUser();
        await t.dataSource.query('update users set name = $2 where id = $1', [user.id, `${name} ${tag}`]);
        return user;
      };
      // Zed did both own tasks and the manager has not done theirs: 100%.
      const zed = await named('Zed');
      for (const item of [ownOne, ownTwo]) await addProgress(t.dataSource, zed.id, item, { completedAt: '2025-03-10T09:00:00Z' });
      // Amy did one own task, and the manager's task about her is done: 50%. Counting every item, both would be 2 of 3.
      const amy = await named('Amy');
      for (const item of [ownOne, managers]) await addProgress(t.dataSource, amy.id, item, { completedAt: '2025-03-10T09:00:00Z' });
      // Max did nothing of his own; the manager's task about him is done: 0%, like someone who did nothing at all.
      const max = await named('Max');
      await addProgress(t.dataSource, max.id, managers, { completedAt: '2025-03-10T09:00:00Z' });
      await named('Nil');

      const listed = async (order: 'asc' | 'desc') =>
        ((await as(adminToken, 'get', `/api/admin/users?role_id=${fx.roleId}&sort=progress&order=${order}`).expect(200)).body.data as Array<{ name: string; completion_percentage: number }>).map((u) => [
          u.name.replace(` ${tag}`, ''),
          u.completion_percentage,
        ]);
      expect(await listed('desc')).toEqual([
        ['Zed', 100],
        ['Amy', 50],
        ['Max', 0],
        ['Nil', 0],
      ]);
      expect(await listed('asc')).toEqual([
        ['Max', 0],
        ['Nil', 0],
        ['Amy', 50],
        ['Zed', 100],
      ]);
    });
  });

  describe('re-onboarding on a role change', () => {
    let before: ChecklistFixture;
    let after: ChecklistFixture;
    let shared: number;
    let newItem: number;

    beforeAll(async () => {
      before = await checklist([
        { title: `Shared ${tag}`, dueDays: 1 },
        { title: `Old only ${tag}`, dueDays: 2 },
      ]);
      after = await checklist([{ title: `New role task ${tag}`, dueDays: 2 }]);
      shared = before.itemIds[0] as number;
      newItem = after.itemIds[0] as number;
      await after.link(shared);
    });

    const progressOf = async (userId: number) =>
      (await t.dataSource.query(
        `select checklist_item_id as item, status, to_char(anchor_date, 'YYYY-MM-DD') as anchor from user_progress where user_id = $1 order by checklist_item_id`,
        [userId],
      )) as Array<{ item: number; status: string; anchor: string | null }>;
    const noticesOf = async (userId: number) =>
      (await t.dataSource.query(`select type, title, link, body from notifications where user_id = $1 order by id`, [userId])) as Array<Record<string, string>>;
    const mailsTo = async (email: string) =>
      (await t.dataSource.query(`select kind, subject from mail_outbox where lower(to_address) = lower($1) order by id`, [email])) as Array<{ kind: string; subject: string }>;

    it('with reonboard: new items count from today, shared items keep their progress; the user is told; the audit says so', async () => {
      const hire = await before.addUser('2025-01-06');
      await addProgress(t.dataSource, hire.id, shared, { completedAt: '2025-01-07T09:00:00Z' });
      await as(adminToken, 'put', `/api/admin/users/${hire.id}`, { role_id: after.roleId, reonboard: true }).expect(200);

      expect(await progressOf(hire.id)).toEqual([
        { item: shared, status: 'completed', anchor: null },
        { item: newItem, status: 'pending', anchor: TODAY },
      ]);
      // Two working days from Wednesday the 12th, not from the January start date (which made it overdue at once).
      const checklistRes = await as(adminToken, 'get', `/api/admin/users/${hire.id}/checklist`).expect(200);
      const task = (checklistRes.body.items as Array<{ id: number; dueDate: string; isOverdue: boolean }>).find((i) => i.id === newItem);
      expect(task).toMatchObject({ dueDate: '2025-03-14', isOverdue: false });

      // The day written as the reminder mails write it.
      const body = expect.stringMatching(/^Your role is now Checklist fixture \w+\. Its new tasks are due counting from Wed 12 Mar 2025\.$/);
      expect(await noticesOf(hire.id)).toEqual([{ type: 'checklist_changed', title: 'Your checklist changed', link: '/app/checklist', body }]);
      expect(await mailsTo(hire.email)).toEqual([expect.objectContaining({ kind: 'checklist-changed' })]);
      const [mail] = (await t.dataSource.query(`select text from mail_outbox where lower(to_address) = lower($1)`, [hire.email])) as Array<{ text: string }>;
      expect(mail?.text).toContain('Its new tasks are due counting from Wed 12 Mar 2025.');
      const [audit] = (await t.dataSource.query(`select details from audit_log where action = 'user.update' and target_id = $1`, [String(hire.id)])) as Array<{
        details: { reonboard: boolean; before: { role_id: number }; after: { role_id: number } };
      }>;
      expect(audit?.details).toMatchObject({ reonboard: true, before: { role_id: before.roleId }, after: { role_id: after.roleId } });
    });

    it('a preboarding item of the new role is due on the re-onboarding day, not overdue at once; the statistics agree', async () => {
      const preboarding = await checklist([
        { title: `Preboarding ${tag}`, dueDays: -2 },
        { title: `Week one ${tag}`, dueDays: 2 },
      ]);
      const hire = await before.addUser('2025-01-06');
      await as(adminToken, 'put', `/api/admin/users/${hire.id}`, { role_id: preboarding.roleId, reonboard: true }).expect(200);
      const checklistRes = await as(adminToken, 'get', `/api/admin/users/${hire.id}/checklist`).expect(200);
      const dates = (checklistRes.body.items as Array<{ id: number; dueDate: string; isOverdue: boolean }>).map(({ id, dueDate, isOverdue }) => ({ id, dueDate, isOverdue }));
      // Wednesday the 12th itself, not two working days before it.
      expect(dates).toEqual([
        { id: preboarding.itemIds[0], dueDate: '2025-03-12', isOverdue: false },
        { id: preboarding.itemIds[1], dueDate: '2025-03-14', isOverdue: false },
      ]);
      // The role health reads the due date through its joined calendar: the same answer.
      const stats = await as(adminToken, 'get', '/api/admin/stats').expect(200);
      expect((stats.body.roles as Array<{ role_id: number; overdue_tasks: number }>).find((r) => r.role_id === preboarding.roleId)).toMatchObject({ overdue_tasks: 0 });
    });

    it('a hire whose start date is still ahead gets the new items counted from the start date, not from today', async () => {
      const preboarding = await checklist([
        { title: `Preboarding ahead ${tag}`, dueDays: -2 },
        { title: `Week one ahead ${tag}`, dueDays: 2 },
      ]);
      // Monday the 24th, twelve days after today.
      const hire = await before.addUser('2025-03-24');
      await as(adminToken, 'put', '/api/admin/user-roles', { user_ids: [hire.id], role_id: preboarding.roleId, reonboard: true }).expect(200);
      expect((await progressOf(hire.id)).map((p) => p.anchor)).toEqual(['2025-03-24', '2025-03-24']);
      const checklistRes = await as(adminToken, 'get', `/api/admin/users/${hire.id}/checklist`).expect(200);
      expect((checklistRes.body.items as Array<{ dueDate: string }>).map((i) => i.dueDate)).toEqual(['2025-03-24', '2025-03-26']);
      expect(await noticesOf(hire.id)).toEqual([expect.objectContaining({ body: expect.stringContaining('Its new tasks are due counting from Mon 24 Mar 2025.') })]);
    });

    it("without it: today's behaviour (due dates from the start date), but the user is still told and the audit records it", async () => {
      const hire = await before.addUser('2025-01-06');
      await as(adminToken, 'put', `/api/admin/users/${hire.id}`, { role_id: after.roleId }).expect(200);
      expect(await progressOf(hire.id)).toEqual([]);
      const checklistRes = await as(adminToken, 'get', `/api/admin/users/${hire.id}/checklist`).expect(200);
      const task = (checklistRes.body.items as Array<{ id: number; dueDate: string; isOverdue: boolean }>).find((i) => i.id === newItem);
      expect(task).toMatchObject({ dueDate: '2025-01-08', isOverdue: true });
      expect(await noticesOf(hire.id)).toEqual([{ type: 'checklist_changed', title: 'Your checklist changed', link: '/app/checklist', body: expect.not.stringContaining(TODAY) }]);
      expect(await mailsTo(hire.email)).toHaveLength(1);
      const [audit] = (await t.dataSource.query(`select details from audit_log where action = 'user.update' and target_id = $1`, [String(hire.id)])) as Array<{ details: { reonboard: boolean } }>;
      expect(audit?.details.reonboard).toBe(false);
    });

    it('no role change, no notice: reonboard alone changes nothing', async () => {
      const hire = await before.addUser('2025-01-06');
      await as(adminToken, 'put', `/api/admin/users/${hire.id}`, { name: 'Same role', role_id: before.roleId, reonboard: true }).expect(200);
      await as(adminToken, 'put', `/api/admin/users/${hire.id}`, { reonboard: true }).expect(400, refused('Nothing to change: give name, email, role_id, start_date, manager_id or buddy_id'));
      expect(await progressOf(hire.id)).toEqual([]);
      expect(await noticesOf(hire.id)).toEqual([]);
    });

    it('bulk role assignment takes reonboard too, and tells every moved user', async () => {
      const [one, two] = [await before.addUser('2025-01-06'), await before.addUser('2025-01-06')];
      const res = await as(adminToken, 'put', '/api/admin/user-roles', { user_ids: [one.id, two.id], role_id: after.roleId, reonboard: true }).expect(200);
      expect(res.body).toMatchObject({ role_id: after.roleId, updated: 2 });
      for (const u of [one, two]) {
        expect(await progressOf(u.id)).toEqual([{ item: newItem, status: 'pending', anchor: TODAY }]);
        expect(await noticesOf(u.id)).toEqual([expect.objectContaining({ type: 'checklist_changed', body: expect.stringContaining('due counting from Wed 12 Mar 2025.') })]);
        expect(await mailsTo(u.email)).toEqual([expect.objectContaining({ kind: 'checklist-changed' })]);
      }
      const audits = (await t.dataSource.query(`select details from audit_log where action = 'user.role_assign' and target_id = any($1::text[])`, [[String(one.id), String(two.id)]])) as Array<{
        details: { reonboard: boolean };
      }>;
      expect(audits.map((a) => a.details.reonboard)).toEqual([true, true]);

      // GraphQL: the same, without reonboard.
      const three = await before.addUser('2025-01-06');
      const gqlRes = await gql(t, 'mutation ($u: [Int!]!, $r: Int!) { assignUsersToRole(userIds: $u, roleId: $r, reonboard: false) { updated } }', { u: [three.id], r: after.roleId }, { token: adminToken, ip: randomIp() }).expect(200);
      expect(gqlRes.body.data.assignUsersToRole).toEqual({ updated: 1 });
      expect(await progressOf(three.id)).toEqual([]);
      expect(await noticesOf(three.id)).toHaveLength(1);
    });
  });
});
