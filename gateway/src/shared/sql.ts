import { InstanceChecker, type DataSource, type EntityManager } from 'typeorm';

/**
 * The rows of a raw statement. TypeORM's postgres driver answers UPDATE and
 * DELETE with `[rows, rowCount]` but everything else with `rows`; services
 * using `... returning` should not have to care which.
 */
export async function queryRows<T>(db: DataSource | EntityManager, text: string, params: unknown[] = []): Promise<T[]> {
  const raw: unknown = await db.query(text, params);
  if (Array.isArray(raw) && raw.length === 2 && Array.isArray(raw[0]) && typeof raw[1] === 'number') return raw[0] as T[];
  return raw as T[];
}

/**
 * Deletes the rows of `table` whose `column` is before `before`, at most
 * `batch` a statement, until none is left; answers how many went. Each
 * statement stays short however much has piled up, so pruning never holds
 * locks or runs into the statement timeout. `table` and `column` are the
 * caller's constants, never input; `column` should have an index.
 */
export async function deleteOlderThan(db: DataSource | EntityManager, table: string, column: string, before: Date, batch = 10_000): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await queryRows<{ id: unknown }>(
      db,
      `delete from ${table} where ctid = any(array(select ctid from ${table} where ${column} < $1::timestamptz limit $2)) returning 1 as id`,
      [before, batch],
    );
    total += rows.length;
    if (rows.length < batch) return total;
  }
}

/**
 * Positional parameters for one statement built from fragments: `add` binds a
 * value and returns its placeholder, so user input only ever travels as a
 * bound parameter, never spliced into the SQL text.
 */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** `limit … offset …` of page `page` (counted from 1) of `limit` rows, both bound in `params`. */
export function pageWindow(params: SqlParams, paging: { page: number; limit: number }): string {
  return `limit ${params.add(paging.limit)} offset ${params.add((paging.page - 1) * paging.limit)}`;
}

/**
 * `text` as a LIKE/ILIKE pattern that matches it literally anywhere: `%`, `_`
 * and the escape character itself are escaped (PostgreSQL's default LIKE
 * escape is the backslash), so a search for "100%" finds "100%", not "100".
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The slice of pg's Pool that `preparedRows` uses (TypeORM types its pool as `any`). */
interface PgPool {
  query<R>(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: R[] }>;
}

/**
 * The rows of a hot, fixed read, run as a NAMED statement straight on the
 * data source's pg pool: PostgreSQL parses and plans it once per pooled
 * connection instead of on every request, and the call skips TypeORM's query
 * runner (acquire, broadcaster, result wrapping). For the few statements every
 * request runs (the session check, the checklist read). Same pool, same
 * timeouts, same error mapping (pg's own errors carry the SQLSTATE and the
 * connection messages db-errors.ts recognises), slow statements logged as
 * TypeORM would. `name` must be unique per `text`. Not for statements inside a
 * transaction (use the manager) and not behind a transaction-mode pooler such
 * as pgbouncer, which cannot keep named statements.
 */
export async function preparedRows<T>(dataSource: DataSource, name: string, text: string, values: unknown[]): Promise<T[]> {
  // Same message (and 503 mapping) as TypeORM gives a query on a closed data source.
  if (!dataSource.isInitialized) throw new Error('DataSource is not initialized');
  const pool = (dataSource.driver as unknown as { master: PgPool }).master;
  const started = Date.now();
  const { rows } = await pool.query<T>({ name, text, values });
  const ms = Date.now() - started;
  const slowMs = dataSource.options.maxQueryExecutionTime;
  if (slowMs && ms > slowMs) dataSource.logger.logQuerySlow(ms, text, values);
  return rows;
}

/**
 * A hot, fixed read wherever it runs: on the data source as a named statement (preparedRows); on a
 * manager (inside a transaction, which owns its connection) as a plain query.
 */
export function hotRows<T>(db: DataSource | EntityManager, name: string, text: string, values: unknown[]): Promise<T[]> {
  return InstanceChecker.isDataSource(db) ? preparedRows<T>(db, name, text, values) : queryRows<T>(db, text, values);
}
