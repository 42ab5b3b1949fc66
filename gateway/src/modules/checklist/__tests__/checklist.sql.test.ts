import { ADMIN_ROLE_ID } from '../../../shared/actor';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createUser, deleteUsers } from '../../../../test/auth';
import { addProgress, fixedClock, makeChecklist, type ChecklistFixture } from '../../../../test/checklist';
import { testDatabaseUrl, withClient } from '../../../../test/database';
import { UsersService } from '../../users';
import { ChecklistService } from '../checklist.service';
import { companyTodaySql, completedSql, dueDateSql, overdueSql, workingDaysBetweenSql } from '../checklist.sql';
import type { RoleHealthType } from '../checklist.types';

/*
 * The checklist's rules as PostgreSQL runs them: the fragments every statement
 * over users' checklists splices in, and the per-role health built from them.
 */

/**
 * Evaluates `expression` over one user (alias u), item (ci) and progress row
 * (up: none when `status` is undefined; `anchor` and `stored` are its
 * anchor_date and due_date), in the shared database's calendar: the default,
 * Monday to Friday without holidays.
 */
async function evaluate(expression: string, row: { start: string; dueDays: number; status?: string; anchor?: string; stored?: string }): Promise<unknown> {
  const params: unknown[] = [row.start, row.dueDays];
  const progress =
    row.status === undefined
      ? '(select null::varchar as status, null::date as anchor_date, null::date as due_date where false)'
      : `(select $${params.push(row.status)}::varchar as status, $${params.push(row.anchor ?? null)}::date as anchor_date, $${params.push(row.stored ?? null)}::date as due_date)`;
  return withClient(testDatabaseUrl(), async (client) => {
    const { rows } = await client.query(
      `select ${expression} as value
         from (select $1::date as start_date) u
         cross join (select $2::int as due_days) ci
         left join ${progress} up on true`,
      params,
    );
    return rows[0]?.value;
  });
}

describe('the checklist rules in SQL', () => {
  describe('dueDateSql: the start date plus due_days working days (docs/product.md#due-dates)', () => {
    it.each([
      ['2025-03-10', 0, '2025-03-10'], // a Monday: day 0 is the start date
      ['2025-01-31', 1, '2025-02-03'], // Friday + 1 working day: Monday
      ['2024-02-28', 1, '2024-02-29'], // Wednesday → Thursday, a leap day
      ['2025-02-28', 1, '2025-03-03'],
      ['2025-12-25', 30, '2026-02-05'], // six weeks of working days
      ['2025-03-29', 0, '2025-03-31'], // day 0 on a Saturday: the next working day
      ['2025-03-29', 2, '2025-04-02'], // from a Saturday, counted from the Monday
      ['2025-03-10', -1, '2025-03-07'], // preboarding: the working day before
      ['2025-03-09', -1, '2025-03-07'], // from a Sunday, back to Friday
      ['2025-03-10', -30, '2025-01-27'],
    ])('%s + %i → %s', async (start, dueDays, due) => {
      expect(await evaluate(`to_char(${dueDateSql()}, 'YYYY-MM-DD')`, { start, dueDays })).toBe(due);
      expect(await evaluate(`to_char(${dueDateSql('u', 'ci', null)}, 'YYYY-MM-DD')`, { start, dueDays })).toBe(due);
    });

    it('counts from the progress row\'s anchor date when it has one (a re-onboarding)', async () => {
      expect(await evaluate(`to_char(${dueDateSql()}, 'YYYY-MM-DD')`, { start: '2025-01-06', dueDays: 2, status: 'pending', anchor: '2025-03-14' })).toBe('2025-03-18');
    });

    it('a completed task keeps the date stored with it; an open one has the live date', async () => {
      const stored = '2025-03-05';
      expect(await evaluate(`to_char(${dueDateSql()}, 'YYYY-MM-DD')`, { start: '2025-03-10', dueDays: 1, status: 'completed', stored })).toBe(stored);
      expect(await evaluate(`to_char(${dueDateSql()}, 'YYYY-MM-DD')`, { start: '2025-03-10', dueDays: 1, status: 'pending', stored })).toBe('2025-03-11');
    });
  });

  describe('workingDaysBetweenSql: working days after one date up to another', () => {
    it.each([
      ['2025-03-07', '2025-03-10', 1], // Friday → Monday
      ['2025-03-07', '2025-03-09', 0], // Friday → Sunday
      ['2025-03-08', '2025-03-10', 1], // Saturday → Monday
      ['2025-03-10', '2025-03-10', 0],
      ['2025-03-10', '2025-03-17', 5],
      ['2025-03-12', '2025-03-10', -2],
    ])('%s → %s: %i', async (from, to, n) => {
      expect(await evaluate(workingDaysBetweenSql(`'${from}'::date`, `'${to}'::date`), { start: from, dueDays: 0 })).toBe(n);
    });

    // A start date early in 2000 with a preboarding task puts a due date before the calendar: a null here once failed the whole reminder run.
    it.each([
      ['1999-12-29', '2000-01-05', 7],
      ['2000-01-05', '1999-12-29', -7],
    ])('outside the calendar, calendar days: %s → %s: %i', async (from, to, n) => {
      expect(await evaluate(workingDaysBetweenSql(`'${from}'::date`, `'${to}'::date`), { start: '2000-01-03', dueDays: 0 })).toBe(n);
    });
  });

  describe("companyTodaySql: the company time zone's date at an instant", () => {
    // The shared database keeps the default zone, UTC.
    it.each([
      ['2025-03-10T23:59:59.999Z', '2025-03-10'],
      ['2025-03-11T00:00:00.000Z', '2025-03-11'],
      ['2025-03-11T01:30:00+02:00', '2025-03-10'], // 01:30 in UTC+2 is still the previous day in UTC
    ])('%s → %s', async (now, today) => {
      expect(await evaluate(`to_char(${companyTodaySql(`'${now}'`)}, 'YYYY-MM-DD')`, { start: today, dueDays: 0 })).toBe(today);
    });
  });

  describe('completedSql and overdueSql: done means a completed progress row; overdue means not done and due before today', () => {
    // Today is 2025-03-10, a Monday; the last working day before it is Friday 03-07.
    it.each([
      ['no progress row', undefined, '2025-03-07', null, true],
      ['a pending row', 'pending', '2025-03-07', false, true],
      ['a completed row', 'completed', '2025-03-07', true, false],
      ['no progress row, due today', undefined, '2025-03-10', null, false],
      ['a pending row, due tomorrow', 'pending', '2025-03-11', false, false],
    ])('%s, due %s', async (_label, status, due, completed, overdue) => {
      const row = { start: due, dueDays: 0, status };
      expect(await evaluate(completedSql(), row)).toBe(completed);
      expect(await evaluate(overdueSql(`'2025-03-10'`), row)).toBe(overdue);
    });
  });
});

describe('ChecklistService.roleHealth: onboarding health per role', () => {
  const TODAY = '2025-03-10';
  let t: TestApp;
  let fx: ChecklistFixture;
  let empty: ChecklistFixture;
  let checklist: ChecklistService;
  let admin: number;
  let health: RoleHealthType[];
  const row = (roleId: number) => health.find((r) => r.role_id === roleId);

  /*
   * Two items, due 0 and 10 working days after the start. Users (start, completed items):
   *   2025-02-09 both        → new hire (30th day back), finished
   *   2025-02-08 item 1      → not a new hire (31st day back); item 2 (due 02-24, 10 working days from Monday 02-10) overdue
   *   2025-03-10 none, a pending row on item 1 → new hire; item 1 due today: not overdue
   *   2025-03-11 none        → starts tomorrow: not a new hire yet, nothing overdue
   *   2025-01-01 none, deactivated → left out
   */
  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock(`${TODAY}T12:00:00Z`) });
    fx = await makeChecklist(t.dataSource, [{ dueDays: 0 }, { dueDays: 10 }]);
    empty = await makeChecklist(t.dataSource, []);
    const [i1, i2] = fx.itemIds as [number, number];
    const done = '2025-03-01T09:00:00Z';
    const finished = await fx.addUser('2025-02-09');
    await addProgress(t.dataSource, finished.id, i1, { completedAt: done });
    await addProgress(t.dataSource, finished.id, i2, { completedAt: done });
    const late = await fx.addUser('2025-02-08');
    await addProgress(t.dataSource, late.id, i1, { completedAt: done });
    const today = await fx.addUser('2025-03-10');
    await addProgress(t.dataSource, today.id, i1, { completedAt: null });
    await fx.addUser('2025-03-11');
    const gone = await fx.addUser('2025-01-01');
    await t.dataSource.query('update users set is_active = false where id = $1', [gone.id]);
    await empty.addUser('2025-03-09');
    admin = (await createUser(t.dataSource, { roleId: ADMIN_ROLE_ID })).id;
    checklist = new ChecklistService(t.dataSource, new UsersService(t.dataSource, async () => new Map(), async () => TODAY), fixedClock(`${TODAY}T12:00:00Z`), async (ids) => ids.map(() => []));
    health = await checklist.roleHealth(TODAY);
  });
  afterAll(async () => {
    await deleteUsers(t.dataSource, [admin]);
    await fx.remove();
    await empty.remove();
    await t.close();
  });

  it('counts the tasks, new hires and finished users of a role by the checklist and users rules', () => {
    expect(row(fx.roleId)).toEqual({
      role_id: fx.roleId,
      role_name: expect.stringContaining('Checklist fixture'),
      checklist_items: 2,
      users: 4,
      new_hires: 2,
      finished_users: 1,
      assigned_tasks: 8,
      completed_tasks: 3,
      completion_rate: 38,
      overdue_tasks: 1,
    });
  });

  it('a role without items has users but no rate, and nobody finished an empty checklist', () => {
    expect(row(empty.roleId)).toEqual({
      role_id: empty.roleId,
      role_name: expect.stringContaining('Checklist fixture'),
      checklist_items: 0,
      users: 1,
      new_hires: 1,
      finished_users: 0,
      assigned_tasks: 0,
      completed_tasks: 0,
      completion_rate: null,
      overdue_tasks: 0,
    });
  });

  it('lists every role but the administrators, by id', () => {
    const ids = health.map((r) => r.role_id);
    expect(ids).not.toContain(ADMIN_ROLE_ID);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).toEqual(expect.arrayContaining([1, fx.roleId, empty.roleId]));
  });
});
