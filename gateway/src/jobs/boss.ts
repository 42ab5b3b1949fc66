import PgBoss from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { connectionErrorListener } from '../db/data-source';
import { countJobFailure, countJobQueueError } from '../http/metrics';
import type { Logger } from '../shared/logger';

/*
 * The job queue: pg-boss on the application's PostgreSQL, so every replica
 * shares one queue and a job is fetched by exactly one of them (SKIP LOCKED).
 * pg-boss keeps its own tables in the `pgboss` schema and migrates them itself
 * on start.
 */

export const JOBS_SCHEMA = 'pgboss';

export interface StartJobsOptions {
  url: string;
  logger: Logger;
  /** pg-boss's own pool; small, since job traffic is light next to requests. */
  poolMax?: number;
  /** pg-boss schema; tests may isolate theirs. */
  schema?: string;
  /** Scheduled work (cron): on in the gateway, off where a caller drives the jobs itself. */
  schedule?: boolean;
}

/** Starts pg-boss (creating or migrating its schema) and logs its errors instead of crashing. */
export async function startJobs(options: StartJobsOptions): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: options.url,
    schema: options.schema ?? JOBS_SCHEMA,
    max: options.poolMax ?? 3,
    application_name: 'embark-jobs',
    schedule: options.schedule ?? true,
    // pg-boss hands its options to its pg Pool; see connectionErrorListener.
    ...({ onConnect: connectionErrorListener(options.logger) } as object),
  });
  // Without a listener an 'error' event would throw; a lost connection is retried by pg-boss.
  boss.on('error', (err) => {
    countJobQueueError();
    options.logger.warn('job queue error', { err });
  });
  countFailures(boss);
  await boss.start();
  return boss;
}

/**
 * Counts every job whose handler throws, whoever registers the handler (pg-boss then retries it
 * or marks it failed). pg-boss emits no event per failed job, so its `work` is wrapped once here.
 */
function countFailures(boss: PgBoss): void {
  type Handler = (jobs: unknown) => Promise<unknown>;
  const work = boss.work.bind(boss) as (name: string, ...rest: unknown[]) => Promise<string>;
  const counted = (name: string, ...rest: unknown[]): Promise<string> => {
    // work(name, handler) or work(name, options, handler): the handler is always last.
    const handler = rest.pop() as Handler;
    const wrapped: Handler = async (jobs) => {
      try {
        return await handler(jobs);
      } catch (err) {
        countJobFailure(name);
        throw err;
      }
    };
    return work(name, ...rest, wrapped);
  };
  boss.work = counted as PgBoss['work'];
}

/** PostgreSQL errors a second try can get past: a deadlock, a serialization failure, a row or table created meanwhile. */
const RETRYABLE_CODES = new Set(['40P01', '40001', '23505', '42P07']);
const QUEUE_ATTEMPTS = 5;

/**
 * Creates `name` with `options`, or brings an existing queue's settings up to
 * date. Replicas starting together race to create the same queues, and
 * pg-boss's create_queue attaches a partition to its job table: two of those
 * at once can deadlock. The loser tries again and finds the queue there
 * (docs/decisions.md).
 */
export async function ensureQueue(boss: PgBoss, name: string, options: Omit<PgBoss.Queue, 'name'>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (await boss.getQueue(name)) await boss.updateQueue(name, { name, ...options });
      else await boss.createQueue(name, { name, ...options });
      return;
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (attempt >= QUEUE_ATTEMPTS || typeof code !== 'string' || !RETRYABLE_CODES.has(code)) throw err;
      // Jittered, so two replicas that collided do not collide again.
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt * (1 + Math.random())));
    }
  }
}

/**
 * Sends jobs on the caller's transaction, so a job exists exactly when the
 * work that asked for it committed. It needs no running pg-boss: only the
 * SQL pg-boss issues for a send, run through the transaction's connection.
 */
export class TransactionalJobs {
  /** Never started: it only builds pg-boss's statements; every call passes the transaction's `db`. */
  private readonly boss: PgBoss;
  private ready = false;

  constructor(private readonly schema: string = JOBS_SCHEMA) {
    const unused: PgBoss.Db = {
      executeSql: () => Promise.reject(new Error('TransactionalJobs sends only through a transaction')),
    };
    this.boss = new PgBoss({ db: unused, schema, schedule: false, supervise: false, migrate: false });
  }

  /**
   * Inserts jobs inside `manager`'s transaction. Returns false, inserting
   * nothing, while pg-boss has not created its tables in this database yet
   * (a fresh database before the first gateway start, a test database): the
   * caller's rows then wait for the worker's sweep.
   */
  async insert(manager: EntityManager, jobs: PgBoss.JobInsert[]): Promise<boolean> {
    if (jobs.length === 0) return true;
    const db = transactionDb(manager);
    if (!(await this.isReady(db))) return false;
    await this.boss.insert(jobs, { db });
    return true;
  }

  private async isReady(db: PgBoss.Db): Promise<boolean> {
    if (!this.ready) {
      // Once pg-boss's tables exist they stay, so only a negative answer is asked again.
      const { rows } = await db.executeSql('select to_regclass($1) is not null as ready', [`${this.schema}.job`]);
      this.ready = (rows[0] as { ready: boolean }).ready;
    }
    return this.ready;
  }
}

/** pg-boss's database interface over the connection of the transaction `manager` belongs to. */
export function transactionDb(manager: EntityManager): PgBoss.Db {
  const runner = manager.queryRunner;
  if (!runner?.isTransactionActive) {
    // Outside a transaction the job and the caller's rows could part ways: refuse rather than half-work.
    throw new Error('jobs must be sent inside the transaction of the work that causes them (dataSource.transaction)');
  }
  return {
    executeSql: async (text, values) => ({ rows: (await runner.query(text, values, true)).records as unknown[] }),
  };
}
