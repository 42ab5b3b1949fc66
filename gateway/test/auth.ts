import crypto from 'node:crypto';
import { generate } from 'otplib';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { PasswordHasher, TokenService } from '../src/modules/auth';
import { buildTestApp, testConfig, TEST_JWT_SECRET, GQL_HEADERS, type TestApp } from './app';

/*
 * Helpers for tests that need accounts, tokens, addresses and TOTP codes.
 * Test files share the run's database and run in parallel, so everything here
 * is unique per call: emails carry a random tag, and each test picks its own
 * client address (apps built with TRUST_PROXY=true read it from X-Forwarded-For),
 * so rate-limit buckets never collide between tests.
 */

/** Env for apps whose tests set the client address through X-Forwarded-For. */
export const PROXY_ENV = { TRUST_PROXY: 'true' } as const;

const hasher = new PasswordHasher(testConfig().auth.argon2);
const tokens = new TokenService(TEST_JWT_SECRET);

export const TEST_EMAIL_DOMAIN = 'auth-test.example.org';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${crypto.randomBytes(5).toString('hex')}@${TEST_EMAIL_DOMAIN}`;
}

/** A random private address for one test's requests. */
export function randomIp(): string {
  const b = crypto.randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  name: string;
  roleId: number;
}

/** Inserts an account directly (cheap hash), bypassing registration rules such as "one first admin". */
export async function createUser(db: DataSource, options: { roleId?: number; email?: string; password?: string; name?: string } = {}): Promise<TestUser> {
  const user = {
    email: options.email ?? uniqueEmail(),
    password: options.password ?? 'Passw0rd-test',
    name: options.name ?? 'Test User',
    roleId: options.roleId ?? 1,
  };
  const rows = (await db.query('insert into users (name, email, password_hash, role_id) values ($1, $2, $3, $4) returning id', [
    user.name,
    user.email,
    await hasher.hash(user.password),
    user.roleId,
  ])) as Array<{ id: number }>;
  return { id: (rows[0] as { id: number }).id, ...user };
}

/** A valid token of a new session of the user, as a sign-in now would give (an 8-hour session). */
export async function tokenFor(db: DataSource, userId: number, at?: Date): Promise<string> {
  return tokens.sign({ userId, sessionId: await sessionFor(db, userId, at) });
}

/**
 * A new session row of the user, signed in `at` (default now) with 8 hours to live; returns its id.
 * A test whose app runs on a pinned clock ahead of real time passes that time, or the session
 * would already look idle to the app.
 */
export async function sessionFor(db: DataSource, userId: number, at: Date = new Date()): Promise<string> {
  const rows = (await db.query(
    `insert into sessions (user_id, created_at, last_seen_at, expires_at) values ($1, $2, $2, $2::timestamptz + interval '8 hours') returning id`,
    [userId, at],
  )) as Array<{ id: string }>;
  return (rows[0] as { id: string }).id;
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** Removes the test's accounts (their audit rows stay, with the actor set to null). */
export async function deleteUsers(db: DataSource, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.query('delete from users where id = any($1)', [ids]);
}

/**
 * A TOTP code for the step `offsetSteps` away from now (0: current, 1: next,
 * -1: previous). Close to the end of a step it first waits for the next one,
 * so a code meant for "the previous step" cannot become two steps old (and be
 * refused) while its request is in flight.
 */
export async function totp(secret: string, offsetSteps = 0): Promise<string> {
  const msLeftInStep = 30_000 - (Date.now() % 30_000);
  if (msLeftInStep < 2_000) await new Promise((resolve) => setTimeout(resolve, msLeftInStep + 50));
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
}

/** POST a GraphQL operation, optionally as someone and from an address. */
export function gql(t: TestApp, query: string, variables: Record<string, unknown> = {}, options: { token?: string; ip?: string } = {}) {
  let req = request(t.app).post('/graphql').set(GQL_HEADERS);
  if (options.token) req = req.set(bearer(options.token));
  if (options.ip) req = req.set('x-forwarded-for', options.ip);
  return req.send({ query, variables });
}

/**
 * Enrols and enables TOTP through the API (which asks for the user's
 * `password`), with the previous step's code so that the current and next
 * steps stay free for the test. Returns the secret, the backup codes and the
 * fresh token.
 */
export async function enableTwoFactor(t: TestApp, token: string, ip: string, password: string): Promise<{ secret: string; backupCodes: string[]; token: string }> {
  const setup = await request(t.app).post('/api/auth/2fa/setup').set(bearer(token)).set('x-forwarded-for', ip).expect(200);
  const secret = (setup.body as { secret: string }).secret;
  const enabled = await request(t.app)
    .post('/api/auth/2fa/enable')
    .set(bearer(token))
    .set('x-forwarded-for', ip)
    .send({ token: await totp(secret, -1), password })
    .expect(200);
  const body = enabled.body as { backupCodes: string[]; token: string };
  return { secret, backupCodes: body.backupCodes, token: body.token };
}

/**
 * Fails when a JSON body carries anything that looks like a credential, at
 * any depth: keys naming passwords, hashes or secrets (`allowSecret` lets the
 * 2FA setup answer's `secret` through), or a stored argon2 hash as a value.
 */
export function expectNoSecrets(body: unknown, options: { allowSecret?: boolean } = {}): void {
  const offending: string[] = [];
  const walk = (value: unknown, path: string): void => {
    if (typeof value === 'string') {
      if (value.startsWith('$argon2')) offending.push(`${path} (argon2 hash)`);
      if (value.startsWith('v1:') && value.split(':').length === 4) offending.push(`${path} (sealed secret)`);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      const here = `${path}.${key}`;
      const lower = key.toLowerCase();
      const allowed = options.allowSecret === true && lower === 'secret';
      if (!allowed && /password|hash|secret|totp|two_factor|token_version|is_active/.test(lower)) offending.push(here);
      walk(inner, here);
    }
  };
  walk(body, '$');
  expect(offending).toEqual([]);
}

/**
 * The token of the newest reset link mailed to `email` (read from the mail
 * outbox, as the recipient would read the mail), or null when none was queued.
 */
export async function resetTokenMailedTo(db: DataSource, email: string): Promise<string | null> {
  const rows = (await db.query(`select text from mail_outbox where lower(to_address) = lower($1) and kind = 'password-reset' order by id desc limit 1`, [email])) as Array<{ text: string }>;
  const match = /\/reset-password\?token=([^\s&]+)/.exec(rows[0]?.text ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** How many reset mails were queued for `email`. */
export async function resetMailsTo(db: DataSource, email: string): Promise<number> {
  const rows = (await db.query(`select count(*)::int as n from mail_outbox where lower(to_address) = lower($1) and kind = 'password-reset'`, [email])) as Array<{ n: number }>;
  return rows[0]?.n ?? 0;
}

/**
 * The frame of an auth test file: one app (with `env`; by default each test
 * picks its address through X-Forwarded-For) built before the file's tests and
 * closed after them, and accounts made by `user()` deleted at the end.
 */
export function authTestApp(env: Record<string, string> = PROXY_ENV): { readonly t: TestApp; user(options?: Parameters<typeof createUser>[1]): Promise<TestUser> } {
  let app: TestApp | undefined;
  const created: number[] = [];
  beforeAll(async () => {
    app = await buildTestApp({ env });
  });
  afterAll(async () => {
    if (!app) return;
    await deleteUsers(app.dataSource, created);
    await app.close();
  });
  const current = (): TestApp => {
    if (!app) throw new Error('authTestApp: the app exists only inside the tests');
    return app;
  };
  return {
    get t() {
      return current();
    },
    async user(options = {}) {
      const u = await createUser(current().dataSource, options);
      created.push(u.id);
      return u;
    },
  };
}
