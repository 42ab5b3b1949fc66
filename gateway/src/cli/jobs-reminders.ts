import 'reflect-metadata';
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { ConfigError, parseEnv, type Config, type Env } from '../config';
import { findRepoRoot } from '../config/repo-root';
import { createServices } from '../services';
import { CliError, openDatabase, runAsMain, unexpectedFailure, type Database } from './command';

/*
 * `npm run jobs:reminders`: the reminder job run now from the command line,
 * as POST /admin/jobs/reminders/run does (docs/product.md#notifications).
 * Reminders already sent today are not sent again; the running gateway's
 * mail worker delivers the queued mails.
 */

export const EXIT = { done: 0, failed: 1, invalid: 2, noDatabase: 4 } as const;

export const USAGE = `Usage: npm run jobs:reminders [-- --scheduled]

Runs the reminder job now: a digest to each person with open tasks due within the next
2 working days or overdue, and the escalations of tasks overdue by the company's
escalation days. Whatever was already sent today is not sent again, so it is safe to
run at any time and beside the gateway's own daily run. Prints {"digests":n,"escalations":n}.

  --scheduled  run it as the gateway's schedule does, for a cron where every gateway has
               REMINDER_SCHEDULE=off (every 15 minutes, say): only on a working day, from
               09:00 company time, once a day. Prints {"due":false} when it is not due.

The database is DATABASE_URL (or the embedded PostgreSQL, as for the gateway); mails are
queued in it and the running gateway delivers them (SMTP_URL, links start with PUBLIC_URL).

Exit codes: 0 done, 1 unexpected failure, 2 invalid arguments, 4 the database cannot be reached.`;

interface Io {
  env: Env;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** Runs the command; resolves to the exit code. Every message goes to `io`, so tests can drive it. */
export async function run(argv: string[], io: Io): Promise<number> {
  let database: Database | undefined;
  let scheduled = false;
  try {
    try {
      const { values } = parseArgs({ args: argv, options: { help: { type: 'boolean', short: 'h' }, scheduled: { type: 'boolean' } }, strict: true, allowPositionals: false });
      if (values.help) {
        io.stdout.write(`${USAGE}\n`);
        return EXIT.done;
      }
      scheduled = values.scheduled === true;
    } catch (err) {
      throw new CliError(`${(err as Error).message}\n\n${USAGE}`, EXIT.invalid);
    }
    let config: Config;
    try {
      config = parseEnv(io.env, findRepoRoot(), { server: false });
    } catch (err) {
      if (err instanceof ConfigError) throw new CliError(err.message, EXIT.invalid);
      throw err;
    }
    database = await openDatabase(config, 'jobs:reminders', EXIT.noDatabase);
    // This command issues no tokens: without JWT_SECRET any throwaway key will do.
    const services = createServices(database.dataSource, { jwtSecret: config.jwtSecret ?? crypto.randomBytes(32).toString('base64url'), auth: config.auth, mail: config.mail, reports: config.reports });
    const sent = scheduled ? ((await services.reminders.tick()) ?? { due: false }) : await services.reminders.run();
    io.stdout.write(`${JSON.stringify(sent)}\n`);
    return EXIT.done;
  } catch (err) {
    if (err instanceof CliError) {
      io.stderr.write(`jobs:reminders: ${err.message}\n`);
      return err.exitCode;
    }
    io.stderr.write(unexpectedFailure('jobs:reminders', err));
    return EXIT.failed;
  } finally {
    await database?.close().catch(() => undefined);
  }
}

if (require.main === module) runAsMain(() => run(process.argv.slice(2), { env: process.env, stdout: process.stdout, stderr: process.stderr }), EXIT.failed);
