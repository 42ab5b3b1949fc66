import { ADMIN_ROLE_ID } from '../../shared/actor';
import { InsightsService } from '../../modules/insights';
import { createScratchDatabase, type ScratchDatabase } from '../../../test/scratch-database';
import { DEMO_HIRES, generateHires } from '../seed-hires';
import { SEED_STEPS, startSeedSteps } from '../seed';

/* The generated demo hires: deterministic, fast, and enough to make the index charts say something. */

describe('demo seed: generated hires', () => {
  let db: ScratchDatabase;
  let seconds: number;

  beforeAll(async () => {
    const started = Date.now();
    db = await createScratchDatabase({ seedSteps: ['roles', 'accounts', 'people', 'calendar', 'checklist', 'hires'] });
    seconds = (Date.now() - started) / 1000;
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('is a named step of the demo seed, left out of starts under NODE_ENV=test', () => {
    expect(SEED_STEPS.map((s) => s.name)).toContain('hires');
    expect(startSeedSteps('test').map((s) => s.name)).not.toContain('hires');
    expect(startSeedSteps('development').map((s) => s.name)).toContain('hires');
  });

  it('generates the same people and progress on every run, without Math.random', () => {
    const spy = jest.spyOn(Math, 'random');
    const a = generateHires();
    const b = generateHires();
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    expect(a).toEqual(b);
    expect(a.users.id).toHaveLength(DEMO_HIRES.count);
    expect(new Set(a.users.email).size).toBe(DEMO_HIRES.count);
    expect(generateHires(7).users.name).not.toEqual(a.users.name);
  });

  it('inserts a few hundred hires over eight months with partial progress, quickly', async () => {
    const [row] = (await db.dataSource.query(
      `select count(*)::int as hires,
              count(distinct date_trunc('month', start_date))::int as months,
              (select count(*)::int from user_progress p where p.user_id >= $1) as completed,
              (select count(*)::int from users x join role_checklist_items r on r.role_id = x.role_id where x.id >= $1) as assigned,
              (select count(*)::int from user_progress p where p.completed_at > now()) as in_future
         from users where id >= $1`,
      [DEMO_HIRES.firstId],
    )) as Array<{ hires: number; months: number; completed: number; assigned: number; in_future: number }>;
    expect(row).toMatchObject({ hires: DEMO_HIRES.count, in_future: 0 });
    expect(row?.months).toBeGreaterThanOrEqual(8);
    // Partial: most tasks done, far from all.
    const share = (row?.completed ?? 0) / (row?.assigned ?? 1);
    expect(share).toBeGreaterThan(0.5);
    expect(share).toBeLessThan(0.95);
    expect(seconds).toBeLessThan(20);
    // The next registration gets a fresh id.
    const [next] = (await db.dataSource.query(`select nextval(pg_get_serial_sequence('users', 'id'))::int as id`)) as Array<{ id: number }>;
    expect(next?.id).toBe(DEMO_HIRES.firstId + DEMO_HIRES.count);
  });

  it('gives the charts cohorts that differ, overdue tasks for several roles and ten slowest items', async () => {
    const insights = await new InsightsService(db.dataSource, () => new Date()).insights({ kind: 'user', userId: 1, roleId: ADMIN_ROLE_ID, sessionId: 'seed-test' });
    const observed = insights.cohorts.filter((c) => c.days.every((d) => d.observed));
    expect(observed.length).toBeGreaterThanOrEqual(4);
    const shares = new Set(observed.map((c) => c.days.find((d) => d.day === 30)?.share));
    expect(shares.size).toBeGreaterThan(1);
    for (const cohort of observed.slice(1)) expect(cohort.hires).toBeGreaterThanOrEqual(10);
    expect(insights.overdue_by_role.length).toBeGreaterThanOrEqual(4);
    expect(insights.slowest_items).toHaveLength(10);
  });
});
