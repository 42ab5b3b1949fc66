import type { DataSource } from 'typeorm';
import { createMigratedScratchDatabase } from '../../../test/database';
import { deleteOlderThan } from '../sql';

/* The batched prune on a real PostgreSQL: a database of its own, as it creates a table. */

jest.setTimeout(60_000);

describe('deleteOlderThan', () => {
  let db: { dataSource: DataSource; close(): Promise<void> };

  beforeAll(async () => {
    db = await createMigratedScratchDatabase('sql');
    await db.dataSource.query('create table prune_probe (id int primary key, at timestamptz)');
  });

  afterAll(() => db?.close());

  it('deletes every row before the cut-off, a batch a statement, and nothing at or after it or without a time', async () => {
    // 25 old rows (1–25), one exactly at the cut-off (26), 4 newer (27–30), 2 without a time (31, 32).
    await db.dataSource.query(
      `insert into prune_probe (id, at)
       select i, case when i <= 25 then timestamptz '2031-01-01 00:00+00' + make_interval(hours => i)
                      when i = 26 then timestamptz '2031-03-01 00:00+00'
                      when i <= 30 then timestamptz '2031-03-02 00:00+00' end
         from generate_series(1, 32) as i`,
    );
    const before = new Date('2031-03-01T00:00:00Z');
    expect(await deleteOlderThan(db.dataSource, 'prune_probe', 'at', before, 10)).toBe(25);
    const left = (await db.dataSource.query('select id from prune_probe order by id')) as Array<{ id: number }>;
    expect(left.map((r) => r.id)).toEqual([26, 27, 28, 29, 30, 31, 32]);
    // Caught up: the next prune deletes nothing.
    expect(await deleteOlderThan(db.dataSource, 'prune_probe', 'at', before, 10)).toBe(0);
  });
});
