import { Client } from 'pg';
import request from 'supertest';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { bearer, gql, tokenFor } from '../../../../test/auth';
import { addProgress, makeChecklist, type ChecklistFixture } from '../../../../test/checklist';
import { ChecklistService } from '../../checklist';

const START = '2025-03-03';

const DASHBOARD = `query ($up: Int, $recent: Int) { dashboard {
  progress { totalTasks completedTasks remainingTasks overdueTasks completionPercentage daysActive estimatedCompletionDate }
  completionStats { completed total pending overdue completionPercentage isComplete othersCompleted othersTotal }
  nextStep { title route }
  upcomingTasks(limit: $up) { id title description dueDate priority isOverdue estimatedTime route urgencyLevel }
  recentActivity(limit: $recent) { id taskTitle timestamp notes }
} }`;

describe('dashboard (GraphQL `dashboard`)', () => {
  let t: TestApp;
  // A clock the tests move, to walk the urgency boundaries.
  let now = '2025-03-10T12:00:00.000Z';
  const fixtures: ChecklistFixture[] = [];
  let fx: ChecklistFixture;
  let token: string;
  let userId: number;

  async function userOf(items: Parameters<typeof makeChecklist>[1], progress: Array<[number, string | null, string | null]> = []): Promise<{ token: string; fixture: ChecklistFixture; userId: number }> {
    const fixture = await makeChecklist(t.dataSource, items);
    fixtures.push(fixture);
    const user = await fixture.addUser(START);
    for (const [index, completedAt, note] of progress) await addProgress(t.dataSource, user.id, fixture.itemIds[index] as number, { completedAt, note });
    return { token: await tokenFor(t.dataSource, user.id), fixture, userId: user.id };
  }

  async function dashboard(as: string, variables: Record<string, unknown> = {}) {
    const res = await gql(t, DASHBOARD, variables, { token: as });
    expect(res.body.errors).toBeUndefined();
    return res.body.data.dashboard;
  }

  beforeAll(async () => {
    t = await buildTestApp({ clock: () => new Date(now) });
    // Today Monday 2025-03-10 12:00 UTC; start Monday 2025-03-03, so due date = 03-03 + due_days working days
    // (the shared database's calendar: UTC, Monday to Friday), due by the end of that day.
    const made = await userOf(
      [
        { title: 'Signed contract', priority: 'high', dueDays: 0 }, // 0: done
        { title: 'Overdue form', dueDays: 4, description: 'Late already' }, // 1: Fri 03-07, overdue
        { title: 'Due today', priority: 'low', dueDays: 5, type: 'policy' }, // 2: 03-10, 12 h → urgent
        { title: 'High tomorrow', priority: 'high', dueDays: 6, type: 'sop' }, // 3: 03-11, 36 h, high → high
        { title: 'Medium tomorrow', dueDays: 6, type: 'training' }, // 4: 03-11, 36 h → medium
        { title: 'High in six days', priority: 'high', dueDays: 9, type: 'meeting' }, // 5: Fri 03-14, 108 h → medium
        { title: 'High in a week', priority: 'high', dueDays: 10 }, // 6: 03-17, 180 h → low
        { title: 'Early done', dueDays: 2 }, // 7: done
      ],
      [
        [0, '2025-03-04T09:00:00Z', 'Signed and returned'],
        [7, '2025-03-09T15:00:00Z', null],
      ],
    );
    fx = made.fixture;
    token = made.token;
    userId = made.userId;
  });
  afterAll(async () => {
    for (const f of fixtures) await f.remove();
    await t.close();
  });
  afterEach(() => {
    now = '2025-03-10T12:00:00.000Z';
  });

  it('answers the numbers of the data: progress, stats, next step, 3 upcoming, recent activity', async () => {
    const d = await dashboard(token);
    expect(d.progress).toEqual({ totalTasks: 8, completedTasks: 2, remainingTasks: 6, overdueTasks: 1, completionPercentage: 25, daysActive: 7, estimatedCompletionDate: '2025-03-17' });
    expect(d.completionStats).toEqual({ completed: 2, total: 8, pending: 6, overdue: 1, completionPercentage: 25, isComplete: false, othersCompleted: 0, othersTotal: 0 });
    expect(d.nextStep).toEqual({ title: 'Overdue form', route: `/app/checklist/${fx.itemIds[1]}` });
    expect(d.upcomingTasks).toEqual([
      { id: fx.itemIds[1], title: 'Overdue form', description: 'Late already', dueDate: '2025-03-07', priority: 'medium', isOverdue: true, estimatedTime: '5-10 minutes', route: `/app/checklist/${fx.itemIds[1]}`, urgencyLevel: 'overdue' },
      { id: fx.itemIds[2], title: 'Due today', description: 'About task 3', dueDate: '2025-03-10', priority: 'low', isOverdue: false, estimatedTime: '10-15 minutes', route: `/app/checklist/${fx.itemIds[2]}`, urgencyLevel: 'urgent' },
      { id: fx.itemIds[3], title: 'High tomorrow', description: 'About task 4', dueDate: '2025-03-11', priority: 'high', isOverdue: false, estimatedTime: '15-20 minutes', route: `/app/checklist/${fx.itemIds[3]}`, urgencyLevel: 'high' },
    ]);
    expect(d.recentActivity).toEqual([
      { id: fx.itemIds[7], taskTitle: 'Early done', timestamp: '2025-03-09T15:00:00.000Z', notes: null },
      { id: fx.itemIds[0], taskTitle: 'Signed contract', timestamp: '2025-03-04T09:00:00.000Z', notes: 'Signed and returned' },
    ]);
  });

  it('agrees with the checklist and the user (REST) for the same data', async () => {
    const d = await dashboard(token);
    const overview = await request(t.app).get(`/api/users/${userId}/checklist`).set(bearer(token)).expect(200);
    expect(overview.body.stats).toEqual(d.completionStats);
    expect(overview.body.user.completion_percentage).toBe(d.progress.completionPercentage);
    // Upcoming = the checklist's open tasks that are overdue or due within 7 days, by the checklist's own fields.
    const items = overview.body.items as Array<{ id: number; completed: boolean; isOverdue: boolean; daysUntilDue: number }>;
    const upcoming = items.filter((i) => !i.completed && (i.isOverdue || i.daysUntilDue <= 7)).map((i) => i.id).sort();
    expect(upcoming).toHaveLength(6);
    expect((await dashboard(token, { up: 20 })).upcomingTasks.map((u: { id: number }) => u.id).sort()).toEqual(upcoming);
  });

  it('takes limits: more upcoming tasks with their urgency, fewer activities, 0, null = 3', async () => {
    const d = await dashboard(token, { up: 20, recent: 1 });
    expect(d.upcomingTasks.map((u: { title: string; urgencyLevel: string }) => [u.title, u.urgencyLevel])).toEqual([
      ['Overdue form', 'overdue'],
      ['Due today', 'urgent'],
      ['High tomorrow', 'high'],
      ['Medium tomorrow', 'medium'],
      ['High in six days', 'medium'],
      ['High in a week', 'low'],
    ]);
    expect(d.recentActivity).toHaveLength(1);
    expect((await dashboard(token, { up: 0, recent: 0 })).upcomingTasks).toEqual([]);
    expect((await dashboard(token, { up: null })).upcomingTasks).toHaveLength(3);
  });

  it.each([21, -1])('refuses the limit %i (BAD_USER_INPUT)', async (limit) => {
    const res = await gql(t, DASHBOARD, { up: limit }, { token });
    expect(res.body.errors[0]).toMatchObject({ message: 'limit must be an integer from 0 to 20', extensions: { code: 'BAD_USER_INPUT' } });
  });

  describe('urgency boundaries with a pinned clock (a task is due by the end of its due date, in the company time zone: UTC here)', () => {
    async function levels(at: string): Promise<Record<string, string>> {
      now = at;
      const d = await dashboard(token, { up: 20 });
      return Object.fromEntries(d.upcomingTasks.map((u: { title: string; urgencyLevel: string }) => [u.title, u.urgencyLevel]));
    }

    it('overdue at the end of the due date, urgent just before', async () => {
      // 'Overdue form' is due 03-07: its deadline is 03-08T00:00Z.
      expect((await levels('2025-03-07T23:59:59.999Z'))['Overdue form']).toBe('urgent');
      expect((await levels('2025-03-08T00:00:00.000Z'))['Overdue form']).toBe('overdue');
    });

    it('urgent under 24 h', async () => {
      // 'Due today' (low priority) is due 03-10: 24 h before its deadline is 03-10T00:00Z.
      expect((await levels('2025-03-10T00:00:00.000Z'))['Due today']).toBe('medium');
      expect((await levels('2025-03-10T00:00:00.001Z'))['Due today']).toBe('urgent');
    });

    it('high under 72 h for high priority only', async () => {
      // Due 03-11 (deadline 03-12T00:00Z): 72 h before is 03-09T00:00Z.
      const at72 = await levels('2025-03-09T00:00:00.000Z');
      expect([at72['High tomorrow'], at72['Medium tomorrow']]).toEqual(['medium', 'medium']);
      const under72 = await levels('2025-03-09T00:00:00.001Z');
      expect([under72['High tomorrow'], under72['Medium tomorrow']]).toEqual(['high', 'medium']);
    });

    it('medium under 168 h, low from 168 h', async () => {
      // 'High in a week' is due 03-17 (deadline 03-18T00:00Z): 168 h before is 03-11T00:00Z.
      expect((await levels('2025-03-11T00:00:00.000Z'))['High in a week']).toBe('low');
      expect((await levels('2025-03-11T00:00:00.001Z'))['High in a week']).toBe('medium');
    });

    it('isOverdue and the overdue count follow the same clock', async () => {
      now = '2025-03-08T00:00:00.000Z';
      const d = await dashboard(token);
      expect(d.progress.overdueTasks).toBe(1);
      now = '2025-03-07T23:59:59.999Z';
      expect((await dashboard(token)).progress.overdueTasks).toBe(0);
    });
  });

  it("all done: 100 %, isComplete, and the default next step 'Continue Your Tasks' → /app/checklist", async () => {
    const { token: own } = await userOf([{ dueDays: 0 }, { dueDays: 30 }], [
      [0, '2025-03-04T09:00:00Z', null],
      [1, '2025-03-05T09:00:00Z', 'All done'],
    ]);
    const d = await dashboard(own);
    expect(d.completionStats).toEqual({ completed: 2, total: 2, pending: 0, overdue: 0, completionPercentage: 100, isComplete: true, othersCompleted: 0, othersTotal: 0 });
    expect(d.progress).toMatchObject({ remainingTasks: 0, completionPercentage: 100, estimatedCompletionDate: null });
    expect(d.nextStep).toEqual({ title: 'Continue Your Tasks', route: '/app/checklist' });
    expect(d.upcomingTasks).toEqual([]);
    expect(d.recentActivity.map((a: { notes: string | null }) => a.notes)).toEqual(['All done', null]);
  });

  it('upcoming: overdue tasks first, then tasks due within 7 days; later ones are left out', async () => {
    // Start 03-03, today 03-10: due Fri 03-07 (overdue), 03-17 (7 days), 03-18 (8 days), Fri 03-28 (18 days), in working days 4, 10, 11, 19.
    const { token: own } = await userOf([
      { title: 'In twenty days', dueDays: 19 },
      { title: 'In eight days', dueDays: 11 },
      { title: 'In seven days', dueDays: 10 },
      { title: 'Yesterday', dueDays: 4 },
    ]);
    const d = await dashboard(own, { up: 20 });
    expect(d.upcomingTasks.map((u: { title: string; dueDate: string; isOverdue: boolean }) => [u.title, u.dueDate, u.isOverdue])).toEqual([
      ['Yesterday', '2025-03-07', true],
      ['In seven days', '2025-03-17', false],
    ]);
    expect(d.progress).toMatchObject({ remainingTasks: 4, overdueTasks: 1, estimatedCompletionDate: '2025-03-28' });
    expect(d.nextStep.title).toBe('Yesterday');
  });

  it('nothing overdue and nothing due within 7 days: no upcoming tasks, the next step is still the first open task', async () => {
    const { token: own } = await userOf([{ title: 'Far away', dueDays: 20 }]);
    const d = await dashboard(own);
    expect(d.upcomingTasks).toEqual([]);
    expect(d.nextStep.title).toBe('Far away');
  });

  it('no items: 0 %, not complete, the default next step, empty lists', async () => {
    const { token: own } = await userOf([]);
    const d = await dashboard(own);
    expect(d.completionStats).toEqual({ completed: 0, total: 0, pending: 0, overdue: 0, completionPercentage: 0, isComplete: false, othersCompleted: 0, othersTotal: 0 });
    expect(d.progress).toEqual({ totalTasks: 0, completedTasks: 0, remainingTasks: 0, overdueTasks: 0, completionPercentage: 0, daysActive: 7, estimatedCompletionDate: null });
    expect(d.nextStep).toEqual({ title: 'Continue Your Tasks', route: '/app/checklist' });
    expect(d.upcomingTasks).toEqual([]);
    expect(d.recentActivity).toEqual([]);
  });

  it('asks anonymous callers to sign in', async () => {
    const res = await gql(t, '{ dashboard { nextStep { title } } }');
    expect(res.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  describe('query count does not grow with the number of items (DataLoaders, one checklist read)', () => {
    // Every SQL statement any pool runs in this test file's process goes through pg's Client#query.
    async function counted(fn: () => Promise<unknown>): Promise<number> {
      const spy = jest.spyOn(Client.prototype, 'query');
      try {
        await fn();
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    }

    async function userWithItems(n: number): Promise<string> {
      const progress: Array<[number, string | null, string | null]> = Array.from({ length: Math.floor(n / 2) }, (_, i) => [i, '2025-03-05T10:00:00Z', `note ${i}`]);
      const { token: own } = await userOf(Array.from({ length: n }, (_, i) => ({ dueDays: i % 31, type: (['form', 'policy', 'sop', 'training', 'meeting'] as const)[i % 5] })), progress);
      return own;
    }

    const MY_CHECKLIST = '{ myChecklist { id title status dueDate isOverdue estimatedTime documents { id title url } } }';
    const FULL_DASHBOARD = '{ dashboard { progress { totalTasks } completionStats { isComplete } nextStep { route } upcomingTasks(limit: 20) { id urgencyLevel } recentActivity(limit: 20) { id notes } } }';

    it.each([
      // The session check, the one checklist read and ONE batched lookup of every item's documents.
      ['myChecklist', MY_CHECKLIST, 3],
      // The session check and the one checklist read.
      ['dashboard', FULL_DASHBOARD, 2],
    ])('%s: the same number of queries for 5 and 40 items', async (_name, query, expected) => {
      const [small, large] = [await userWithItems(5), await userWithItems(40)];
      // Warm up both (pool connections, prepared metadata) so only the requests themselves are counted.
      await gql(t, query, {}, { token: small });
      await gql(t, query, {}, { token: large });
      const forSmall = await counted(() => gql(t, query, {}, { token: small }).expect(200));
      const forLarge = await counted(() => gql(t, query, {}, { token: large }).expect(200));
      expect(forLarge).toBe(forSmall);
      // Whatever the size.
      expect(forSmall).toBe(expected);
    });

    it('resolves every item\'s documents with ONE batched lookup per request', async () => {
      const own = await userWithItems(40);
      const spy = jest.spyOn(ChecklistService.prototype, 'documentsForItems');
      try {
        const res = await gql(t, MY_CHECKLIST, {}, { token: own }).expect(200);
        expect(res.body.data.myChecklist).toHaveLength(40);
        expect(spy).toHaveBeenCalledTimes(1);
        expect(spy.mock.calls[0]?.[0]).toHaveLength(40);
      } finally {
        spy.mockRestore();
      }
    });

    it('REST lists also make one documents lookup and a constant number of queries', async () => {
      const [small, large] = [await userWithItems(5), await userWithItems(40)];
      const list = (as: string) => request(t.app).get('/api/auth/me').set(bearer(as)).then((me) => request(t.app).get(`/api/user-checklist-items/user/${me.body.id}`).set(bearer(as)).expect(200));
      await list(small);
      const forSmall = await counted(() => list(small));
      const forLarge = await counted(() => list(large));
      expect(forSmall).toBeGreaterThan(0);
      expect(forLarge).toBe(forSmall);
    });
  });
});
