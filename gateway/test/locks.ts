import type { Client } from 'pg';
import { testDatabaseUrl, withClient } from './database';
import { waitFor } from './maildev';

/**
 * A race made deterministic: `hold` runs in an open transaction of a connection of its own, the
 * request `start`s while that transaction holds its locks, and once `waiters` backends (1 unless
 * given: several requests lined up to run together) wait on a lock with a query like `waitingOn`
 * (a LIKE pattern), `beforeCommit` runs (in the same transaction) and it commits. Answers what the
 * request answered. `what` names the wait when it never comes.
 */
export async function whileLocked<T>(options: {
  hold(client: Client): Promise<unknown>;
  start(): PromiseLike<T>;
  waitingOn: string;
  what: string;
  waiters?: number;
  beforeCommit?(client: Client): Promise<unknown>;
}): Promise<T> {
  return withClient(testDatabaseUrl(), async (client) => {
    await client.query('begin');
    try {
      await options.hold(client);
      // Started at once (supertest sends on then()), settled later.
      const answer = Promise.resolve(options.start());
      answer.catch(() => undefined);
      await waitFor(async () => {
        // Inside a transaction pg_stat_activity keeps its first snapshot: drop it to see the wait.
        await client.query('select pg_stat_clear_snapshot()');
        const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like $1`, [options.waitingOn]);
        return (rows[0]?.n ?? 0) >= (options.waiters ?? 1);
      }, options.what);
      await options.beforeCommit?.(client);
      await client.query('commit');
      return await answer;
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    }
  });
}
