import request from 'supertest';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { bearer, createUser, gql, PROXY_ENV, randomIp, tokenFor, type TestUser } from '../../../../test/auth';
import { fixedClock, makeChecklist, type ChecklistFixture } from '../../../../test/checklist';
import { createScratchDatabase, type ScratchDatabase } from '../../../../test/scratch-database';

/*
 * The company calendar end to end (docs/product.md#due-dates, #overdue):
 * its routes, due dates counted in working days, preboarding, and "today" in
 * the company time zone. The calendar is instance-wide, so this file has a
 * database of its own: other files run on the shared one in parallel.
 *
 * "Now" is pinned at Monday 2025-03-10 23:30 UTC: still Monday in Los Angeles
 * (16:30), already Tuesday in Auckland (12:30) and Berlin (00:30).
 */

const NOW = '2025-03-10T23:30:00Z';
const DEFAULT_CALENDAR = { time_zone: 'UTC', working_days: [1, 2, 3, 4, 5], holidays: [], holiday_country: null };
const CALENDAR_FIELDS = 'time_zone working_days holidays { date name } holiday_country today';

interface Task {
  id: number;
  dueDate: string;
  isOverdue: boolean;
  daysUntilDue: number;
  completed: boolean;
}

describe('the company calendar', () => {
  let db: ScratchDatabase;
  let t: TestApp;
  let admin: TestUser;
  let employee: TestUser;
  let adminToken: string;
  let employeeToken: string;

  beforeAll(async () => {
    db = await createScratchDatabase({ seedSteps: [] });
    t = await buildTestApp({ dataSource: db.dataSource, env: PROXY_ENV, clock: fixedClock(NOW) });
    admin = await createUser(t.dataSource, { roleId: 4 });
    employee = await createUser(t.dataSource, { roleId: 1 });
    adminToken = await tokenFor(t.dataSource, admin.id, new Date(NOW));
    employeeToken = await tokenFor(t.dataSource, employee.id, new Date(NOW));
  });
  afterAll(async () => {
    await t.close();
    await db.drop();
  });

  const as = (token: string | null, method: 'get' | 'put' | 'post', path: string, body?: unknown) => {
    let req = request(t.app)[method](path).set('x-forwarded-for', randomIp());
    if (token) req = req.set(bearer(token));
    return body === undefined ? req : req.send(body as object);
  };
  const putCalendar = (body: unknown, token: string | null = adminToken) => as(token, 'put', '/api/admin/settings/calendar', body);
  const tasksOf = async (user: TestUser, token: string): Promise<Task[]> => (await as(token, 'get', `/api/user-checklist-items/user/${user.id}`).expect(200)).body as Task[];

  describe('settings routes', () => {
    afterEach(async () => {
      await putCalendar(DEFAULT_CALENDAR).expect(200);
    });

    it('every signed-in user reads the calendar with the company today; anonymous 401', async () => {
      await as(null, 'get', '/api/settings/calendar').expect(401, { error: 'Authentication required' });
      const res = await as(employeeToken, 'get', '/api/settings/calendar').expect(200);
      expect(res.body).toEqual({ ...DEFAULT_CALENDAR, today: '2025-03-10' });
      const graph = await gql(t, `{ companyCalendar { ${CALENDAR_FIELDS} } }`, {}, { token: employeeToken }).expect(200);
      expect(graph.body.data.companyCalendar).toEqual({ ...DEFAULT_CALENDAR, today: '2025-03-10' });
    });

    it('only administrators change it or read presets and reminder settings: 401 anonymous, 403 employee', async () => {
      await putCalendar(DEFAULT_CALENDAR, null).expect(401, { error: 'Authentication required' });
      await putCalendar({ ...DEFAULT_CALENDAR, time_zone: 'Europe/Berlin' }, employeeToken).expect(403);
      await as(employeeToken, 'get', '/api/admin/settings/calendar/holidays?country=DE&year=2027').expect(403);
      await as(null, 'get', '/api/admin/settings/calendar/holidays?country=DE&year=2027').expect(401);
      await as(employeeToken, 'get', '/api/admin/settings/reminders').expect(403);
      await as(employeeToken, 'put', '/api/admin/settings/reminders', { reminders_enabled: false, escalation_days: 5 }).expect(403);
      await as(null, 'put', '/api/admin/settings/reminders', { reminders_enabled: false, escalation_days: 5 }).expect(401);
      for (const query of ['{ reminderSettings { escalation_days } }', '{ holidayPreset(country: "DE", year: 2027) { date } }']) {
        const res = await gql(t, query, {}, { token: employeeToken }).expect(200);
        expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      }
      const update = await gql(t, `mutation ($input: CompanyCalendarInput!) { updateCompanyCalendar(input: $input) { time_zone } }`, { input: { ...DEFAULT_CALENDAR, time_zone: 'Europe/Berlin' } }, { token: employeeToken });
      expect(update.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect((await as(employeeToken, 'get', '/api/settings/calendar').expect(200)).body.time_zone).toBe('UTC');
      expect((await as(adminToken, 'get', '/api/admin/settings/reminders').expect(200)).body).toEqual({ reminders_enabled: true, escalation_days: 3 });
    });

    it.each([
      ['an unknown zone', { ...DEFAULT_CALENDAR, time_zone: 'Mars/Olympus_Mons' }, ['Unknown time zone']],
      ['an offset, not a zone', { ...DEFAULT_CALENDAR, time_zone: '+02:00' }, ['Unknown time zone']],
      ['no zone', { working_days: [1], holidays: [] }, ['Unknown time zone']],
      ['no working day', { ...DEFAULT_CALENDAR, working_days: [] }, ['Choose at least one working day']],
      ['a weekday 8', { ...DEFAULT_CALENDAR, working_days: [1, 8] }, ['Working days are weekday numbers from 1 (Monday) to 7 (Sunday)']],
      ['a holiday on 30 February', { ...DEFAULT_CALENDAR, holidays: [{ date: '2025-02-30', name: 'Nope' }] }, ['Holidays must be dates (YYYY-MM-DD)']],
      ['a holiday written day first', { ...DEFAULT_CALENDAR, holidays: [{ date: '25/12/2025', name: 'Christmas' }] }, ['Holidays must be dates (YYYY-MM-DD)']],
      ['holidays not a list', { ...DEFAULT_CALENDAR, holidays: 'christmas' }, ['Holidays must be dates (YYYY-MM-DD)']],
      ['an unknown country', { ...DEFAULT_CALENDAR, holiday_country: 'XX' }, ['Unknown country']],
    ])('400 with the message: %s', async (_case, body, details) => {
      const res = await putCalendar(body).expect(400);
      expect(res.body).toEqual({ error: details.join(', '), details });
    });

    it('stores the canonical zone, weekdays once each in order, one holiday per date in order; audited; today follows the zone', async () => {
      const res = await putCalendar({
        time_zone: 'europe/berlin',
        working_days: [5, 1, 2, 3, 4, 1],
        holidays: [
          { date: '2025-12-25', name: ' Christmas Day ' },
          { date: '2025-03-12', name: 'Founders' },
          { date: '2025-03-12', name: 'Twice' },
        ],
        holiday_country: 'de',
      }).expect(200);
      const saved = {
        time_zone: 'Europe/Berlin',
        working_days: [1, 2, 3, 4, 5],
        holidays: [
          { date: '2025-03-12', name: 'Founders' },
          { date: '2025-12-25', name: 'Christmas Day' },
        ],
        holiday_country: 'DE',
        // 00:30 on Tuesday in Berlin.
        today: '2025-03-11',
      };
      expect(res.body).toEqual(saved);
      expect((await as(employeeToken, 'get', '/api/settings/calendar').expect(200)).body).toEqual(saved);
      const [row] = (await t.dataSource.query(`select actor_user_id, target_id, details from audit_log where action = 'settings.calendar_update' order by id desc limit 1`)) as Array<{
        actor_user_id: number;
        target_id: string;
        details: { before: { time_zone: string }; after: { time_zone: string } };
      }>;
      expect(row).toMatchObject({ actor_user_id: admin.id, target_id: 'calendar', details: { before: { time_zone: 'UTC' }, after: { time_zone: 'Europe/Berlin' } } });
    });

    it("a country's public holidays as a preset; an unknown country or year 400", async () => {
      const res = await as(adminToken, 'get', '/api/admin/settings/calendar/holidays?country=de&year=2027').expect(200);
      expect(res.body.data).toEqual(expect.arrayContaining([{ date: '2027-01-01', name: "New Year's Day" }, { date: '2027-12-25', name: 'Christmas Day' }]));
      const dates = (res.body.data as Array<{ date: string }>).map((h) => h.date);
      expect(dates).toEqual([...new Set(dates)].sort());
      await as(adminToken, 'get', '/api/admin/settings/calendar/holidays?country=XX&year=2027').expect(400, { error: 'Unknown country', details: ['Unknown country'] });
      await as(adminToken, 'get', '/api/admin/settings/calendar/holidays?country=DE&year=1999').expect(400, { error: 'Year must be between 2000 and 2100', details: ['Year must be between 2000 and 2100'] });
      // A holiday of several days gives each of them.
      const korea = await as(adminToken, 'get', '/api/admin/settings/calendar/holidays?country=KR&year=2025').expect(200);
      expect((korea.body.data as Array<{ date: string; name: string }>).filter((h) => h.name === 'Korean Thanksgiving').map((h) => h.date)).toEqual(['2025-10-05', '2025-10-06', '2025-10-07']);
      const graph = await gql(t, '{ holidayPreset(country: "US", year: 2027) { date name } }', {}, { token: adminToken }).expect(200);
      expect(graph.body.data.holidayPreset).toEqual(expect.arrayContaining([{ date: '2027-01-01', name: "New Year's Day" }]));
    });

    it('reminder settings: read and changed by administrators, escalation days 1 to 30', async () => {
      const put = (body: unknown) => as(adminToken, 'put', '/api/admin/settings/reminders', body);
      for (const escalation_days of [0, 31, 1.5, 'three', null]) {
        await put({ reminders_enabled: true, escalation_days }).expect(400, { error: 'Escalation days must be between 1 and 30', details: ['Escalation days must be between 1 and 30'] });
      }
      expect((await put({ reminders_enabled: false, escalation_days: 30 }).expect(200)).body).toEqual({ reminders_enabled: false, escalation_days: 30 });
      expect((await as(adminToken, 'get', '/api/admin/settings/reminders').expect(200)).body).toEqual({ reminders_enabled: false, escalation_days: 30 });
      const graph = await gql(t, 'mutation { updateReminderSettings(input: {reminders_enabled: true, escalation_days: 3}) { reminders_enabled escalation_days } }', {}, { token: adminToken }).expect(200);
      expect(graph.body.data.updateReminderSettings).toEqual({ reminders_enabled: true, escalation_days: 3 });
      const [row] = (await t.dataSource.query(`select details from audit_log where action = 'settings.reminders_update' order by id desc limit 1`)) as Array<{ details: unknown }>;
      expect(row?.details).toEqual({ before: { reminders_enabled: false, escalation_days: 30 }, after: { reminders_enabled: true, escalation_days: 3 } });
    });
  });

  describe('due dates in working days', () => {
    let fx: ChecklistFixture;
    let hire: TestUser;
    let hireToken: string;
    let weekendStarter: TestUser;
    let weekendToken: string;
    // due_days 0, 3, 5, -1, -3, in this order.
    let ids: number[];

    beforeAll(async () => {
      // Friday 2025-03-14 is a holiday.
      await putCalendar({ ...DEFAULT_CALENDAR, holidays: [{ date: '2025-03-14', name: 'Company day' }] }).expect(200);
      fx = await makeChecklist(t.dataSource, [{ dueDays: 0 }, { dueDays: 3 }, { dueDays: 5 }, { dueDays: -1 }, { dueDays: -3 }]);
      ids = fx.itemIds;
      hire = await fx.addUser('2025-03-10'); // a Monday
      weekendStarter = await fx.addUser('2025-03-15'); // a Saturday
      hireToken = await tokenFor(t.dataSource, hire.id, new Date(NOW));
      weekendToken = await tokenFor(t.dataSource, weekendStarter.id, new Date(NOW));
    });
    afterAll(async () => {
      await fx.remove();
      await putCalendar(DEFAULT_CALENDAR).expect(200);
    });

    it('counts working days from the start date, past a weekend and a holiday; negative days are before the start date', async () => {
      const due = (await tasksOf(hire, hireToken)).map((task) => task.dueDate);
      // 0: Monday itself; 3: Thursday; 5: Tue, Wed, Thu, (holiday Friday, weekend) Mon, Tue; -1: the Friday before; -3: Wednesday before.
      expect(due).toEqual(['2025-03-10', '2025-03-13', '2025-03-18', '2025-03-07', '2025-03-05']);
    });

    it('day 0 on a weekend is the next working day; a Saturday start counts from the Monday, and back from it', async () => {
      const due = (await tasksOf(weekendStarter, weekendToken)).map((task) => task.dueDate);
      expect(due).toEqual(['2025-03-17', '2025-03-20', '2025-03-24', '2025-03-13', '2025-03-11']);
    });

    it('a calendar change moves the open due dates, never a completed task\'s', async () => {
      await as(hireToken, 'post', `/api/user-checklist-items/user/${hire.id}/item/${ids[1]}`, { status: 'completed' }).expect(200);
      // Wednesday 03-12 becomes a day off too.
      await putCalendar({ ...DEFAULT_CALENDAR, holidays: [{ date: '2025-03-12', name: 'Another' }, { date: '2025-03-14', name: 'Company day' }] }).expect(200);
      const tasks = await tasksOf(hire, hireToken);
      expect(tasks.map((task) => [task.dueDate, task.completed])).toEqual([
        ['2025-03-10', false],
        ['2025-03-13', true], // completed on its old date: kept
        ['2025-03-19', false],
        ['2025-03-07', false],
        ['2025-03-05', false],
      ]);
      // Another hire's open preboarding task moves back past the new day off.
      expect((await tasksOf(weekendStarter, weekendToken)).map((task) => task.dueDate)).toEqual(['2025-03-17', '2025-03-20', '2025-03-24', '2025-03-13', '2025-03-10']);
      await putCalendar({ ...DEFAULT_CALENDAR, holidays: [{ date: '2025-03-14', name: 'Company day' }] }).expect(200);
    });

    it('a hire signs in before the start date, sees how many days remain and preboarding tasks due today', async () => {
      // -4 working days from Monday 03-17, Friday 03-14 a holiday: today.
      const pre = await makeChecklist(t.dataSource, [{ dueDays: -4 }, { dueDays: 0 }]);
      try {
        const early = await pre.addUser('2025-03-17'); // a week ahead
        const login = await request(t.app).post('/api/auth/login').set('x-forwarded-for', randomIp()).send({ email: early.email, password: early.password }).expect(200);
        const token = (login.body as { token: string }).token;
        const tasks = await tasksOf(early, token);
        expect(tasks.map((task) => [task.dueDate, task.isOverdue, task.daysUntilDue])).toEqual([
          ['2025-03-10', false, 0],
          ['2025-03-17', false, 7],
        ]);
        const res = await gql(t, '{ dashboard { startsInDays progress { daysActive overdueTasks } } }', {}, { token }).expect(200);
        expect(res.body.data.dashboard).toEqual({ startsInDays: 7, progress: { daysActive: 0, overdueTasks: 0 } });
        const started = await gql(t, '{ dashboard { startsInDays } }', {}, { token: hireToken }).expect(200);
        expect(started.body.data.dashboard.startsInDays).toBeNull();
      } finally {
        await pre.remove();
      }
    });
  });

  describe("today in the company's time zone", () => {
    let fx: ChecklistFixture;
    let hire: TestUser;
    let hireToken: string;

    beforeAll(async () => {
      // One task due Monday 2025-03-10, the day "now" ends in UTC.
      fx = await makeChecklist(t.dataSource, [{ dueDays: 0 }]);
      hire = await fx.addUser('2025-03-10');
      hireToken = await tokenFor(t.dataSource, hire.id, new Date(NOW));
    });
    afterAll(async () => {
      await fx.remove();
      await putCalendar(DEFAULT_CALENDAR).expect(200);
    });

    it.each([
      // 16:30 on Monday: the task is due today, urgent.
      ['America/Los_Angeles', '2025-03-10', false, 0, 'urgent'],
      // 12:30 on Tuesday: Monday is over.
      ['Pacific/Auckland', '2025-03-11', true, -1, 'overdue'],
    ])('%s: today %s; the task due 2025-03-10 overdue: %s', async (zone, today, overdue, daysUntilDue, urgency) => {
      await putCalendar({ ...DEFAULT_CALENDAR, time_zone: zone }).expect(200);
      expect((await as(hireToken, 'get', '/api/settings/calendar').expect(200)).body.today).toBe(today);
      const [task] = await tasksOf(hire, hireToken);
      expect(task).toMatchObject({ dueDate: '2025-03-10', isOverdue: overdue, daysUntilDue });
      const dashboard = await gql(t, '{ dashboard { progress { overdueTasks } completionStats { overdue } upcomingTasks { id isOverdue urgencyLevel } } }', {}, { token: hireToken }).expect(200);
      expect(dashboard.body.data.dashboard).toEqual({
        progress: { overdueTasks: overdue ? 1 : 0 },
        completionStats: { overdue: overdue ? 1 : 0 },
        upcomingTasks: [{ id: fx.itemIds[0], isOverdue: overdue, urgencyLevel: urgency }],
      });
      const stats = await as(adminToken, 'get', '/api/admin/stats').expect(200);
      expect(stats.body.as_of).toBe(today);
      expect(stats.body.roles.find((r: { role_id: number }) => r.role_id === fx.roleId)).toMatchObject({ overdue_tasks: overdue ? 1 : 0 });
    });
  });
});
