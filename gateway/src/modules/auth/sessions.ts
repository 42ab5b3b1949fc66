import type { DataSource, EntityManager } from 'typeorm';
import { requireUser, type Actor, type RequestMeta } from '../../shared/actor';
import type { Clock } from '../../shared/clock';
import { NotFoundError, UnauthenticatedError } from '../../shared/errors';
import { queryRows } from '../../shared/sql';
import { z } from '../../shared/validation';
import type { AuditService } from '../audit';
import type { UsersService } from '../users';
import { AUTH_MESSAGES as MESSAGES } from './auth.messages';
import type { SessionType } from './auth.types';
import { liveSessionSql, SessionStateReader, type SessionState } from './session-state';
import { TOKEN_TTL_SECONDS } from './tokens';

/** The stored user agent is cut to this many characters. */
export const USER_AGENT_MAX = 512;

const SessionId = z.uuid();

interface SessionRow {
  id: string;
  created_at: Date;
  last_seen_at: Date;
  user_agent: string | null;
  ip: string | null;
}

/**
 * Sessions per device (docs/product.md#sessions): the only code that touches
 * the sessions table. A sign-in starts a row and its token carries the row's
 * id; ending a session sets revoked_at. A session lives until it is ended,
 * idles out (no request for `idleMinutes`) or reaches its absolute lifetime
 * (the token lifetime after the sign-in), whichever comes first; "now" is the
 * injected clock.
 */
export class SessionService {
  private readonly reader: SessionStateReader;

  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly idleMinutes: number,
    private readonly users: Pick<UsersService, 'lockInOrder'>,
  ) {
    this.reader = new SessionStateReader(dataSource, { clock, idleMinutes });
  }

  /** The live session `sessionId` of `userId` (one batched read per request, session-state.ts), or null. */
  async current(userId: number, sessionId: string): Promise<SessionState | null> {
    const state = await this.reader.read(sessionId);
    return state?.userId === userId ? state : null;
  }

  /**
   * First step of a change a session makes to its own account (password, two-factor), in the change's
   * transaction: holds the user's row, so such changes of one account run one at a time (each ending the
   * others' sessions), then checks the caller's session is still live. A session ended while the request
   * checked the password (by a change that went first, or signed out elsewhere) must not make the change:
   * 401. The session row itself is not locked here: a revocation of several sessions at once (sign out
   * everywhere else) locks them without the user's row, and holding this one first could deadlock with
   * it. `renew` locks them all, after the change's other writes, and checks the caller's again.
   */
  async holdForChange(userId: number, sessionId: string, manager: EntityManager): Promise<void> {
    await this.users.lockInOrder([userId], manager);
    const [row] = await queryRows<{ live: boolean }>(
      manager,
      `select ${liveSessionSql('s', '$1', String(Number(this.idleMinutes)))} as live from sessions s where s.user_id = $2 and s.id = $3 and s.revoked_at is null`,
      [this.clock(), userId, sessionId],
    );
    if (!row?.live) throw new UnauthenticatedError();
  }

  /** A new session for a sign-in from `meta`; returns its id, for the token. */
  async start(userId: number, meta: RequestMeta, manager?: EntityManager): Promise<string> {
    const now = this.clock();
    const [row] = await queryRows<{ id: string }>(
      manager ?? this.dataSource,
      `insert into sessions (user_id, created_at, last_seen_at, expires_at, user_agent, ip) values ($1, $2, $2, $3, $4, $5) returning id`,
      [userId, now, new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000), meta.userAgent?.slice(0, USER_AGENT_MAX) ?? null, meta.ip],
    );
    if (!row) throw new Error('sessions insert returned no row');
    return row.id;
  }

  /** GET /auth/sessions, `mySessions`: the caller's live sessions, the most recently seen first. */
  async list(actor: Actor): Promise<SessionType[]> {
    const user = requireUser(actor);
    const now = this.clock();
    const rows = await queryRows<SessionRow>(
      this.dataSource,
      `select id, created_at, last_seen_at, user_agent, ip from sessions
        where user_id = $1 and ${liveSessionSql('sessions', '$2', '$3::int')}
        order by last_seen_at desc, created_at desc`,
      [user.userId, now, this.idleMinutes],
    );
    return rows.map((r) => ({
      id: r.id,
      created_at: r.created_at.toISOString(),
      last_seen_at: r.last_seen_at.toISOString(),
      user_agent: r.user_agent,
      ip: r.ip,
      current: r.id === user.sessionId,
    }));
  }

  /** DELETE /auth/sessions/{id}, `revokeSession`: ends one of the caller's sessions; any other id is 404. */
  async revoke(actor: Actor, rawId: unknown, meta: RequestMeta): Promise<void> {
    const user = requireUser(actor);
    const parsed = SessionId.safeParse(rawId);
    // A malformed id is simply not one of the caller's sessions.
    if (!parsed.success) throw new NotFoundError(MESSAGES.sessionNotFound);
    const ended = await this.endWhere(this.dataSource, 's.user_id = $2 and s.id = $3', [user.userId, parsed.data]);
    if (ended === 0) throw new NotFoundError(MESSAGES.sessionNotFound);
    await this.audit.record({ action: 'auth.session_revoke', actorUserId: user.userId, targetType: 'user', targetId: user.userId, ip: meta.ip, details: { session_id: parsed.data } });
  }

  /** POST /auth/sessions/revoke-others, `revokeOtherSessions`: "sign out everywhere else". Answers how many ended. */
  async revokeOthers(actor: Actor, meta: RequestMeta): Promise<number> {
    const user = requireUser(actor);
    // Queued behind a password or two-factor change (holdForChange takes the same account lock): a
    // session the change renewed meanwhile is seen and ended too; one that ended this session makes it a 401.
    const ended = await this.dataSource.transaction(async (manager) => {
      await this.holdForChange(user.userId, user.sessionId, manager);
      return this.endOthers(user.userId, user.sessionId, manager);
    });
    await this.audit.record({ action: 'auth.sessions_revoke_others', actorUserId: user.userId, targetType: 'user', targetId: user.userId, ip: meta.ip, details: { revoked: ended } });
    return ended;
  }

  /** Ends one session (sign-out). */
  async end(userId: number, sessionId: string, manager?: EntityManager): Promise<void> {
    await this.endWhere(manager ?? this.dataSource, 's.user_id = $2 and s.id = $3', [userId, sessionId]);
  }

  /**
   * A password or two-factor change: the caller's session goes on under a new id (same device, same
   * start and end), and every other session of the user ends, the old id included, so a copy of the
   * caller's token taken before the change dies with the rest. Call after holdForChange. Answers the
   * new id, for the token the caller carries on with.
   */
  async renew(userId: number, sessionId: string, manager: EntityManager): Promise<string> {
    // The user's open sessions, locked before the copy: a sign-out or revocation of the caller's that
    // committed after holdForChange's check is seen here (401, nothing changes); one that comes later
    // finds it ended. Copying first would revive a session its owner had just ended.
    const open = await queryRows<{ id: string; live: boolean }>(
      manager,
      `select s.id, ${liveSessionSql('s', '$1', String(Number(this.idleMinutes)))} as live
         from sessions s where s.user_id = $2 and s.revoked_at is null order by s.id for update`,
      [this.clock(), userId],
    );
    if (!open.some((s) => s.id === sessionId && s.live)) throw new UnauthenticatedError();
    const [row] = await queryRows<{ id: string }>(
      manager,
      `insert into sessions (user_id, created_at, last_seen_at, expires_at, user_agent, ip)
         select user_id, created_at, $3, expires_at, user_agent, ip from sessions where user_id = $1 and id = $2
       returning id`,
      [userId, sessionId, this.clock()],
    );
    if (!row) throw new UnauthenticatedError();
    await this.endOthers(userId, row.id, manager);
    return row.id;
  }

  /** Ends every session of the user but `keepSessionId` ("Sign out everywhere else"); answers how many. */
  endOthers(userId: number, keepSessionId: string, manager?: EntityManager): Promise<number> {
    return this.endWhere(manager ?? this.dataSource, 's.user_id = $2 and s.id <> $3', [userId, keepSessionId]);
  }

  /** Ends every session of the user (a password reset, deactivation, an administrator's 2FA reset). */
  endAll(userId: number, manager?: EntityManager): Promise<number> {
    return this.endWhere(manager ?? this.dataSource, 's.user_id = $2', [userId]);
  }

  /**
   * Deletes the rows of sessions that ended over a day ago, by expiry or
   * revocation (an idled-out one expires within 8 hours too), so the table
   * stays small. Nothing reads an ended row; the audit log keeps the history.
   */
  async prune(): Promise<void> {
    await this.dataSource.query(`delete from sessions where expires_at < $1::timestamptz - interval '1 day' or revoked_at < $1::timestamptz - interval '1 day'`, [this.clock()]);
  }

  /**
   * Sets revoked_at on the matching sessions not ended yet (an idle one too, so
   * a longer idle timeout later cannot revive it); answers how many of them
   * were live, as the caller's list showed them.
   */
  private async endWhere(db: DataSource | EntityManager, condition: string, params: unknown[]): Promise<number> {
    // Liveness is judged on the rows as they were, before revoked_at is set. Rows are locked in id
    // order, as renew locks them, so two changes to one user's sessions queue instead of deadlocking.
    const rows = await queryRows<{ live: boolean }>(
      db,
      `with ended as (
         select s.id, ${liveSessionSql('s', '$1', String(Number(this.idleMinutes)))} as live
           from sessions s where ${condition} and s.revoked_at is null order by s.id for update
       )
       update sessions set revoked_at = $1 from ended where sessions.id = ended.id returning ended.live`,
      [this.clock(), ...params],
    );
    return rows.filter((r) => r.live).length;
  }
}
