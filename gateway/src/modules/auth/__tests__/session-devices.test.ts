import type { Client } from 'pg';
import request from 'supertest';
import { newLinkToken } from '../../../shared/link-tokens';
import { AuditService } from '../../audit';
import { SessionService } from '../sessions';
import { UsersService } from '../../users';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { authTestApp, bearer, enableTwoFactor, gql, PROXY_ENV, randomIp, sessionFor, tokenFor, totp, type TestUser } from '../../../../test/auth';
import { waitersBehind, whileLocked } from '../../../../test/locks';
import { createMigratedScratchDatabase, testDatabaseUrl, withClient } from '../../../../test/database';
import { waitFor } from '../../../../test/maildev';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const MINUTE = 60_000;

/** A clock the test moves by hand; it starts at the real time. */
function manualClock(): { clock: () => Date; advance(ms: number): void } {
  let now = Date.now();
  return { clock: () => new Date(now), advance: (ms) => (now += ms) };
}

describe('sessions per device', () => {
  const suite = authTestApp();
  const person = (options: { roleId?: number } = {}): Promise<TestUser> => suite.user(options);

  /** Signs `user` in through the API from a device (user agent) and address; the token. */
  async function signIn(user: TestUser, userAgent = FIREFOX, ip = randomIp(), app: TestApp = suite.t): Promise<string> {
    const res = await request(app.app).post('/api/auth/login').set('x-forwarded-for', ip).set('user-agent', userAgent).send({ email: user.email, password: user.password }).expect(200);
    return (res.body as { token: string }).token;
  }

  const me = (token: string, app: TestApp = suite.t) => request(app.app).get('/api/auth/me').set(bearer(token));
  const list = (token: string) => request(suite.t.app).get('/api/auth/sessions').set(bearer(token));

  it('a session ended while its password change was under way does not change the password', async () => {
    const user = await person();
    const stolen = await signIn(user, PHONE);
    // The owner ends every session (a reset, another change) while the stolen one's change checks the password.
    const res = await whileLocked({
      hold: async (client) => {
        await client.query('select 1 from users where id = $1 for no key update', [user.id]);
        await client.query('update sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [user.id]);
      },
      start: () => request(suite.t.app).post('/api/auth/change-password').set(bearer(stolen)).send({ currentPassword: user.password, newPassword: 'Taken-over-2031' }),
      waitingOn: '%users%',
      what: "the change waiting on the owner's hold of the account",
    });
    expect(res.status).toBe(401);
    await request(suite.t.app).post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
  });

  it('a sign-out committing while a password change renews the session is not undone: 401, nothing changed', async () => {
    const user = await person();
    const here = await signIn(user);
    const id = ((await list(here).expect(200)).body as { data: Array<{ id: string; current: boolean }> }).data.find((s) => s.current)?.id;
    // The sign-out holds the session row when the change, past its checks, comes to renew it, and then commits.
    const res = await whileLocked({
      hold: (client) => client.query('select 1 from sessions where id = $1 for update', [id]),
      start: () =>
        request(suite.t.app).post('/api/auth/change-password').set(bearer(here)).set('x-forwarded-for', randomIp()).send({ currentPassword: user.password, newPassword: 'N3w-password-here' }),
      waitingOn: '%sessions%',
      what: "the change's renewal waiting on the sign-out's hold of the session",
      beforeCommit: (client) => client.query('update sessions set revoked_at = now() where id = $1', [id]),
    });
    expect(res.status).toBe(401);
    const [open] = (await suite.t.dataSource.query('select count(*)::int as n from sessions where user_id = $1 and revoked_at is null', [user.id])) as Array<{ n: number }>;
    expect(open?.n).toBe(0);
    await request(suite.t.app).post('/api/auth/login').set('x-forwarded-for', randomIp()).send({ email: user.email, password: user.password }).expect(200);
  });

  it('nor does it turn two-factor off', async () => {
    const user = await person();
    const ip = randomIp();
    const on = await enableTwoFactor(suite.t, await signIn(user, PHONE, ip), ip, user.password);
    const res = await whileLocked({
      hold: async (client) => {
        await client.query('select 1 from users where id = $1 for no key update', [user.id]);
        await client.query('update sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [user.id]);
      },
      start: () => request(suite.t.app).post('/api/auth/2fa/disable').set('x-forwarded-for', ip).set(bearer(on.token)).send({ password: user.password }),
      waitingOn: '%users%',
      what: "the change waiting on the owner's hold of the account",
    });
    expect(res.status).toBe(401);
    const [row] = (await suite.t.dataSource.query('select two_factor_enabled from users where id = $1', [user.id])) as Array<{ two_factor_enabled: boolean }>;
    expect(row?.two_factor_enabled).toBe(true);
  });

  it('nor does it turn two-factor on, or replace the backup codes', async () => {
    const endedMeanwhile = {
      hold: async (client: Client, userId: number) => {
        await client.query('select 1 from users where id = $1 for no key update', [userId]);
        await client.query('update sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [userId]);
      },
      waitingOn: '%users%',
      what: "the change waiting on the owner's hold of the account",
    };
    const user = await person();
    const ip = randomIp();
    const token = await signIn(user, PHONE, ip);
    const setup = await request(suite.t.app).post('/api/auth/2fa/setup').set('x-forwarded-for', ip).set(bearer(token)).expect(200);
    const enable = await whileLocked({
      ...endedMeanwhile,
      hold: (client) => endedMeanwhile.hold(client, user.id),
      start: async () => request(suite.t.app).post('/api/auth/2fa/enable').set('x-forwarded-for', ip).set(bearer(token)).send({ token: await totp((setup.body as { secret: string }).secret), password: user.password }),
    });
    expect(enable.status).toBe(401);
    const [off] = (await suite.t.dataSource.query('select two_factor_enabled from users where id = $1', [user.id])) as Array<{ two_factor_enabled: boolean }>;
    expect(off?.two_factor_enabled).toBe(false);

    const other = await person();
    const on = await enableTwoFactor(suite.t, await signIn(other, PHONE, ip), ip, other.password);
    const regenerate = await whileLocked({
      ...endedMeanwhile,
      hold: (client) => endedMeanwhile.hold(client, other.id),
      start: () => request(suite.t.app).post('/api/auth/2fa/backup-codes/regenerate').set('x-forwarded-for', ip).set(bearer(on.token)).send({ password: other.password }),
    });
    expect(regenerate.status).toBe(401);
    // The old codes still work: nothing was replaced.
    const step = await request(suite.t.app).post('/api/auth/login').set('x-forwarded-for', ip).send({ email: other.email, password: other.password }).expect(200);
    await request(suite.t.app)
      .post('/api/auth/2fa/verify-login')
      .set('x-forwarded-for', ip)
      .send({ email: other.email, token: on.backupCodes[0], isBackupCode: true, challengeId: (step.body as { challengeId: string }).challengeId })
      .expect(200);
  });

  /**
   * What a password change writes, in its order: the account's row held, the new hash, the open steps closed,
   * every session ended; committed once the sign-in waits on its hold of the account (its own statement).
   */
  const changePassword = (userId: number) => ({
    waitingOn: '%is_active and ($2::text is null%',
    what: "the sign-in waiting on the change's hold of the account",
    hold: (client: Client) => client.query('select 1 from users where id = $1 for no key update', [userId]),
    beforeCommit: async (client: Client) => {
      await client.query(`update users set password_hash = 'changed-meanwhile' where id = $1`, [userId]);
      await client.query('update login_challenges set consumed_at = now() where user_id = $1 and consumed_at is null', [userId]);
      await client.query('update sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [userId]);
    },
  });
  const liveSessions = async (userId: number) =>
    ((await suite.t.dataSource.query('select count(*)::int as n from sessions where user_id = $1 and revoked_at is null', [userId])) as Array<{ n: number }>)[0]?.n;

  it('a sign-in whose password was checked before a change committed gets no session', async () => {
    const user = await person();
    // The sign-in has verified the old password while the owner's change holds the account.
    const res = await whileLocked({
      ...changePassword(user.id),
      start: () => request(suite.t.app).post('/api/auth/login').set('x-forwarded-for', randomIp()).send({ email: user.email, password: user.password }),
    });
    expect(res.status).toBe(401);
    expect(await liveSessions(user.id)).toBe(0);
  });

  it('a sign-in whose password was checked before two-factor was turned on gets no session', async () => {
    const user = await person();
    // What turning two-factor on writes: the account held, two-factor on, the other sessions ended.
    const res = await whileLocked({
      ...changePassword(user.id),
      beforeCommit: async (client) => {
        await client.query('update users set two_factor_enabled = true where id = $1', [user.id]);
        await client.query('update sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [user.id]);
      },
      start: () => request(suite.t.app).post('/api/auth/login').set('x-forwarded-for', randomIp()).send({ email: user.email, password: user.password }),
    });
    expect(res.status).toBe(401);
    expect(await liveSessions(user.id)).toBe(0);
  });

  it('a password step whose two-factor was turned off meanwhile opens no second step', async () => {
    const user = await person();
    const ip = randomIp();
    await enableTwoFactor(suite.t, await signIn(user, PHONE, ip), ip, user.password);
    // What turning two-factor off (or an administrator's reset) writes: off, open steps closed, sessions ended.
    const res = await whileLocked({
      ...changePassword(user.id),
      beforeCommit: async (client) => {
        await client.query('update users set two_factor_enabled = false where id = $1', [user.id]);
        await client.query('update login_challenges set consumed_at = now() where user_id = $1 and consumed_at is null', [user.id]);
        await client.query('update sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [user.id]);
      },
      start: () => request(suite.t.app).post('/api/auth/login').set('x-forwarded-for', randomIp()).send({ email: user.email, password: user.password }),
    });
    expect(res.status).toBe(401);
    const open = (await suite.t.dataSource.query('select count(*)::int as n from login_challenges where user_id = $1 and consumed_at is null', [user.id])) as Array<{ n: number }>;
    expect(open[0]?.n).toBe(0);
    const [failure] = (await suite.t.dataSource.query(`select details from audit_log where action = 'auth.login_failure' and target_id = $1 order by id desc limit 1`, [String(user.id)])) as Array<{ details: { reason: string } }>;
    expect(failure?.details.reason).toBe('changed_meanwhile');
  });

  it("a two-factor user's password step during a change waits for it (no deadlock over the open steps), then 401", async () => {
    const user = await person();
    const ip = randomIp();
    await enableTwoFactor(suite.t, await signIn(user, PHONE, ip), ip, user.password);
    // An open step from another device: the new step closes it, as the change does.
    await request(suite.t.app).post('/api/auth/login').set('x-forwarded-for', ip).send({ email: user.email, password: user.password }).expect(200);
    const res = await whileLocked({
      ...changePassword(user.id),
      start: () => request(suite.t.app).post('/api/auth/login').set('x-forwarded-for', randomIp()).send({ email: user.email, password: user.password }),
    });
    expect(res.status).toBe(401);
    const open = (await suite.t.dataSource.query('select count(*)::int as n from login_challenges where user_id = $1 and consumed_at is null', [user.id])) as Array<{ n: number }>;
    expect(open[0]?.n).toBe(0);
  });

  it('nor does a second step whose password step came before the change', async () => {
    const user = await person();
    const ip = randomIp();
    const { backupCodes } = await enableTwoFactor(suite.t, await signIn(user, PHONE, ip), ip, user.password);
    const step = await request(suite.t.app).post('/api/auth/login').set('x-forwarded-for', ip).send({ email: user.email, password: user.password }).expect(200);
    const { challengeId } = step.body as { challengeId: string };
    await suite.t.dataSource.query('update sessions set revoked_at = now() where user_id = $1', [user.id]);
    // A backup code takes no lock on the account: the step reaches the session before the change commits.
    const res = await whileLocked({
      ...changePassword(user.id),
      start: () => request(suite.t.app).post('/api/auth/2fa/verify-login').set('x-forwarded-for', ip).send({ email: user.email, token: backupCodes[0], isBackupCode: true, challengeId }),
    });
    expect(res.status).toBe(401);
    expect(await liveSessions(user.id)).toBe(0);
  });

  it('nor does a second step whose backup code was spent just before new codes replaced it', async () => {
    const user = await person();
    const ip = randomIp();
    const on = await enableTwoFactor(suite.t, await signIn(user, PHONE, ip), ip, user.password);
    const step = await request(suite.t.app).post('/api/auth/login').set('x-forwarded-for', ip).send({ email: user.email, password: user.password }).expect(200);
    const { challengeId } = step.body as { challengeId: string };
    // Lined up behind a hold of the account: the regeneration first, then the second step (its code already spent).
    const [regenerate, verify] = await whileLocked({
      hold: (client) => client.query('select 1 from users where id = $1 for no key update', [user.id]),
      start: async (holder) => {
        const regenerating = request(suite.t.app).post('/api/auth/2fa/backup-codes/regenerate').set('x-forwarded-for', ip).set(bearer(on.token)).send({ password: user.password }).then((r) => r);
        await withClient(testDatabaseUrl(), (db) => waitFor(async () => (await waitersBehind(db, holder, '%for no key update%')) >= 1, 'the regeneration waiting on the hold'));
        const verifying = request(suite.t.app)
          .post('/api/auth/2fa/verify-login')
          .set('x-forwarded-for', ip)
          .send({ email: user.email, token: on.backupCodes[0], isBackupCode: true, challengeId })
          .then((r) => r);
        return Promise.all([regenerating, verifying]);
      },
      waitingOn: '%is_active and ($2::text is null%',
      what: 'the second step waiting behind the regeneration',
    });
    expect(regenerate.status).toBe(200);
    expect(verify.status).toBe(401);
    expect(await liveSessions(user.id)).toBe(1);
  });

  it('signing out on one device leaves the other signed in', async () => {
    const user = await person();
    const laptop = await signIn(user, FIREFOX);
    const phone = await signIn(user, PHONE);
    await request(suite.t.app).post('/api/auth/logout').set(bearer(laptop)).expect(200, { success: true });
    await me(laptop).expect(401);
    await me(phone).expect(200);
    // The same through GraphQL.
    const tablet = await signIn(user, PHONE);
    expect((await gql(suite.t, 'mutation { logout }', {}, { token: tablet })).body).toEqual({ data: { logout: true } });
    await me(tablet).expect(401);
    await me(phone).expect(200);
  });

  it('lists the active sessions: device, address, times, and which one is this', async () => {
    const user = await person();
    const laptopIp = randomIp();
    const laptop = await signIn(user, FIREFOX, laptopIp);
    const phone = await signIn(user, `${PHONE} ${'x'.repeat(600)}`);
    const ended = await signIn(user);
    await request(suite.t.app).post('/api/auth/logout').set(bearer(ended)).expect(200);
    // The laptop was seen last (moved back, so the phone's sign-in is the later one otherwise).
    await suite.t.dataSource.query(`update sessions set last_seen_at = last_seen_at - interval '5 minutes' where user_id = $1 and user_agent like 'Mozilla/5.0 (iPhone%'`, [user.id]);

    const res = await list(laptop).expect(200);
    const sessions = (res.body as { data: Array<Record<string, unknown>> }).data;
    expect(Object.keys(res.body as object)).toEqual(['data']);
    expect(sessions).toHaveLength(2);
    for (const s of sessions) expect(Object.keys(s).sort()).toEqual(['created_at', 'current', 'id', 'ip', 'last_seen_at', 'user_agent']);
    expect(sessions[0]).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), created_at: expect.any(String), last_seen_at: expect.any(String), user_agent: FIREFOX, ip: laptopIp, current: true });
    expect(sessions[1]).toMatchObject({ current: false });
    expect((sessions[1]?.user_agent as string).length).toBe(512);
    expect(new Date(sessions[0]?.created_at as string).toISOString()).toBe(sessions[0]?.created_at);

    const viaGql = await gql(suite.t, '{ mySessions { id createdAt lastSeenAt userAgent ip current } }', {}, { token: laptop });
    expect(viaGql.body.data.mySessions).toEqual(
      sessions.map((s) => ({ id: s.id, createdAt: s.created_at, lastSeenAt: s.last_seen_at, userAgent: s.user_agent, ip: s.ip, current: s.current })),
    );

    // The phone's request counts as activity (last seen over a minute ago), so it now leads, marked as current.
    const fromPhone = ((await list(phone).expect(200)).body as { data: Array<{ id: string; current: boolean }> }).data;
    expect(fromPhone.map((s) => [s.id, s.current])).toEqual([
      [sessions[1]?.id, true],
      [sessions[0]?.id, false],
    ]);
  });

  it('"sign out everywhere else" ends every other session and keeps this one', async () => {
    const user = await person();
    const [a, b, c] = [await signIn(user), await signIn(user, PHONE), await signIn(user)];
    await request(suite.t.app).post('/api/auth/sessions/revoke-others').set(bearer(a)).expect(200, { revoked: 2 });
    await me(a).expect(200);
    await me(b).expect(401);
    await me(c).expect(401);
    expect(((await list(a).expect(200)).body as { data: unknown[] }).data).toHaveLength(1);
    await request(suite.t.app).post('/api/auth/sessions/revoke-others').set(bearer(a)).expect(200, { revoked: 0 });

    const d = await signIn(user);
    expect((await gql(suite.t, 'mutation { revokeOtherSessions }', {}, { token: d })).body).toEqual({ data: { revokeOtherSessions: 1 } });
    await me(a).expect(401);
    await me(d).expect(200);
  });

  it('"sign out everywhere else" takes the sessions in id order, as a renewal does, so the two queue instead of deadlocking', async () => {
    const user = await person();
    const here = await signIn(user);
    // Three other sessions, written so that the table holds them in the opposite order to their ids.
    const ids = ['ffffffff-0000-4000-8000-000000000000', '88888888-0000-4000-8000-000000000000', '00000000-0000-4000-8000-000000000001'];
    for (const id of ids) {
      await suite.t.dataSource.query(
        `insert into sessions (id, user_id, created_at, last_seen_at, expires_at, user_agent, ip) values ($1, $2, now(), now(), now() + interval '1 hour', $3, '192.0.2.1')`,
        [id, user.id, PHONE],
      );
    }
    const [highest, middle, lowest] = ids;
    // A renewal holding the lowest id: "sign out everywhere else" must wait for it before locking any other row.
    const res = await whileLocked({
      hold: (client) => client.query('select 1 from sessions where id = $1 for update', [lowest]),
      start: () => request(suite.t.app).post('/api/auth/sessions/revoke-others').set(bearer(here)),
      waitingOn: '%sessions%',
      what: '"sign out everywhere else" waiting on the lowest id',
      // The renewal goes on to lock the others, as it does, in id order: nothing holds them yet.
      beforeCommit: (client) => client.query('select 1 from sessions where id = any($1::uuid[]) order by id for update nowait', [[middle, highest]]),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ revoked: 3 });
    await me(here).expect(200);
  });

  it('"sign out everywhere else" waits for a change renewing another device\'s session, then ends the renewed one too', async () => {
    const user = await person();
    const here = await signIn(user);
    const phone = await signIn(user, PHONE);
    const phoneId = ((await list(phone).expect(200)).body as { data: Array<{ id: string; current: boolean }> }).data.find((s) => s.current)?.id;
    let renewed = '';
    // The phone's password change, mid-way: it holds the account and has copied its session under a new id.
    const res = await whileLocked({
      hold: async (client) => {
        await client.query('select 1 from users where id = $1 for no key update', [user.id]);
        const { rows } = await client.query<{ id: string }>(
          `insert into sessions (user_id, created_at, last_seen_at, expires_at, user_agent, ip)
             select user_id, created_at, now(), expires_at, user_agent, ip from sessions where id = $1 returning id`,
          [phoneId],
        );
        renewed = rows[0]?.id ?? '';
        await client.query('update sessions set revoked_at = now() where id = $1', [phoneId]);
      },
      start: () => request(suite.t.app).post('/api/auth/sessions/revoke-others').set(bearer(here)),
      waitingOn: '%users%',
      what: '"sign out everywhere else" waiting on the change\'s hold of the account',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ revoked: 1 });
    const [row] = (await suite.t.dataSource.query('select revoked_at from sessions where id = $1', [renewed])) as Array<{ revoked_at: Date | null }>;
    expect(row?.revoked_at).not.toBeNull();
    await me(here).expect(200);
  });

  it('a request is answered at once while a sign-out or renewal holds its session row, and records its activity later', async () => {
    const user = await person();
    const token = await signIn(user);
    const id = ((await list(token).expect(200)).body as { data: Array<{ id: string; current: boolean }> }).data.find((s) => s.current)?.id;
    // Not seen for five minutes: this request is due to write last_seen_at.
    await suite.t.dataSource.query(`update sessions set last_seen_at = now() - interval '5 minutes' where id = $1`, [id]);
    const lastSeen = async () => ((await suite.t.dataSource.query('select last_seen_at from sessions where id = $1', [id])) as Array<{ last_seen_at: Date }>)[0]?.last_seen_at.getTime() ?? 0;
    const before = await lastSeen();
    await withClient(testDatabaseUrl(), async (client) => {
      await client.query('begin');
      try {
        await client.query('select 1 from sessions where id = $1 for update', [id]);
        // Answered while the row is held: the request neither waits for the change nor can deadlock with it.
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise((resolve) => (timer = setTimeout(() => resolve('still waiting after 5 s'), 5_000)));
        const answer = await Promise.race([me(token).then((r) => r.status), late]).finally(() => clearTimeout(timer));
        expect(answer).toBe(200);
      } finally {
        await client.query('rollback');
      }
    });
    // The write it skipped comes with the next request.
    expect(await lastSeen()).toBe(before);
    await me(token).expect(200);
    expect(await lastSeen()).toBeGreaterThan(before);
  });

  it("ends one session by id; another user's session, an ended one or a malformed id is 404", async () => {
    const user = await person();
    const other = await person({ roleId: 4 });
    const mine = await signIn(user);
    const phone = await signIn(user, PHONE);
    const theirs = await signIn(other);
    const ids = async (token: string) => ((await list(token).expect(200)).body as { data: Array<{ id: string; current: boolean }> }).data;
    const phoneId = (await ids(mine)).find((s) => !s.current)?.id as string;
    const theirId = (await ids(theirs))[0]?.id as string;

    await request(suite.t.app).delete(`/api/auth/sessions/${theirId}`).set(bearer(mine)).expect(404, { error: 'Session not found' });
    await me(theirs).expect(200);
    await request(suite.t.app).delete('/api/auth/sessions/not-a-session').set(bearer(mine)).expect(404, { error: 'Session not found' });
    await request(suite.t.app).delete('/api/auth/sessions/00000000-0000-4000-8000-000000000000').set(bearer(mine)).expect(404, { error: 'Session not found' });

    await request(suite.t.app).delete(`/api/auth/sessions/${phoneId}`).set(bearer(mine)).expect(204);
    await me(phone).expect(401);
    await me(mine).expect(200);
    await request(suite.t.app).delete(`/api/auth/sessions/${phoneId}`).set(bearer(mine)).expect(404, { error: 'Session not found' });

    const revoke = (id: string) => gql(suite.t, 'mutation ($id: String!) { revokeSession(id: $id) }', { id }, { token: mine });
    const refused = await revoke(theirId);
    expect(refused.body.errors[0]).toMatchObject({ message: 'Session not found', extensions: { code: 'NOT_FOUND' } });
    await me(theirs).expect(200);
    // Ending the caller's own session is a sign-out.
    const ownId = (await ids(mine)).find((s) => s.current)?.id as string;
    expect((await revoke(ownId)).body).toEqual({ data: { revokeSession: true } });
    await me(mine).expect(401);
  });

  it("a password change ends the other sessions and the caller's old token; the caller goes on with the new one, same device", async () => {
    const user = await person();
    const here = await signIn(user);
    const elsewhere = await signIn(user, PHONE);
    const before = ((await list(here).expect(200)).body as { data: Array<{ created_at: string; current: boolean }> }).data.find((s) => s.current);
    const res = await request(suite.t.app)
      .post('/api/auth/change-password')
      .set(bearer(here))
      .set('x-forwarded-for', randomIp())
      .send({ currentPassword: user.password, newPassword: 'N3w-password-here' })
      .expect(200);
    await me(elsewhere).expect(401);
    await me(here).expect(401);
    const renewed = (res.body as { token: string }).token;
    await me(renewed).expect(200);
    // The same device and start, under a new id: one session, this one.
    const after = ((await list(renewed).expect(200)).body as { data: Array<{ created_at: string; current: boolean }> }).data;
    expect(after).toEqual([expect.objectContaining({ current: true, created_at: before?.created_at })]);
  });

  it("turning two-factor on ends the other sessions and the caller's old token, and keeps the caller signed in", async () => {
    const user = await person();
    const here = await signIn(user);
    const elsewhere = await signIn(user, PHONE);
    const on = await enableTwoFactor(suite.t, here, randomIp(), user.password);
    await me(elsewhere).expect(401);
    await me(here).expect(401);
    await me(on.token).expect(200);
  });

  it('a password reset ends every session', async () => {
    const user = await person();
    const [a, b] = [await signIn(user), await signIn(user, PHONE)];
    const { token, hash } = newLinkToken();
    await suite.t.dataSource.query(`insert into password_resets (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 hour')`, [user.id, hash]);
    await request(suite.t.app).post('/api/auth/reset-password').set('x-forwarded-for', randomIp()).send({ token, password: 'Res3t-password' }).expect(200);
    await me(a).expect(401);
    await me(b).expect(401);
  });

  it('deactivation ends every session, and reactivation does not revive them', async () => {
    const admin = await person({ roleId: 4 });
    const adminToken = await tokenFor(suite.t.dataSource, admin.id);
    const user = await person();
    const [a, b] = [await signIn(user), await signIn(user, PHONE)];
    await request(suite.t.app).post(`/api/admin/users/${user.id}/deactivate`).set(bearer(adminToken)).expect(200);
    await me(a).expect(401);
    await request(suite.t.app).post(`/api/admin/users/${user.id}/reactivate`).set(bearer(adminToken)).expect(200);
    await me(a).expect(401);
    await me(b).expect(401);
    await me(await signIn(user)).expect(200);
  });

  it("an administrator's two-factor reset ends every session of the user", async () => {
    const admin = await person({ roleId: 4 });
    const adminToken = await tokenFor(suite.t.dataSource, admin.id);
    const user = await person();
    const ip = randomIp();
    const on = await enableTwoFactor(suite.t, await signIn(user, FIREFOX, ip), ip, user.password);
    await me(on.token).expect(200);
    await request(suite.t.app).post(`/api/admin/users/${user.id}/reset-2fa`).set(bearer(adminToken)).expect(200);
    await me(on.token).expect(401);
  });

  describe('with a clock the test moves', () => {
    let clocked: TestApp;
    const time = manualClock();

    beforeAll(async () => {
      clocked = await buildTestApp({ env: { ...PROXY_ENV, SESSION_IDLE_MINUTES: '30' }, clock: time.clock });
    });
    afterAll(async () => {
      await clocked.close();
    });

    const lastSeen = async (token: string): Promise<number> => {
      const sid = (JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as { sid: string }).sid;
      const rows = (await clocked.dataSource.query('select last_seen_at from sessions where id = $1', [sid])) as Array<{ last_seen_at: Date }>;
      return (rows[0] as { last_seen_at: Date }).last_seen_at.getTime();
    };

    it('a session idle past SESSION_IDLE_MINUTES answers 401; each request keeps it alive', async () => {
      const user = await person();
      const token = await signIn(user, FIREFOX, randomIp(), clocked);
      time.advance(29 * MINUTE);
      await me(token, clocked).expect(200);
      time.advance(29 * MINUTE);
      await me(token, clocked).expect(200);
      time.advance(30 * MINUTE + 1_000);
      const res = await me(token, clocked).expect(401);
      expect(res.body).toEqual({ error: 'Authentication required' });
    });

    it('writes last_seen_at at most once a minute per session', async () => {
      const user = await person();
      const token = await signIn(user, FIREFOX, randomIp(), clocked);
      const first = await lastSeen(token);
      time.advance(30_000);
      await me(token, clocked).expect(200);
      expect(await lastSeen(token)).toBe(first);
      time.advance(31_000);
      await me(token, clocked).expect(200);
      expect(await lastSeen(token)).toBe(first + 61_000);
    });

    it('a session ends 8 hours after its sign-in however active it is', async () => {
      const user = await person();
      const token = await signIn(user, FIREFOX, randomIp(), clocked);
      for (let elapsed = 0; elapsed < 8 * 60 - 25; elapsed += 25) {
        time.advance(25 * MINUTE);
        await me(token, clocked).expect(200);
      }
      time.advance(25 * MINUTE);
      await me(token, clocked).expect(401);
    });
  });

  it('prune deletes sessions that ended over a day ago, by expiry or revocation, and keeps the rest', async () => {
    // A database of its own: prune deletes every such row, and suites running beside this one keep
    // sessions that look long ended to the real clock (their app's clock is pinned in the past).
    const scratch = await createMigratedScratchDatabase('prune');
    try {
      const db = scratch.dataSource;
      const [{ id: userId }] = (await db.query(`insert into users (name, email, password_hash, role_id) values ('Pruned', 'pruned@example.org', 'x', 1) returning id`)) as [{ id: number }];
      const now = Date.now();
      const hoursAgo = (h: number) => new Date(now - h * 60 * MINUTE);
      // Sessions live 8 hours: signed in 33 hours ago means expired 25 hours ago, so pruned.
      await sessionFor(db, userId, hoursAgo(33));
      const expiredRecently = await sessionFor(db, userId, hoursAgo(9));
      const live = await sessionFor(db, userId);
      // Expired only 22 hours ago, but revoked 25 hours ago: pruned.
      const revokedLongAgo = await sessionFor(db, userId, hoursAgo(30));
      const revokedRecently = await sessionFor(db, userId, hoursAgo(2));
      await db.query(`update sessions set revoked_at = $2 where id = $1`, [revokedLongAgo, hoursAgo(25)]);
      await db.query(`update sessions set revoked_at = $2 where id = $1`, [revokedRecently, hoursAgo(1)]);

      await new SessionService(db, new AuditService(db), () => new Date(now), 120, new UsersService(db, async () => new Map(), async () => '2026-01-01')).prune();

      const rows = (await db.query(`select id from sessions where user_id = $1`, [userId])) as Array<{ id: string }>;
      expect(rows.map((r) => r.id).sort()).toEqual([expiredRecently, live, revokedRecently].sort());
    } finally {
      await scratch.close();
    }
  });
});
