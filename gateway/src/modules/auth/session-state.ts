import type { DataSource } from 'typeorm';
import type { Clock } from '../../shared/clock';
import { preparedRows } from '../../shared/sql';

/** What the auth middleware needs to know about a live session on every request. */
export interface SessionState {
  userId: number;
  roleId: number;
}

/** When a session stops counting as live; `now` comes from the injected clock. */
export interface SessionLiveness {
  clock: Clock;
  /** A session without a request for this long has ended (docs/product.md#session-expiry). */
  idleMinutes: number;
}

interface Waiter {
  resolve(state: SessionState | null): void;
  reject(err: unknown): void;
}

interface SessionRow {
  id: string;
  user_id: number;
  role_id: number;
}

/**
 * "Session `alias` is live at `now`": not ended, within its absolute lifetime
 * and not idle (`now` and `idleMinutes` are SQL expressions, usually placeholders).
 * The one statement of the rule, for the per-request read and the session list.
 */
export function liveSessionSql(alias: string, now: string, idleMinutes: string): string {
  return `(${alias}.revoked_at is null and ${alias}.expires_at > ${now} and ${alias}.last_seen_at > ${now}::timestamptz - make_interval(mins => ${idleMinutes}))`;
}

/** Ids per statement; a burst beyond it simply starts the next batch. */
export const SESSION_BATCH_MAX = 256;
/** last_seen_at is written at most this often per session (docs/decisions.md). */
export const LAST_SEEN_WRITE_EVERY_MS = 60_000;

/**
 * Reads session states from the database, batching the requests that ask in
 * the same event-loop turn into ONE indexed statement (sessions by primary
 * key, joined to their users for the account state and the current role).
 *
 * Every authenticated request needs this read, and on a busy gateway the
 * round trip, not the lookup, is what costs: several requests parsed in one
 * turn now share it. Nothing is cached: a batch is sent after every request
 * in it has arrived (at the end of the turn, via setImmediate) and its answer
 * serves only those requests. So each request still sees the database as it
 * is after its arrival, and a revocation (sign-out, deactivation, password or
 * 2FA change, demotion) committed before a request arrives always applies to
 * it, on every replica, exactly as with one query per request.
 *
 * The same statement moves last_seen_at on for a live session not seen for a
 * minute, so a session's activity costs one row write a minute, never a
 * second round trip.
 */
export class SessionStateReader {
  private pending: Map<string, Waiter[]> | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly liveness: SessionLiveness,
  ) {}

  /** The session's user and current role, or null when it is unknown, ended, idle, expired or its account inactive. */
  read(sessionId: string): Promise<SessionState | null> {
    return new Promise((resolve, reject) => {
      let batch = this.pending;
      if (!batch || batch.size >= SESSION_BATCH_MAX) {
        const fresh = new Map<string, Waiter[]>();
        this.pending = fresh;
        batch = fresh;
        // setImmediate, not a microtask: requests arriving on other sockets in this same
        // turn are parsed in later poll callbacks, after this one's microtasks have run.
        setImmediate(() => void this.flush(fresh));
      }
      const waiters = batch.get(sessionId);
      if (waiters) waiters.push({ resolve, reject });
      else batch.set(sessionId, [{ resolve, reject }]);
    });
  }

  private async flush(batch: Map<string, Waiter[]>): Promise<void> {
    if (this.pending === batch) this.pending = null;
    const now = this.liveness.clock();
    let states: Map<string, SessionState>;
    try {
      // One statement: the read, and the last_seen_at write of the sessions not seen for a minute.
      // The lock re-checks that condition on the row, so replicas racing on one session write it
      // once, and it commits with the statement, before the requests go on: the next request's
      // idle check sees it. A row another transaction holds (a sign-out, a renewal) is skipped, not
      // waited for: requests never queue behind a change to sessions, nor deadlock with one; the
      // write comes with the next request.
      const rows = await preparedRows<SessionRow>(
        this.dataSource,
        'embark_session_states',
        `with live as (
           select s.id, s.user_id, u.role_id
             from sessions s join users u on u.id = s.user_id
            where s.id = any($1::uuid[]) and u.is_active and ${liveSessionSql('s', '$2', '$3::int')}
         ), due as (
           select s.id from sessions s join live on live.id = s.id
            where s.last_seen_at <= $2::timestamptz - interval '${LAST_SEEN_WRITE_EVERY_MS / 1000} seconds'
            order by s.id for no key update of s skip locked
         ), touched as (
           update sessions set last_seen_at = $2 from due where sessions.id = due.id
         )
         select id, user_id, role_id from live`,
        [[...batch.keys()], now, this.liveness.idleMinutes],
      );
      states = new Map(rows.map((r) => [r.id, { userId: r.user_id, roleId: r.role_id }]));
    } catch (err) {
      // Every request of the batch fails as its own query would have (503 when the database is down).
      for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
      return;
    }
    for (const [id, waiters] of batch) {
      for (const w of waiters) {
        const state = states.get(id);
        // A copy each: two requests of one session must not share a mutable object.
        w.resolve(state ? { ...state } : null);
      }
    }
  }
}
