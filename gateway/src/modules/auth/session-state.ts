import type { DataSource } from 'typeorm';
import { preparedRows } from '../../shared/sql';

/** What the auth middleware needs to know about an account on every request. */
export interface SessionState {
  roleId: number;
  isActive: boolean;
  tokenVersion: number;
}

interface Waiter {
  resolve(state: SessionState | null): void;
  reject(err: unknown): void;
}

/** Ids per statement; a burst beyond it simply starts the next batch. */
export const SESSION_BATCH_MAX = 256;

/**
 * Reads session states from the database, batching the requests that ask in
 * the same event-loop turn into ONE indexed statement (`id = any($1)`).
 *
 * Every authenticated request needs this read, and on a busy gateway the
 * round trip, not the lookup, is what costs: several requests parsed in one
 * turn now share it. Nothing is cached: a batch is sent after every request
 * in it has arrived (at the end of the turn, via setImmediate) and its answer
 * serves only those requests. So each request still sees the database as it
 * is after its arrival, and a revocation (logout, deactivation, password or 2FA
 * change, demotion) committed before a request arrives always applies to it,
 * on every replica, exactly as with one query per request.
 */
export class SessionStateReader {
  private pending: Map<number, Waiter[]> | null = null;

  constructor(private readonly dataSource: DataSource) {}

  read(userId: number): Promise<SessionState | null> {
    return new Promise((resolve, reject) => {
      let batch = this.pending;
      if (!batch || batch.size >= SESSION_BATCH_MAX) {
        const fresh = new Map<number, Waiter[]>();
        this.pending = fresh;
        batch = fresh;
        // setImmediate, not a microtask: requests arriving on other sockets in this same
        // turn are parsed in later poll callbacks, after this one's microtasks have run.
        setImmediate(() => void this.flush(fresh));
      }
      const waiters = batch.get(userId);
      if (waiters) waiters.push({ resolve, reject });
      else batch.set(userId, [{ resolve, reject }]);
    });
  }

  private async flush(batch: Map<number, Waiter[]>): Promise<void> {
    if (this.pending === batch) this.pending = null;
    let states: Map<number, SessionState>;
    try {
      const rows = await preparedRows<{ id: number; role_id: number; is_active: boolean; token_version: number }>(
        this.dataSource,
        'embark_session_states',
        `select id, role_id, is_active, token_version from users where id = any($1::int[])`,
        [[...batch.keys()]],
      );
      states = new Map(rows.map((r) => [r.id, { roleId: r.role_id, isActive: r.is_active, tokenVersion: r.token_version }]));
    } catch (err) {
      // Every request of the batch fails as its own query would have (503 when the database is down).
      for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
      return;
    }
    for (const [id, waiters] of batch) {
      for (const w of waiters) {
        const state = states.get(id);
        // A copy each: two requests of one user must not share a mutable object.
        w.resolve(state ? { ...state } : null);
      }
    }
  }
}
