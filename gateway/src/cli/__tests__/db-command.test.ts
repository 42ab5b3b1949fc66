import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { migrations } from '../../db/migrations';
import { SUBCOMMANDS, run } from '../db-command';
import { createScratchDatabase, withClient } from '../../../test/database';
import { startSource } from '../../../test/gateway-process';

/*
 * The db:* operator commands on a throwaway database each (test/database.ts), through
 * the same `run` the process entry calls, plus one run as a real process and one on an
 * embedded cluster of its own (no DATABASE_URL).
 */

jest.setTimeout(120_000);

const NAMES = migrations.map((m) => new m().name ?? m.name);
const LAST = NAMES[NAMES.length - 1];

async function db(argv: string[], env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c: Buffer) => (out += c.toString()));
  stderr.on('data', (c: Buffer) => (err += c.toString()));
  const code = await run(argv, { env, stdout, stderr });
  return { code, out, err };
}

async function scalar(url: string, sql: string): Promise<unknown> {
  return withClient(url, async (c) => Object.values((await c.query(sql)).rows[0] as Record<string, unknown>)[0]);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

describe('db:* commands against DATABASE_URL', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let env: Record<string, string>;
  beforeEach(async () => {
    scratch = await createScratchDatabase('dbcmd');
    env = { NODE_ENV: 'development', DATABASE_URL: scratch.url };
  });
  afterEach(() => scratch.drop());

  it('status lists every migration pending on an empty database, migrate applies them once', async () => {
    const before = await db(['status'], env);
    expect(before.code).toBe(0);
    expect(before.out.split('\n').filter((l) => l.startsWith('pending  '))).toEqual(NAMES.map((n) => `pending  ${n}`));
    expect(before.out).toContain(`: 0 applied, ${NAMES.length} pending.`);

    const migrated = await db(['migrate'], env);
    expect({ code: migrated.code, err: migrated.err }).toEqual({ code: 0, err: '' });
    expect(migrated.out.split('\n').filter((l) => l.startsWith('applied  '))).toEqual(NAMES.map((n) => `applied  ${n}`));
    expect(await scalar(scratch.url, "select to_regclass('users') is not null")).toBe(true);

    const again = await db(['migrate'], env);
    expect(again).toEqual({ code: 0, out: expect.stringContaining('nothing to migrate') as string, err: '' });
    const after = await db(['status'], env);
    expect(after.out).toContain(`: ${NAMES.length} applied, 0 pending.`);
    // The description names the database, never the password.
    expect(after.out).not.toContain(new URL(scratch.url).password || '\u0000');
  });

  it('rollback reverts exactly the last migration, and migrate applies it again', async () => {
    expect((await db(['migrate'], env)).code).toBe(0);
    const rolled = await db(['rollback'], env);
    expect({ code: rolled.code, err: rolled.err }).toEqual({ code: 0, err: '' });
    expect(rolled.out).toContain(`reverted ${LAST}`);
    // The last migration's own index is gone; the one before's index stays.
    expect(await scalar(scratch.url, "select to_regclass('uq_roles_name_any_case') is not null")).toBe(false);
    expect(await scalar(scratch.url, "select to_regclass('ix_invitations_open_role') is not null")).toBe(true);
    const status = await db(['status'], env);
    expect(status.out).toContain(`pending  ${LAST}`);
    expect(status.out).toContain(`: ${NAMES.length - 1} applied, 1 pending.`);
    expect((await db(['migrate'], env)).out).toContain(`applied  ${LAST}`);
    expect(await scalar(scratch.url, "select to_regclass('uq_roles_name_any_case') is not null")).toBe(true);
  });

  it('rollback on an empty database says there is nothing to do', async () => {
    expect(await db(['rollback'], env)).toEqual({ code: 0, out: expect.stringContaining('nothing to roll back') as string, err: '' });
  });

  it('seed fills an empty database, then refuses a second time and in production', async () => {
    const seeded = await db(['seed'], env);
    expect({ code: seeded.code, err: seeded.err }).toEqual({ code: 0, err: '' });
    expect(seeded.out).toContain('demo data seeded');
    expect(await scalar(scratch.url, "select count(*)::int from users where email = 'admin@example.com'")).toBe(1);
    const users = await scalar(scratch.url, 'select count(*)::int from users');

    const again = await db(['seed'], env);
    expect(again.code).toBe(3);
    expect(again.err).toMatch(/^db:seed: refused: .* already has data/);
    expect(await scalar(scratch.url, 'select count(*)::int from users')).toBe(users);

    // A refused seed leaves a pending migration pending: it changes nothing at all.
    expect((await db(['rollback'], env)).code).toBe(0);
    expect((await db(['seed'], env)).code).toBe(3);
    expect((await db(['status'], env)).out).toContain(`pending  ${LAST}`);
  });

  it('seed refuses production before writing anything', async () => {
    const refused = await db(['seed'], { ...env, NODE_ENV: 'production' });
    expect(refused.code).toBe(3);
    expect(refused.err).toContain('refused in production');
    expect(await scalar(scratch.url, "select to_regclass('users') is not null")).toBe(false);
  });

  it('reset drops everything, migrates and seeds; refused in production and with NODE_ENV unset', async () => {
    expect((await db(['seed'], env)).code).toBe(0);
    await withClient(scratch.url, async (c) => {
      await c.query("insert into roles (name, description) values ('Left over', 'must not survive a reset')");
      await c.query('create schema pgboss');
      await c.query('create table pgboss.leftover (id int)');
    });

    for (const nodeEnv of [{ NODE_ENV: 'production' }, {}] as Array<Record<string, string>>) {
      const refused = await db(['reset'], { DATABASE_URL: scratch.url, ...nodeEnv });
      expect(refused.code).toBe(3);
      expect(refused.err).toMatch(/^db:reset: refused: NODE_ENV is production/);
      expect(await scalar(scratch.url, "select count(*)::int from roles where name = 'Left over'")).toBe(1);
    }

    const reset = await db(['reset'], env);
    expect({ code: reset.code, err: reset.err }).toEqual({ code: 0, err: '' });
    expect(reset.out).toContain('schema dropped and re-created');
    expect(reset.out).toContain(`applied  ${LAST}`);
    expect(await scalar(scratch.url, "select count(*)::int from roles where name = 'Left over'")).toBe(0);
    expect(await scalar(scratch.url, "select to_regclass('pgboss.leftover') is not null")).toBe(false);
    expect(await scalar(scratch.url, "select count(*)::int from users where email = 'admin@example.com'")).toBe(1);
    expect((await db(['status'], env)).out).toContain(`: ${NAMES.length} applied, 0 pending.`);
  });

  it('runs as a process: prints, and exits with the documented codes', async () => {
    const cli = startSource('src/cli/db-command.ts', env, ['migrate']);
    expect(await cli.exit).toEqual({ code: 0, signal: null });
    expect(cli.output()).toContain(`applied  ${LAST}`);
    const seeded = startSource('src/cli/db-command.ts', env, ['seed']);
    expect(await seeded.exit).toEqual({ code: 0, signal: null });
    const refused = startSource('src/cli/db-command.ts', env, ['seed']);
    expect({ exit: await refused.exit, output: refused.output() }).toEqual({ exit: { code: 3, signal: null }, output: expect.stringContaining('already has data') as string });
  });
});

describe('db:* arguments and failures', () => {
  it.each(SUBCOMMANDS)('db:%s --help lists its options and exit codes', async (sub) => {
    const help = await db([sub, '--help'], {});
    expect(help.code).toBe(0);
    expect(help.out).toContain(`Usage: npm run db:${sub}`);
    expect(help.out).toContain('--help');
    expect(help.out).toMatch(/Exit codes: 0 done, 1 unexpected failure, 2 invalid arguments or configuration,\s+3 refused .*\s+4 the database cannot be reached/);
  });

  it('rejects an unknown subcommand or option with exit code 2', async () => {
    const unknown = await db(['drop'], {});
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('must be one of migrate, rollback, status, seed, reset (got "drop")');
    const option = await db(['status', '--force'], {});
    expect(option.code).toBe(2);
    expect(option.err).toContain('Usage: npm run db:status');
    const config = await db(['status'], { NODE_ENV: 'development', DATABASE_URL: 'mysql://x@y/z' });
    expect(config.code).toBe(2);
    expect(config.err).toContain('DATABASE_URL must use the postgres:// or postgresql:// scheme');
  });

  it('exits 4 with a clear message when the database cannot be reached, without its password', async () => {
    const port = await freePort();
    const failed = await db(['status'], { NODE_ENV: 'development', DATABASE_URL: `postgres://embark:s3cret-pw@127.0.0.1:${port}/embark` });
    expect(failed.code).toBe(4);
    expect(failed.err).toContain(`Cannot reach the database at 127.0.0.1:${port}/embark`);
    expect(failed.err).not.toContain('s3cret-pw');
  });
});

describe('db:* on the embedded PostgreSQL (no DATABASE_URL)', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'embark-dbcmd-'));
    // As root, postgres must be able to traverse it.
    fs.chmodSync(dataDir, 0o755);
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('migrates, reports and rolls back on a cluster it starts, and stops that cluster again', async () => {
    const env = { NODE_ENV: 'development', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) };
    const migrated = await db(['migrate'], env);
    expect({ code: migrated.code, err: migrated.err }).toEqual({ code: 0, err: '' });
    expect(migrated.out).toContain(`(embedded): ${NAMES.length} migration(s) applied.`);
    expect((await db(['rollback'], env)).out).toContain(`reverted ${LAST}`);
    expect((await db(['status'], env)).out).toContain(`(embedded): ${NAMES.length - 1} applied, 1 pending.`);
    // The command started the cluster, so it stopped it: no postmaster.pid is left.
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });
});
