import 'reflect-metadata';
import { parseArgs } from 'node:util';
import type { DataSource } from 'typeorm';
import { ConfigError, parseEnv, type Config, type Env } from '../config';
import { findRepoRoot } from '../config/repo-root';
import { runMigrations, withStartupLock } from '../db/data-source';
import { migrations } from '../db/migrations';
import { hasOwnData, seedDemoData, startSeedSteps } from '../db/seed';
import { JOBS_SCHEMA } from '../jobs';
import { createLogger } from '../shared/logger';
import { CliError, openDatabase, runAsMain, unexpectedFailure, type Database } from './command';

/*
 * `npm run db:migrate|db:rollback|db:status|db:seed|db:reset` (README, "Commands"): the
 * operator's handle on the schema and the demo data, on DATABASE_URL or the embedded
 * PostgreSQL as the gateway uses it. Each prints what it did, one line per change.
 */

export const EXIT = { done: 0, failed: 1, invalid: 2, refused: 3, noDatabase: 4 } as const;

export const SUBCOMMANDS = ['migrate', 'rollback', 'status', 'seed', 'reset'] as const;
export type Subcommand = (typeof SUBCOMMANDS)[number];

const ABOUT: Record<Subcommand, string> = {
  migrate: 'Applies every pending migration, in order, and names each.',
  rollback: 'Reverts the last applied migration (one step back) and names it.',
  status: 'Lists every migration as applied or pending (and any applied one this code does not know).',
  seed: 'Fills an empty database with the demo data (published demo passwords). Refused when the\ndatabase already has accounts or roles of its own, and in production.',
  reset: 'Development only: drops and re-creates the schema (every table and job), applies every\nmigration and seeds the demo data. Refused when NODE_ENV=production.',
};

export function usage(sub: Subcommand): string {
  return `Usage: npm run db:${sub}

${ABOUT[sub]}

The database is DATABASE_URL, or without it the embedded PostgreSQL in DATA_DIR (port
EMBEDDED_PG_PORT), shared with a running gateway. \`npm run db:${sub}\` loads .env when present
and, like \`npm start\`, takes an unset NODE_ENV as development; the gateway's Docker image sets
NODE_ENV=production (there: docker compose run --rm gateway npm run db:${sub}).

Options:
  -h, --help   this text

Exit codes: 0 done, 1 unexpected failure, 2 invalid arguments or configuration,
3 refused (seed: the database is not empty, or production; reset: production),
4 the database cannot be reached.`;
}

interface Io {
  env: Env;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** The name TypeORM records for a migration class: its `name` property, else the class name. */
function migrationName(migration: (typeof migrations)[number]): string {
  return new migration().name ?? migration.name;
}

/** Names of the applied migrations, oldest first; none when the migrations table does not exist yet. */
async function appliedMigrations(dataSource: DataSource): Promise<string[]> {
  const table = dataSource.options.migrationsTableName ?? 'migrations';
  const [{ exists }] = (await dataSource.query('select to_regclass($1) is not null as exists', [table])) as [{ exists: boolean }];
  if (!exists) return [];
  const rows = (await dataSource.query(`select name from ${dataSource.driver.escape(table)} order by timestamp, id`)) as Array<{ name: string }>;
  return rows.map((r) => r.name);
}

async function migrate(db: Database, out: (line: string) => void): Promise<void> {
  const logger = createLogger('silent');
  const applied = await withStartupLock(db.dataSource, () => runMigrations(db.dataSource, logger));
  for (const name of applied) out(`applied  ${name}`);
  out(applied.length === 0 ? `${db.where}: nothing to migrate, the schema is up to date.` : `${db.where}: ${applied.length} migration(s) applied.`);
}

async function rollback(db: Database, out: (line: string) => void): Promise<void> {
  const applied = await appliedMigrations(db.dataSource);
  const last = applied.at(-1);
  if (last === undefined) {
    out(`${db.where}: no migration is applied; nothing to roll back.`);
    return;
  }
  if (!migrations.some((m) => migrationName(m) === last)) {
    throw new CliError(`The last applied migration, ${last}, is not in this version of the code, so it cannot be reverted from here. Roll back with the version that added it.`, EXIT.refused);
  }
  await withStartupLock(db.dataSource, () => db.dataSource.undoLastMigration({ transaction: 'each' }));
  out(`reverted ${last}`);
  out(`${db.where}: 1 migration reverted; \`npm run db:migrate\` applies it again.`);
}

async function status(db: Database, out: (line: string) => void): Promise<void> {
  const applied = new Set(await appliedMigrations(db.dataSource));
  const known = migrations.map(migrationName);
  let pending = 0;
  for (const name of known) {
    if (applied.has(name)) out(`applied  ${name}`);
    else {
      out(`pending  ${name}`);
      pending += 1;
    }
  }
  const unknown = [...applied].filter((name) => !known.includes(name));
  for (const name of unknown) out(`unknown  ${name} (applied, but not in this version of the code)`);
  out(`${db.where}: ${known.length - pending} applied, ${pending} pending${unknown.length > 0 ? `, ${unknown.length} unknown` : ''}.`);
}

async function seed(db: Database, config: Config, out: (line: string) => void): Promise<void> {
  if (config.nodeEnv === 'production') {
    throw new CliError('refused in production: the demo accounts\' passwords are published. Create the first administrator with `npm run admin:create`.', EXIT.refused);
  }
  const refused = () => new CliError(`refused: ${db.where} already has data (accounts, or roles besides the base ones). The demo data goes only into an empty database; \`npm run db:reset\` empties a development database first.`, EXIT.refused);
  // Refused before migrating: a refused seed changes nothing, not even the schema's version.
  const [{ tables }] = (await db.dataSource.query("select to_regclass('users') is not null and to_regclass('roles') is not null as tables")) as [{ tables: boolean }];
  if (tables && (await hasOwnData(db.dataSource))) throw refused();
  await migrate(db, out);
  // Checked again under the lock: another process may have filled it meanwhile.
  const seeded = await withStartupLock(db.dataSource, () => seedDemoData(db.dataSource, createLogger('silent'), startSeedSteps(config.nodeEnv)));
  if (!seeded) throw refused();
  out(`${db.where}: demo data seeded (sign in as admin@example.com; the passwords are in the README).`);
}

async function reset(db: Database, config: Config, out: (line: string) => void): Promise<void> {
  await withStartupLock(db.dataSource, async () => {
    // One transaction: a failure leaves the old schema as it was.
    await db.dataSource.transaction(async (manager) => {
      await manager.query(`drop schema if exists ${JOBS_SCHEMA} cascade`);
      await manager.query('drop schema if exists public cascade');
      await manager.query('create schema public');
    });
  });
  out(`${db.where}: schema dropped and re-created.`);
  await migrate(db, out);
  if (!(await withStartupLock(db.dataSource, () => seedDemoData(db.dataSource, createLogger('silent'), startSeedSteps(config.nodeEnv))))) {
    throw new Error('the demo seed found data in a database it had just emptied');
  }
  out(`${db.where}: demo data seeded.`);
}

/** Runs `db:<sub>`; resolves to the exit code. Every message goes to `io`, so tests can drive it. */
export async function run(argv: string[], io: Io): Promise<number> {
  const name = SUBCOMMANDS.includes(argv[0] as Subcommand) ? `db:${argv[0]}` : 'db';
  let database: Database | undefined;
  try {
    const [first, ...rest] = argv;
    if (!SUBCOMMANDS.includes(first as Subcommand)) {
      throw new CliError(`the first argument must be one of ${SUBCOMMANDS.join(', ')} (got ${first === undefined ? 'nothing' : `"${first}"`}).`, EXIT.invalid);
    }
    const sub = first as Subcommand;
    try {
      const { values } = parseArgs({ args: rest, options: { help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: false });
      if (values.help) {
        io.stdout.write(`${usage(sub)}\n`);
        return EXIT.done;
      }
    } catch (err) {
      throw new CliError(`${(err as Error).message}\n\n${usage(sub)}`, EXIT.invalid);
    }
    let config: Config;
    try {
      config = parseEnv(io.env, findRepoRoot(), { server: false });
    } catch (err) {
      if (err instanceof ConfigError) throw new CliError(err.message, EXIT.invalid);
      throw err;
    }
    // Refused before touching anything, so a production database is never even opened for it.
    if (sub === 'reset' && config.nodeEnv === 'production') {
      throw new CliError('refused: NODE_ENV is production (or unset, which the gateway takes as production). db:reset deletes every row; it is for development databases only.', EXIT.refused);
    }
    database = await openDatabase(config, name, EXIT.noDatabase, { migrate: false });
    const out = (line: string) => io.stdout.write(`${line}\n`);
    if (sub === 'migrate') await migrate(database, out);
    else if (sub === 'rollback') await rollback(database, out);
    else if (sub === 'status') await status(database, out);
    else if (sub === 'seed') await seed(database, config, out);
    else await reset(database, config, out);
    return EXIT.done;
  } catch (err) {
    if (err instanceof CliError) {
      io.stderr.write(`${name}: ${err.message}\n`);
      return err.exitCode;
    }
    io.stderr.write(unexpectedFailure(name, err));
    return EXIT.failed;
  } finally {
    await database?.close().catch(() => undefined);
  }
}

if (require.main === module) runAsMain(() => run(process.argv.slice(2), { env: process.env, stdout: process.stdout, stderr: process.stderr }), EXIT.failed);
