import request from 'supertest';
import { ADMIN_ROLE_ID } from '../../shared/actor';
import { addWorkingDaysSql, ChecklistItemTypeEnum, daysBetween, TaskPriorityEnum } from '../../modules/checklist';
import { DEMO_ACCOUNTS, DEMO_ROLES } from '../seed';
import { DEMO_CHECKLIST, DEMO_EMPLOYEE_DAYS_IN, DEMO_PROGRESS } from '../seed-checklist';
import { buildTestApp, type TestApp } from '../../../test/app';
import { bearer, gql, tokenFor } from '../../../test/auth';
import { fixedClock } from '../../../test/checklist';

const NON_ADMIN_ROLES = DEMO_ROLES.filter((r) => r.id !== ADMIN_ROLE_ID).map((r) => r.id);
const employee = DEMO_ACCOUNTS.find((a) => a.email === 'employee@example.com');

describe('demo checklists', () => {
  it('give every non-admin role items of every type, and the administrator role none', () => {
    expect(NON_ADMIN_ROLES).toEqual([1, 2, 3, 5, 6, 7]);
    for (const roleId of NON_ADMIN_ROLES) {
      const types = new Set(DEMO_CHECKLIST.filter((i) => i.roles.includes(roleId)).map((i) => i.type));
      expect({ roleId, types: [...types].sort() }).toEqual({ roleId, types: Object.values(ChecklistItemTypeEnum).sort() });
    }
    expect(DEMO_CHECKLIST.filter((i) => i.roles.includes(ADMIN_ROLE_ID))).toEqual([]);
  });

  it('are realistic: titled and described, every priority, due over 0-30 days, some shared between roles', () => {
    expect(new Set(DEMO_CHECKLIST.map((i) => i.id)).size).toBe(DEMO_CHECKLIST.length);
    for (const item of DEMO_CHECKLIST) {
      expect(item.title.length).toBeGreaterThan(5);
      expect(item.title.length).toBeLessThanOrEqual(200);
      expect(item.description.length).toBeGreaterThan(20);
      expect(item.roles).toContain(item.roleId);
      expect(item.dueDays).toBeGreaterThanOrEqual(0);
      expect(item.dueDays).toBeLessThanOrEqual(30);
    }
    expect(new Set(DEMO_CHECKLIST.map((i) => i.priority))).toEqual(new Set(Object.values(TaskPriorityEnum)));
    const days = DEMO_CHECKLIST.map((i) => i.dueDays);
    expect([Math.min(...days), Math.max(...days)]).toEqual([0, 30]);
    expect(DEMO_CHECKLIST.filter((i) => i.roles.length > 1).length).toBeGreaterThan(5);
  });

  describe('in the seeded database', () => {
    let t: TestApp;
    let token: string;
    let startDate: string;
    let describedDay: string;

    beforeAll(async () => {
      if (!employee) throw new Error('no demo employee');
      const probe = await buildTestApp();
      try {
        const [row] = (await probe.dataSource.query(
          `select to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(${addWorkingDaysSql('start_date', '$2::int')}, 'YYYY-MM-DD') as described_day from users where id = $1`,
          [employee.id, DEMO_EMPLOYEE_DAYS_IN],
        )) as [{ start_date: string; described_day: string }];
        startDate = row.start_date;
        describedDay = row.described_day;
      } finally {
        await probe.close();
      }
      // Pinned to noon on the day the demo data describes, so the numbers do not depend on when the suite runs.
      const pinned = `${describedDay}T12:00:00Z`;
      t = await buildTestApp({ clock: fixedClock(pinned) });
      token = await tokenFor(t.dataSource, employee.id, new Date(pinned));
    });
    afterAll(() => t.close());

    it('holds the items and their role links', async () => {
      const [{ items }] = (await t.dataSource.query('select count(*)::int as items from checklist_items where id <= $1', [DEMO_CHECKLIST.length])) as [{ items: number }];
      expect(items).toBe(DEMO_CHECKLIST.length);
      const links = (await t.dataSource.query('select role_id, count(*)::int as n from role_checklist_items where role_id = any($1) group by role_id order by role_id', [NON_ADMIN_ROLES])) as Array<{ role_id: number; n: number }>;
      expect(links).toEqual(NON_ADMIN_ROLES.map((roleId) => ({ role_id: roleId, n: DEMO_CHECKLIST.filter((i) => i.roles.includes(roleId)).length })));
    });

    it("gives the demo employee a live dashboard: some tasks done with notes, one overdue, one due today", async () => {
      const overview = await request(t.app).get(`/api/users/${employee?.id}/checklist`).set(bearer(token)).expect(200);
      // Her percentage counts her own tasks; the manager's, the buddy's and IT's are the others line.
      const mine = DEMO_CHECKLIST.filter((i) => i.roles.includes(1));
      const others = new Set(mine.filter((i) => i.owner).map((i) => i.id));
      const total = mine.length - others.size;
      const completed = DEMO_PROGRESS.filter((p) => !others.has(p.itemId)).length;
      expect(overview.body.stats).toEqual({
        completed,
        total,
        pending: total - completed,
        overdue: 1,
        completionPercentage: Math.round((100 * completed) / total),
        isComplete: false,
        othersCompleted: DEMO_PROGRESS.length - completed,
        othersTotal: others.size,
      });
      expect([completed, others.size, DEMO_PROGRESS.length - completed]).toEqual([4, 4, 1]);
      const done = (overview.body.items as Array<{ completed: boolean; note: string | null; completed_at: string }>).filter((i) => i.completed);
      expect(done.filter((i) => i.note !== null)).toHaveLength(2);
      for (const i of done) expect(i.completed_at.slice(0, 10) >= startDate).toBe(true);

      const res = await gql(t, '{ dashboard { nextStep { title } upcomingTasks { title urgencyLevel } recentActivity { taskTitle notes } progress { daysActive } } }', {}, { token });
      expect(res.body.data.dashboard.nextStep).toEqual({ title: 'Submit your tax and payroll forms' });
      expect(res.body.data.dashboard.upcomingTasks.slice(0, 2)).toEqual([
        { title: 'Submit your tax and payroll forms', urgencyLevel: 'overdue' },
        { title: 'First 1:1 with your manager', urgencyLevel: 'urgent' },
      ]);
      expect(res.body.data.dashboard.recentActivity).toHaveLength(3);
      // Working days in, calendar days active: 2 on a Wednesday, 4 on a Monday.
      expect(res.body.data.dashboard.progress.daysActive).toBe(daysBetween(startDate, describedDay));
    });
  });
});
