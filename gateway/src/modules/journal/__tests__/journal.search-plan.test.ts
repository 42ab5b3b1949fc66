import type { DataSource } from 'typeorm';
import { ADMIN_ROLE_ID } from '../../../shared/actor';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createUser, deleteUsers } from '../../../../test/auth';
import { JournalService } from '../journal.service';
import type { TaskDirectory } from '../task-directory';

/*
 * "Search stays fast with a million entries": the statements the service
 * really sends (captured, then EXPLAINed with their parameters) must reach
 * entries through the GIN index on search_vector, not by reading every row.
 * 20,000 entries of one author are enough for the planner to prefer the index
 * exactly as it would at a million.
 */

/** The entries here link no tasks; the checklist plays no part in the plan. */
const NO_TASKS: TaskDirectory = { titles: () => Promise.resolve(new Map()), linkable: () => Promise.resolve(new Set()), documents: () => Promise.resolve(new Map()) };
/** The service never reads the session: any id will do. */
const NO_SESSION = '00000000-0000-0000-0000-000000000000';

interface Captured {
  text: string;
  params: unknown[];
}

/** The data source as the service sees it, recording every statement. */
function recording(db: DataSource, into: Captured[]): DataSource {
  // A Proxy rather than a subclass: only `query` is observed; everything else is the real data source.
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'query') {
        return (text: string, params: unknown[] = []) => {
          into.push({ text, params });
          return target.query(text, params);
        };
      }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
}

describe('journal search plan', () => {
  let t: TestApp;
  let userId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    userId = (await createUser(t.dataSource)).id;
    await t.dataSource.query(
      `insert into journal_entries (user_id, title, content)
       select $1, 'Daily note ' || g, 'Routine work log number ' || g || ' about meetings, tickets and reviews.'
       from generate_series(1, 20000) g`,
      [userId],
    );
    await t.dataSource.query(`insert into journal_entries (user_id, title, content) values ($1, 'Rare', 'A quokka visited the office.')`, [userId]);
    await t.dataSource.query('analyze journal_entries');
  }, 120_000);
  afterAll(async () => {
    await deleteUsers(t.dataSource, [userId]);
    await t.close();
  });

  async function plansOf(q: string): Promise<string[]> {
    const captured: Captured[] = [];
    const service = new JournalService(recording(t.dataSource, captured), NO_TASKS);
    const page = await service.search({ kind: 'user', userId, roleId: 1, sessionId: NO_SESSION }, { q });
    expect(page.total).toBe(1);
    const statements = captured.filter((c) => c.text.includes('search_vector @@'));
    expect(statements.length).toBeGreaterThan(0);
    const plans: string[] = [];
    for (const { text, params } of statements) {
      const rows = (await t.dataSource.query(`explain ${text}`, params)) as Array<{ 'QUERY PLAN': string }>;
      plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
    return plans;
  }

  it.each(['quokka', 'quok', 'quokka office', '"quokka visited"'])('searching %s uses the full-text index', async (q) => {
    for (const plan of await plansOf(q)) {
      expect(plan).toMatch(/ix_journal_entries_search/);
      expect(plan).not.toMatch(/Seq Scan on journal_entries/);
    }
  });

  it('an administrator searching a shared journal uses it too', async () => {
    const captured: Captured[] = [];
    const service = new JournalService(recording(t.dataSource, captured), NO_TASKS);
    await service.search({ kind: 'user', userId: 1, roleId: ADMIN_ROLE_ID, sessionId: NO_SESSION }, { q: 'quokka', user_id: userId });
    const statement = captured.find((c) => c.text.includes('search_vector @@'));
    if (!statement) throw new Error('no search statement captured');
    const rows = (await t.dataSource.query(`explain ${statement.text}`, statement.params)) as Array<{ 'QUERY PLAN': string }>;
    expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/ix_journal_entries_search/);
  });
});
