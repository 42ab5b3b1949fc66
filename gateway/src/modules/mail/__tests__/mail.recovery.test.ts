import PgBossClass from 'pg-boss';
import type { DataSource } from 'typeorm';
import { createDataSource, runMigrations } from '../../../db/data-source';
import { JOBS_SCHEMA, startJobs, TransactionalJobs, transactionDb, type PgBoss } from '../../../jobs';
import { createLogger, type LogLevel } from '../../../shared/logger';
import { createScratchDatabase } from '../../../../test/database';
import { inboxOf, startMailDev, stopMailDev, waitFor, type MailDevProcess } from '../../../../test/maildev';
import { TcpProxy } from '../../../../test/tcp-proxy';
import { createMailer, DEFAULT_DELIVERY_POLICY, MAIL_DELIVER_QUEUE, MAIL_SWEEP_QUEUE, MailOutbox, MailWorker, type OutboxMail } from '..';

/*
 * What mail delivery promises when things fail (docs/reliability.md), on real parts: the outbox in
 * PostgreSQL, pg-boss, nodemailer and MailDev. The delivery queue's own settings (as MailWorker
 * creates it) are read back from pg-boss's tables and then exercised: a job held by a replica that
 * died comes back after its expiry and a surviving replica delivers it, retries wait twice as long
 * each time, and a mail is given up after 25 failed attempts. Where a promise is minutes long, the
 * test moves pg-boss's timestamps on instead of waiting, and says so. A database of its own.
 */

jest.setTimeout(60_000);

const logger = createLogger((process.env.TEST_LOG_LEVEL as LogLevel | undefined) ?? 'silent');
const PUBLIC_URL = 'http://localhost:3100';
const FROM = 'Embark <no-reply@localhost>';

interface JobRow {
  id: string;
  state: string;
  retry_count: number;
  retry_limit: number;
  retry_delay: number;
  retry_backoff: boolean;
  expire_seconds: number;
  /** start_after minus the outbox row's last attempt: how long pg-boss waits before the retry. */
  wait_s: number | null;
}

describe('mail delivery when things fail', () => {
  let maildev: MailDevProcess;
  let scratch: { url: string; drop(): Promise<void> };
  let dataSource: DataSource;
  /** The surviving replica's pg-boss. */
  let boss: PgBoss;
  /** A port nothing listens on: SMTP down. */
  let deadSmtp: TcpProxy;
  const outbox = new MailOutbox({ publicUrl: PUBLIC_URL });
  let n = 0;

  const recipient = () => `recovery${++n}.${Date.now()}@example.com`;
  const invitation = (to: string): OutboxMail => ({
    to,
    content: { kind: 'invitation', data: { name: 'Grace Hopper', roleName: 'Engineer', token: `token-${to}`, expiresAt: new Date('2026-12-01T09:30:00Z') } },
  });
  const liveMailer = () => createMailer({ smtpUrl: `smtp://127.0.0.1:${maildev.smtpPort}`, from: FROM });
  const deadMailer = () => createMailer({ smtpUrl: `smtp://127.0.0.1:${deadSmtp.port}`, from: FROM });

  async function jobsOf(outboxId: string): Promise<JobRow[]> {
    return dataSource.query(
      `select j.id::text as id, j.state::text as state, j.retry_count, j.retry_limit, j.retry_delay, j.retry_backoff,
              extract(epoch from j.expire_in)::int as expire_seconds,
              extract(epoch from j.start_after - o.last_attempt_at)::float8 as wait_s
         from ${JOBS_SCHEMA}.job j join mail_outbox o on o.id = (j.data->>'outboxId')::bigint
        where j.name = $1 and j.data->>'outboxId' = $2 order by j.created_on`,
      [MAIL_DELIVER_QUEUE, outboxId],
    );
  }

  /**
   * Waits for the sweep every worker start queues to be done: run after a mail is queued, it would give
   * the mail a second job of its own, and the test would no longer be watching the one job.
   */
  async function sweptAtStart(): Promise<void> {
    await waitFor(async () => {
      const [row] = await dataSource.query(`select count(*)::int as n from ${JOBS_SCHEMA}.job where name = $1 and state < 'completed'`, [MAIL_SWEEP_QUEUE]);
      return row.n === 0;
    }, 'the start-up sweep');
  }

  async function outboxRow(id: string): Promise<{ sent_at: Date | null; attempts: number; last_error: string | null }> {
    const [row] = await dataSource.query('select sent_at, attempts, last_error from mail_outbox where id = $1', [id]);
    return row;
  }

  beforeAll(async () => {
    maildev = await startMailDev();
    deadSmtp = new TcpProxy('127.0.0.1', maildev.smtpPort);
    await deadSmtp.start();
    await deadSmtp.cut();
    scratch = await createScratchDatabase('mail_recovery');
    dataSource = createDataSource({ url: scratch.url, poolMax: 4, logger });
    await dataSource.initialize();
    await runMigrations(dataSource, logger);
    // The cron timekeeper stays off: nothing is swept on the wall clock behind the tests' backs.
    boss = await startJobs({ url: scratch.url, logger, schedule: false });
  });

  afterAll(async () => {
    await boss?.stop({ graceful: false, wait: true });
    if (dataSource?.isInitialized) await dataSource.destroy();
    await scratch?.drop();
    if (maildev) await stopMailDev(maildev);
  });

  it('a job held by a replica that died comes back after its 5-minute expiry, and a surviving replica delivers the mail once', async () => {
    // The surviving replica, with the product's delivery policy (a shorter idle poll only): it creates the queue.
    const survivor = new MailWorker({ boss, dataSource, logger, mailer: liveMailer(), policy: { pollingIntervalSeconds: 0.5 } });
    const lost = await startJobs({ url: scratch.url, logger, schedule: false, poolMax: 1 });
    try {
      await survivor.start();
      await sweptAtStart();
      const [queue] = await dataSource.query(`select retry_limit, retry_delay, retry_backoff, expire_seconds from ${JOBS_SCHEMA}.queue where name = $1`, [MAIL_DELIVER_QUEUE]);
      expect(queue).toEqual({ retry_limit: DEFAULT_DELIVERY_POLICY.retryLimit, retry_delay: DEFAULT_DELIVERY_POLICY.retryDelaySeconds, retry_backoff: true, expire_seconds: 300 });
      // The numbers docs/reliability.md states.
      expect([DEFAULT_DELIVERY_POLICY.retryLimit, DEFAULT_DELIVERY_POLICY.retryDelaySeconds]).toEqual([8, 15]);

      // The replica to lose takes the delivery job in the very transaction that queues the mail, as its worker
      // would the moment it committed (so the survivor never sees the job free). Then that replica dies.
      const to = recipient();
      let held: Array<{ id: string }> = [];
      const id = (await dataSource.transaction(async (m) => {
        const outboxId = await outbox.enqueue(m, invitation(to));
        // ignoreStartAfter: the job's start_after is this transaction's now(), which pg-boss's "start_after < now()" would skip.
        held = (await lost.fetch(MAIL_DELIVER_QUEUE, { db: transactionDb(m), ignoreStartAfter: true })) as Array<{ id: string }>;
        return outboxId;
      })) as string;
      expect(held).toHaveLength(1);
      await lost.stop({ graceful: false, wait: true });

      const [job] = await jobsOf(id);
      expect(job).toMatchObject({ id: held[0]?.id, state: 'active', retry_count: 0, retry_limit: 8, retry_delay: 15, retry_backoff: true, expire_seconds: 300 });
      // Held by the dead replica, the job is not the survivor's to take: nothing goes out before the expiry.
      await new Promise((r) => setTimeout(r, 3000));
      expect(await inboxOf(maildev, to)).toEqual([]);
      expect((await jobsOf(id)).map((j) => j.state)).toEqual(['active']);

      // Five minutes on: the job started 301 s ago. pg-boss's maintenance (every 2 minutes on each replica;
      // here an instance of its own that runs it every second) fails it by timeout into a retry with backoff.
      await dataSource.query(`update ${JOBS_SCHEMA}.job set started_on = started_on - interval '301 seconds' where id = $1`, [job?.id]);
      const maintenance = new PgBossClass({ connectionString: scratch.url, schedule: false, maintenanceIntervalSeconds: 1, max: 1 });
      maintenance.on('error', () => undefined);
      await maintenance.start();
      let retry: JobRow | undefined;
      try {
        retry = await waitFor(async () => (await jobsOf(id)).find((j) => j.state === 'retry'), 'pg-boss to expire the dead replica’s job', 20_000);
      } finally {
        await maintenance.stop({ graceful: false, wait: true });
      }
      // The first retry's wait: 15-30 s (the delay, plus jitter of up to as much again).
      const [{ s: startsIn }] = await dataSource.query(`select extract(epoch from start_after - now())::float8 as s from ${JOBS_SCHEMA}.job where id = $1`, [retry?.id]);
      expect(startsIn).toBeGreaterThan(10);
      expect(startsIn).toBeLessThanOrEqual(30);
      // ...and that wait over: the survivor takes the job and delivers the mail, once.
      await dataSource.query(`update ${JOBS_SCHEMA}.job set start_after = now() where id = $1`, [retry?.id]);
      await waitFor(async () => (await outboxRow(id)).sent_at !== null, 'the survivor to deliver the mail');
      expect(await inboxOf(maildev, to)).toHaveLength(1);
      expect(await outboxRow(id)).toMatchObject({ attempts: 1, last_error: null });
      expect((await jobsOf(id)).map((j) => j.state)).toEqual(['completed']);
    } finally {
      await lost.stop({ graceful: false, wait: true });
      await survivor.stop();
    }
  });

  it('while SMTP is down, each retry waits twice as long as the one before', async () => {
    // The product's backoff (pg-boss's retryBackoff), with a 1 s first delay instead of 15 s so three retries fit in a test.
    const worker = new MailWorker({ boss, dataSource, logger, mailer: deadMailer(), policy: { retryDelaySeconds: 1, pollingIntervalSeconds: 0.5, concurrency: 1 } });
    await worker.start();
    await sweptAtStart();
    try {
      const to = recipient();
      const id = (await dataSource.transaction((m) => outbox.enqueue(m, invitation(to)))) as string;
      // Each failure leaves the job waiting for its retry: the wait of the k-th retry, from the failed attempt on.
      const waits = new Map<number, number>();
      await waitFor(
        async () => {
          for (const job of await jobsOf(id)) if (job.state === 'retry' && job.wait_s !== null && !waits.has(job.retry_count)) waits.set(job.retry_count, job.wait_s);
          return waits.size >= 3;
        },
        'three retries',
        45_000,
      );
      // Retry k waits between 2^k and 2^(k+1) times the first delay (pg-boss adds up to as much again in jitter):
      // the ranges do not overlap, so each wait is longer than the last, and about twice as long.
      for (const k of [0, 1, 2]) {
        const wait = waits.get(k) as number;
        expect(wait).toBeGreaterThanOrEqual(2 ** k - 0.05);
        expect(wait).toBeLessThanOrEqual(2 ** (k + 1) + 0.5);
      }
      const row = await outboxRow(id);
      expect(row.sent_at).toBeNull();
      expect(row.attempts).toBeGreaterThanOrEqual(3);
      expect(row.last_error).toMatch(/ECONNREFUSED/);
    } finally {
      await worker.stop();
    }
  });

  it('gives a mail up after 25 failed attempts: it stays unsent with its last error, and is neither swept nor sent again', async () => {
    expect(DEFAULT_DELIVERY_POLICY.maxAttempts).toBe(25);
    // Queued without a job (as before pg-boss existed), so only this test's attempts touch it.
    const early = new MailOutbox({ publicUrl: PUBLIC_URL, jobs: new TransactionalJobs('pgboss_not_created') });
    const to = recipient();
    const id = (await dataSource.transaction((m) => early.enqueue(m, invitation(to)))) as string;
    // The product's policy against a dead SMTP server: every attempt is a real connection refused.
    const dead = deadMailer();
    const live = liveMailer();
    const failing = new MailWorker({ boss, dataSource, logger, mailer: dead });
    const working = new MailWorker({ boss, dataSource, logger, mailer: live });
    try {
      for (let attempt = 1; attempt <= DEFAULT_DELIVERY_POLICY.maxAttempts; attempt++) await expect(failing.deliver(id)).rejects.toThrow(/ECONNREFUSED/);
      expect(await outboxRow(id)).toMatchObject({ sent_at: null, attempts: 25, last_error: expect.stringMatching(/ECONNREFUSED/) });
      await expect(failing.deliver(id)).resolves.toBe('gave-up');

      // SMTP is back: neither a retry nor the sweep sends it; it waits for an operator.
      await expect(working.deliver(id)).resolves.toBe('gave-up');
      await working.sweep(0);
      expect(await jobsOf(id)).toEqual([]);
      await new Promise((r) => setTimeout(r, 500));
      expect(await inboxOf(maildev, to)).toEqual([]);
      expect(await outboxRow(id)).toMatchObject({ sent_at: null, attempts: 25 });
    } finally {
      dead.close();
      live.close();
    }
  });
});
