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
