import type { DataSource, EntityManager } from 'typeorm';

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

/**
 * `text` as a LIKE/ILIKE pattern that matches it literally anywhere: `%`, `_`
 * and the escape character itself are escaped (PostgreSQL's default LIKE
 * escape is the backslash), so a search for "100%" finds "100%", not "100".
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
