import { Client } from 'pg';
import { runMigrations } from '../../../db/data-source';
import { JOBS_SCHEMA, startJobs, type PgBoss } from '../../../jobs';
import { createLogger } from '../../../shared/logger';
import { REMINDERS_QUEUE, startReminderSchedule } from '..';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createUser } from '../../../../test/auth';
import { fixedClock } from '../../../../test/checklist';
import { createScratchDatabase } from '../../../../test/database';
import { waitFor } from '../../../../test/maildev';

/*
 * A reminder run cut off by a crash (docs/reliability.md): the run is one transaction, so a process
 * that dies mid-run leaves nothing of it, neither its claims nor its notifications nor its mail, and
 * the next tick sends the day's reminders, once. The crash is the database's view of one: the run's
 * connection is terminated while the run waits, half done, on a lock the test holds. A database of its
 * own: a run reads every user.
 */

jest.setTimeout(60_000);

const NOW = '2031-03-12T10:00:00Z';

describe('a reminder run cut off by a crash', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let t: TestApp;

  /** How many rows each of the run's tables holds. */
  async function counts(): Promise<Record<string, number>> {
    const [row] = await t.dataSource.query(`
      select (select count(*)::int from reminder_runs) as runs, (select count(*)::int from reminder_digests) as digests,
             (select count(*)::int from task_escalations) as escalations, (select count(*)::int from notifications) as notifications,
             (select count(*)::int from mail_outbox) as mails`);
    return row;
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase('reminders_crash');
    t = await buildTestApp({ url: scratch.url, clock: fixedClock(NOW) });
    await runMigrations(t.dataSource, createLogger('silent'));
    // A hire two months in who has done nothing (a digest for them, an escalation), and an administrator to escalate to.
    const [role] = await t.dataSource.query(`insert into roles (name) values ('Crash test hires') returning id`);
    for (const [title, due] of [['Sign the contract', 1], ['Read the handbook', 3]] as const) {
      const [item] = await t.dataSource.query(
        `insert into checklist_items (title, type, priority, role_id, item_order, due_days, owner_type) values ($1, 'form', 'medium', $2, $3, $3, 'new_hire') returning id`,
        [title, role.id, due],
      );
      await t.dataSource.query('insert into role_checklist_items (role_id, checklist_item_id) values ($1, $2)', [role.id, item.id]);
    }
    const hire = await createUser(t.dataSource, { roleId: role.id, name: 'Hana Hire' });
    await t.dataSource.query(`update users set start_date = '2031-01-06' where id = $1`, [hire.id]);
    await createUser(t.dataSource, { roleId: 4, name: 'Ada Admin' });
  });

  afterAll(async () => {
    await t?.close();
    await scratch?.drop();
  });

  it('the reminder queue, as the schedule creates it: no retries, and a tick held by a dead process expires after 15 minutes', async () => {
    const boss: PgBoss = await startJobs({ url: scratch.url, logger: createLogger('silent'), schedule: false });
    try {
      const schedule = await startReminderSchedule(true, { boss, reminders: t.handle.services.reminders, logger: createLogger('silent') });
      await schedule?.stop();
      const [queue] = await t.dataSource.query(`select retry_limit, expire_seconds from ${JOBS_SCHEMA}.queue where name = $1`, [REMINDERS_QUEUE]);
      // No retry: a tick that died is not run again; the next tick, 15 minutes on, does the same work.
      expect(queue).toEqual({ retry_limit: 0, expire_seconds: 15 * 60 });
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  });

  it('leaves nothing of a run whose process died mid-run, and the next tick sends every reminder once', async () => {
    const reminders = t.handle.services.reminders;
    // Writes to the outbox wait on this lock: the run gets as far as its claims and notifications, then waits.
    const lock = new Client({ connectionString: scratch.url });
    await lock.connect();
    let cut: Promise<unknown>;
    try {
      await lock.query('begin');
      await lock.query('lock table mail_outbox in exclusive mode');
      cut = reminders.tick(new Date(NOW));
      cut.catch(() => undefined);
      const pid = await waitFor(async () => {
        const { rows } = await lock.query<{ pid: number }>(`select pid from pg_locks where locktype = 'relation' and relation = 'mail_outbox'::regclass and not granted`);
        return rows[0]?.pid;
      }, 'the run to reach the outbox');
      // Half done: the day's run row, the claims and the notifications are written, not committed.
      const { rows: open } = await lock.query<{ xact: boolean }>('select backend_xid is not null as xact from pg_stat_activity where pid = $1', [pid]);
      expect(open).toEqual([{ xact: true }]);
      // The crash, as PostgreSQL sees a gateway killed: the run's connection is gone.
      await lock.query('select pg_terminate_backend($1)', [pid]);
      await lock.query('commit');
    } finally {
      await lock.end();
    }
    await expect(cut).rejects.toThrow();
    expect(await counts()).toEqual({ runs: 0, digests: 0, escalations: 0, notifications: 0, mails: 0 });

    // The next tick, 15 minutes on, sends the day's reminders: each once.
    const sent = await reminders.tick(new Date(Date.parse(NOW) + 15 * 60_000));
    expect(sent).toEqual({ digests: 1, escalations: 2 });
    expect(await counts()).toEqual({ runs: 1, digests: 1, escalations: 2, notifications: 2, mails: 2 });
    const [run] = await t.dataSource.query(`select day::text as day, digests, escalations, finished_at is not null as finished from reminder_runs`);
    expect(run).toEqual({ day: '2031-03-12', digests: 1, escalations: 2, finished: true });
    // And the tick after that finds the day done.
    expect(await reminders.tick(new Date(Date.parse(NOW) + 30 * 60_000))).toBeNull();
    expect(await counts()).toEqual({ runs: 1, digests: 1, escalations: 2, notifications: 2, mails: 2 });
  });
});
