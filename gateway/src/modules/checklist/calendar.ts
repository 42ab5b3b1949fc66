import type { DataSource, EntityManager } from 'typeorm';
import { hotRows } from '../../shared/sql';
import { COMPANY_DAY_SQL } from './checklist.sql';

/** The company's day at an instant: its date and the time zone it was read in. */
export interface CompanyDay {
  /** YYYY-MM-DD in the company time zone. */
  today: string;
  /** The company's IANA time zone. */
  timeZone: string;
}

/**
 * The company's today at `now` (docs/product.md#overdue), decided in SQL from
 * the calendar's time zone, so every screen and every statement agree. Read
 * per request: a calendar change on any replica counts at once.
 */
export async function companyDay(db: DataSource | EntityManager, now: Date): Promise<CompanyDay> {
  const [row] = await hotRows<{ today: string; time_zone: string }>(db, 'embark_company_day', COMPANY_DAY_SQL, [now]);
  if (!row) throw new Error('company_settings has no row: the migrations create it');
  return { today: row.today, timeZone: row.time_zone };
}
