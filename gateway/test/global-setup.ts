import 'reflect-metadata';
import { parseEnv } from '../src/config/env';
import { findRepoRoot } from '../src/config/repo-root';
import { createDataSource, runMigrations } from '../src/db/data-source';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded';
import { SEED_STEPS, seedDemoData } from '../src/db/seed';
import { createLogger, type LogLevel } from '../src/shared/logger';
import { TEST_DATABASE_URL_ENV, withClient, withDatabase } from './database';

/*
 * One fresh database per jest run, migrated and seeded once:
 *  - DATABASE_URL set (CI, docker): a database is created on that server (the
 *    role needs CREATEDB) and dropped afterwards;
 *  - otherwise: a dedicated embedded cluster in DATA_DIR/postgres-test on port
 *    EMBEDDED_PG_TEST_PORT (15430), separate from the dev gateway's cluster
 *    (DATA_DIR/postgres, 15429) so a running dev server is never touched.
 */

export interface TestRunState {
  embedded: EmbeddedPostgres | null;
  adminUrl: string;
  database: string;
}

declare global {
  var __EMBARK_TEST_RUN__: TestRunState | undefined;
}

const DB_PREFIX = 'embark_test_';

export default async function globalSetup(): Promise<void> {
  const logger = createLogger((process.env.TEST_LOG_LEVEL as LogLevel | undefined) ?? 'warn', { component: 'test-setup' });
  let adminUrl = process.env.DATABASE_URL?.trim() || null;
  let embedded: EmbeddedPostgres | null = null;
  if (adminUrl === null) {
    const { dataDir } = parseEnv({ NODE_ENV: 'test', DATA_DIR: process.env.DATA_DIR }, findRepoRoot());
    embedded = await startEmbeddedPostgres({
      dataDir,
      name: 'postgres-test',
      port: Number(process.env.EMBEDDED_PG_TEST_PORT ?? 15430),
      logger,
      database: 'postgres',
      durable: false,
    });
    adminUrl = embedded.adminUrl;
    await dropAbandonedDatabases(adminUrl);
  }

  const database = `${DB_PREFIX}${process.pid}_${Date.now()}`;
  await withClient(adminUrl, (c) => c.query(`create database ${c.escapeIdentifier(database)}`));
  const url = withDatabase(adminUrl, database);

  const dataSource = createDataSource({ url, poolMax: 2, logger });
  await dataSource.initialize();
  try {
    await runMigrations(dataSource, logger);
    // All of the demo but its calendar and its generated hires: on the shared database the default
    // calendar (UTC, Monday to Friday, no holidays) holds, so no test's dates depend on the day the run
    // seeded holidays from, and the tests count only the people they add.
    await seedDemoData(dataSource, logger, SEED_STEPS.filter((step) => step.name !== 'calendar' && step.name !== 'hires'));
  } finally {
    await dataSource.destroy();
  }

  process.env[TEST_DATABASE_URL_ENV] = url;
  globalThis.__EMBARK_TEST_RUN__ = { embedded, adminUrl, database };
}

/** Databases of earlier runs that crashed before teardown (their jest process is gone). Embedded cluster only. */
async function dropAbandonedDatabases(adminUrl: string): Promise<void> {
  await withClient(adminUrl, async (c) => {
    const { rows } = await c.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${DB_PREFIX}%`]);
    for (const { datname } of rows) {
      const pid = Number(datname.slice(DB_PREFIX.length).split('_')[0]);
      if (Number.isInteger(pid) && pid !== process.pid && !isAlive(pid)) {
        await c.query(`drop database if exists ${c.escapeIdentifier(datname)} with (force)`);
      }
    }
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
