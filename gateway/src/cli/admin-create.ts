import 'reflect-metadata';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, parseEnv, type Config, type Env } from '../config';
import { findRepoRoot } from '../config/repo-root';
import { PasswordHasher } from '../modules/auth';
import { createServices } from '../services';
import type { RequestMeta } from '../shared/actor';
import { ConflictError, ServiceUnavailableError, ValidationError } from '../shared/errors';
import { parseInput } from '../shared/validation';
import { AdministratorInput, createAdministrator, parseAdministrator } from './create-administrator';
import { CliError, openDatabase, runAsMain, unexpectedFailure, type Database } from './command';
import { readHiddenLine } from './prompt';

/*
 * `npm run admin:create -- --email … --name …` (README, "Setting up a real
 * instance"): the operator's door to create-administrator.ts. Arguments,
 * prompts, messages and exit codes live here; the rules live there.
 */

/** Where the audit trail says these changes came from (no signed-in administrator made them). */
const COMMAND_LINE: RequestMeta = { ip: 'command line' };

/** Exit codes, documented in the usage text. */
export const EXIT = { created: 0, failed: 1, invalid: 2, exists: 3, noDatabase: 4, busy: 5, cancelled: 130 } as const;

export const USAGE = `Usage: npm run admin:create -- --email <address> --name "<full name>" [--invite]

Creates an administrator (role 4) of this Embark instance: the first one, or a way back in.
The database is DATABASE_URL (or the embedded PostgreSQL, as for the gateway); pending
migrations are applied first, so this works before the gateway's first start.

The password:
  - typed at a prompt (hidden, asked twice), when run in a terminal;
  - or read from the file named by ADMIN_PASSWORD_FILE (its first line), e.g. a Docker secret;
  - or, with --invite, chosen by the person: an invitation mail with a link valid for 7 days
    is queued, and the running gateway delivers it (SMTP_URL, links start with PUBLIC_URL).
Same rules as registration: at least 8 characters with letters and numbers, not a common
password, not containing the email's name.

Exit codes: 0 created, 1 unexpected failure, 2 invalid arguments or input,
3 the email already has an account (with --invite, also: a pending invitation),
4 the database cannot be reached, 5 (with a password) invitations are being written by
an import: try again in a moment, 130 cancelled. Without --invite a pending invitation
does not stand in the way: this is also the way in when its mail never arrived. That
invitation is then revoked.

In the gateway's Docker image: docker compose run --rm gateway npm run admin:create -- --email … --name …`;

interface Io {
  env: Env;
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

interface Args {
  email: string;
  name: string;
  invite: boolean;
}

function parseArguments(argv: string[]): Args | 'help' {
  let values: { email?: string; name?: string; invite?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, name: { type: 'string' }, invite: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new CliError(`${(err as Error).message}\n\n${USAGE}`, EXIT.invalid);
  }
  if (values.help) return 'help';
  const missing = (['email', 'name'] as const).filter((key) => values[key] === undefined);
  if (missing.length > 0) throw new CliError(`Missing ${missing.map((key) => `--${key}`).join(' and ')}.\n\n${USAGE}`, EXIT.invalid);
  return { email: values.email as string, name: values.name as string, invite: values.invite === true };
}

/** The first line of ADMIN_PASSWORD_FILE; its content never appears in a message. */
function readPasswordFile(file: string): string {
  let content: string;
  try {
    content = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new CliError(`Cannot read ADMIN_PASSWORD_FILE (${file}): ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, EXIT.invalid);
  }
  // A file written by `echo` ends with a line break that is not part of the password.
  return content.split(/\r?\n/, 1)[0] ?? '';
}

/** Asks until the password meets the rules and is typed the same twice (three tries). */
async function promptPassword(io: Io, who: { name: string; email: string }): Promise<string> {
  if (!io.stdin.isTTY) {
    throw new CliError('No password: run this in a terminal to type one, set ADMIN_PASSWORD_FILE to a file holding it, or use --invite.', EXIT.invalid);
  }
  for (let attempt = 1; ; attempt++) {
    const password = await readHiddenLine('Password: ', io.stdin, io.stdout);
    let problem: string | null = null;
    try {
      parseAdministrator({ ...who, password });
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      problem = err.message;
    }
    if (problem === null && (await readHiddenLine('Password again: ', io.stdin, io.stdout)) !== password) problem = 'The two passwords differ';
    if (problem === null) return password;
    if (attempt === 3) throw new CliError(problem, EXIT.invalid);
    io.stderr.write(`${problem}. Try again.\n`);
  }
}

/** Runs the command; resolves to the exit code. Every message goes to `io`, so tests can drive it. */
export async function run(argv: string[], io: Io): Promise<number> {
  let database: Database | undefined;
  try {
    const args = parseArguments(argv);
    if (args === 'help') {
      io.stdout.write(`${USAGE}\n`);
      return EXIT.created;
    }
    // Checked before any password is asked for or any connection is made.
    const who = parseInput(AdministratorInput, { name: args.name, email: args.email });
    let config: Config;
    try {
      config = parseEnv(io.env, findRepoRoot(), { server: false });
    } catch (err) {
      if (err instanceof ConfigError) throw new CliError(err.message, EXIT.invalid);
      throw err;
    }
    const passwordFile = io.env.ADMIN_PASSWORD_FILE?.trim() || null;
    if (args.invite && passwordFile !== null) throw new CliError('--invite lets the person choose their password: leave ADMIN_PASSWORD_FILE unset.', EXIT.invalid);

    let password: string | null = null;
    if (!args.invite) {
      password = passwordFile !== null ? readPasswordFile(passwordFile) : await promptPassword(io, who);
      parseAdministrator({ ...who, password });
    }

    database = await openDatabase(config, 'admin:create', EXIT.noDatabase);
    // This command issues no tokens: without JWT_SECRET any throwaway key will do.
    const services = createServices(database.dataSource, { jwtSecret: config.jwtSecret ?? crypto.randomBytes(32).toString('base64url'), auth: config.auth, mail: config.mail, reports: config.reports });
    if (password === null) {
      const invitation = await services.invitations.inviteAdministrator({ name: who.name, email: who.email }, COMMAND_LINE);
      io.stdout.write(
        `Invited ${invitation.name} <${invitation.email}> as an administrator (invitation ${invitation.id}, link valid until ${invitation.expires_at}).\n` +
          `The running gateway sends the mail through its SMTP_URL; links start with ${config.mail.publicUrl}.\n`,
      );
      return EXIT.created;
    }
    const admin = await createAdministrator(database.dataSource, services, new PasswordHasher(config.auth.argon2), { ...who, password }, COMMAND_LINE);
    io.stdout.write(`Created administrator ${admin.name} <${admin.email}> (user ${admin.id}). Sign in at ${config.mail.publicUrl}/login.\n`);
    for (const id of admin.revokedInvitations) io.stdout.write(`Revoked the open invitation to this address (invitation ${id}): the account exists now.\n`);
    return EXIT.created;
  } catch (err) {
    if ((err as { code?: unknown }).code === 'cancelled') {
      io.stderr.write('admin:create: cancelled\n');
      return EXIT.cancelled;
    }
    if (err instanceof CliError) {
      io.stderr.write(`admin:create: ${err.message}\n`);
      return err.exitCode;
    }
    if (err instanceof ValidationError) {
      io.stderr.write(`admin:create: invalid input:\n${(err.details?.length ? err.details : [err.message]).map((d) => `  - ${d}\n`).join('')}`);
      return EXIT.invalid;
    }
    if (err instanceof ConflictError) {
      io.stderr.write(`admin:create: ${err.message}\n`);
      return EXIT.exists;
    }
    if (err instanceof ServiceUnavailableError) {
      io.stderr.write(`admin:create: ${err.message}\n`);
      return EXIT.busy;
    }
    io.stderr.write(unexpectedFailure('admin:create', err));
    return EXIT.failed;
  } finally {
    await database?.close().catch(() => undefined);
  }
}

if (require.main === module) runAsMain(() => run(process.argv.slice(2), { env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }), EXIT.failed);
