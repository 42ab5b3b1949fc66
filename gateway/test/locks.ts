import type { Client } from 'pg';
import { testDatabaseUrl, withClient } from './database';
import { waitFor } from './maildev';

/**
 * A race made deterministic: `hold` runs in an open transaction of a connection of its own, the
 * request `start`s while that transaction holds its locks, and once `waiters` backends (1 unless
 * given: several requests lined up to run together) wait, behind the hold, on a lock with a query
 * like `waitingOn` (a LIKE pattern), `beforeCommit` runs (in the same transaction) and it commits. Answers what the
 * request answered. `what` names the wait when it never comes.
 * `start` gets the hold's backend pid, for a request that must line up behind another (`waitersBehind`).
 */
export async function whileLocked<T>(options: {
  hold(client: Client): Promise<unknown>;
  start(holder: number): PromiseLike<T>;
  waitingOn: string;
  what: string;
  waiters?: number;
  beforeCommit?(client: Client): Promise<unknown>;
}): Promise<T> {
  return withClient(testDatabaseUrl(), async (client) => {
    await client.query('begin');
    try {
      await options.hold(client);
      const holder = ((await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0] as { pid: number }).pid;
      // Started at once (supertest sends on then()), settled later.
      const answer = Promise.resolve(options.start(holder));
      answer.catch(() => undefined);
      await waitFor(async () => (await waitersBehind(client, holder, options.waitingOn)) >= (options.waiters ?? 1), options.what);
      await options.beforeCommit?.(client);
      await client.query('commit');
      return await answer;
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    }
  });
}

/**
 * How many backends wait on a lock, with a query like `pattern`, behind `holder`: directly, or queued
 * behind another such waiter. Other jest workers share the server, so a bare count of waits could see theirs.
 */
export async function waitersBehind(db: Pick<Client, 'query'>, holder: number, pattern: string): Promise<number> {
  // Inside a transaction pg_stat_activity keeps its first snapshot: drop it to see the wait.
  await db.query('select pg_stat_clear_snapshot()');
  const { rows } = await db.query<{ n: number }>(
    `with recursive behind(pid) as (
       select pid from pg_stat_activity where $1::int = any(pg_blocking_pids(pid))
       union
       select a.pid from pg_stat_activity a join behind b on b.pid = any(pg_blocking_pids(a.pid))
     )
     select count(*)::int as n from pg_stat_activity where pid in (select pid from behind) and wait_event_type = 'Lock' and query like $2`,
    [holder, pattern],
  );
  return rows[0]?.n ?? 0;
}
