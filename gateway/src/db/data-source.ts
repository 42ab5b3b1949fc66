import type { EventEmitter } from 'node:events';
import { DataSource, MigrationExecutor, type QueryRunner } from 'typeorm';
import type { Logger } from '../shared/logger';
import { entities } from './entities';
import { migrations } from './migrations';

export interface DataSourceOptions {
  url: string;
  poolMax: number;
  logger: Logger;
  /** How long to wait for a pooled connection before failing (and mapping to 503). */
  connectTimeoutMs?: number;
  applicationName?: string;
  /** Each statement's limit on the pool's connections (STATEMENT_TIMEOUT_MS unless a test sets another). */
  statementTimeoutMs?: number;
}

/** A runaway query must not hold a pooled connection forever. */
export const STATEMENT_TIMEOUT_MS = 30_000;

/**
 * For pg-pool's `onConnect`: a client checked out of a pool (a transaction between two statements,
 * say) has no 'error' listener, so a server that ends the connection then (a restart, an operator's
 * pg_terminate_backend) raised an uncaught error and stopped the process. The statement that uses
 * the dead client still fails, and the pool drops it on release.
 */
export function connectionErrorListener(logger: Logger): (client: EventEmitter) => void {
  return (client) => {
    client.on('error', (err: unknown) => logger.warn('database connection lost', { err }));
  };
}

export function createDataSource(options: DataSourceOptions): DataSource {
  const { logger } = options;
  return new DataSource({
    type: 'postgres',
    url: options.url,
    entities,
    migrations,
    // Schema changes only through reviewed migrations: synchronize could drop data.
    synchronize: false,
    // Run explicitly at start (runMigrations) so failures are reported in order.
    migrationsRun: false,
    migrationsTransactionMode: 'each',
    poolSize: options.poolMax,
    connectTimeoutMS: options.connectTimeoutMs ?? 5_000,
    applicationName: options.applicationName ?? 'embark-gateway',
    // Without a listener, an idle client whose server goes away emits 'error'
    // on the pool, which would crash the process. Log it; the pool discards
    // the broken client and the next query reconnects.
    poolErrorHandler: (err: unknown) => {
      logger.warn('database pool error (client discarded; will reconnect on demand)', { err });
    },
    extra: {
      onConnect: connectionErrorListener(logger),
      // Idle connections are recycled so a restarted server is picked up quickly.
      idleTimeoutMillis: 30_000,
      // Keep TCP alive so dead peers are noticed on long-idle connections.
      keepAlive: true,
      statement_timeout: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
    },
    logging: ['warn', 'migration'],
    maxQueryExecutionTime: 1_000,
    logger: {
      logQuery: () => undefined,
      logQueryError: () => undefined, // failures surface through the error mapping
      logQuerySlow: (time, query) => logger.warn('slow query', { ms: time, query }),
      logSchemaBuild: () => undefined,
      logMigration: (message) => logger.debug(String(message)),
      log: (level, message) => {
        if (level === 'warn') logger.warn(String(message));
        else if (level === 'info') logger.debug(String(message));
      },
    },
  });
}

// Arbitrary but fixed: every gateway replica contends for the same key.
export const STARTUP_LOCK_KEY = 7_326_153_012;

/**
 * Runs `fn` while holding a PostgreSQL advisory lock, so replicas starting
 * together migrate and seed one after another instead of racing. The lock is
 * session-scoped, hence the dedicated query runner.
 */
export async function withStartupLock<T>(dataSource: DataSource, fn: () => Promise<T>): Promise<T> {
  // The wait lasts as long as another replica's migrations: no statement limit cuts it short.
  return withoutStatementTimeout(dataSource, async (runner) => {
    await runner.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await fn();
    } finally {
      await runner.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    }
  });
}

/**
 * `fn` on a pooled connection of its own without the pool's statement limit, for work that may
 * rightly take longer (waiting for another replica's start-up, a migration over a large table). The
 * limit comes back before the connection returns to the pool.
 */
async function withoutStatementTimeout<T>(dataSource: DataSource, fn: (runner: QueryRunner) => Promise<T>): Promise<T> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('set statement_timeout = 0');
    return await fn(runner);
  } finally {
    try {
      await runner.query('reset statement_timeout');
    } finally {
      await runner.release();
    }
  }
}

/** Runs pending migrations, each in its own transaction and without the statement limit, logging each. Returns the names applied. */
export async function runMigrations(dataSource: DataSource, logger: Logger): Promise<string[]> {
  if (!dataSource.isInitialized) throw new Error('DataSource is not initialized');
  const applied = await withoutStatementTimeout(dataSource, (runner) => {
    const executor = new MigrationExecutor(dataSource, runner);
    executor.transaction = 'each';
    return executor.executePendingMigrations();
  });
  for (const m of applied) logger.info('migration applied', { migration: m.name });
  return applied.map((m) => m.name);
}

/** `select 1` with a deadline: used by /readyz. Rejects when the database is unreachable. */
export async function pingDatabase(dataSource: DataSource, timeoutMs: number): Promise<void> {
  if (!dataSource.isInitialized) throw new Error('DataSource is not initialized');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('database ping timed out'), { code: 'ETIMEDOUT' })), timeoutMs);
  });
  try {
    await Promise.race([dataSource.query('select 1'), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
