import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { run } from '../cli/admin-create';
import { ARGON2_FLOOR } from '../config';
import { PasswordHasher } from '../modules/auth';
import { EMAIL_CLAIM_LOCK } from '../modules/invitations';
import { createScratchDatabase, withClient } from '../../test/database';
import { startGateway, startSource, waitForPort, type Started } from '../../test/gateway-process';

/*
 * A first start in production, as an operator does it: the gateway and
 * `admin:create` run as real processes with NODE_ENV unset, on an empty
 * database without demo data.
 */

// Three processes compile the gateway from source; on a busy 2-core machine that alone can take a minute.
jest.setTimeout(90_000);

const ADMIN = { name: 'Priya Patel', email: 'priya.patel@acme.example', password: 'Harbour-Lantern-2026' };

describe('a first start in production (NODE_ENV unset, no demo data)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let dir: string;
  let env: Record<string, string>;
  let gateway: Started | undefined;
  let base: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase('production');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embark-prod-'));
    env = {
      DATABASE_URL: scratch.url,
      DATA_DIR: dir,
      GATEWAY_PORT: '0',
      JWT_SECRET: 'production-start-test-secret-0123456789abcdef',
      // Required in production; nothing in this test sends mail.
      SMTP_URL: 'smtp://127.0.0.1:2525',
      LOG_LEVEL: 'warn',
    };
    gateway = startGateway(env);
    base = `http://127.0.0.1:${await waitForPort(gateway, 80_000)}`;
  });

  afterAll(async () => {
    await stop(gateway);
    await scratch?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function stop(started: Started | undefined): Promise<void> {
    if (!started || started.child.exitCode !== null || started.child.signalCode !== null) return;
    started.child.kill('SIGTERM');
    await started.exit;
  }

  function writePasswordFile(password: string): string {
    const file = path.join(dir, `password-${Date.now()}-${Math.random().toString(36).slice(2)}`);
    // As `echo … > file` writes it: the line break is not part of the password.
    fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
    return file;
  }

  /** admin:create in this process (the run() the command calls), to keep the suite fast; the password through ADMIN_PASSWORD_FILE. */
  async function runIn(args: string[], password?: string, extraEnv: Record<string, string> = {}): Promise<{ code: number; output: string }> {
    let output = '';
    const sink = new PassThrough().on('data', (c: Buffer) => (output += c.toString()));
    const passwordEnv: Record<string, string> = password === undefined ? {} : { ADMIN_PASSWORD_FILE: writePasswordFile(password) };
    const stdin = Object.assign(new PassThrough(), { isTTY: false }) as unknown as NodeJS.ReadStream;
    const code = await run(args, { env: { DATABASE_URL: scratch.url, DATA_DIR: dir, ...passwordEnv, ...extraEnv }, stdin, stdout: sink, stderr: sink });
    await new Promise((resolve) => setImmediate(resolve)); // the sink's last 'data' event
    return { code, output };
  }

  /** The rows of one statement on the scratch database. */
  const rows = async (text: string, params: unknown[] = []): Promise<unknown[]> => (await withClient(scratch.url, (c) => c.query(text, params))).rows;

  const post = (route: string, body: unknown) =>
    fetch(`${base}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('has the base roles and no accounts', async () => {
    const roles = (await (await fetch(`${base}/api/roles`)).json()) as Array<{ id: number; name: string }>;
    expect(roles.map(({ id, name }) => ({ id, name }))).toEqual([
      { id: 1, name: 'Employee' },
      { id: 2, name: 'Manager' },
      { id: 3, name: 'Contractor' },
      { id: 4, name: 'SysAdmin' },
    ]);
    expect(await rows('select count(*)::int as n from users')).toEqual([{ n: 0 }]);
  });

  it('refuses self-registration: invitation only', async () => {
    const res = await post('/api/auth/register', { name: 'Walk In', email: 'walk.in@elsewhere.example', password: 'Quiet-Meadow-2026', role_id: 1 });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'Registration is by invitation only' });
  });

  it('admin:create makes the first administrator, who signs in over HTTP', async () => {
    // The command itself, as a process; it needs neither JWT_SECRET nor SMTP_URL.
    const cli = startSource('src/cli/admin-create.ts', { DATABASE_URL: scratch.url, DATA_DIR: dir, ADMIN_PASSWORD_FILE: writePasswordFile(ADMIN.password) }, [
      '--email',
      ADMIN.email,
      '--name',
      ADMIN.name,
    ]);
    const created = { code: (await cli.exit).code, output: cli.output() };
    expect(created.output).toMatch(/^Created administrator Priya Patel <priya\.patel@acme\.example> \(user \d+\)\. Sign in at http:\/\/localhost:3000\/login\.\n$/);
    expect(created.code).toBe(0);

    expect(await rows(`select actor_user_id, ip, details from audit_log where action = 'user.admin_create'`)).toEqual([
      { actor_user_id: null, ip: 'command line', details: { after: { name: 'Priya Patel', email: 'priya.patel@acme.example', role_id: 4 } } },
    ]);

    const res = await post('/api/auth/login', { email: ADMIN.email, password: ADMIN.password });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { token: string; user: { role_id: number; name: string } };
    expect(body.user).toMatchObject({ role_id: 4, name: 'Priya Patel' });
    const me = await fetch(`${base}/api/admin/users`, { headers: { authorization: `Bearer ${body.token}` } });
    expect(me.status).toBe(200);
  });

  it('admin:create says what is wrong, with its exit codes', async () => {
    expect(await runIn(['--email', 'PRIYA.PATEL@acme.example', '--name', 'Someone Else'], 'Another-Lantern-2026')).toEqual({
      code: 3,
      output: 'admin:create: An account with this email already exists.\n',
    });
    expect(await runIn(['--email', 'second.admin@acme.example', '--name', 'Second Admin'], 'short')).toEqual({
      code: 2,
      output: 'admin:create: invalid input:\n  - Password must be at least 8 characters with letters and numbers\n',
    });
    expect(await runIn(['--email', 'not-an-address', '--name', 'Second Admin'], 'Another-Lantern-2026')).toEqual({
      code: 2,
      output: 'admin:create: invalid input:\n  - Please enter a valid email address\n',
    });
    expect(await runIn(['--email', 'second.admin@acme.example', '--name', 'Second Admin'])).toEqual({
      code: 2,
      output: 'admin:create: No password: run this in a terminal to type one, set ADMIN_PASSWORD_FILE to a file holding it, or use --invite.\n',
    });

    expect(await runIn(['--email', 'second.admin@acme.example', '--name', 'Second Admin', '--invite'], 'Another-Lantern-2026')).toEqual({
      code: 2,
      output: 'admin:create: --invite lets the person choose their password: leave ADMIN_PASSWORD_FILE unset.\n',
    });

    const missing = await runIn(['--email', 'second.admin@acme.example']);
    expect(missing.code).toBe(2);
    expect(missing.output).toMatch(/^admin:create: Missing --name\.\n\nUsage: npm run admin:create -- --email <address> --name "<full name>" \[--invite\]/);

    const noDatabase = await runIn(['--email', 'second.admin@acme.example', '--name', 'Second Admin'], 'Another-Lantern-2026', {
      DATABASE_URL: 'postgres://embark:not-this-one@127.0.0.1:1/embark',
    });
    expect(noDatabase.code).toBe(4);
    expect(noDatabase.output).toMatch(/^admin:create: Cannot reach the database at 127\.0\.0\.1:1\/embark: .+\. Is PostgreSQL running, and is DATABASE_URL right\?\n$/);
    expect(noDatabase.output).not.toMatch(/not-this-one/);
  });

  it('admin:create --invite queues an invitation mail into the administrator role', async () => {
    const { code, output } = await runIn(['--email', 'Ravi.Kumar@acme.example', '--name', 'Ravi Kumar', '--invite'], undefined, { PUBLIC_URL: 'https://onboarding.acme.example' });
    expect(output).toMatch(
      /^Invited Ravi Kumar <Ravi\.Kumar@acme\.example> as an administrator \(invitation \d+, link valid until \d{4}-\d\d-\d\dT[\d:.]+Z\)\.\nThe running gateway sends the mail through its SMTP_URL; links start with https:\/\/onboarding\.acme\.example\.\n$/,
    );
    expect(code).toBe(0);
    expect(await rows('select role_id, invited_by from invitations where lower(email) = $1', ['ravi.kumar@acme.example'])).toEqual([{ role_id: 4, invited_by: null }]);
    const mail = (await rows('select kind, text from mail_outbox where lower(to_address) = $1', ['ravi.kumar@acme.example'])) as Array<{ kind: string; text: string }>;
    expect(mail).toHaveLength(1);
    expect(mail[0]?.kind).toBe('invitation');
    expect(mail[0]?.text).toMatch(/https:\/\/onboarding\.acme\.example\/accept-invite\?token=/);
  });

  it('admin:create: a second --invite for a pending invitation is refused; a password still creates the account', async () => {
    expect(await runIn(['--email', 'ravi.kumar@ACME.example', '--name', 'Ravi Kumar', '--invite'])).toEqual({
      code: 3,
      output: 'admin:create: A user or a pending invitation already uses this email\n',
    });
    const [mail] = (await rows('select text from mail_outbox where lower(to_address) = $1', ['ravi.kumar@acme.example'])) as Array<{ text: string }>;
    const token = /accept-invite\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect((await fetch(`${base}/api/invitations/${token}`)).status).toBe(200);
    // The invitation's mail never came: the operator gives the account a password instead.
    const created = await runIn(['--email', 'ravi.kumar@acme.example', '--name', 'Ravi Kumar'], 'Another-Lantern-2026');
    expect(created.code).toBe(0);
    expect(created.output).toMatch(
      /^Created administrator Ravi Kumar <ravi\.kumar@acme\.example> \(user \d+\)\. Sign in at .+\/login\.\nRevoked the open invitation to this address \(invitation \d+\): the account exists now\.\n$/,
    );
    const res = await post('/api/auth/login', { email: 'ravi.kumar@acme.example', password: 'Another-Lantern-2026' });
    expect(res.status).toBe(200);
    // Its link is closed, and the audit trail says why.
    expect((await fetch(`${base}/api/invitations/${token}`)).status).toBe(404);
    expect(await rows(`select details->>'reason' as reason from audit_log where action = 'invitation.revoke' and details->>'email' = $1`, ['Ravi.Kumar@acme.example'])).toEqual([{ reason: 'account_created' }]);
  });

  it('admin:create with a password also revokes an expired invitation of the address, which could be resent', async () => {
    await rows(
      `insert into invitations (email, name, role_id, role_name, token_hash, expires_at)
       select 'Late.Hire@acme.example', 'Late Hire', r.id, r.name, md5(random()::text), now() - interval '1 day' from roles r where r.id = 4`,
    );
    const created = await runIn(['--email', 'late.hire@acme.example', '--name', 'Late Hire'], 'Copper-Kettle-2026');
    expect(created.code).toBe(0);
    expect(created.output).toMatch(/\nRevoked the open invitation to this address \(invitation \d+\): the account exists now\.\n$/);
    expect(await rows(`select revoked_at is not null as revoked from invitations where lower(email) = $1`, ['late.hire@acme.example'])).toEqual([{ revoked: true }]);
    expect(await rows(`select details->>'reason' as reason from audit_log where action = 'invitation.revoke' and details->>'email' = $1`, ['Late.Hire@acme.example'])).toEqual([
      { reason: 'account_created' },
    ]);
  });

  it('admin:create behind a running import waits at most 5 s, then says so (exit 5), creating nothing', async () => {
    const result = await withClient(scratch.url, async (client) => {
      // An import's transaction holding the invitation writers' lock.
      await client.query('begin');
      await client.query(`select pg_advisory_xact_lock(${EMAIL_CLAIM_LOCK})`);
      try {
        return await runIn(['--email', 'patient.admin@acme.example', '--name', 'Patient Admin'], 'Quiet-Harbour-2026');
      } finally {
        await client.query('rollback');
      }
    });
    expect(result).toEqual({ code: 5, output: 'admin:create: Invitations are being sent right now. Please try again in a moment.\n' });
    expect(await rows('select id from users where lower(email) = $1', ['patient.admin@acme.example'])).toEqual([]);
  });

  it('refuses to start while an account has the demo administrator password, naming it', async () => {
    await stop(gateway);
    // A database seeded with demo data by an earlier start that forgot NODE_ENV.
    await rows(`insert into users (name, email, password_hash, role_id) values ('Alex Admin', 'admin@example.com', $1, 4)`, [await new PasswordHasher(ARGON2_FLOOR).hash('Admin12345')]);

    gateway = startGateway(env);
    const { code } = await gateway.exit;
    expect(code).toBe(1);
    const output = gateway.output();
    expect(output).toMatch(/Embark will not start in production while these accounts still sign in with a published demo password:\n {2}- admin@example\.com\n/);
    expect(output).not.toMatch(/priya\.patel/);
    expect(output).not.toMatch(/Admin12345/);
    expect(output).not.toMatch(/ready at/);
  });
});
