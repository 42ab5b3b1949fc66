import crypto from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createDataSource, runMigrations } from '../src/db/data-source';
import { SEED_STEPS, seedDemoData } from '../src/db/seed';
import { createLogger } from '../src/shared/logger';
import { testDatabaseUrl, withClient, withDatabase } from './database';

/*
 * A database of its own, on the run's server, for a test file that changes
 * what the whole instance does (the registration policy, an empty install):
 * other files run in parallel on the shared database and must not see it.
 */

export interface ScratchDatabase {
  dataSource: DataSource;
  /** Destroys the data source (if still open) and drops the database. */
  drop(): Promise<void>;
}

/**
 * Creates, migrates and seeds with the demo seed's steps named in `seedSteps`
 * (all of them when not given; [] for a database as a fresh install has it).
 */
export async function createScratchDatabase(options: { seedSteps?: readonly string[] } = {}): Promise<ScratchDatabase> {
  const database = `embark_test_${process.pid}_${Date.now()}_${crypto.randomBytes(3).toString('hex')}`;
  await withClient(testDatabaseUrl(), (c) => c.query(`create database ${c.escapeIdentifier(database)}`));
  const logger = createLogger('silent');
  const dataSource = createDataSource({ url: withDatabase(testDatabaseUrl(), database), poolMax: 4, logger });
  await dataSource.initialize();
  await runMigrations(dataSource, logger);
  const steps = options.seedSteps === undefined ? SEED_STEPS : SEED_STEPS.filter((s) => options.seedSteps?.includes(s.name));
  if (steps.length > 0) await seedDemoData(dataSource, logger, steps);
  return {
    dataSource,
    drop: async () => {
      if (dataSource.isInitialized) await dataSource.destroy();
      await withClient(testDatabaseUrl(), (c) => c.query(`drop database if exists ${c.escapeIdentifier(database)} with (force)`));
    },
  };
}
