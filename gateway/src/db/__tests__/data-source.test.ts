import crypto from 'node:crypto';
import { Client } from 'pg';
import { testDatabaseUrl, withClient, withDatabase } from '../../../test/database';
import { createLogger } from '../../shared/logger';
import { createDataSource, runMigrations, STARTUP_LOCK_KEY, withStartupLock } from '../data-source';
import { migrations } from '../migrations';

/*
 * Start-up work is not cut short by the pool's statement limit: a replica waits on the start-up
 * lock for as long as another one migrates, and a migration may take longer than a request's query.
 * The limit here is set to a few milliseconds so that a cut would show.
 */
describe('start-up work and the statement limit', () => {
  const database = `embark_test_ds_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const url = withDatabase(testDatabaseUrl(), database);
  const dataSource = createDataSource({ url, poolMax: 2, logger: createLogger('silent'), statementTimeoutMs: 5 });

  beforeAll(async () => {
    await withClient(testDatabaseUrl(), (c) => c.query(`create database ${c.escapeIdentifier(database)}`));
    await dataSource.initialize();
  });
  afterAll(async () => {
    await dataSource.destroy();
    await withClient(testDatabaseUrl(), (c) => c.query(`drop database if exists ${c.escapeIdentifier(database)} with (force)`));
  });

  it('runs every migration, whatever the limit', async () => {
    const applied = await runMigrations(dataSource, createLogger('silent'));
    expect(applied).toEqual(migrations.map((m) => new m().name));
    // The pool's connections keep their limit.
    await expect(dataSource.query('select pg_sleep(0.05)')).rejects.toThrow(/statement timeout/);
  });

  it('waits for the start-up lock as long as another process holds it', async () => {
    const other = new Client({ connectionString: url });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
      const locked = withStartupLock(dataSource, () => Promise.resolve('ran'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await other.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
      await expect(locked).resolves.toBe('ran');
    } finally {
      await other.end();
    }
  });
});
