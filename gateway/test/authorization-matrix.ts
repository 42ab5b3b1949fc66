import crypto from 'node:crypto';
import request from 'supertest';
import { newLinkToken } from '../src/shared/link-tokens';
import type { TestApp } from './app';
import { bearer, createUser, deleteUsers, enableTwoFactor, randomIp, resetTokenMailedTo, sessionFor, totp, uniqueEmail, type TestUser } from './auth';

/*
 * THE authorization matrix: one row per REST route and per GraphQL Query or
 * Mutation field, with the outcome expected for an anonymous caller, an
 * employee (role 1) and an administrator (role 4). The test
 * (src/__tests__/authorization-matrix.test.ts) walks the express router and
 * the built schema and fails for any route or field without a row here, so a
 * new endpoint cannot ship without saying who may call it.
 *
 * To add a row: name the route exactly as registered (`METHOD /full/path/:param`)
 * or the field (`Query.x`, `Mutation.y`), give the three outcomes, and, when the
 * call needs data, a `request` that prepares it. A route or field that reaches
 * users' data gets one row per `variant`: 'own' data and "another user's". Each row runs once per actor
 * with a fresh actor account, a fresh client address, and the actor's token.
 */

export type Who = 'anonymous' | 'employee' | 'admin';
export const ACTORS: readonly Who[] = ['anonymous', 'employee', 'admin'];

/** What a row's request needs: the app, the actor (null when anonymous) and helpers that make data. */
export interface MatrixContext {
  t: TestApp;
  who: Who;
  actor: TestUser | null;
  /** The actor's bearer token (null when anonymous); helpers that rotate it update it. */
  token: string | null;
  ip: string;
  /** Accounts made by helpers, deleted after the row. */
  created: number[];
  /** Put this in the names of roles a row creates: they are deleted after the row. */
  tag: string;
}

export interface RestRequest {
  /** Concrete path when the route has parameters. */
  path?: string;
  /** JSON, or text sent with `contentType` (a CSV file). */
  body?: Record<string, unknown> | string;
  contentType?: string;
}

export interface RestRow {
  route: string;
  /** Rows of the same route differ by variant, e.g. whose data they reach ('own' / "another user's"). */
  variant?: string;
  expect: Record<Who, number>;
  request?: (ctx: MatrixContext) => Promise<RestRequest> | RestRequest;
}

export interface GraphQLRequest {
  query: string;
  variables?: Record<string, unknown>;
}

/** 'ok': data without errors; otherwise the first error's extensions.code. */
export type GraphQLOutcome = 'ok' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'BAD_USER_INPUT' | 'NOT_FOUND' | 'CONFLICT' | 'RATE_LIMITED';

export interface GraphQLRow {
  field: string;
  variant?: string;
  expect: Record<Who, GraphQLOutcome>;
  request: (ctx: MatrixContext) => Promise<GraphQLRequest> | GraphQLRequest;
}

// Shorthands for the common access levels.
const PUBLIC = (status: number): Record<Who, number> => ({ anonymous: status, employee: status, admin: status });
const SIGNED_IN = (status: number): Record<Who, number> => ({ anonymous: 401, employee: status, admin: status });
const ADMIN_ONLY = (status: number): Record<Who, number> => ({ anonymous: 401, employee: 403, admin: status });
const GQL_PUBLIC: Record<Who, GraphQLOutcome> = { anonymous: 'ok', employee: 'ok', admin: 'ok' };
const GQL_SIGNED_IN: Record<Who, GraphQLOutcome> = { anonymous: 'UNAUTHENTICATED', employee: 'ok', admin: 'ok' };
const GQL_ADMIN_ONLY: Record<Who, GraphQLOutcome> = { anonymous: 'UNAUTHENTICATED', employee: 'FORBIDDEN', admin: 'ok' };
// Another user's data: administrators only; anyone else gets 404, exactly like an unknown id (no probing of ids).
const OTHERS_ADMIN_ONLY = (status: number): Record<Who, number> => ({ anonymous: 401, employee: 404, admin: status });
const GQL_OTHERS_ADMIN_ONLY: Record<Who, GraphQLOutcome> = { anonymous: 'UNAUTHENTICATED', employee: 'NOT_FOUND', admin: 'ok' };

/** A row's label: the route or field, plus its variant. */
export function rowLabel(row: { route?: string; field?: string; variant?: string }): string {
  const name = row.route ?? row.field ?? '?';
  return row.variant ? `${name} (${row.variant})` : name;
}

// ---- helpers that prepare data for a row -------------------------------------------------

/** A throwaway role (deleted after the row, if still there). */
export async function makeRole(ctx: MatrixContext): Promise<number> {
  const rows = (await ctx.t.dataSource.query('insert into roles (name) values ($1) returning id', [`Matrix ${ctx.tag}`])) as Array<{ id: number }>;
  return (rows[0] as { id: number }).id;
}

/** Starts 2FA setup for the actor; the secret, or null when anonymous. */
async function setupTwoFactor(ctx: MatrixContext): Promise<string | null> {
  if (!ctx.token) return null;
  const res = await request(ctx.t.app).post('/api/auth/2fa/setup').set(bearer(ctx.token)).set('x-forwarded-for', ctx.ip).expect(200);
  return (res.body as { secret: string }).secret;
}

/** Turns 2FA on for the actor (rotating ctx.token); null when anonymous. */
async function enableForActor(ctx: MatrixContext): Promise<{ secret: string } | null> {
  if (!ctx.token) return null;
  const on = await enableTwoFactor(ctx.t, ctx.token, ctx.ip, actorPassword(ctx));
  ctx.token = on.token;
  return { secret: on.secret };
}

/** Another user with 2FA on, who has just passed the password step from ctx.ip. */
async function pendingSecondStep(ctx: MatrixContext): Promise<{ email: string; challengeId: string; code: string }> {
  const user = await createUser(ctx.t.dataSource);
  ctx.created.push(user.id);
  const login = await request(ctx.t.app).post('/api/auth/login').set('x-forwarded-for', ctx.ip).send({ email: user.email, password: user.password }).expect(200);
  const on = await enableTwoFactor(ctx.t, (login.body as { token: string }).token, ctx.ip, user.password);
  const step = await request(ctx.t.app).post('/api/auth/login').set('x-forwarded-for', ctx.ip).send({ email: user.email, password: user.password }).expect(200);
  expect(step.body).toEqual({ requiresTwoFactor: true, challengeId: expect.any(String) });
  return { email: user.email, challengeId: (step.body as { challengeId: string }).challengeId, code: await totp(on.secret) };
}

/** A second session of the actor (another device); of a fresh user when anonymous. */
async function ownSession(ctx: MatrixContext): Promise<string> {
  return sessionFor(ctx.t.dataSource, (ctx.actor ?? (await freshUser(ctx))).id);
}

/** A session of another user, who is an administrator (so no role can reach it). */
async function othersSession(ctx: MatrixContext): Promise<string> {
  const other = await createUser(ctx.t.dataSource, { roleId: 4 });
  ctx.created.push(other.id);
  return sessionFor(ctx.t.dataSource, other.id);
}

async function freshUser(ctx: MatrixContext): Promise<TestUser> {
  const user = await createUser(ctx.t.dataSource);
  ctx.created.push(user.id);
  return user;
}

/** A journal entry of the actor (of a fresh user when anonymous); deleted with its author after the row. */
async function makeEntry(ctx: MatrixContext): Promise<number> {
  const author = ctx.actor ?? (await freshUser(ctx));
  const rows = (await ctx.t.dataSource.query(`insert into journal_entries (user_id, content) values ($1, 'Matrix entry') returning id`, [author.id])) as Array<{ id: number }>;
  return (rows[0] as { id: number }).id;
}

/** The actor's own user id; anonymous callers aim at the demo employee (they get 401 before any lookup). */
const selfId = (ctx: MatrixContext): number => ctx.actor?.id ?? 2;

/**
 * A checklist item of the actor's role. Employees (role 1) use a seeded item; the administrator
 * role has no items, so one is made and linked to it (title tagged: deleted after the row).
 */
async function ownRoleItem(ctx: MatrixContext): Promise<number> {
  if (ctx.who !== 'admin') return firstItemOf(ctx, 1);
  const rows = (await ctx.t.dataSource.query(`insert into checklist_items (title, type) values ($1, 'form') returning id`, [`Matrix item ${ctx.tag}`])) as Array<{ id: number }>;
  const id = (rows[0] as { id: number }).id;
  await ctx.t.dataSource.query('insert into role_checklist_items (role_id, checklist_item_id) values (4, $1)', [id]);
  return id;
}

/** A checklist item (title tagged: deleted after the row) that `ownerType` does, in `roleId`'s checklist. */
async function ownedItem(ctx: MatrixContext, roleId: number, ownerType: 'manager' | 'buddy'): Promise<number> {
  const rows = (await ctx.t.dataSource.query(`insert into checklist_items (title, type, owner_type) values ($1, 'meeting', $2) returning id`, [`Matrix owned item ${ctx.tag}`, ownerType])) as Array<{ id: number }>;
  const id = (rows[0] as { id: number }).id;
  await ctx.t.dataSource.query('insert into role_checklist_items (role_id, checklist_item_id) values ($1, $2)', [roleId, id]);
  return id;
}

/** A hire (in a tagged role) whose manager is the actor (a fresh user when anonymous), and a task of theirs the manager does. */
async function managedHireTask(ctx: MatrixContext): Promise<{ hireId: number; itemId: number }> {
  const manager = ctx.actor ?? (await freshUser(ctx));
  const roleId = await makeRole(ctx);
  const hire = await freshUser(ctx);
  await ctx.t.dataSource.query('update users set role_id = $1, manager_id = $2 where id = $3', [roleId, manager.id, hire.id]);
  return { hireId: hire.id, itemId: await ownedItem(ctx, roleId, 'manager') };
}

/** A task of the actor's own checklist that their manager does (the employee moves to a tagged role for it). */
async function actorsManagerTask(ctx: MatrixContext): Promise<number> {
  if (!ctx.actor) return firstItemOf(ctx, 1);
  const roleId = ctx.who === 'admin' ? 4 : await makeRole(ctx);
  if (ctx.who !== 'admin') await ctx.t.dataSource.query('update users set role_id = $1 where id = $2', [roleId, ctx.actor.id]);
  return ownedItem(ctx, roleId, 'manager');
}

/** The hire refused their manager's task with 409 (not 403, which ends the client's session); administrators keep every right. */
const HIRE_REFUSED: Record<Who, number> = { anonymous: 401, employee: 409, admin: 200 };
const GQL_HIRE_REFUSED: Record<Who, GraphQLOutcome> = { anonymous: 'UNAUTHENTICATED', employee: 'CONFLICT', admin: 'ok' };

/** A seeded item of `roleId`'s checklist that role 1 (the matrix's employees) does not have, or any when roleId is 1. */
async function firstItemOf(ctx: MatrixContext, roleId: number): Promise<number> {
  const rows = (await ctx.t.dataSource.query(
    `select checklist_item_id as id from role_checklist_items where role_id = $1
       and ($1 = 1 or checklist_item_id not in (select checklist_item_id from role_checklist_items where role_id = 1))
     order by checklist_item_id limit 1`,
    [roleId],
  )) as Array<{ id: number }>;
  return (rows[0] as { id: number }).id;
}

/**
 * A document (title tagged: deleted after the row) seen by `roleId` (none: only administrators
 * see it), optionally a company policy, optionally linked to a checklist item.
 */
async function makeDocument(ctx: MatrixContext, options: { roleId?: number; policy?: boolean; itemId?: number } = {}): Promise<number> {
  const rows = (await ctx.t.dataSource.query(
    `insert into documents (title, url, document_class_id, is_company_policy) values ($1, 'https://docs.example.com/matrix', 1, $2) returning id`,
    [`Matrix doc ${ctx.tag}`, options.policy ?? false],
  )) as Array<{ id: number }>;
  const id = (rows[0] as { id: number }).id;
  if (options.roleId !== undefined) await ctx.t.dataSource.query('insert into document_roles (role_id, document_id) values ($1, $2)', [options.roleId, id]);
  if (options.itemId !== undefined) await ctx.t.dataSource.query('insert into checklist_item_documents (checklist_item_id, document_id) values ($1, $2)', [options.itemId, id]);
  return id;
}

/** A checklist item for the admin rows (title tagged: deleted after the row), optionally linked to `roleId`. */
async function makeItem(ctx: MatrixContext, roleId?: number): Promise<number> {
  const rows = (await ctx.t.dataSource.query(`insert into checklist_items (title, type, role_id, item_order) values ($1, 'form', $2, 1) returning id`, [
    `Matrix admin item ${ctx.tag}`,
    roleId ?? null,
  ])) as Array<{ id: number }>;
  const id = (rows[0] as { id: number }).id;
  if (roleId !== undefined) await ctx.t.dataSource.query('insert into role_checklist_items (role_id, checklist_item_id) values ($1, $2)', [roleId, id]);
  return id;
}

/** Another user whose two-factor sign-in is on (for the administrator's reset). */
async function userWithTwoFactor(ctx: MatrixContext): Promise<number> {
  const user = await freshUser(ctx);
  const login = await request(ctx.t.app).post('/api/auth/login').set('x-forwarded-for', ctx.ip).send({ email: user.email, password: user.password }).expect(200);
  await enableTwoFactor(ctx.t, (login.body as { token: string }).token, ctx.ip, user.password);
  return user.id;
}

/** Another user, deactivated. */
async function inactiveUser(ctx: MatrixContext): Promise<number> {
  const user = await freshUser(ctx);
  await ctx.t.dataSource.query('update users set is_active = false where id = $1', [user.id]);
  return user.id;
}

/** A pending invitation (name tagged: deleted after the row, with the account it became) and its link's token. */
async function makeInvitation(ctx: MatrixContext): Promise<{ id: number; token: string }> {
  const { token, hash } = newLinkToken();
  const rows = (await ctx.t.dataSource.query(
    `insert into invitations (email, name, role_id, role_name, token_hash, expires_at) select $1, $2, r.id, r.name, $3, now() + interval '1 day' from roles r where r.id = 1 returning id`,
    [uniqueEmail('matrix-invite'), `Matrix hire ${ctx.tag}`, hash],
  )) as Array<{ id: number }>;
  return { id: (rows[0] as { id: number }).id, token };
}

/** An import file of one new hire (tagged like makeInvitation's). */
const invitationCsv = (ctx: MatrixContext) => `email,name,role,start_date,manager_email,buddy_email\n${uniqueEmail('matrix-import')},Matrix hire ${ctx.tag},Employee,,,\n`;

/** A reset link's token mailed to another user, asked for as that user would. */
async function resetLink(ctx: MatrixContext): Promise<string> {
  const user = await freshUser(ctx);
  await request(ctx.t.app).post('/api/auth/forgot-password').set('x-forwarded-for', ctx.ip).send({ email: user.email }).expect(202);
  const token = await resetTokenMailedTo(ctx.t.dataSource, user.email);
  if (!token) throw new Error('no reset mail was queued');
  return token;
}

/** The demo policy, so the shared database stays open for the other files' registrations. */
const OPEN_REGISTRATION = { mode: 'open', domains: [] };

/** A notification of `userId` (the actor's own when null; another user's otherwise); deleted with its user after the row. */
async function makeNotification(ctx: MatrixContext, whose: 'own' | 'other'): Promise<number> {
  const userId = whose === 'own' ? (ctx.actor ?? (await freshUser(ctx))).id : (await freshUser(ctx)).id;
  const rows = (await ctx.t.dataSource.query(`insert into notifications (user_id, type, title) values ($1, 'checklist_changed', 'Matrix') returning id`, [userId])) as Array<{ id: number }>;
  return (rows[0] as { id: number }).id;
}
// Another user's notification: nobody reaches it, not even an administrator (it is simply not found).
const OTHERS_NOBODY = { anonymous: 401, employee: 404, admin: 404 };
const GQL_OTHERS_NOBODY: Record<Who, GraphQLOutcome> = { anonymous: 'UNAUTHENTICATED', employee: 'NOT_FOUND', admin: 'NOT_FOUND' };
/** The default calendar and reminder settings: other files' due dates on the shared database must not move. */
const DEFAULT_CALENDAR = { time_zone: 'UTC', working_days: [1, 2, 3, 4, 5], holidays: [], holiday_country: null };
const DEFAULT_REMINDERS = { reminders_enabled: true, escalation_days: 3 };
const CALENDAR_FIELDS = 'time_zone working_days holidays { date name } holiday_country today';

const registration = () => ({ name: 'Matrix Person', email: uniqueEmail('matrix'), password: 'Welcome123', role_id: 1 });
const actorPassword = (ctx: MatrixContext) => ctx.actor?.password ?? 'Not-signed-in1';

// ---- the REST routes -----------------------------------------------------------------------

export const REST_MATRIX: RestRow[] = [
  { route: 'GET /healthz', expect: PUBLIC(200) },
  { route: 'GET /readyz', expect: PUBLIC(200) },
  // The published REST contract; /api/docs exists outside production only.
  { route: 'GET /api/openapi.json', expect: PUBLIC(200) },
  { route: 'GET /api/docs', expect: PUBLIC(200) },

  { route: 'POST /api/auth/register', expect: PUBLIC(201), request: () => ({ body: registration() }) },
  {
    route: 'POST /api/auth/login',
    expect: PUBLIC(200),
    request: async (ctx) => {
      const user = await freshUser(ctx);
      return { body: { email: user.email, password: user.password } };
    },
  },
  {
    route: 'POST /api/auth/2fa/verify-login',
    expect: PUBLIC(200),
    request: async (ctx) => {
      const { email, challengeId, code } = await pendingSecondStep(ctx);
      return { body: { email, challengeId, token: code, isBackupCode: false } };
    },
  },
  { route: 'GET /api/auth/me', expect: SIGNED_IN(200) },
  { route: 'POST /api/auth/logout', expect: SIGNED_IN(200) },
  { route: 'GET /api/auth/sessions', expect: SIGNED_IN(200) },
  { route: 'DELETE /api/auth/sessions/:id', variant: 'own', expect: SIGNED_IN(204), request: async (ctx) => ({ path: `/api/auth/sessions/${await ownSession(ctx)}` }) },
  // Not even an administrator ends another user's session: it is simply not found.
  { route: 'DELETE /api/auth/sessions/:id', variant: "another user's", expect: { anonymous: 401, employee: 404, admin: 404 }, request: async (ctx) => ({ path: `/api/auth/sessions/${await othersSession(ctx)}` }) },
  { route: 'DELETE /api/auth/sessions/:id', variant: 'malformed id', expect: { anonymous: 401, employee: 404, admin: 404 }, request: () => ({ path: `/api/auth/sessions/${encodeURIComponent("1' or '1'='1")}` }) },
  { route: 'POST /api/auth/sessions/revoke-others', expect: SIGNED_IN(200), request: async (ctx) => (await ownSession(ctx), {}) },
  { route: 'GET /api/auth/2fa/status', expect: SIGNED_IN(200) },
  { route: 'POST /api/auth/2fa/setup', expect: SIGNED_IN(200) },
  {
    route: 'POST /api/auth/2fa/verify',
    expect: SIGNED_IN(200),
    request: async (ctx) => {
      const secret = await setupTwoFactor(ctx);
      return { body: { token: secret ? await totp(secret) : '123456' } };
    },
  },
  {
    route: 'POST /api/auth/2fa/enable',
    expect: SIGNED_IN(200),
    request: async (ctx) => {
      const secret = await setupTwoFactor(ctx);
      return { body: { token: secret ? await totp(secret) : '123456', password: actorPassword(ctx) } };
    },
  },
  {
    route: 'POST /api/auth/2fa/disable',
    expect: SIGNED_IN(200),
    request: async (ctx) => {
      await enableForActor(ctx);
      return { body: { password: actorPassword(ctx) } };
    },
  },
  {
    route: 'POST /api/auth/2fa/backup-codes/regenerate',
    expect: SIGNED_IN(200),
    request: async (ctx) => {
      await enableForActor(ctx);
      return { body: { password: actorPassword(ctx) } };
    },
  },

  // The password lifecycle: a user changes their own only; a reset link is the key, whoever sends it.
  { route: 'POST /api/auth/change-password', expect: SIGNED_IN(200), request: (ctx) => ({ body: { currentPassword: actorPassword(ctx), newPassword: 'Matrix-new-pass1' } }) },
  { route: 'POST /api/auth/forgot-password', expect: PUBLIC(202), request: async (ctx) => ({ body: { email: (await freshUser(ctx)).email } }) },
  { route: 'POST /api/auth/reset-password', expect: PUBLIC(200), request: async (ctx) => ({ body: { token: await resetLink(ctx), password: 'Matrix-reset-pass1' } }) },
  { route: 'POST /api/admin/users/:id/password-reset', expect: ADMIN_ONLY(202), request: async (ctx) => ({ path: `/api/admin/users/${(await freshUser(ctx)).id}/password-reset` }) },

  // Who may register: anyone reads it (the register screen), administrators change it.
  { route: 'GET /api/settings/registration', expect: PUBLIC(200) },
  { route: 'PUT /api/admin/settings/registration', expect: ADMIN_ONLY(200), request: () => ({ body: OPEN_REGISTRATION }) },
  // The company calendar: every signed-in user reads it (due dates follow it), administrators change it.
  { route: 'GET /api/settings/calendar', expect: SIGNED_IN(200) },
  { route: 'PUT /api/admin/settings/calendar', expect: ADMIN_ONLY(200), request: () => ({ body: DEFAULT_CALENDAR }) },
  { route: 'GET /api/admin/settings/calendar/holidays', expect: ADMIN_ONLY(200), request: () => ({ path: '/api/admin/settings/calendar/holidays?country=DE&year=2027' }) },
  { route: 'GET /api/admin/settings/reminders', expect: ADMIN_ONLY(200) },
  { route: 'PUT /api/admin/settings/reminders', expect: ADMIN_ONLY(200), request: () => ({ body: DEFAULT_REMINDERS }) },

  // Notifications: everyone signed in reads and marks their own; the reminder job is for administrators.
  { route: 'GET /api/notifications', expect: SIGNED_IN(200) },
  { route: 'POST /api/notifications/read-all', expect: SIGNED_IN(200) },
  { route: 'POST /api/notifications/:id/read', variant: 'own', expect: SIGNED_IN(200), request: async (ctx) => ({ path: `/api/notifications/${await makeNotification(ctx, 'own')}/read` }) },
  { route: 'POST /api/notifications/:id/read', variant: "another user's", expect: OTHERS_NOBODY, request: async (ctx) => ({ path: `/api/notifications/${await makeNotification(ctx, 'other')}/read` }) },
  { route: 'GET /api/notifications/preferences', expect: SIGNED_IN(200) },
  { route: 'PUT /api/notifications/preferences', expect: SIGNED_IN(200), request: () => ({ body: { digest: true } }) },
  { route: 'POST /api/admin/jobs/reminders/run', expect: ADMIN_ONLY(200) },

  { route: 'GET /api/roles', expect: PUBLIC(200) },
  { route: 'POST /api/roles', expect: ADMIN_ONLY(201), request: (ctx) => ({ body: { name: `Matrix New ${ctx.tag}` } }) },
  {
    route: 'PUT /api/roles/:id',
    expect: ADMIN_ONLY(200),
    request: async (ctx) => ({ path: `/api/roles/${await makeRole(ctx)}`, body: { name: `Matrix Renamed ${ctx.tag}` } }),
  },
  { route: 'DELETE /api/roles/:id', expect: ADMIN_ONLY(200), request: async (ctx) => ({ path: `/api/roles/${await makeRole(ctx)}` }) },

  // Checklists and progress: users reach their own data, administrators everyone's.
  { route: 'GET /api/users/:userId', variant: 'own', expect: SIGNED_IN(200), request: (ctx) => ({ path: `/api/users/${selfId(ctx)}` }) },
  { route: 'GET /api/users/:userId', variant: "another user's", expect: OTHERS_ADMIN_ONLY(200), request: async (ctx) => ({ path: `/api/users/${(await freshUser(ctx)).id}` }) },
  { route: 'GET /api/team', variant: 'nobody reports to the caller', expect: SIGNED_IN(200) },
  {
    route: 'GET /api/team',
    variant: 'the caller manages someone',
    expect: SIGNED_IN(200),
    request: async (ctx) => {
      if (ctx.actor) await ctx.t.dataSource.query('update users set manager_id = $1 where id = $2', [ctx.actor.id, (await freshUser(ctx)).id]);
      return {};
    },
  },
  { route: 'GET /api/users/:userId/checklist', variant: 'own', expect: SIGNED_IN(200), request: (ctx) => ({ path: `/api/users/${selfId(ctx)}/checklist` }) },
  {
    route: 'GET /api/users/:userId/checklist',
    variant: "another user's",
    expect: OTHERS_ADMIN_ONLY(200),
    request: async (ctx) => ({ path: `/api/users/${(await freshUser(ctx)).id}/checklist` }),
  },
  { route: 'GET /api/user-checklist-items/user/:userId', variant: 'own', expect: SIGNED_IN(200), request: (ctx) => ({ path: `/api/user-checklist-items/user/${selfId(ctx)}` }) },
  {
    route: 'GET /api/user-checklist-items/user/:userId',
    variant: "another user's",
    expect: OTHERS_ADMIN_ONLY(200),
    request: async (ctx) => ({ path: `/api/user-checklist-items/user/${(await freshUser(ctx)).id}` }),
  },
  {
    route: 'POST /api/user-checklist-items/user/:userId/item/:itemId',
    variant: 'own',
    expect: SIGNED_IN(200),
    request: async (ctx) => ({ path: `/api/user-checklist-items/user/${selfId(ctx)}/item/${await ownRoleItem(ctx)}`, body: { status: 'completed', note: 'Matrix' } }),
  },
  {
    route: 'POST /api/user-checklist-items/user/:userId/item/:itemId',
    variant: "another user's",
    expect: OTHERS_ADMIN_ONLY(200),
    request: async (ctx) => ({ path: `/api/user-checklist-items/user/${(await freshUser(ctx)).id}/item/${await firstItemOf(ctx, 1)}`, body: { completed: true, notes: 'Matrix' } }),
  },
  { route: 'GET /api/checklist-items/:id', variant: "own role's", expect: SIGNED_IN(200), request: async (ctx) => ({ path: `/api/checklist-items/${await ownRoleItem(ctx)}` }) },
  { route: 'GET /api/checklist-items/:id', variant: "another role's", expect: OTHERS_ADMIN_ONLY(200), request: async (ctx) => ({ path: `/api/checklist-items/${await firstItemOf(ctx, 3)}` }) },
  {
    route: 'POST /api/user-checklist-items/user/:userId/item/:itemId',
    variant: "as the hire's manager",
    expect: SIGNED_IN(200),
    request: async (ctx) => {
      const { hireId, itemId } = await managedHireTask(ctx);
      return { path: `/api/user-checklist-items/user/${hireId}/item/${itemId}`, body: { status: 'completed' } };
    },
  },
  {
    route: 'POST /api/user-checklist-items/user/:userId/item/:itemId',
    variant: "own, a task the caller's manager does",
    expect: HIRE_REFUSED,
    request: async (ctx) => ({ path: `/api/user-checklist-items/user/${selfId(ctx)}/item/${await actorsManagerTask(ctx)}`, body: { status: 'completed' } }),
  },
  { route: 'GET /api/my-tasks', variant: 'owns nothing', expect: SIGNED_IN(200) },
  {
    route: 'GET /api/my-tasks',
    variant: "a hire's manager",
    expect: SIGNED_IN(200),
    request: async (ctx) => {
      await managedHireTask(ctx);
      return { path: '/api/my-tasks?limit=5' };
    },
  },
  { route: 'POST /api/tasks/:id/complete', expect: SIGNED_IN(200), request: async (ctx) => ({ path: `/api/tasks/${await ownRoleItem(ctx)}/complete`, body: { notes: 'Matrix' } }) },
  { route: 'POST /api/tasks/:id/complete', variant: "a task the caller's manager does", expect: HIRE_REFUSED, request: async (ctx) => ({ path: `/api/tasks/${await actorsManagerTask(ctx)}/complete`, body: {} }) },
  { route: 'POST /api/api/tasks/:id/complete', expect: SIGNED_IN(200), request: async (ctx) => ({ path: `/api/api/tasks/${await ownRoleItem(ctx)}/complete`, body: {} }) },

  // The journal: everyone signed in keeps their own (privacy between users: journal.routes.test.ts).
  { route: 'GET /api/journal-entries', expect: SIGNED_IN(200) },
  { route: 'GET /api/journal-entries/search', expect: SIGNED_IN(200), request: () => ({ path: '/api/journal-entries/search?q=matrix' }) },
  { route: 'GET /api/journal-entries/stats', expect: SIGNED_IN(200) },
  { route: 'GET /api/journal-entries/:id', expect: SIGNED_IN(200), request: async (ctx) => ({ path: `/api/journal-entries/${await makeEntry(ctx)}` }) },
  { route: 'POST /api/journal-entries', expect: SIGNED_IN(201), request: () => ({ body: { content: 'Matrix reflection', tags: ['matrix'] } }) },
  {
    route: 'PUT /api/journal-entries/:id',
    expect: SIGNED_IN(200),
    request: async (ctx) => ({ path: `/api/journal-entries/${await makeEntry(ctx)}`, body: { content: 'Matrix edit' } }),
  },
  { route: 'DELETE /api/journal-entries/:id', expect: SIGNED_IN(200), request: async (ctx) => ({ path: `/api/journal-entries/${await makeEntry(ctx)}` }) },
  { route: 'GET /api/tags', expect: SIGNED_IN(200) },
  { route: 'GET /api/tags/popular', expect: SIGNED_IN(200), request: () => ({ path: '/api/tags/popular?limit=10' }) },

  // Documents: users read and mark what their role sees (another role's document answers 404,
  // like an unknown one); administrators see everything and are the only writers.
  { route: 'GET /api/documents', expect: SIGNED_IN(200), request: () => ({ path: '/api/documents?search=matrix&sort=date&limit=5' }) },
  { route: 'GET /api/document-classes', expect: SIGNED_IN(200) },
  { route: 'GET /api/documents/special', expect: SIGNED_IN(200) },
  { route: 'GET /api/documents/policies/acknowledgements', expect: ADMIN_ONLY(200), request: () => ({ path: '/api/documents/policies/acknowledgements?limit=5' }) },
  {
    route: 'GET /api/documents/checklist-item/:taskId',
    variant: "own role's",
    expect: SIGNED_IN(200),
    request: async (ctx) => ({ path: `/api/documents/checklist-item/${await ownRoleItem(ctx)}` }),
  },
  {
    route: 'GET /api/documents/checklist-item/:taskId',
    variant: "another role's",
    expect: OTHERS_ADMIN_ONLY(200),
    request: async (ctx) => ({ path: `/api/documents/checklist-item/${await firstItemOf(ctx, 3)}` }),
  },
  { route: 'POST /api/documents/:id/viewed', variant: "own role's", expect: SIGNED_IN(200), request: async (ctx) => ({ path: `/api/documents/${await makeDocument(ctx, { roleId: 1 })}/viewed` }) },
  {
    route: 'POST /api/documents/:id/viewed',
    variant: "another role's",
    expect: OTHERS_ADMIN_ONLY(200),
    request: async (ctx) => ({ path: `/api/documents/${await makeDocument(ctx, { roleId: 3 })}/viewed` }),
  },
  {
    route: 'POST /api/documents/:id/acknowledge',
    variant: "own role's",
    expect: SIGNED_IN(200),
    request: async (ctx) => ({ path: `/api/documents/${await makeDocument(ctx, { roleId: 1, policy: true })}/acknowledge` }),
  },
  {
    route: 'POST /api/documents/:id/acknowledge',
    variant: "another role's",
    expect: OTHERS_ADMIN_ONLY(200),
    request: async (ctx) => ({ path: `/api/documents/${await makeDocument(ctx, { roleId: 3, policy: true })}/acknowledge` }),
  },
  { route: 'POST /api/documents', expect: ADMIN_ONLY(201), request: (ctx) => ({ body: { title: `Matrix New ${ctx.tag}`, url: 'https://docs.example.com/new', document_class_id: 2 } }) },
  { route: 'PUT /api/documents/:id', expect: ADMIN_ONLY(200), request: async (ctx) => ({ path: `/api/documents/${await makeDocument(ctx)}`, body: { title: `Matrix Edited ${ctx.tag}` } }) },
  { route: 'DELETE /api/documents/:id', expect: ADMIN_ONLY(200), request: async (ctx) => ({ path: `/api/documents/${await makeDocument(ctx)}` }) },
  { route: 'GET /api/documents/:id/links', expect: ADMIN_ONLY(200), request: async (ctx) => ({ path: `/api/documents/${await makeDocument(ctx)}/links` }) },
  { route: 'PUT /api/documents/:id/roles', expect: ADMIN_ONLY(200), request: async (ctx) => ({ path: `/api/documents/${await makeDocument(ctx)}/roles`, body: { role_ids: [1, 2] } }) },
  {
    route: 'POST /api/documents/:id/checklist-items/:itemId',
    expect: ADMIN_ONLY(201),
    request: async (ctx) => ({ path: `/api/documents/${await makeDocument(ctx)}/checklist-items/${await firstItemOf(ctx, 1)}` }),
  },
  {
    route: 'DELETE /api/documents/:id/checklist-items/:itemId',
    expect: ADMIN_ONLY(200),
    request: async (ctx) => {
      const itemId = await firstItemOf(ctx, 1);
      return { path: `/api/documents/${await makeDocument(ctx, { itemId })}/checklist-items/${itemId}` };
    },
  },

  // The administration console: administrators only, whatever the data.
  { route: 'GET /api/admin/stats', expect: ADMIN_ONLY(200) },
  { route: 'GET /api/admin/stats/insights', expect: ADMIN_ONLY(200) },
  { route: 'GET /api/admin/audit', expect: ADMIN_ONLY(200), request: () => ({ path: '/api/admin/audit?category=all&limit=5' }) },
  { route: 'GET /api/admin/users', expect: ADMIN_ONLY(200), request: () => ({ path: '/api/admin/users?search=matrix&sort=progress&order=desc&limit=5' }) },
  // CSV reports: the same filters as their screens; 400s are JSON, answered before the file starts.
  { route: 'GET /api/admin/reports/users.csv', expect: ADMIN_ONLY(200), request: () => ({ path: '/api/admin/reports/users.csv?search=matrix&sort=progress&order=desc' }) },
  { route: 'GET /api/admin/reports/policies.csv', expect: ADMIN_ONLY(200), request: () => ({ path: '/api/admin/reports/policies.csv?status=pending' }) },
  { route: 'GET /api/admin/reports/overdue.csv', expect: ADMIN_ONLY(200), request: () => ({ path: '/api/admin/reports/overdue.csv?owner_type=new_hire' }) },
  { route: 'GET /api/admin/reports/audit.csv', expect: ADMIN_ONLY(200), request: () => ({ path: '/api/admin/reports/audit.csv?category=all&from=2025-01-01&to=2099-12-31' }) },
  { route: 'GET /api/admin/users/:id', expect: ADMIN_ONLY(200), request: async (ctx) => ({ path: `/api/admin/users/${(await freshUser(ctx)).id}` }) },
  { route: 'PUT /api/admin/users/:id', expect: ADMIN_ONLY(200), request: async (ctx) => ({ path: `/api/admin/users/${(await freshUser(ctx)).id}`, body: { name: 'Matrix Renamed', start_date: '2025-01-06' } }) },
  { route: 'POST /api/admin/users/:id/deactivate', expect: ADMIN_ONLY(200), request: async (ctx) => ({ path: `/api/admin/users/${(await freshUser(ctx)).id}/deactivate` }) },
  { route: 'POST /api/admin/users/:id/reactivate', expect: ADMIN_ONLY(200), request: async (ctx) => ({ path: `/api/admin/users/${await inactiveUser(ctx)}/reactivate` }) },
  { route: 'POST /api/admin/users/:id/reset-2fa', expect: ADMIN_ONLY(200), request: async (ctx) => ({ path: `/api/admin/users/${await userWithTwoFactor(ctx)}/reset-2fa` }) },
  { route: 'GET /api/admin/users/:id/checklist', expect: ADMIN_ONLY(200), request: async (ctx) => ({ path: `/api/admin/users/${(await freshUser(ctx)).id}/checklist` }) },
  { route: 'PUT /api/admin/user-roles', expect: ADMIN_ONLY(200), request: async (ctx) => ({ body: { user_ids: [(await freshUser(ctx)).id], role_id: 2 } }) },
  {
    route: 'PUT /api/admin/user-roles',
    variant: 'reonboard',
    expect: ADMIN_ONLY(200),
    request: async (ctx) => ({ body: { user_ids: [(await freshUser(ctx)).id, (await freshUser(ctx)).id], role_id: 3, reonboard: true } }),
  },
  {
    route: 'PUT /api/admin/users/:id',
    variant: 'manager, buddy and reonboard',
    expect: ADMIN_ONLY(200),
    request: async (ctx) => ({
      path: `/api/admin/users/${(await freshUser(ctx)).id}`,
      body: { manager_id: (await freshUser(ctx)).id, buddy_id: (await freshUser(ctx)).id, role_id: 3, reonboard: true },
    }),
  },
  {
    route: 'PUT /api/admin/users/:id',
    variant: 'a loop in the manager chain',
    expect: { anonymous: 401, employee: 403, admin: 400 },
    request: async (ctx) => {
      const [top, report] = [await freshUser(ctx), await freshUser(ctx)];
      await ctx.t.dataSource.query('update users set manager_id = $1 where id = $2', [top.id, report.id]);
      return { path: `/api/admin/users/${top.id}`, body: { manager_id: report.id } };
    },
  },
  { route: 'GET /api/admin/checklist-items', expect: ADMIN_ONLY(200), request: () => ({ path: '/api/admin/checklist-items?role_id=1&type=form' }) },
  { route: 'POST /api/admin/checklist-items', expect: ADMIN_ONLY(201), request: (ctx) => ({ body: { title: `Matrix admin item ${ctx.tag}`, type: 'training', due_days: 3 } }) },
  { route: 'POST /api/admin/checklist-items/reorder', expect: ADMIN_ONLY(200), request: async (ctx) => ({ body: { ids: [await makeItem(ctx), await makeItem(ctx)] } }) },
  { route: 'GET /api/admin/checklist-items/:id', expect: ADMIN_ONLY(200), request: async (ctx) => ({ path: `/api/admin/checklist-items/${await makeItem(ctx)}` }) },
  { route: 'PUT /api/admin/checklist-items/:id', expect: ADMIN_ONLY(200), request: async (ctx) => ({ path: `/api/admin/checklist-items/${await makeItem(ctx)}`, body: { priority: 'high' } }) },
  { route: 'DELETE /api/admin/checklist-items/:id', expect: ADMIN_ONLY(200), request: async (ctx) => ({ path: `/api/admin/checklist-items/${await makeItem(ctx)}` }) },
  { route: 'GET /api/admin/roles/:id/checklist-items', expect: ADMIN_ONLY(200), request: () => ({ path: '/api/admin/roles/1/checklist-items' }) },
  {
    route: 'POST /api/admin/roles/:id/checklist-items',
    expect: ADMIN_ONLY(200),
    request: async (ctx) => ({ path: `/api/admin/roles/${await makeRole(ctx)}/checklist-items`, body: { item_ids: [await makeItem(ctx)] } }),
  },
  {
    route: 'DELETE /api/admin/roles/:id/checklist-items',
    expect: ADMIN_ONLY(200),
    request: async (ctx) => {
      const roleId = await makeRole(ctx);
      return { path: `/api/admin/roles/${roleId}/checklist-items`, body: { item_ids: [await makeItem(ctx, roleId)] } };
    },
  },
  { route: 'POST /api/admin/invitations', expect: ADMIN_ONLY(201), request: (ctx) => ({ body: { email: uniqueEmail('matrix-invite'), name: `Matrix hire ${ctx.tag}`, role_id: 1 } }) },
  { route: 'GET /api/admin/invitations', expect: ADMIN_ONLY(200), request: () => ({ path: '/api/admin/invitations?status=pending&limit=5' }) },
  { route: 'POST /api/admin/invitations/:id/resend', expect: ADMIN_ONLY(200), request: async (ctx) => ({ path: `/api/admin/invitations/${(await makeInvitation(ctx)).id}/resend` }) },
  { route: 'DELETE /api/admin/invitations/:id', expect: ADMIN_ONLY(200), request: async (ctx) => ({ path: `/api/admin/invitations/${(await makeInvitation(ctx)).id}` }) },
  { route: 'POST /api/admin/invitations/import', expect: ADMIN_ONLY(201), request: (ctx) => ({ body: invitationCsv(ctx), contentType: 'text/csv' }) },
  { route: 'POST /api/admin/invitations/import', variant: 'dry run', expect: ADMIN_ONLY(200), request: (ctx) => ({ path: '/api/admin/invitations/import?dry_run=true', body: invitationCsv(ctx), contentType: 'text/csv' }) },
  { route: 'GET /api/invitations/:token', expect: PUBLIC(200), request: async (ctx) => ({ path: `/api/invitations/${(await makeInvitation(ctx)).token}` }) },
  { route: 'POST /api/invitations/:token/accept', expect: PUBLIC(201), request: async (ctx) => ({ path: `/api/invitations/${(await makeInvitation(ctx)).token}/accept`, body: { password: 'Matrix-Accept-9' } }) },
];

// ---- the GraphQL operations ----------------------------------------------------------------

const USER_FIELDS = 'id name email role_id completion_percentage last_login_at created_at start_date';

export const GRAPHQL_MATRIX: GraphQLRow[] = [
  { field: 'Query.roles', expect: GQL_PUBLIC, request: () => ({ query: '{ roles { id name description } }' }) },
  { field: 'Query.me', expect: GQL_SIGNED_IN, request: () => ({ query: `{ me { ${USER_FIELDS} } }` }) },
  { field: 'Query.twoFactorStatus', expect: GQL_SIGNED_IN, request: () => ({ query: '{ twoFactorStatus { enabled backupCodesRemaining } }' }) },

  {
    field: 'Mutation.register',
    expect: GQL_PUBLIC,
    request: () => ({ query: `mutation ($input: RegisterInput!) { register(input: $input) { token user { ${USER_FIELDS} } } }`, variables: { input: registration() } }),
  },
  {
    field: 'Mutation.login',
    expect: GQL_PUBLIC,
    request: async (ctx) => {
      const user = await freshUser(ctx);
      return { query: 'mutation ($input: LoginInput!) { login(input: $input) { requiresTwoFactor token user { id } } }', variables: { input: { email: user.email, password: user.password } } };
    },
  },
  {
    field: 'Mutation.verifyLogin',
    expect: GQL_PUBLIC,
    request: async (ctx) => {
      const { email, challengeId, code } = await pendingSecondStep(ctx);
      return { query: 'mutation ($input: VerifyLoginInput!) { verifyLogin(input: $input) { token user { id } } }', variables: { input: { email, challengeId, token: code } } };
    },
  },
  { field: 'Mutation.logout', expect: GQL_SIGNED_IN, request: () => ({ query: 'mutation { logout }' }) },
  { field: 'Query.mySessions', expect: GQL_SIGNED_IN, request: () => ({ query: '{ mySessions { id createdAt lastSeenAt userAgent ip current } }' }) },
  {
    field: 'Mutation.revokeSession',
    variant: 'own',
    expect: GQL_SIGNED_IN,
    request: async (ctx) => ({ query: 'mutation ($id: String!) { revokeSession(id: $id) }', variables: { id: await ownSession(ctx) } }),
  },
  {
    field: 'Mutation.revokeSession',
    variant: "another user's",
    expect: { anonymous: 'UNAUTHENTICATED', employee: 'NOT_FOUND', admin: 'NOT_FOUND' },
    request: async (ctx) => ({ query: 'mutation ($id: String!) { revokeSession(id: $id) }', variables: { id: await othersSession(ctx) } }),
  },
  { field: 'Mutation.revokeOtherSessions', expect: GQL_SIGNED_IN, request: async (ctx) => (await ownSession(ctx), { query: 'mutation { revokeOtherSessions }' }) },
  { field: 'Mutation.twoFactorSetup', expect: GQL_SIGNED_IN, request: () => ({ query: 'mutation { twoFactorSetup { secret otpauthUrl qrCodeDataUrl } }' }) },
  {
    field: 'Mutation.twoFactorVerify',
    expect: GQL_SIGNED_IN,
    request: async (ctx) => {
      const secret = await setupTwoFactor(ctx);
      return { query: 'mutation ($c: String!) { twoFactorVerify(token: $c) { valid } }', variables: { c: secret ? await totp(secret) : '123456' } };
    },
  },
  {
    field: 'Mutation.twoFactorEnable',
    expect: GQL_SIGNED_IN,
    request: async (ctx) => {
      const secret = await setupTwoFactor(ctx);
      return { query: 'mutation ($c: String!, $p: String) { twoFactorEnable(token: $c, password: $p) { enabled backupCodes token } }', variables: { c: secret ? await totp(secret) : '123456', p: actorPassword(ctx) } };
    },
  },
  {
    field: 'Mutation.twoFactorDisable',
    expect: GQL_SIGNED_IN,
    request: async (ctx) => {
      await enableForActor(ctx);
      return { query: 'mutation ($p: String!) { twoFactorDisable(input: {password: $p}) { enabled token } }', variables: { p: actorPassword(ctx) } };
    },
  },
  {
    field: 'Mutation.regenerateBackupCodes',
    expect: GQL_SIGNED_IN,
    request: async (ctx) => {
      await enableForActor(ctx);
      return { query: 'mutation ($p: String!) { regenerateBackupCodes(input: {password: $p}) { backupCodes token } }', variables: { p: actorPassword(ctx) } };
    },
  },

  {
    field: 'Mutation.changePassword',
    expect: GQL_SIGNED_IN,
    request: (ctx) => ({
      query: 'mutation ($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) { token } }',
      variables: { c: actorPassword(ctx), n: 'Matrix-new-pass1' },
    }),
  },
  { field: 'Mutation.forgotPassword', expect: GQL_PUBLIC, request: async (ctx) => ({ query: 'mutation ($e: String!) { forgotPassword(email: $e) }', variables: { e: (await freshUser(ctx)).email } }) },
  {
    field: 'Mutation.resetPassword',
    expect: GQL_PUBLIC,
    request: async (ctx) => ({ query: 'mutation ($t: String!, $p: String!) { resetPassword(token: $t, password: $p) }', variables: { t: await resetLink(ctx), p: 'Matrix-reset-pass1' } }),
  },
  { field: 'Mutation.sendPasswordReset', expect: GQL_ADMIN_ONLY, request: async (ctx) => ({ query: 'mutation ($id: Int!) { sendPasswordReset(userId: $id) }', variables: { id: (await freshUser(ctx)).id } }) },

  { field: 'Query.registrationSettings', expect: GQL_PUBLIC, request: () => ({ query: '{ registrationSettings { mode domains } }' }) },
  {
    field: 'Mutation.updateRegistrationSettings',
    expect: GQL_ADMIN_ONLY,
    request: () => ({ query: 'mutation ($input: RegistrationSettingsInput!) { updateRegistrationSettings(input: $input) { mode domains } }', variables: { input: OPEN_REGISTRATION } }),
  },
  { field: 'Query.companyCalendar', expect: GQL_SIGNED_IN, request: () => ({ query: `{ companyCalendar { ${CALENDAR_FIELDS} } }` }) },
  {
    field: 'Mutation.updateCompanyCalendar',
    expect: GQL_ADMIN_ONLY,
    request: () => ({ query: `mutation ($input: CompanyCalendarInput!) { updateCompanyCalendar(input: $input) { ${CALENDAR_FIELDS} } }`, variables: { input: DEFAULT_CALENDAR } }),
  },
  { field: 'Query.holidayPreset', expect: GQL_ADMIN_ONLY, request: () => ({ query: '{ holidayPreset(country: "DE", year: 2027) { date name } }' }) },
  { field: 'Query.reminderSettings', expect: GQL_ADMIN_ONLY, request: () => ({ query: '{ reminderSettings { reminders_enabled escalation_days } }' }) },
  { field: 'Query.myNotifications', expect: GQL_SIGNED_IN, request: () => ({ query: '{ myNotifications { unread data { id type title body link created_at read_at } } }' }) },
  {
    field: 'Mutation.markNotificationRead',
    variant: 'own',
    expect: GQL_SIGNED_IN,
    request: async (ctx) => ({ query: 'mutation ($id: Int!) { markNotificationRead(id: $id) { id read_at } }', variables: { id: await makeNotification(ctx, 'own') } }),
  },
  {
    field: 'Mutation.markNotificationRead',
    variant: "another user's",
    expect: GQL_OTHERS_NOBODY,
    request: async (ctx) => ({ query: 'mutation ($id: Int!) { markNotificationRead(id: $id) { id read_at } }', variables: { id: await makeNotification(ctx, 'other') } }),
  },
  { field: 'Mutation.markAllNotificationsRead', expect: GQL_SIGNED_IN, request: () => ({ query: 'mutation { markAllNotificationsRead }' }) },
  { field: 'Query.notificationPreferences', expect: GQL_SIGNED_IN, request: () => ({ query: '{ notificationPreferences { digest } }' }) },
  { field: 'Mutation.updateNotificationPreferences', expect: GQL_SIGNED_IN, request: () => ({ query: 'mutation { updateNotificationPreferences(digest: true) { digest } }' }) },
  { field: 'Mutation.runReminders', expect: GQL_ADMIN_ONLY, request: () => ({ query: 'mutation { runReminders { digests escalations } }' }) },
  {
    field: 'Mutation.updateReminderSettings',
    expect: GQL_ADMIN_ONLY,
    request: () => ({
      query: 'mutation ($input: ReminderSettingsInput!) { updateReminderSettings(input: $input) { reminders_enabled escalation_days } }',
      variables: { input: DEFAULT_REMINDERS },
    }),
  },

  {
    field: 'Mutation.createRole',
    expect: GQL_ADMIN_ONLY,
    request: (ctx) => ({ query: 'mutation ($n: String!) { createRole(input: {name: $n}) { id name } }', variables: { n: `Matrix Gql ${ctx.tag}` } }),
  },
  {
    field: 'Mutation.updateRole',
    expect: GQL_ADMIN_ONLY,
    request: async (ctx) => ({
      query: 'mutation ($id: Int!, $n: String!) { updateRole(id: $id, input: {name: $n}) { id name } }',
      variables: { id: await makeRole(ctx), n: `Matrix Gql Renamed ${ctx.tag}` },
    }),
  },
  { field: 'Mutation.deleteRole', expect: GQL_ADMIN_ONLY, request: async (ctx) => ({ query: 'mutation ($id: Int!) { deleteRole(id: $id) }', variables: { id: await makeRole(ctx) } }) },

  { field: 'Query.user', variant: 'own', expect: GQL_SIGNED_IN, request: (ctx) => ({ query: `query ($id: Int!) { user(id: $id) { ${USER_FIELDS} } }`, variables: { id: selfId(ctx) } }) },
  {
    field: 'Query.user',
    variant: "another user's",
    expect: GQL_OTHERS_ADMIN_ONLY,
    request: async (ctx) => ({ query: `query ($id: Int!) { user(id: $id) { ${USER_FIELDS} } }`, variables: { id: (await freshUser(ctx)).id } }),
  },
  { field: 'Query.myChecklist', expect: GQL_SIGNED_IN, request: () => ({ query: '{ myChecklist { id status dueDate isOverdue documents { id } } }' }) },
  {
    field: 'Query.userChecklist',
    variant: 'own',
    expect: GQL_SIGNED_IN,
    request: (ctx) => ({ query: 'query ($u: Int!) { userChecklist(userId: $u) { id status } }', variables: { u: selfId(ctx) } }),
  },
  {
    field: 'Query.userChecklist',
    variant: "another user's",
    expect: GQL_OTHERS_ADMIN_ONLY,
    request: async (ctx) => ({ query: 'query ($u: Int!) { userChecklist(userId: $u) { id status } }', variables: { u: (await freshUser(ctx)).id } }),
  },
  {
    field: 'Query.checklistItem',
    variant: "own role's",
    expect: GQL_SIGNED_IN,
    request: async (ctx) => ({ query: 'query ($id: Int!) { checklistItem(id: $id) { id title documents { id } } }', variables: { id: await ownRoleItem(ctx) } }),
  },
  {
    field: 'Query.checklistItem',
    variant: "another role's",
    expect: GQL_OTHERS_ADMIN_ONLY,
    request: async (ctx) => ({ query: 'query ($id: Int!) { checklistItem(id: $id) { id title } }', variables: { id: await firstItemOf(ctx, 3) } }),
  },
  {
    field: 'Query.dashboard',
    expect: GQL_SIGNED_IN,
    request: () => ({ query: '{ dashboard { progress { totalTasks } completionStats { isComplete } nextStep { title route } upcomingTasks { id urgencyLevel } recentActivity { id } } }' }),
  },
  {
    field: 'Mutation.setTaskProgress',
    variant: 'own',
    expect: GQL_SIGNED_IN,
    request: async (ctx) => ({
      query: 'mutation ($i: Int!) { setTaskProgress(itemId: $i, input: {status: "complete"}) { id status completed_at } }',
      variables: { i: await ownRoleItem(ctx) },
    }),
  },
  {
    field: 'Mutation.setTaskProgress',
    variant: "another user's",
    expect: GQL_OTHERS_ADMIN_ONLY,
    request: async (ctx) => ({
      query: 'mutation ($u: Int!, $i: Int!) { setTaskProgress(itemId: $i, userId: $u, input: {completed: true, notes: "Matrix"}) { id status } }',
      variables: { u: (await freshUser(ctx)).id, i: await firstItemOf(ctx, 1) },
    }),
  },
  {
    field: 'Mutation.setTaskProgress',
    variant: "as the hire's manager",
    expect: GQL_SIGNED_IN,
    request: async (ctx) => {
      const { hireId, itemId } = await managedHireTask(ctx);
      return { query: 'mutation ($u: Int!, $i: Int!) { setTaskProgress(itemId: $i, userId: $u, input: {completed: true}) { id status canComplete } }', variables: { u: hireId, i: itemId } };
    },
  },
  {
    field: 'Mutation.setTaskProgress',
    variant: "own, a task the caller's manager does",
    expect: GQL_HIRE_REFUSED,
    request: async (ctx) => ({ query: 'mutation ($i: Int!) { setTaskProgress(itemId: $i, input: {status: "complete"}) { id } }', variables: { i: await actorsManagerTask(ctx) } }),
  },
  {
    field: 'Mutation.completeTask',
    variant: "a task the caller's manager does",
    expect: GQL_HIRE_REFUSED,
    request: async (ctx) => ({ query: 'mutation ($i: Int!) { completeTask(id: $i) { id } }', variables: { i: await actorsManagerTask(ctx) } }),
  },
  { field: 'Query.myTasks', variant: 'owns nothing', expect: GQL_SIGNED_IN, request: () => ({ query: '{ myTasks { total data { hire { id } item { id } dueDate } } }' }) },
  {
    field: 'Query.myTasks',
    variant: "a hire's manager",
    expect: GQL_SIGNED_IN,
    request: async (ctx) => {
      await managedHireTask(ctx);
      return { query: '{ myTasks(limit: 5) { total data { hire { id name start_date } item { id owner_type } dueDate isOverdue status } } }' };
    },
  },
  {
    field: 'Mutation.completeTask',
    expect: GQL_SIGNED_IN,
    request: async (ctx) => ({ query: 'mutation ($i: Int!) { completeTask(id: $i, notes: "Matrix") { id status } }', variables: { i: await ownRoleItem(ctx) } }),
  },

  { field: 'Query.journalEntries', expect: GQL_SIGNED_IN, request: () => ({ query: '{ journalEntries { total data { id } } }' }) },
  { field: 'Query.searchJournalEntries', expect: GQL_SIGNED_IN, request: () => ({ query: '{ searchJournalEntries(q: "matrix") { total data { id } } }' }) },
  {
    field: 'Query.journalEntry',
    expect: GQL_SIGNED_IN,
    request: async (ctx) => ({ query: 'query ($id: Int!) { journalEntry(id: $id) { id title } }', variables: { id: await makeEntry(ctx) } }),
  },
  { field: 'Query.journalStats', expect: GQL_SIGNED_IN, request: () => ({ query: '{ journalStats { total_entries recent_entries total_tags } }' }) },
  { field: 'Query.tags', expect: GQL_SIGNED_IN, request: () => ({ query: '{ tags { id name count } }' }) },
  { field: 'Query.popularTags', expect: GQL_SIGNED_IN, request: () => ({ query: '{ popularTags(limit: 10) { id name count } }' }) },
  {
    field: 'Mutation.createJournalEntry',
    expect: GQL_SIGNED_IN,
    request: () => ({ query: 'mutation ($input: JournalEntryInput!) { createJournalEntry(input: $input) { id } }', variables: { input: { content: 'Matrix reflection' } } }),
  },
  {
    field: 'Mutation.updateJournalEntry',
    expect: GQL_SIGNED_IN,
    request: async (ctx) => ({
      query: 'mutation ($id: Int!, $input: JournalEntryInput!) { updateJournalEntry(id: $id, input: $input) { id } }',
      variables: { id: await makeEntry(ctx), input: { content: 'Matrix edit' } },
    }),
  },
  { field: 'Mutation.deleteJournalEntry', expect: GQL_SIGNED_IN, request: async (ctx) => ({ query: 'mutation ($id: Int!) { deleteJournalEntry(id: $id) }', variables: { id: await makeEntry(ctx) } }) },

  { field: 'Query.documents', expect: GQL_SIGNED_IN, request: () => ({ query: '{ documents(search: "matrix", sort: type, limit: 5) { total data { id viewed } } }' }) },
  { field: 'Query.documentClasses', expect: GQL_SIGNED_IN, request: () => ({ query: '{ documentClasses { id name } }' }) },
  { field: 'Query.companyPolicies', expect: GQL_SIGNED_IN, request: () => ({ query: '{ companyPolicies { id version acknowledged acknowledgement { version acknowledged_at } } }' }) },
  {
    field: 'Query.checklistItemDocuments',
    variant: "own role's",
    expect: GQL_SIGNED_IN,
    request: async (ctx) => ({ query: 'query ($id: Int!) { checklistItemDocuments(taskId: $id) { id } }', variables: { id: await ownRoleItem(ctx) } }),
  },
  {
    field: 'Query.checklistItemDocuments',
    variant: "another role's",
    expect: GQL_OTHERS_ADMIN_ONLY,
    request: async (ctx) => ({ query: 'query ($id: Int!) { checklistItemDocuments(taskId: $id) { id } }', variables: { id: await firstItemOf(ctx, 3) } }),
  },
  {
    field: 'Query.documentLinks',
    expect: GQL_ADMIN_ONLY,
    request: async (ctx) => ({ query: 'query ($id: Int!) { documentLinks(id: $id) { role_ids checklist_item_ids } }', variables: { id: await makeDocument(ctx) } }),
  },
  { field: 'Query.policyAcknowledgementReport', expect: GQL_ADMIN_ONLY, request: () => ({ query: '{ policyAcknowledgementReport(limit: 5) { document_id pending_count pending_users { id } } }' }) },
  {
    field: 'Mutation.markDocumentViewed',
    variant: "own role's",
    expect: GQL_SIGNED_IN,
    request: async (ctx) => ({ query: 'mutation ($id: Int!) { markDocumentViewed(id: $id) { viewed_at } }', variables: { id: await makeDocument(ctx, { roleId: 1 }) } }),
  },
  {
    field: 'Mutation.markDocumentViewed',
    variant: "another role's",
    expect: GQL_OTHERS_ADMIN_ONLY,
    request: async (ctx) => ({ query: 'mutation ($id: Int!) { markDocumentViewed(id: $id) { viewed_at } }', variables: { id: await makeDocument(ctx, { roleId: 3 }) } }),
  },
  {
    field: 'Mutation.acknowledgePolicy',
    variant: "own role's",
    expect: GQL_SIGNED_IN,
    request: async (ctx) => ({ query: 'mutation ($id: Int!) { acknowledgePolicy(id: $id) { version acknowledged_at } }', variables: { id: await makeDocument(ctx, { roleId: 1, policy: true }) } }),
  },
  {
    field: 'Mutation.acknowledgePolicy',
    variant: "another role's",
    expect: GQL_OTHERS_ADMIN_ONLY,
    request: async (ctx) => ({ query: 'mutation ($id: Int!) { acknowledgePolicy(id: $id) { version acknowledged_at } }', variables: { id: await makeDocument(ctx, { roleId: 3, policy: true }) } }),
  },
  {
    field: 'Mutation.createDocument',
    expect: GQL_ADMIN_ONLY,
    request: (ctx) => ({ query: 'mutation ($input: DocumentInput!) { createDocument(input: $input) { id } }', variables: { input: { title: `Matrix Gql ${ctx.tag}`, document_class_id: 3 } } }),
  },
  {
    field: 'Mutation.updateDocument',
    expect: GQL_ADMIN_ONLY,
    request: async (ctx) => ({
      query: 'mutation ($id: Int!, $input: DocumentInput!) { updateDocument(id: $id, input: $input) { id } }',
      variables: { id: await makeDocument(ctx), input: { title: `Matrix Gql Edited ${ctx.tag}` } },
    }),
  },
  { field: 'Mutation.deleteDocument', expect: GQL_ADMIN_ONLY, request: async (ctx) => ({ query: 'mutation ($id: Int!) { deleteDocument(id: $id) }', variables: { id: await makeDocument(ctx) } }) },
  {
    field: 'Mutation.setDocumentRoles',
    expect: GQL_ADMIN_ONLY,
    request: async (ctx) => ({ query: 'mutation ($id: Int!) { setDocumentRoles(id: $id, roleIds: [1]) { role_ids } }', variables: { id: await makeDocument(ctx) } }),
  },
  {
    field: 'Mutation.linkDocumentToChecklistItem',
    expect: GQL_ADMIN_ONLY,
    request: async (ctx) => ({
      query: 'mutation ($id: Int!, $i: Int!) { linkDocumentToChecklistItem(id: $id, itemId: $i) { checklist_item_ids } }',
      variables: { id: await makeDocument(ctx), i: await firstItemOf(ctx, 1) },
    }),
  },
  {
    field: 'Mutation.unlinkDocumentFromChecklistItem',
    expect: GQL_ADMIN_ONLY,
    request: async (ctx) => {
      const itemId = await firstItemOf(ctx, 1);
      return { query: 'mutation ($id: Int!, $i: Int!) { unlinkDocumentFromChecklistItem(id: $id, itemId: $i) { checklist_item_ids } }', variables: { id: await makeDocument(ctx, { itemId }), i: itemId } };
    },
  },
  // The administration console: administrators only.
  {
    field: 'Query.adminStats',
    expect: GQL_ADMIN_ONLY,
    request: () => ({ query: '{ adminStats { as_of counts { users documents } completion_rate roles { role_id completion_rate overdue_tasks new_hires } } }' }),
  },
  {
    field: 'Query.adminInsights',
    expect: GQL_ADMIN_ONLY,
    request: () => ({ query: '{ adminInsights { as_of cohorts { month hires days { day share } } overdue_by_role { role_name total } slowest_items { title median_days } } }' }),
  },
  { field: 'Query.auditLog', expect: GQL_ADMIN_ONLY, request: () => ({ query: '{ auditLog(category: all, limit: 5) { total data { id action actor_name details created_at } } }' }) },
  {
    field: 'Query.adminUsers',
    expect: GQL_ADMIN_ONLY,
    request: () => ({ query: '{ adminUsers(filter: {search: "matrix", sort: last_login_at, order: desc, status: active}) { total data { id role_name is_active completion_percentage } } }' }),
  },
  {
    field: 'Query.adminUser',
    expect: GQL_ADMIN_ONLY,
    request: async (ctx) => ({ query: 'query ($id: Int!) { adminUser(id: $id) { id email two_factor_enabled } }', variables: { id: (await freshUser(ctx)).id } }),
  },
  {
    field: 'Query.adminUserProgress',
    expect: GQL_ADMIN_ONLY,
    request: async (ctx) => ({ query: 'query ($id: Int!) { adminUserProgress(userId: $id) { user { id } items { id status } stats { total } } }', variables: { id: (await freshUser(ctx)).id } }),
  },
  {
    field: 'Mutation.updateUser',
    expect: GQL_ADMIN_ONLY,
    request: async (ctx) => ({ query: 'mutation ($id: Int!) { updateUser(id: $id, input: {name: "Matrix Gql"}) { id name } }', variables: { id: (await freshUser(ctx)).id } }),
  },
  {
    field: 'Mutation.deactivateUser',
    expect: GQL_ADMIN_ONLY,
    request: async (ctx) => ({ query: 'mutation ($id: Int!) { deactivateUser(id: $id) { id is_active } }', variables: { id: (await freshUser(ctx)).id } }),
  },
  {
    field: 'Mutation.reactivateUser',
    expect: GQL_ADMIN_ONLY,
    request: async (ctx) => ({ query: 'mutation ($id: Int!) { reactivateUser(id: $id) { id is_active } }', variables: { id: await inactiveUser(ctx) } }),
  },
  {
    field: 'Mutation.resetUserTwoFactor',
    expect: GQL_ADMIN_ONLY,
    request: async (ctx) => ({ query: 'mutation ($id: Int!) { resetUserTwoFactor(id: $id) { id two_factor_enabled } }', variables: { id: await userWithTwoFactor(ctx) } }),
  },
  {
    field: 'Mutation.assignUsersToRole',
    expect: GQL_ADMIN_ONLY,
    request: async (ctx) => ({ query: 'mutation ($u: [Int!]!) { assignUsersToRole(userIds: $u, roleId: 3) { updated users { id role_id } } }', variables: { u: [(await freshUser(ctx)).id] } }),
  },
  {
    field: 'Mutation.assignUsersToRole',
    variant: 'reonboard',
    expect: GQL_ADMIN_ONLY,
    request: async (ctx) => ({ query: 'mutation ($u: [Int!]!) { assignUsersToRole(userIds: $u, roleId: 3, reonboard: true) { updated } }', variables: { u: [(await freshUser(ctx)).id] } }),
  },
  {
    field: 'Mutation.updateUser',
    variant: 'manager, buddy and reonboard',
    expect: GQL_ADMIN_ONLY,
    request: async (ctx) => ({
      query: 'mutation ($id: Int!, $m: Int!) { updateUser(id: $id, input: {manager_id: $m, buddy_id: null, role_id: 3, reonboard: true}) { id manager_id manager_name buddy_id buddy_name } }',
      variables: { id: (await freshUser(ctx)).id, m: (await freshUser(ctx)).id },
    }),
  },
  {
    field: 'Query.myTeam',
    expect: GQL_SIGNED_IN,
    request: async (ctx) => {
      if (ctx.actor) await ctx.t.dataSource.query('update users set manager_id = $1 where id = $2', [ctx.actor.id, (await freshUser(ctx)).id]);
      return { query: '{ myTeam { user { id name email role_id role_name start_date } stats { completed total overdue completionPercentage nextDue { item_id title dueDate } } } }' };
    },
  },
  { field: 'Query.adminChecklistItems', expect: GQL_ADMIN_ONLY, request: () => ({ query: '{ adminChecklistItems(filter: {roleId: 1}) { id role_ids documents { id } } }' }) },
  { field: 'Query.roleChecklistItems', expect: GQL_ADMIN_ONLY, request: () => ({ query: '{ roleChecklistItems(roleId: 2) { role_id items { id title role_ids } } }' }) },
  {
    field: 'Mutation.createChecklistItem',
    expect: GQL_ADMIN_ONLY,
    request: (ctx) => ({
      query: 'mutation ($input: ChecklistItemInput!) { createChecklistItem(input: $input) { id item_order role_ids } }',
      variables: { input: { title: `Matrix admin item ${ctx.tag}`, type: 'meeting', priority: 'low' } },
    }),
  },
  {
    field: 'Mutation.updateChecklistItem',
    expect: GQL_ADMIN_ONLY,
    request: async (ctx) => ({ query: 'mutation ($id: Int!) { updateChecklistItem(id: $id, input: {due_days: 5}) { id due_days } }', variables: { id: await makeItem(ctx) } }),
  },
  { field: 'Mutation.deleteChecklistItem', expect: GQL_ADMIN_ONLY, request: async (ctx) => ({ query: 'mutation ($id: Int!) { deleteChecklistItem(id: $id) }', variables: { id: await makeItem(ctx) } }) },
  {
    field: 'Mutation.reorderChecklistItems',
    expect: GQL_ADMIN_ONLY,
    request: async (ctx) => ({ query: 'mutation ($ids: [Int!]!) { reorderChecklistItems(ids: $ids) { id item_order } }', variables: { ids: [await makeItem(ctx), await makeItem(ctx)] } }),
  },
  {
    field: 'Mutation.addRoleChecklistItems',
    expect: GQL_ADMIN_ONLY,
    request: async (ctx) => ({
      query: 'mutation ($r: Int!, $i: [Int!]!) { addRoleChecklistItems(roleId: $r, itemIds: $i) { role_id items { id } } }',
      variables: { r: await makeRole(ctx), i: [await makeItem(ctx)] },
    }),
  },
  {
    field: 'Mutation.removeRoleChecklistItems',
    expect: GQL_ADMIN_ONLY,
    request: async (ctx) => {
      const roleId = await makeRole(ctx);
      return { query: 'mutation ($r: Int!, $i: [Int!]!) { removeRoleChecklistItems(roleId: $r, itemIds: $i) { role_id items { id } } }', variables: { r: roleId, i: [await makeItem(ctx, roleId)] } };
    },
  },
  { field: 'Query.invitations', expect: GQL_ADMIN_ONLY, request: () => ({ query: '{ invitations(status: "pending", limit: 5) { total data { id status } } }' }) },
  { field: 'Query.invitation', expect: GQL_PUBLIC, request: async (ctx) => ({ query: 'query ($t: String!) { invitation(token: $t) { email name role_name } }', variables: { t: (await makeInvitation(ctx)).token } }) },
  {
    field: 'Mutation.inviteUser',
    expect: GQL_ADMIN_ONLY,
    request: (ctx) => ({ query: 'mutation ($input: InvitationInput!) { inviteUser(input: $input) { id status } }', variables: { input: { email: uniqueEmail('matrix-invite'), name: `Matrix hire ${ctx.tag}`, role_id: 1 } } }),
  },
  { field: 'Mutation.resendInvitation', expect: GQL_ADMIN_ONLY, request: async (ctx) => ({ query: 'mutation ($id: Int!) { resendInvitation(id: $id) { id expires_at } }', variables: { id: (await makeInvitation(ctx)).id } }) },
  { field: 'Mutation.revokeInvitation', expect: GQL_ADMIN_ONLY, request: async (ctx) => ({ query: 'mutation ($id: Int!) { revokeInvitation(id: $id) }', variables: { id: (await makeInvitation(ctx)).id } }) },
  { field: 'Mutation.importInvitations', expect: GQL_ADMIN_ONLY, request: (ctx) => ({ query: 'mutation ($csv: String!) { importInvitations(csv: $csv) { valid created } }', variables: { csv: invitationCsv(ctx) } }) },
  {
    field: 'Mutation.importInvitations',
    variant: 'dry run',
    expect: GQL_ADMIN_ONLY,
    request: (ctx) => ({ query: 'mutation ($csv: String!) { importInvitations(csv: $csv, dryRun: true) { valid errors { line } } }', variables: { csv: invitationCsv(ctx) } }),
  },
  {
    field: 'Mutation.acceptInvitation',
    expect: GQL_PUBLIC,
    request: async (ctx) => ({ query: 'mutation ($t: String!) { acceptInvitation(token: $t, password: "Matrix-Accept-9") { token user { id } } }', variables: { t: (await makeInvitation(ctx)).token } }),
  },
];

/** A fresh context for one row and actor: its own account (if any), token and address. */
export async function matrixContext(t: TestApp, who: Who, makeToken: (userId: number) => Promise<string>): Promise<MatrixContext> {
  const ctx: MatrixContext = { t, who, actor: null, token: null, ip: randomIp(), created: [], tag: crypto.randomBytes(6).toString('hex') };
  if (who !== 'anonymous') {
    ctx.actor = await createUser(t.dataSource, { roleId: who === 'admin' ? 4 : 1 });
    ctx.created.push(ctx.actor.id);
    ctx.token = await makeToken(ctx.actor.id);
  }
  return ctx;
}

export async function cleanUp(ctx: MatrixContext): Promise<void> {
  const hires = `Matrix hire ${ctx.tag}`;
  await ctx.t.dataSource.query(`delete from users where id in (select user_id from invitations where name = $1)`, [hires]);
  await ctx.t.dataSource.query(`delete from invitations where name = $1`, [hires]);
  await deleteUsers(ctx.t.dataSource, ctx.created);
  // Items first: an item a role owns holds that role.
  await ctx.t.dataSource.query(`delete from checklist_items where title like $1`, [`% ${ctx.tag}`]);
  await ctx.t.dataSource.query(`delete from roles where name like $1`, [`% ${ctx.tag}`]);
  await ctx.t.dataSource.query(`delete from documents where title like $1`, [`% ${ctx.tag}`]);
}
