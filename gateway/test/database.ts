import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { createDataSource, runMigrations } from '../src/db/data-source';
import { createLogger } from '../src/shared/logger';

/** Env variables through which global setup hands the run's database to the tests. */
export const TEST_DATABASE_URL_ENV = 'EMBARK_TEST_DATABASE_URL';

/** Same server and credentials, another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

export async function withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function testDatabaseUrl(): string {
  const url = process.env[TEST_DATABASE_URL_ENV];
  if (!url) throw new Error(`${TEST_DATABASE_URL_ENV} is not set: run the tests through jest (its globalSetup creates the database).`);
  return url;
}

/**
 * An empty database of its own on the run's server, for a test that needs a
 * database nobody else writes to (a first start, a migration over old data).
 * `drop()` removes it, closing any connection left open. `utf8Ctype`: with the
 * C.UTF-8 character type (the official image's kind of default) instead of the
 * test server's C, under which lower() folds only ASCII.
 */
export async function createScratchDatabase(suffix: string, options: { utf8Ctype?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `embark_test_${process.pid}_${Date.now()}_${suffix}`;
  const admin = testDatabaseUrl();
  const locale = options.utf8Ctype ? ` template template0 encoding 'UTF8' lc_collate 'C.UTF-8' lc_ctype 'C.UTF-8'` : '';
  await withClient(admin, (c) => c.query(`create database ${c.escapeIdentifier(name)}${locale}`));
  return {
    url: withDatabase(admin, name),
    drop: () => withClient(admin, (c) => c.query(`drop database if exists ${c.escapeIdentifier(name)} with (force)`)).then(() => undefined),
  };
}

/** A scratch database with every migration applied, open through its own data source; `close()` also drops it. */
export async function createMigratedScratchDatabase(suffix: string, options: { utf8Ctype?: boolean } = {}): Promise<{ url: string; dataSource: DataSource; close(): Promise<void> }> {
  const scratch = await createScratchDatabase(suffix, options);
  const logger = createLogger('silent');
  const dataSource = createDataSource({ url: scratch.url, poolMax: 2, logger });
  const close = async () => {
    if (dataSource.isInitialized) await dataSource.destroy();
    await scratch.drop();
  };
  try {
    await dataSource.initialize();
    await runMigrations(dataSource, logger);
  } catch (err) {
    await close();
    throw err;
  }
  return { url: scratch.url, dataSource, close };
}
