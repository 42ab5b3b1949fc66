import type { DataSource } from 'typeorm';
import { ensureQueue, type PgBoss } from '../../jobs';
import { redactString, type Logger } from '../../shared/logger';
import { countMailFailed, countMailSent } from '../../http/metrics';
import { queryRows } from '../../shared/sql';
import type { Mailer } from './mailer';
import { MAIL_DELIVER_QUEUE, type DeliverJob } from './mail.outbox';

/** Finds unsent mail whose job is gone (retries used up, or queued before pg-boss existed) and queues it again. */
export const MAIL_SWEEP_QUEUE = 'mail-sweep';

interface SweepJob {
  /** Only rows whose last attempt (or creation) is at least this old. */
  staleSeconds: number;
}

/** How hard delivery tries. */
export interface DeliveryPolicy {
  /** pg-boss retries of one delivery job. */
  retryLimit: number;
  /** Delay before the first retry; doubles with each one (pg-boss backoff, with jitter). */
  retryDelaySeconds: number;
  /** Failed attempts after which a mail is left for an operator (its last_error says why). */
  maxAttempts: number;
  /** When the sweep runs (cron, UTC). */
  sweepCron: string;
  /** The sweep re-queues unsent mail untried for this long; also the window of its per-mail dedupe. */
  staleSeconds: number;
  /** How often an idle worker looks for jobs. */
  pollingIntervalSeconds: number;
  /** Deliveries in flight per process. */
  concurrency: number;
}

/** About an hour of retries per job (15 s, 30 s, … 32 min), then the sweep every 5 minutes, up to 25 attempts. */
export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = {
  retryLimit: 8,
  retryDelaySeconds: 15,
  maxAttempts: 25,
  sweepCron: '*/5 * * * *',
  staleSeconds: 300,
  pollingIntervalSeconds: 2,
  concurrency: 2,
};

export type DeliveryOutcome = 'sent' | 'already-sent' | 'gave-up' | 'missing';

interface OutboxRow {
  to_address: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  sent_at: Date | null;
  attempts: number;
}

export interface MailWorkerOptions {
  boss: PgBoss;
  dataSource: DataSource;
  mailer: Mailer;
  logger: Logger;
  policy?: Partial<DeliveryPolicy>;
}

/**
 * Delivers the outbox. Any number of replicas may run it: pg-boss hands each
 * job to one of them, and a row is locked while it is sent and marked sent in
 * the same transaction, so a duplicate job (a retry, a sweep) finds it sent
 * and does nothing.
 */
export class MailWorker {
  readonly policy: DeliveryPolicy;
  private readonly logger: Logger;
  /** Handlers running now: stop() lets them finish before the SMTP transport closes. */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly options: MailWorkerOptions) {
    this.policy = { ...DEFAULT_DELIVERY_POLICY, ...options.policy };
    this.logger = options.logger.child({ component: 'mail' });
  }

  async start(): Promise<void> {
    const { boss } = this.options;
    const p = this.policy;
    await ensureQueue(boss, MAIL_DELIVER_QUEUE, {
      retryLimit: p.retryLimit,
      retryDelay: p.retryDelaySeconds,
      retryBackoff: true,
      // A worker that died mid-send frees its job after this; the row lock keeps the retry from sending twice.
      expireInSeconds: 300,
    });
    await ensureQueue(boss, MAIL_SWEEP_QUEUE, { retryLimit: 0 });
    const work = { batchSize: 1, pollingIntervalSeconds: p.pollingIntervalSeconds };
    for (let i = 0; i < p.concurrency; i++) {
      // Filled in once work() answers; a job can only arrive after that (its fetch is a query away).
      const worker: { id?: string } = {};
      worker.id = await boss.work<DeliverJob>(MAIL_DELIVER_QUEUE, work, async ([job]) => {
        try {
          return await this.track(job && this.deliver(job.data.outboxId));
        } finally {
          // pg-boss waits a polling interval after every job, even with more queued: one mail per interval and
          // worker. A worker that just had a job asks again at once; only an empty fetch waits (docs/decisions.md).
          if (job && worker.id !== undefined) boss.notifyWorker(worker.id);
        }
      });
    }
    await boss.work<SweepJob>(MAIL_SWEEP_QUEUE, work, ([job]) => this.track(job && this.sweep(job.data.staleSeconds)));
    await boss.schedule(MAIL_SWEEP_QUEUE, p.sweepCron, { staleSeconds: p.staleSeconds } satisfies SweepJob);
    // Mail queued while no worker existed (a fresh database, a command-line tool) goes out now, not at the next sweep;
    // so does mail whose delivery a crash cut off, instead of after its job expires. Every start sweeps (no
    // throttle): a gateway restarted within a minute would otherwise skip it, and the sweep's per-mail keys
    // keep replicas from queueing a mail twice.
    await boss.send(MAIL_SWEEP_QUEUE, { staleSeconds: 0 } satisfies SweepJob);
  }

  /** Stops taking jobs, lets the deliveries in flight finish, then closes the SMTP transport. */
  async stop(): Promise<void> {
    await this.options.boss.offWork(MAIL_DELIVER_QUEUE);
    await this.options.boss.offWork(MAIL_SWEEP_QUEUE);
    await Promise.allSettled([...this.inFlight]);
    this.options.mailer.close();
  }

  private async track<T>(work: Promise<T> | undefined): Promise<T | undefined> {
    if (!work) return undefined;
    this.inFlight.add(work);
    try {
      return await work;
    } finally {
      this.inFlight.delete(work);
    }
  }

  /** Sends one outbox row unless it was sent already; throws when SMTP failed, so pg-boss retries it. */
  async deliver(outboxId: string): Promise<DeliveryOutcome> {
    let failure: unknown;
    const outcome = await this.options.dataSource.transaction(async (manager): Promise<DeliveryOutcome | 'failed'> => {
      // The lock makes a second worker on the same row wait, then find it sent.
      const [row] = await queryRows<OutboxRow>(
        manager,
        'select to_address, subject, text, html, kind, sent_at, attempts from mail_outbox where id = $1 for update',
        [outboxId],
      );
      if (!row) return 'missing';
      if (row.sent_at !== null) return 'already-sent';
      if (row.attempts >= this.policy.maxAttempts) return 'gave-up';
      try {
        await this.options.mailer.send({ id: outboxId, to: row.to_address, subject: row.subject, text: row.text, html: row.html });
      } catch (err) {
        failure = err;
      }
      if (failure === undefined) {
        // The body goes once delivered: it carries single-use links, and the database keeps only their hashes.
        await manager.query(
          "update mail_outbox set sent_at = now(), attempts = attempts + 1, last_attempt_at = now(), last_error = null, text = '', html = '' where id = $1",
          [outboxId],
        );
        this.logger.info('mail sent', { outboxId, kind: row.kind, attempts: row.attempts + 1 });
        countMailSent(row.kind);
        return 'sent';
      }
      const message = redactString(failure instanceof Error ? failure.message : String(failure)).slice(0, 1000);
      await manager.query('update mail_outbox set attempts = attempts + 1, last_attempt_at = now(), last_error = $2 where id = $1', [outboxId, message]);
      const attempts = row.attempts + 1;
      countMailFailed(row.kind);
      if (attempts >= this.policy.maxAttempts) this.logger.error('mail not delivered; giving up', { outboxId, kind: row.kind, attempts, err: failure });
      else this.logger.warn('mail delivery failed; will retry', { outboxId, kind: row.kind, attempts, err: failure });
      return 'failed';
    });
    // Thrown after the commit, so the attempt is recorded and pg-boss schedules the retry.
    if (outcome === 'failed') throw failure;
    if (outcome === 'gave-up') this.logger.warn('mail skipped: too many failed attempts', { outboxId });
    return outcome;
  }

  /** Queues a delivery job for every unsent row untried for `staleSeconds`; answers how many. */
  async sweep(staleSeconds: number): Promise<number> {
    const rows = await queryRows<{ id: string }>(
      this.options.dataSource,
      `select id::text as id from mail_outbox
        where sent_at is null and attempts < $1 and coalesce(last_attempt_at, created_at) <= now() - make_interval(secs => $2)
        order by id limit 1000`,
      [this.policy.maxAttempts, staleSeconds],
    );
    if (rows.length === 0) return 0;
    // One sweep job per row per window, however many sweeps run (replicas, restarts).
    await this.options.boss.insert(
      rows.map(({ id }) => ({
        name: MAIL_DELIVER_QUEUE,
        data: { outboxId: id } satisfies DeliverJob,
        singletonKey: `outbox-${id}`,
        singletonSeconds: Math.max(this.policy.staleSeconds, 60),
      })),
    );
    this.logger.info('mail sweep queued unsent mail', { count: rows.length });
    return rows.length;
  }
}
