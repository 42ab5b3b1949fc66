import { testDatabaseUrl, withClient } from '../../../../test/database';
import { newHireSql } from '../users.sql';

/** Whether a user starting on `start` is a new hire on `today`, as PostgreSQL evaluates the rule. */
async function isNewHire(start: string, today: string): Promise<boolean> {
  return withClient(testDatabaseUrl(), async (client) => {
    const { rows } = await client.query(`select ${newHireSql('$1')} as value from (select $2::date as start_date) u`, [today, start]);
    return rows[0]?.value as boolean;
  });
}

describe('newHireSql: a start date within the last 30 days, today included (docs/product.md#admin)', () => {
  it.each([
    ['2025-03-10', true], // started today: the 1st day back
    ['2025-02-09', true], // the 30th day back
    ['2025-02-08', false], // the 31st day back
    ['2025-03-11', false], // starts tomorrow: not hired yet
    ['2024-03-10', false],
  ])('started %s, on 2025-03-10 → %s', async (start, expected) => {
    expect(await isNewHire(start, '2025-03-10')).toBe(expected);
  });

  it('counts back across a leap day', async () => {
    expect(await isNewHire('2024-02-01', '2024-03-01')).toBe(true); // the 30th day back, 2024-02-29 counted
    expect(await isNewHire('2024-01-31', '2024-03-01')).toBe(false); // the 31st
  });
});
