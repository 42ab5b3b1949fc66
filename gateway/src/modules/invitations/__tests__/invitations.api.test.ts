import type { Client } from 'pg';
import request from 'supertest';
import { ADMIN_ROLE_ID } from '../../../shared/actor';
import { createServices } from '../../../services';
import { INVITATION_LIMITS } from '../invitations.messages';
import { USER_ADMIN_MESSAGES } from '../../users';
import { EMAIL_CLAIM_LOCK } from '../invitations.service';
import { buildTestApp, TEST_JWT_SECRET, testConfig, type TestApp } from '../../../../test/app';
import { bearer, createUser, deleteUsers, gql, PROXY_ENV, randomIp, tokenFor, uniqueEmail, type TestUser } from '../../../../test/auth';
import { testDatabaseUrl, withClient } from '../../../../test/database';
import { whileLocked } from '../../../../test/locks';

/*
 * Invitations through both doors against the real app and PostgreSQL. Mail is
 * checked where it is written: the outbox row queued in the same transaction.
 */

jest.setTimeout(30_000);

interface OutboxRow {
  to_address: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
}

describe('invitations', () => {
  let t: TestApp;
  let admin: TestUser;
  let adminToken: string;
  let employee: TestUser;
  let employeeToken: string;
  let inactive: TestUser;
  const users: number[] = [];
  const emails: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ env: { ...PROXY_ENV, RATE_LIMIT_INVITATION_TOKEN_MAX: '5' } });
    admin = await createUser(t.dataSource, { roleId: ADMIN_ROLE_ID, name: 'Ada Admin' });
    employee = await createUser(t.dataSource, { roleId: 1, name: 'Manny Manager' });
    inactive = await createUser(t.dataSource, { roleId: 1 });
    await t.dataSource.query('update users set is_active = false where id = $1', [inactive.id]);
    users.push(admin.id, employee.id, inactive.id);
    adminToken = await tokenFor(t.dataSource, admin.id);
    employeeToken = await tokenFor(t.dataSource, employee.id);
  });
  afterAll(async () => {
    const created = (await t.dataSource.query('select id from users where lower(email) = any($1)', [emails.map((e) => e.toLowerCase())])) as Array<{ id: number }>;
    await t.dataSource.query('delete from invitations where lower(email) = any($1)', [emails.map((e) => e.toLowerCase())]);
    await deleteUsers(t.dataSource, [...created.map((r) => r.id), ...users]);
    await t.close();
  });

  /** A fresh address, cleaned up after the run. */
  function hire(prefix = 'hire'): string {
    const email = uniqueEmail(prefix);
    emails.push(email);
    return email;
  }

  const asAdmin = (method: 'get' | 'post' | 'delete', path: string) => request(t.app)[method](path).set(bearer(adminToken));

  async function outbox(to: string): Promise<OutboxRow[]> {
    return (await t.dataSource.query('select to_address, subject, text, html, kind from mail_outbox where lower(to_address) = lower($1) order by id', [to])) as OutboxRow[];
  }

  /** The token of the newest invitation mail to `to`, read from the link in its text. */
  async function linkToken(to: string): Promise<string> {
    const mails = await outbox(to);
    const text = mails[mails.length - 1]?.text ?? '';
    const match = /\/accept-invite\?token=([A-Za-z0-9_-]+)/.exec(text);
    if (!match?.[1]) throw new Error(`no invitation link in the mail to ${to}`);
    return match[1];
  }

  const invite = (body: Record<string, unknown>) => asAdmin('post', '/api/admin/invitations').send(body);

  /** An invitation of `email` being written, as the service writes one: its lock first, then the row (held by whileLocked). */
  const writingInvitation = (email: string) => async (client: Client) => {
    await client.query(`select pg_advisory_xact_lock(${EMAIL_CLAIM_LOCK})`);
    await client.query(
      `insert into invitations (email, name, role_id, role_name, token_hash, expires_at) select $1, 'Racing Hire', r.id, r.name, md5(random()::text), now() + interval '1 day' from roles r where r.id = 2`,
      [email],
    );
  };

  describe('POST /api/admin/invitations', () => {
    it('answers 201 with the pending invitation, queues the mail with a single-use link and audits it', async () => {
      const email = hire('Ivy');
      const res = await invite({ email, name: 'Ivy Hire', role_id: 2, start_date: '2030-03-02', manager_id: employee.id, buddy_id: admin.id }).expect(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        email,
        name: 'Ivy Hire',
        role_id: 2,
        role_name: 'Manager',
        start_date: '2030-03-02',
        manager_id: employee.id,
        buddy_id: admin.id,
        status: 'pending',
        expires_at: expect.any(String),
        created_at: expect.any(String),
      });
      const days = (Date.parse(res.body.expires_at) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThanOrEqual(7);

      const [mail] = await outbox(email);
      expect(mail).toMatchObject({ to_address: email, subject: "You're invited to join Embark", kind: 'invitation' });
      expect(mail?.text).toContain('Hello Ivy Hire,');
      expect(mail?.text).toContain('You have been invited to Embark as Manager.');
      const token = await linkToken(email);
      expect(mail?.text).toContain(`Accept invitation: http://localhost:3000/accept-invite?token=${token}`);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

      // Only a hash of the token is stored.
      const [row] = (await t.dataSource.query('select token_hash, invited_by from invitations where id = $1', [res.body.id])) as Array<{ token_hash: string; invited_by: number }>;
      expect(row?.token_hash).not.toContain(token);
      expect(row?.invited_by).toBe(admin.id);

      const audit = (await t.dataSource.query(`select actor_user_id, target_type, details from audit_log where action = 'invitation.create' and target_id = $1`, [String(res.body.id)])) as unknown[];
      expect(audit).toEqual([{ actor_user_id: admin.id, target_type: 'invitation', details: { email, role_id: 2 } }]);
    });

    it('409 when a user or a pending invitation has the email, ignoring case', async () => {
      await invite({ email: employee.email.toUpperCase(), name: 'Twin', role_id: 1 }).expect(409, { error: 'A user or a pending invitation already uses this email' });
      const email = hire();
      await invite({ email, name: 'First', role_id: 1 }).expect(201);
      await invite({ email: email.toUpperCase(), name: 'Second', role_id: 1 }).expect(409, { error: 'A user or a pending invitation already uses this email' });
    });

    it('an expired or revoked invitation leaves the address free again; the old one stays listed', async () => {
      const email = hire();
      const first = await invite({ email, name: 'Late', role_id: 1 }).expect(201);
      await t.dataSource.query(`update invitations set expires_at = now() - interval '1 minute' where id = $1`, [first.body.id]);
      const second = await invite({ email, name: 'Late', role_id: 1 }).expect(201);
      await asAdmin('delete', `/api/admin/invitations/${second.body.id}`).expect(200, { success: true });
      await invite({ email, name: 'Late', role_id: 1 }).expect(201);
      const rows = (await t.dataSource.query('select id from invitations where lower(email) = lower($1)', [email])) as unknown[];
      expect(rows).toHaveLength(3);
      // The expired one cannot be resent any more: a newer invitation took its place.
      await asAdmin('post', `/api/admin/invitations/${first.body.id}/resend`).expect(409, { error: 'A newer invitation for this email replaced this one' });
    });

    it('400 with details for bad input; the role and the people must exist (and be active)', async () => {
      await invite({ email: 'nope', name: '', role_id: 'x', start_date: '2030-02-30' }).expect(400, {
        error: 'Please enter a valid email address, Name is required, Start date must be a date (YYYY-MM-DD), role_id must be a role id',
        details: ['Please enter a valid email address', 'Name is required', 'Start date must be a date (YYYY-MM-DD)', 'role_id must be a role id'],
      });
      await invite({}).expect(400);
      await invite({ email: hire(), name: 'N', role_id: 999_999, manager_id: inactive.id, buddy_id: 999_999 }).expect(400, {
        error: 'Unknown role, The manager must be an active user, The buddy must be an active user',
        details: ['Unknown role', 'The manager must be an active user', 'The buddy must be an active user'],
      });
      await invite({ email: hire(), name: 'N', role_id: 1, manager_id: 'boss' }).expect(400, { error: 'manager_id must be a user id', details: ['manager_id must be a user id'] });
    });

    it('a role deleted while the invitation is written answers 400, not 500', async () => {
      const [role] = (await t.dataSource.query(`insert into roles (name) values ('Vanishing ' || md5(random()::text)) returning id`)) as Array<{ id: number }>;
      const roleId = (role as { id: number }).id;
      const res = await whileLocked({
        hold: (client) => client.query('delete from roles where id = $1', [roleId]),
        start: () => invite({ email: hire('Gone'), name: 'Gone Role', role_id: roleId }),
        // Before the check held the role, the insert's reference check was what waited: either shows the race.
        waitingOn: '%role%',
        what: 'the invitation waiting on the deleted role',
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Unknown role', details: ['Unknown role'] });
    });

    it('401 anonymous, 403 employees, before anything is checked', async () => {
      await request(t.app).post('/api/admin/invitations').send({}).expect(401, { error: 'Authentication required' });
      await request(t.app).post('/api/admin/invitations').set(bearer(employeeToken)).send({}).expect(403, { error: 'You do not have permission to perform this action' });
    });
  });

  describe('inviteAdministrator (admin:create --invite)', () => {
    it('invites into the administrator role with no administrator signed in, audited as the command line', async () => {
      const services = createServices(t.dataSource, { ...testConfig(), jwtSecret: TEST_JWT_SECRET });
      const email = hire('first-admin');
      const invitation = await services.invitations.inviteAdministrator({ name: 'First Admin', email }, { ip: 'command line' });
      expect(invitation).toMatchObject({ email, name: 'First Admin', role_id: ADMIN_ROLE_ID, status: 'pending' });
      expect(await outbox(email)).toHaveLength(1);
      const audit = (await t.dataSource.query(`select actor_user_id, ip from audit_log where action = 'invitation.create' and target_id = $1`, [String(invitation.id)])) as unknown[];
      expect(audit).toEqual([{ actor_user_id: null, ip: 'command line' }]);
      await expect(services.invitations.inviteAdministrator({ name: 'Again', email }, { ip: 'command line' })).rejects.toThrow('A user or a pending invitation already uses this email');
    });
  });

  describe('GET /api/admin/invitations', () => {
    it('lists newest first with {data, total, page, limit}, filtered by status, expired computed from the clock', async () => {
      const pending = await invite({ email: hire(), name: 'P', role_id: 1 }).expect(201);
      const expired = await invite({ email: hire(), name: 'E', role_id: 1 }).expect(201);
      const revoked = await invite({ email: hire(), name: 'R', role_id: 1 }).expect(201);
      await t.dataSource.query(`update invitations set expires_at = now() - interval '1 second' where id = $1`, [expired.body.id]);
      await asAdmin('delete', `/api/admin/invitations/${revoked.body.id}`).expect(200);

      const all = await asAdmin('get', '/api/admin/invitations?limit=100').expect(200);
      expect(all.body).toMatchObject({ page: 1, limit: 100, total: expect.any(Number) });
      const ids = (all.body.data as Array<{ id: number }>).map((i) => i.id);
      expect(ids.indexOf(revoked.body.id)).toBeLessThan(ids.indexOf(pending.body.id));

      for (const [status, id] of [['pending', pending.body.id], ['expired', expired.body.id], ['revoked', revoked.body.id]] as const) {
        const page = await asAdmin('get', `/api/admin/invitations?status=${status}&limit=100`).expect(200);
        const found = (page.body.data as Array<{ id: number; status: string }>).find((i) => i.id === id);
        expect(found?.status).toBe(status);
        expect((page.body.data as Array<{ status: string }>).every((i) => i.status === status)).toBe(true);
      }
      const paged = await asAdmin('get', '/api/admin/invitations?page=2&limit=1').expect(200);
      expect(paged.body.data).toHaveLength(1);
      expect(paged.body.data[0].id).toBe(ids[1]);
    });

    it('400 for an unknown status or bad paging; 401/403 for others', async () => {
      await asAdmin('get', '/api/admin/invitations?status=lost').expect(400, { error: 'Status must be pending, accepted, expired or revoked', details: ['Status must be pending, accepted, expired or revoked'] });
      await asAdmin('get', '/api/admin/invitations?limit=1000').expect(400, { error: 'Limit must be between 1 and 100', details: ['Limit must be between 1 and 100'] });
      await request(t.app).get('/api/admin/invitations').expect(401);
      await request(t.app).get('/api/admin/invitations').set(bearer(employeeToken)).expect(403);
    });
  });

  describe('resend and revoke', () => {
    it('resend: a new link and expiry, a new mail; the old link stops working', async () => {
      const email = hire();
      const created = await invite({ email, name: 'Rhea', role_id: 1 }).expect(201);
      const oldToken = await linkToken(email);
      await t.dataSource.query(`update invitations set expires_at = now() + interval '1 hour' where id = $1`, [created.body.id]);
      const res = await asAdmin('post', `/api/admin/invitations/${created.body.id}/resend`).expect(200);
      expect(res.body).toMatchObject({ id: created.body.id, email, status: 'pending' });
      expect(Date.parse(res.body.expires_at)).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
      // The first mail, still queued, is withdrawn: only the working link goes out.
      expect(await outbox(email)).toHaveLength(1);
      const newToken = await linkToken(email);
      expect(newToken).not.toBe(oldToken);
      const ip = randomIp();
      await request(t.app).get(`/api/invitations/${oldToken}`).set('x-forwarded-for', ip).expect(404, { error: 'This invitation link is invalid or has expired' });
      await request(t.app).get(`/api/invitations/${newToken}`).set('x-forwarded-for', ip).expect(200, { email, name: 'Rhea', role_name: 'Employee' });
    });

    it('an accept waiting on a resend that replaces the link finds the old link closed', async () => {
      const email = hire();
      const created = await invite({ email, name: 'Rina', role_id: 1 }).expect(201);
      const oldToken = await linkToken(email);
      // The resend's transaction holds the row with its link replaced; it commits only once the accept
      // waits for that lock, so the accept has already read the old link.
      const res = await whileLocked({
        hold: (resend) => resend.query(`update invitations set token_hash = md5(random()::text) where id = $1`, [created.body.id]),
        start: () => request(t.app).post(`/api/invitations/${oldToken}/accept`).set('x-forwarded-for', randomIp()).send({ password: 'Lantern2026x' }),
        waitingOn: '%from invitations i where i.id = $1%',
        what: 'the accept to wait on the lock of the resend',
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'This invitation link is invalid or has expired' });
      const [account] = (await t.dataSource.query('select id from users where lower(email) = lower($1)', [email])) as Array<{ id: number }>;
      expect(account).toBeUndefined();
    });

    it('resend revives an expired invitation', async () => {
      const email = hire();
      const created = await invite({ email, name: 'Old', role_id: 1 }).expect(201);
      await t.dataSource.query(`update invitations set expires_at = now() - interval '1 day' where id = $1`, [created.body.id]);
      const res = await asAdmin('post', `/api/admin/invitations/${created.body.id}/resend`).expect(200);
      expect(res.body.status).toBe('pending');
    });

    it('revoke: 200 {success:true}, the link stops working, a second revoke changes nothing; accepted ones cannot be resent or revoked', async () => {
      const email = hire();
      const created = await invite({ email, name: 'Rex', role_id: 1 }).expect(201);
      const token = await linkToken(email);
      await asAdmin('delete', `/api/admin/invitations/${created.body.id}`).expect(200, { success: true });
      await asAdmin('delete', `/api/admin/invitations/${created.body.id}`).expect(200, { success: true });
      await request(t.app).get(`/api/invitations/${token}`).set('x-forwarded-for', randomIp()).expect(404);
      // Its mail, not sent yet, is withdrawn with it.
      expect(await outbox(email)).toEqual([]);
      await asAdmin('post', `/api/admin/invitations/${created.body.id}/resend`).expect(409, { error: 'This invitation has been revoked' });
      const audits = (await t.dataSource.query(`select 1 from audit_log where action = 'invitation.revoke' and target_id = $1`, [String(created.body.id)])) as unknown[];
      expect(audits).toHaveLength(1);

      const other = hire();
      const accepted = await invite({ email: other, name: 'Ace', role_id: 1 }).expect(201);
      await request(t.app).post(`/api/invitations/${await linkToken(other)}/accept`).set('x-forwarded-for', randomIp()).send({ password: 'Welcome-2030x' }).expect(201);
      await asAdmin('post', `/api/admin/invitations/${accepted.body.id}/resend`).expect(409, { error: 'This invitation has already been accepted' });
      await asAdmin('delete', `/api/admin/invitations/${accepted.body.id}`).expect(409, { error: 'This invitation has already been accepted' });
    });

    it('404 for an unknown id, 400 for a malformed one, 401/403 for others', async () => {
      await asAdmin('post', '/api/admin/invitations/999999999/resend').expect(404, { error: 'Invitation not found' });
      await asAdmin('delete', '/api/admin/invitations/999999999').expect(404, { error: 'Invitation not found' });
      await asAdmin('delete', '/api/admin/invitations/abc').expect(400, { error: 'Invalid invitation id', details: ['Invalid invitation id'] });
      await request(t.app).delete('/api/admin/invitations/1').expect(401);
      await request(t.app).post('/api/admin/invitations/1/resend').set(bearer(employeeToken)).expect(403);
    });
  });

  describe('accepting', () => {
    it('preview and accept: the user has the invited role, start date, manager and buddy, is signed in; a second accept is 404', async () => {
      const email = hire('Nova');
      const created = await invite({ email, name: 'Nova Hire', role_id: 3, start_date: '2031-01-05', manager_id: employee.id, buddy_id: admin.id }).expect(201);
      const token = await linkToken(email);
      const ip = randomIp();
      await request(t.app).get(`/api/invitations/${token}`).set('x-forwarded-for', ip).expect(200, { email, name: 'Nova Hire', role_name: 'Contractor' });

      await request(t.app).post(`/api/invitations/${token}/accept`).set('x-forwarded-for', ip).send({ password: 'short' }).expect(400, {
        error: 'Password must be at least 8 characters with letters and numbers',
        details: ['Password must be at least 8 characters with letters and numbers'],
      });
      await request(t.app).post(`/api/invitations/${token}/accept`).set('x-forwarded-for', ip).send({ password: 'password1' }).expect(400, { error: 'This password is too common', details: ['This password is too common'] });
      const local = email.slice(0, email.indexOf('@'));
      await request(t.app).post(`/api/invitations/${token}/accept`).set('x-forwarded-for', ip).send({ password: `${local}-9` }).expect(400, {
        error: 'Password must not contain your email',
        details: ['Password must not contain your email'],
      });
      const res = await request(t.app).post(`/api/invitations/${token}/accept`).set('x-forwarded-for', ip).send({ password: 'Orbit-7-Lantern' }).expect(201);
      expect(res.body).toEqual({
        token: expect.any(String),
        user: expect.objectContaining({ email, name: 'Nova Hire', role_id: 3, start_date: '2031-01-05', completion_percentage: 0 }),
      });
      const me = await request(t.app).get('/api/auth/me').set(bearer(res.body.token)).expect(200);
      expect(me.body.id).toBe(res.body.user.id);
      const [row] = (await t.dataSource.query('select manager_id, buddy_id from users where id = $1', [res.body.user.id])) as Array<{ manager_id: number; buddy_id: number }>;
      expect(row).toEqual({ manager_id: employee.id, buddy_id: admin.id });
      await request(t.app).post('/api/auth/login').send({ email, password: 'Orbit-7-Lantern' }).expect(200);

      await request(t.app).post(`/api/invitations/${token}/accept`).set('x-forwarded-for', ip).send({ password: 'Orbit-7-Lantern' }).expect(404, { error: 'This invitation link is invalid or has expired' });
      await request(t.app).get(`/api/invitations/${token}`).set('x-forwarded-for', ip).expect(404);
      const list = await asAdmin('get', '/api/admin/invitations?status=accepted&limit=100').expect(200);
      expect((list.body.data as Array<{ id: number }>).map((i) => i.id)).toContain(created.body.id);

      // The link is a secret: the request log names the route with the token masked.
      expect(JSON.stringify(t.records)).not.toContain(token);
      expect(t.records.some((r) => r.msg === 'request' && r.path === '/api/invitations/:token/accept')).toBe(true);
    });

    it('a manager or buddy deactivated since the invitation was sent is left out of the new account', async () => {
      const email = hire('Late');
      const leaving = await createUser(t.dataSource, { roleId: 1, name: 'Leaving Manager' });
      const staying = await createUser(t.dataSource, { roleId: 1, name: 'Staying Buddy' });
      users.push(leaving.id, staying.id);
      await invite({ email, name: 'Late Hire', role_id: 1, manager_id: leaving.id, buddy_id: staying.id }).expect(201);
      await t.dataSource.query('update users set is_active = false where id = $1', [leaving.id]);
      const res = await request(t.app).post(`/api/invitations/${await linkToken(email)}/accept`).set('x-forwarded-for', randomIp()).send({ password: 'Harbour-42-Kite' }).expect(201);
      const [row] = (await t.dataSource.query('select manager_id, buddy_id from users where id = $1', [res.body.user.id])) as Array<{ manager_id: number | null; buddy_id: number | null }>;
      expect(row).toEqual({ manager_id: null, buddy_id: staying.id });
      const [audit] = (await t.dataSource.query(`select details from audit_log where action = 'invitation.accept' and details->>'user_id' = $1`, [String(res.body.user.id)])) as Array<{ details: object }>;
      expect(audit?.details).toEqual({ user_id: res.body.user.id, manager_left_out: leaving.id });
    });

    it('a manager deactivated while the invitation is accepted is left out too, never kept inactive', async () => {
      const email = hire('Racing');
      const leaving = await createUser(t.dataSource, { roleId: 1, name: 'Leaving Now' });
      users.push(leaving.id);
      await invite({ email, name: 'Racing Hire', role_id: 1, manager_id: leaving.id }).expect(201);
      const token = await linkToken(email);
      // An administrator's deactivation holds the manager's row while the hire accepts.
      const res = await whileLocked({
        hold: (client) => client.query('select 1 from users where id = $1 for no key update', [leaving.id]),
        start: () => request(t.app).post(`/api/invitations/${token}/accept`).set('x-forwarded-for', randomIp()).send({ password: 'Harbour-42-Kite' }),
        waitingOn: '%users%',
        what: "the accept waiting on the deactivation's hold of the manager",
        beforeCommit: (client) => client.query('update users set is_active = false where id = $1', [leaving.id]),
      });
      expect(res.status).toBe(201);
      const [row] = (await t.dataSource.query('select manager_id from users where id = $1', [res.body.user.id])) as Array<{ manager_id: number | null }>;
      expect(row).toEqual({ manager_id: null });
    });

    it('without a start date the account starts today', async () => {
      const email = hire();
      await invite({ email, name: 'Today', role_id: 1 }).expect(201);
      const res = await request(t.app).post(`/api/invitations/${await linkToken(email)}/accept`).set('x-forwarded-for', randomIp()).send({ password: 'Harbour-42-Kite' }).expect(201);
      const [today] = (await t.dataSource.query('select current_date::text as d')) as Array<{ d: string }>;
      expect(res.body.user.start_date).toBe(today?.d);
    });

    it('404 for unknown and expired links; guessing is rate limited per address (429)', async () => {
      const email = hire();
      const created = await invite({ email, name: 'Exp', role_id: 1 }).expect(201);
      const token = await linkToken(email);
      await t.dataSource.query(`update invitations set expires_at = now() - interval '1 second' where id = $1`, [created.body.id]);
      const ip = randomIp();
      await request(t.app).get(`/api/invitations/${token}`).set('x-forwarded-for', ip).expect(404, { error: 'This invitation link is invalid or has expired' });
      await request(t.app).post(`/api/invitations/${token}/accept`).set('x-forwarded-for', ip).send({ password: 'Harbour-42-Kite' }).expect(404);
      await request(t.app).get('/api/invitations/not-a-token').set('x-forwarded-for', ip).expect(404);
      await request(t.app).get(`/api/invitations/${'x'.repeat(500)}`).set('x-forwarded-for', ip).expect(404);
      await request(t.app).get('/api/invitations/guess-5').set('x-forwarded-for', ip).expect(404);
      const limited = await request(t.app).get('/api/invitations/guess-6').set('x-forwarded-for', ip).expect(429, { error: 'Too many attempts. Please try again later.' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('self-registration and pending invitations', () => {
    const register = (email: string) => request(t.app).post('/api/auth/register').set('x-forwarded-for', randomIp()).send({ name: 'Self Signup', email, password: 'Lantern2026x', role_id: 1 });
    const refusal = { error: 'An invitation was sent to this email. Use the link in it to create your account.' };

    it('a pending invitation keeps its address: registration answers 403 (REST and GraphQL), audited, and the link still creates the invited account', async () => {
      const email = hire('Held');
      await invite({ email, name: 'Held Hire', role_id: 3, manager_id: employee.id, buddy_id: admin.id }).expect(201);
      await register(email.toUpperCase()).expect(403, refusal);
      const viaGraphql = await gql(t, 'mutation($input: RegisterInput!) { register(input: $input) { token } }', { input: { name: 'Self Signup', email, password: 'Lantern2026x', role_id: 1 } }, { ip: randomIp() });
      expect(viaGraphql.body.errors?.[0]).toMatchObject({ message: refusal.error, extensions: { code: 'FORBIDDEN' } });
      const [audited] = (await t.dataSource.query(`select count(*)::int as n from audit_log where action = 'auth.register_refused' and details->>'reason' = 'invitation_pending' and details->>'email' = lower($1)`, [
        email,
      ])) as Array<{ n: number }>;
      expect(audited?.n).toBe(2);
      expect(await t.dataSource.query('select id from users where lower(email) = lower($1)', [email])).toEqual([]);

      const accepted = await request(t.app).post(`/api/invitations/${await linkToken(email)}/accept`).set('x-forwarded-for', randomIp()).send({ password: 'Lantern2026x' }).expect(201);
      expect(accepted.body.user).toMatchObject({ email, role_id: 3, manager_id: employee.id, buddy_id: admin.id });
    });

    it('an expired or revoked invitation does not: the address registers as usual', async () => {
      const expired = hire('Lapsed');
      await invite({ email: expired, name: 'Lapsed Hire', role_id: 2 }).expect(201);
      await t.dataSource.query(`update invitations set expires_at = now() - interval '1 minute' where lower(email) = lower($1)`, [expired]);
      await register(expired).expect(201);

      const revoked = hire('Withdrawn');
      const created = await invite({ email: revoked, name: 'Withdrawn Hire', role_id: 2 }).expect(201);
      await asAdmin('delete', `/api/admin/invitations/${created.body.id}`).expect(200);
      await register(revoked).expect(201);
    });

    it('a registration waits for an invitation being written to the same address, then is refused', async () => {
      const email = hire('Racing');
      const res = await whileLocked({
        hold: writingInvitation(email),
        start: () => register(email),
        waitingOn: '%pg_advisory_xact_lock_shared%',
        what: 'the registration to wait for the invitation being written',
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(refusal);
      expect(await t.dataSource.query('select id from users where lower(email) = lower($1)', [email])).toEqual([]);
    });

    it('a registration waits at most its bound for invitations being written: 503 with Retry-After, nothing created', async () => {
      const email = hire('Patient');
      const res = await withClient(testDatabaseUrl(), async (client) => {
        await client.query('begin');
        try {
          // A long import holding the writers' lock beyond the registration's wait.
          await client.query(`select pg_advisory_xact_lock(${EMAIL_CLAIM_LOCK})`);
          // Both doors wait together.
          return await Promise.all([
            register(email),
            gql(t, 'mutation($input: RegisterInput!) { register(input: $input) { token } }', { input: { name: 'Self Signup', email, password: 'Lantern2026x', role_id: 1 } }, { ip: randomIp() }),
          ]);
        } finally {
          await client.query('rollback');
        }
      });
      const [rest, graphql] = res;
      expect(rest.status).toBe(503);
      expect(rest.headers['retry-after']).toBe('5');
      expect(rest.body).toEqual({ error: 'Invitations are being sent right now. Please try again in a moment.' });
      expect(graphql.status).toBe(503);
      expect(graphql.headers['retry-after']).toBe('5');
      expect(graphql.body.errors?.[0]).toMatchObject({ message: 'Invitations are being sent right now. Please try again in a moment.', extensions: { code: 'SERVICE_UNAVAILABLE' } });
      expect(await t.dataSource.query('select id from users where lower(email) = lower($1)', [email])).toEqual([]);
      // The lock gone, the same address registers.
      await register(email).expect(201);
    });

    it('only the invitations lock is bounded: the rest of a registration waits as long as it must', async () => {
      const email = hire('Queued');
      const res = await withClient(testDatabaseUrl(), async (client) => {
        await client.query('begin');
        try {
          // Another registration of the same address, uncommitted beyond the bound: the insert queues behind it.
          await client.query(`insert into users (name, email, password_hash, role_id) values ('First Try', $1, 'x', 1)`, [email]);
          const answer = register(email).then((r) => r);
          await new Promise((resolve) => setTimeout(resolve, (INVITATION_LIMITS.registrationWaitSeconds + 1) * 1000));
          await client.query('rollback');
          return await answer;
        } catch (err) {
          await client.query('rollback').catch(() => undefined);
          throw err;
        }
      });
      expect(res.status).toBe(201);
    });

    it('an invitation waits for a registration of the same address in flight, then answers 409', async () => {
      const email = hire('Signing');
      // A registration's transaction in flight, as the service writes one: its shared lock first, then the account.
      const res = await whileLocked({
        hold: async (client) => {
          await client.query(`select pg_advisory_xact_lock_shared(${EMAIL_CLAIM_LOCK})`);
          await client.query(`insert into users (name, email, password_hash, role_id) values ('Signing Up', $1, 'x', 1)`, [email]);
        },
        start: () => invite({ email, name: 'Signing Hire', role_id: 2 }),
        waitingOn: '%pg_advisory_xact_lock(%',
        what: 'the invitation to wait for the registration in flight',
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'A user or a pending invitation already uses this email' });
      expect(await t.dataSource.query('select id from invitations where lower(email) = lower($1)', [email])).toEqual([]);
    });
  });

  describe('Edit user and pending invitations', () => {
    const asAdminPut = (id: number, body: Record<string, unknown>) => request(t.app).put(`/api/admin/users/${id}`).set(bearer(adminToken)).send(body);
    const refusal = { error: USER_ADMIN_MESSAGES.emailInvited };
    const update = 'mutation ($id: Int!, $input: AdminUserUpdateInput!) { updateUser(id: $id, input: $input) { id email } }';

    it("an account cannot take the address a pending invitation holds (REST and GraphQL); the link still works", async () => {
      const email = hire('Claimed');
      await invite({ email, name: 'Claimed Hire', role_id: 2 }).expect(201);
      const someone = await createUser(t.dataSource, { roleId: 1 });
      users.push(someone.id);
      await asAdminPut(someone.id, { email: email.toUpperCase() }).expect(409, refusal);
      const viaGraphql = await gql(t, update, { id: someone.id, input: { email } }, { token: adminToken });
      expect(viaGraphql.body.errors?.[0]).toMatchObject({ message: refusal.error, extensions: { code: 'CONFLICT' } });
      expect(await t.dataSource.query('select email from users where id = $1', [someone.id])).toEqual([{ email: someone.email }]);
      // An unknown user is not found, whatever the address.
      await asAdminPut(2_147_483_647, { email }).expect(404);
      await request(t.app).post(`/api/invitations/${await linkToken(email)}/accept`).set('x-forwarded-for', randomIp()).send({ password: 'Lantern2026x' }).expect(201);
    });

    it('a save that keeps the address (the form sends it every time) does not wait for invitations being written', async () => {
      const someone = await createUser(t.dataSource, { roleId: 1 });
      users.push(someone.id);
      const res = await withClient(testDatabaseUrl(), async (client) => {
        await client.query('begin');
        try {
          // An import in flight holds the writers' lock; a rename must not queue behind it.
          await client.query(`select pg_advisory_xact_lock(${EMAIL_CLAIM_LOCK})`);
          return await asAdminPut(someone.id, { name: 'Renamed Meanwhile', email: someone.email.toUpperCase() });
        } finally {
          await client.query('rollback');
        }
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: someone.id, name: 'Renamed Meanwhile' });
    });

    it('an expired or revoked invitation does not hold it, and an address change waits for an invitation being written', async () => {
      const lapsed = hire('LapsedClaim');
      await invite({ email: lapsed, name: 'Lapsed Hire', role_id: 2 }).expect(201);
      await t.dataSource.query(`update invitations set expires_at = now() - interval '1 minute' where lower(email) = lower($1)`, [lapsed]);
      const someone = await createUser(t.dataSource, { roleId: 1 });
      users.push(someone.id);
      await asAdminPut(someone.id, { email: lapsed }).expect(200);

      const racing = hire('RacingClaim');
      const res = await whileLocked({
        hold: writingInvitation(racing),
        start: () => asAdminPut(someone.id, { email: racing }),
        waitingOn: '%pg_advisory_xact_lock_shared%',
        what: 'the address change to wait for the invitation being written',
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual(refusal);
    });
  });

  describe('CSV import', () => {
    const HEADER = 'email,name,role,start_date,manager_email,buddy_email';
    const importCsv = (csv: string, query = '') => asAdmin('post', `/api/admin/invitations/import${query}`).set('content-type', 'text/csv').send(csv);

    it('dry run: {valid, roles, errors} with file line numbers; nothing changes', async () => {
      const [a, b, c, d] = [hire(), hire(), hire(), hire()];
      const csv = [
        `\uFEFF${HEADER}`,
        `${a},"Doe, Jane",employee,2030-05-01,${employee.email},`,
        '',
        `${b},"Multi`,
        `Line",Nobody,,,`,
        `${a.toUpperCase()},Dup,1,,,`,
        `${c},Bad Date,2,2030-13-01,missing@example.org,${inactive.email}`,
        `${d},Short`,
        `${employee.email},Taken,1,,,`,
        '   ',
      ].join('\r\n');
      const res = await importCsv(csv, '?dry_run=true').expect(200);
      expect(res.body).toEqual({
        valid: 1,
        roles: [{ role_id: 1, role_name: 'Employee', count: 1 }],
        errors: [
          { line: 4, message: 'Unknown role: Nobody' },
          { line: 6, message: 'This email is already on line 2' },
          { line: 7, message: `The manager missing@example.org is not an active user, The buddy ${inactive.email} is not an active user, Start date must be a date (YYYY-MM-DD)` },
          { line: 8, message: 'Expected 6 fields, found 2' },
          { line: 9, message: 'A user or a pending invitation already uses this email' },
        ],
      });
      expect(await t.dataSource.query('select 1 from invitations where lower(email) = any($1)', [[a, b, c, d].map((e) => e.toLowerCase())])).toEqual([]);
    });

    it('any error: 400 {error, errors} and nothing created; a fixed file creates all, one mail each', async () => {
      const [a, b, c] = [hire(), hire(), hire()];
      const bad = [HEADER, `${a},Ann,Employee,,,`, `${b},,Manager,,,`, `${c},Cy,3,2030-01-01,${employee.email},${admin.email}`].join('\n');
      await importCsv(bad).expect(400, { error: 'The file has errors; nothing was imported', errors: [{ line: 3, message: 'Name is required' }] });
      expect(await outbox(a)).toEqual([]);

      const good = bad.replace(`${b},,Manager`, `${b},Bo,Manager`);
      await importCsv(good).expect(201, { created: 3 });
      const rows = (await t.dataSource.query(
        `select lower(email) as email, name, role_id, start_date::text as start_date, manager_id, buddy_id from invitations where lower(email) = any($1) order by name`,
        [[a, b, c].map((e) => e.toLowerCase())],
      )) as unknown[];
      expect(rows).toEqual([
        { email: a.toLowerCase(), name: 'Ann', role_id: 1, start_date: null, manager_id: null, buddy_id: null },
        { email: b.toLowerCase(), name: 'Bo', role_id: 2, start_date: null, manager_id: null, buddy_id: null },
        { email: c.toLowerCase(), name: 'Cy', role_id: 3, start_date: '2030-01-01', manager_id: employee.id, buddy_id: admin.id },
      ]);
      for (const e of [a, b, c]) expect(await outbox(e)).toHaveLength(1);
      // Audited as the import, and each invitation as a single invite is: who invited whom, into what role.
      const audited = (await t.dataSource.query(
        `select a.actor_user_id, a.details from audit_log a join invitations i on a.target_type = 'invitation' and a.target_id = i.id::text
          where a.action = 'invitation.create' and lower(i.email) = any($1) order by a.details->>'role_id'`,
        [[a, b, c].map((e) => e.toLowerCase())],
      )) as unknown[];
      expect(audited).toEqual([
        { actor_user_id: admin.id, details: { email: a, role_id: 1, imported: true } },
        { actor_user_id: admin.id, details: { email: b, role_id: 2, imported: true } },
        { actor_user_id: admin.id, details: { email: c, role_id: 3, imported: true } },
      ]);
      // Importing the same file again: every address is now taken.
      const again = await importCsv(good).expect(400);
      expect(again.body.errors).toHaveLength(3);
    });

    it('an account registered while the file was checked gets its line refused, not an invitation', async () => {
      const [a, b] = [hire(), hire()];
      // An expired invitation of a: the import's transaction replaces it first, so holding its row
      // lock stops the import after its checks and before it writes.
      const old = await invite({ email: a, name: 'Old', role_id: 1 }).expect(201);
      await t.dataSource.query(`update invitations set expires_at = now() - interval '1 day' where id = $1`, [old.body.id]);
      const res = await whileLocked({
        hold: (other) => other.query('select 1 from invitations where id = $1 for update', [old.body.id]),
        start: () => importCsv([HEADER, `${a},Ann,Employee,,,`, `${b},Bo,Employee,,,`].join('\n')),
        waitingOn: '%set replaced_at = now()%',
        what: 'the import to wait on the lock of the expired invitation',
        // b registers in the meantime, committed with the lock's release.
        beforeCommit: (other) => other.query(`insert into users (name, email, password_hash, role_id) values ('Bo', $1, 'x', 1)`, [b]),
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'The file has errors; nothing was imported', errors: [{ line: 3, message: 'A user or a pending invitation already uses this email' }] });
      expect(await t.dataSource.query('select 1 from invitations where lower(email) = $1', [b.toLowerCase()])).toEqual([]);
      // Nothing was written: a's expired invitation was not replaced.
      const [kept] = (await t.dataSource.query('select replaced_at from invitations where id = $1', [old.body.id])) as Array<{ replaced_at: Date | null }>;
      expect(kept?.replaced_at).toBeNull();
      expect(await outbox(b)).toEqual([]);
    });

    it('a manager deactivated while the file was checked gets the line refused, not an invitation naming them', async () => {
      const [a, b] = [hire(), hire()];
      const leaving = await createUser(t.dataSource, { roleId: 1, name: 'Leaving Lead' });
      users.push(leaving.id);
      // The same stop as above, after the checks: an expired invitation of a whose row the import must lock.
      const old = await invite({ email: a, name: 'Old', role_id: 1 }).expect(201);
      await t.dataSource.query(`update invitations set expires_at = now() - interval '1 day' where id = $1`, [old.body.id]);
      const res = await whileLocked({
        hold: (other) => other.query('select 1 from invitations where id = $1 for update', [old.body.id]),
        start: () => importCsv([HEADER, `${a},Ann,Employee,,,`, `${b},Bo,Employee,,${leaving.email},`].join('\n')),
        waitingOn: '%set replaced_at = now()%',
        what: 'the import to wait on the lock of the expired invitation',
        beforeCommit: (other) => other.query('update users set is_active = false where id = $1', [leaving.id]),
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'The file has errors; nothing was imported', errors: [{ line: 3, message: 'The manager must be an active user' }] });
      expect(await t.dataSource.query('select 1 from invitations where lower(email) = $1', [b.toLowerCase()])).toEqual([]);
    });

    it('formula-looking cells are stored and mailed as the text they are', async () => {
      const email = hire();
      await importCsv(`${HEADER}\n${email},"=HYPERLINK(""http://evil.example"",""x"")",Employee,,,\n`).expect(201, { created: 1 });
      const [row] = (await t.dataSource.query('select name from invitations where lower(email) = lower($1)', [email])) as Array<{ name: string }>;
      expect(row?.name).toBe('=HYPERLINK("http://evil.example","x")');
      const [mail] = await outbox(email);
      expect(mail?.text).toContain('Hello =HYPERLINK("http://evil.example","x"),');
      expect(mail?.html).toContain('Hello =HYPERLINK(&quot;http://evil.example&quot;,&quot;x&quot;),');
    });

    it('the preview counts the valid lines per role, by name or number, so an administrator role shows before sending', async () => {
      const [a, b, c, d] = [hire(), hire(), hire(), hire()];
      const csv = [HEADER, `${a},Al,employee,,,`, `${b},Bea,4,,,`, `${c},Cy,1,,,`, `${d},Di,Ghost,,,`].join('\n');
      const res = await importCsv(csv, '?dry_run=true').expect(200);
      const [adminRole] = (await t.dataSource.query('select name from roles where id = $1', [ADMIN_ROLE_ID])) as Array<{ name: string }>;
      expect(res.body).toEqual({
        valid: 3,
        roles: [
          { role_id: 1, role_name: 'Employee', count: 2 },
          { role_id: ADMIN_ROLE_ID, role_name: adminRole?.name, count: 1 },
        ],
        errors: [{ line: 5, message: 'Unknown role: Ghost' }],
      });
    });

    it('file-level problems: wrong header, empty file, unreadable CSV, header only', async () => {
      await importCsv('email,name\nx@example.org,X', '?dry_run=true').expect(200, {
        valid: 0,
        roles: [],
        errors: [{ line: 1, message: 'The first line must be the header email,name,role,start_date,manager_email,buddy_email' }],
      });
      await importCsv('', '?dry_run=true').expect(200, { valid: 0, roles: [], errors: [{ line: 1, message: 'The file is empty' }] });
      await importCsv(`${HEADER}\n"unclosed,Name,1,,,\n`, '?dry_run=true').expect(200, {
        valid: 0,
        roles: [],
        errors: [{ line: 2, message: 'The file cannot be read as CSV: Quote Not Closed' }],
      });
      // A quote left open is reported where its record starts, not at the file's end.
      await importCsv(`${HEADER}\nok@example.org,A,1,,,\n\nbad@example.org,"Unclosed,1,,,\nc@example.org,C,1,,,\nd@example.org,D,1,,,\n`, '?dry_run=true').expect(200, {
        valid: 0,
        roles: [],
        errors: [{ line: 4, message: 'The file cannot be read as CSV: Quote Not Closed' }],
      });
      // Windows-1252 read as UTF-8: the line is named, not imported with a broken name.
      await importCsv(`${HEADER}\n${hire()},Jos\uFFFD Ruiz,Employee,,,\n${hire()},Ana,Employee,,,\n`, '?dry_run=true').expect(200, {
        valid: 1,
        roles: [{ role_id: 1, role_name: 'Employee', count: 1 }],
        errors: [{ line: 2, message: 'This line has characters that could not be read: save the file as "CSV UTF-8"' }],
      });
      await importCsv(`${HEADER}\n`).expect(400, { error: 'The file has errors; nothing was imported', errors: [{ line: 1, message: 'The file is empty' }] });
      await importCsv(HEADER, '?dry_run=maybe').expect(400, { error: 'dry_run must be true or false', details: ['dry_run must be true or false'] });
    });

    it('limits: 10,000 invitations, and 50,000 lines read at all, blank ones included', async () => {
      const line = (i: number) => `bulk-${i}@limits.example.org,Bulk ${i},Employee,,,`;
      // One line too many is named by its line; nothing past it is read.
      const tooMany = [HEADER, ...Array.from({ length: 10_001 }, (_, i) => line(i)), 'broken,"'].join('\n');
      await importCsv(tooMany, '?dry_run=true').expect(200, { valid: 0, roles: [], errors: [{ line: 10_002, message: 'A file can hold at most 10000 invitations' }] });
      // Rows a spreadsheet saves for formatted empty cells are blank lines, up to the row limit.
      const blankRows = [HEADER, line(0), ...Array.from({ length: 49_990 }, () => ',,,,,'), line(1)].join('\n');
      await importCsv(blankRows, '?dry_run=true').expect(200, { valid: 2, roles: [{ role_id: 1, role_name: 'Employee', count: 2 }], errors: [] });
      const tooManyRows = [HEADER, line(0), ...Array.from({ length: 60_000 }, () => ',,,,,'), line(1)].join('\n');
      await importCsv(tooManyRows, '?dry_run=true').expect(200, {
        valid: 0,
        roles: [],
        errors: [{ line: 50_001, message: 'A file can hold at most 50000 lines, blank ones included: delete the empty rows' }],
      });
    });

    it('415 for a body that is not text/csv; 401/403 for others', async () => {
      await asAdmin('post', '/api/admin/invitations/import').send({ csv: HEADER }).expect(415, { error: 'Send the file as Content-Type: text/csv' });
      await request(t.app).post('/api/admin/invitations/import').set('content-type', 'text/csv').send(HEADER).expect(401);
      await request(t.app).post('/api/admin/invitations/import').set(bearer(employeeToken)).set('content-type', 'text/csv').send(HEADER).expect(403);
      // Refused before the body is read: an oversized one is still a 401/403, not a 413.
      const big = `${HEADER}\n${'x'.repeat(6 * 1024 * 1024)}`;
      await request(t.app).post('/api/admin/invitations/import').set('content-type', 'text/csv').send(big).expect(401);
      await request(t.app).post('/api/admin/invitations/import').set(bearer(employeeToken)).set('content-type', 'text/csv').send(big).expect(403);
      await asAdmin('post', '/api/admin/invitations/import').set('content-type', 'text/csv').send(`${HEADER}\n${'x'.repeat(6 * 1024 * 1024)}`).expect(413);
    });
  });

  describe('GraphQL', () => {
    const FIELDS = 'id email name role_id role_name start_date manager_id buddy_id status expires_at created_at';

    it('inviteUser, invitations, resendInvitation, revokeInvitation', async () => {
      const email = hire();
      const created = await gql(t, `mutation($input: InvitationInput!) { inviteUser(input: $input) { ${FIELDS} } }`, { input: { email, name: 'Gia', role_id: 1, manager_id: employee.id } }, { token: adminToken }).expect(200);
      const invitation = created.body.data.inviteUser;
      expect(invitation).toMatchObject({ email, name: 'Gia', role_id: 1, role_name: 'Employee', start_date: null, manager_id: employee.id, buddy_id: null, status: 'pending' });

      const dup = await gql(t, `mutation($input: InvitationInput!) { inviteUser(input: $input) { id } }`, { input: { email, name: 'Gia', role_id: 1 } }, { token: adminToken }).expect(200);
      expect(dup.body.errors[0]).toMatchObject({ message: 'A user or a pending invitation already uses this email', extensions: { code: 'CONFLICT' } });

      const list = await gql(t, `{ invitations(status: "pending", limit: 100) { total page limit data { id status } } }`, {}, { token: adminToken }).expect(200);
      expect(list.body.data.invitations.data).toContainEqual({ id: invitation.id, status: 'pending' });

      const resent = await gql(t, `mutation($id: Int!) { resendInvitation(id: $id) { id status } }`, { id: invitation.id }, { token: adminToken }).expect(200);
      expect(resent.body.data.resendInvitation).toEqual({ id: invitation.id, status: 'pending' });
      const revoked = await gql(t, `mutation($id: Int!) { revokeInvitation(id: $id) }`, { id: invitation.id }, { token: adminToken }).expect(200);
      expect(revoked.body.data.revokeInvitation).toBe(true);

      const denied = await gql(t, `{ invitations { total } }`, {}, { token: employeeToken }).expect(200);
      expect(denied.body.errors[0].extensions.code).toBe('FORBIDDEN');
    });

    it('invitation(token) and acceptInvitation', async () => {
      const email = hire();
      await invite({ email, name: 'Quinn', role_id: 2 }).expect(201);
      const token = await linkToken(email);
      const ip = randomIp();
      const preview = await gql(t, `query($token: String!) { invitation(token: $token) { email name role_name } }`, { token }, { ip }).expect(200);
      expect(preview.body.data.invitation).toEqual({ email, name: 'Quinn', role_name: 'Manager' });
      const accepted = await gql(t, `mutation($token: String!, $password: String!) { acceptInvitation(token: $token, password: $password) { token user { email role_id } } }`, { token, password: 'Meadow-88-Quill' }, { ip }).expect(200);
      expect(accepted.body.data.acceptInvitation).toEqual({ token: expect.any(String), user: { email, role_id: 2 } });
      const again = await gql(t, `query($token: String!) { invitation(token: $token) { email } }`, { token }, { ip }).expect(200);
      expect(again.body.errors[0]).toMatchObject({ message: 'This invitation link is invalid or has expired', extensions: { code: 'NOT_FOUND' } });
    });

    it('importInvitations: dry run counts, an invalid file is BAD_USER_INPUT with extensions.errors', async () => {
      const [a, b] = [hire(), hire()];
      const csv = `email,name,role,start_date,manager_email,buddy_email\n${a},A,Employee,,,\n${b},B,Ghost,,,\n`;
      const dry = await gql(t, `mutation($csv: String!) { importInvitations(csv: $csv, dryRun: true) { valid roles { role_id role_name count } created errors { line message } } }`, { csv }, { token: adminToken }).expect(200);
      expect(dry.body.data.importInvitations).toEqual({ valid: 1, roles: [{ role_id: 1, role_name: 'Employee', count: 1 }], created: 0, errors: [{ line: 3, message: 'Unknown role: Ghost' }] });
      const real = await gql(t, `mutation($csv: String!) { importInvitations(csv: $csv) { created } }`, { csv }, { token: adminToken }).expect(200);
      expect(real.body.errors[0]).toMatchObject({
        message: 'The file has errors; nothing was imported',
        extensions: { code: 'BAD_USER_INPUT', errors: [{ line: 3, message: 'Unknown role: Ghost' }] },
      });
      const fixed = await gql(t, `mutation($csv: String!) { importInvitations(csv: $csv) { valid created errors { line } } }`, { csv: csv.replace('Ghost', 'Manager') }, { token: adminToken }).expect(200);
      expect(fixed.body.data.importInvitations).toEqual({ valid: 2, created: 2, errors: [] });
    });
  });
});
