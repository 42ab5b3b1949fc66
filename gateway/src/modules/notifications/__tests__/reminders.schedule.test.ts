import { runMigrations } from '../../../db/data-source';
import { startJobs, type PgBoss } from '../../../jobs';
import { createLogger } from '../../../shared/logger';
import { REMINDERS_QUEUE, startReminderSchedule, type ReminderSchedule } from '..';
import { buildTestApp, captureLogger, type TestApp } from '../../../../test/app';
import { fixedClock } from '../../../../test/checklist';
import { createScratchDatabase } from '../../../../test/database';
import { waitFor } from '../../../../test/maildev';

/*
 * The gateway's wiring of the reminder job on a real pg-boss: the schedule is
 * registered with its cron on the reminders queue, and a job on that queue
 * runs the day's tick. A database of its own: a tick reads every user.
 */

jest.setTimeout(60_000);

describe('reminder schedule on pg-boss', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let t: TestApp;
  let boss: PgBoss;
  let schedule: ReminderSchedule | undefined;

  const runs = () => t.dataSource.query('select day::text as day, digests, escalations, finished_at is not null as finished from reminder_runs order by day');

  beforeAll(async () => {
    scratch = await createScratchDatabase('schedule');
    // Wednesday 12 March 2031, 10:00 in the company's zone (UTC on a fresh database): after 09:00 on a working day.
    t = await buildTestApp({ url: scratch.url, clock: fixedClock('2031-03-12T10:00:00Z') });
    await runMigrations(t.dataSource, createLogger('silent'));
    // The cron timekeeper stays off: the test sends the tick itself, so nothing fires on the wall clock meanwhile.
    boss = await startJobs({ url: scratch.url, logger: createLogger('silent'), schedule: false });
  });

  afterAll(async () => {
    await schedule?.stop();
    await boss?.stop({ graceful: false, wait: true });
    await t?.close();
    await scratch?.drop();
  });

  it('registers nothing and says so once when the process has it switched off', async () => {
    const { logger, records } = captureLogger('info');
    expect(await startReminderSchedule(false, { boss, reminders: t.handle.services.reminders, logger })).toBeUndefined();
    expect(records.map((r) => [r.level, r.msg])).toEqual([
      ['info', 'REMINDER_SCHEDULE is off: this process does not schedule the daily reminders (where no gateway does, run `npm run jobs:reminders -- --scheduled` from a cron every 15 minutes)'],
    ]);
    expect(await boss.getSchedules()).toEqual([]);
    expect(await boss.getQueue(REMINDERS_QUEUE)).toBeNull();
  });

  it('registers the cron on the reminders queue, and a job on that queue runs the tick', async () => {
    const { logger } = captureLogger('info');
    schedule = await startReminderSchedule(true, { boss, reminders: t.handle.services.reminders, logger, pollingIntervalSeconds: 0.5 });
    expect(schedule).toBeDefined();
    expect((await boss.getSchedules()).map((s) => ({ name: s.name, cron: s.cron }))).toEqual([{ name: REMINDERS_QUEUE, cron: '*/15 * * * *' }]);
    expect(await runs()).toEqual([]);

    // What the cron would do every 15 minutes: the worker takes the job and the tick claims the day.
    await boss.send(REMINDERS_QUEUE, {});
    expect(await waitFor(async () => ((await runs()) as Array<{ finished: boolean }>).find((r) => r.finished) ?? null, 'the tick to finish the day’s run', 20_000)).toEqual({
      day: '2031-03-12',
      digests: 0,
      escalations: 0,
      finished: true,
    });

    // Registering again (another replica, a restart) keeps one schedule.
    const again = await startReminderSchedule(true, { boss, reminders: t.handle.services.reminders, logger });
    expect((await boss.getSchedules()).map((s) => s.name)).toEqual([REMINDERS_QUEUE]);
    await again?.stop();
  });
});
