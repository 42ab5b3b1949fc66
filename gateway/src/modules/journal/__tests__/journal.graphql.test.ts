import { buildTestApp, expectNoStack, type TestApp } from '../../../../test/app';
import { gql } from '../../../../test/auth';
import { JOURNAL_MESSAGES as M } from '../journal.messages';
import { as, entry, makeTasks, person, removePeople, type Person, type Tasks } from './journal-fixtures';

/*
 * The GraphQL door of the journal: the same service as REST, so the same data,
 * rules and messages (BAD_USER_INPUT with the product's words, NOT_FOUND for
 * other people's entries, an administrator writing a shared one included).
 */

const ENTRY = 'id user_id title content preview visibility tags linked_task_ids linked_tasks { id title } linked_documents { id title url description document_class_name } taskContext { taskId taskTitle } created_at updated_at';

type GqlBody = { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: { code?: string; details?: string[] } }> };

describe('journal GraphQL', () => {
  let t: TestApp;
  let alice: Person;
  let bob: Person;
  let admin: Person;
  let tasks: Tasks;

  beforeAll(async () => {
    t = await buildTestApp();
    [alice, bob, admin] = await Promise.all([person(t.dataSource), person(t.dataSource), person(t.dataSource, 4)]);
    tasks = await makeTasks(t.dataSource);
  });
  afterAll(async () => {
    await removePeople(t.dataSource, [alice, bob, admin]);
    await tasks.remove();
    await t.close();
  });

  const run = async (who: Person, query: string, variables: Record<string, unknown> = {}): Promise<GqlBody> => (await gql(t, query, variables, { token: who.token })).body as GqlBody;
  const ok = async (who: Person, query: string, variables: Record<string, unknown> = {}): Promise<Record<string, unknown>> => {
    const body = await run(who, query, variables);
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data as Record<string, unknown>;
  };

  it('creates an entry (tags, linked tasks, task context) that REST reads back identically', async () => {
    const [a] = tasks.mine as [{ id: number; title: string }];
    const data = await ok(alice, `mutation ($input: JournalEntryInput!) { createJournalEntry(input: $input) { ${ENTRY} } }`, {
      input: { title: 'Via GraphQL', content: 'Hello', visibility: 'shared', tags: ['gql', 'GQL', 'api'], taskContext: { taskId: a.id } },
    });
    const created = data.createJournalEntry as Record<string, unknown>;
    expect(created).toMatchObject({ title: 'Via GraphQL', visibility: 'shared', tags: ['gql', 'api'], linked_task_ids: String(a.id), taskContext: { taskId: a.id, taskTitle: a.title }, linked_documents: [] });
    const rest = await as(t, alice).get(`/api/journal-entries/${created.id as number}`).expect(200);
    expect(created).toEqual(rest.body);
  });

  it('lists, searches, counts and tags exactly as REST does', async () => {
    await entry(t, alice, { title: 'Zebra crossing', content: 'Walk carefully', tags: ['safety'] });
    const list = await ok(alice, `{ journalEntries(filter: {sort: title, order: asc, limit: 50}) { total page limit data { ${ENTRY} } } }`);
    expect(list.journalEntries).toEqual((await as(t, alice).get('/api/journal-entries?sort=title&order=asc&limit=50').expect(200)).body);

    const search = await ok(alice, `{ searchJournalEntries(q: "zebra", filter: {tag: "SAFETY"}) { total data { ${ENTRY} } } }`);
    const restSearch = (await as(t, alice).get('/api/journal-entries/search?q=zebra&tag=SAFETY').expect(200)).body as { total: number; data: unknown[] };
    expect(search.searchJournalEntries).toEqual({ total: restSearch.total, data: restSearch.data });
    expect(restSearch.total).toBe(1);

    const stats = await ok(alice, '{ journalStats { total_entries recent_entries total_tags } }');
    expect(stats.journalStats).toEqual((await as(t, alice).get('/api/journal-entries/stats').expect(200)).body);

    const tags = await ok(alice, '{ tags { id name count } popularTags(limit: 2) { id name count } }');
    expect(tags.tags).toEqual((await as(t, alice).get('/api/tags').expect(200)).body);
    expect(tags.popularTags).toEqual((await as(t, alice).get('/api/tags/popular?limit=2').expect(200)).body);
  });

  it('refuses an update from a copy older than the entry: CONFLICT, as REST answers 409', async () => {
    const created = await entry(t, alice, { content: 'v1' });
    const update = 'mutation ($id: Int!, $input: JournalEntryInput!) { updateJournalEntry(id: $id, input: $input) { content updated_at } }';
    const saved = await ok(alice, update, { id: created.id, input: { content: 'first', updated_at: created.updated_at } });
    const stale = await run(alice, update, { id: created.id, input: { content: 'second', updated_at: created.updated_at } });
    expect(stale.errors?.[0]).toMatchObject({ message: 'This entry was changed elsewhere since you opened it. Copy your text, then reload the entry to see the changes.', extensions: { code: 'CONFLICT' } });
    const fresh = (saved.updateJournalEntry as { updated_at: string }).updated_at;
    expect((await ok(alice, update, { id: created.id, input: { content: 'second', updated_at: fresh } })).updateJournalEntry).toMatchObject({ content: 'second' });
  });

  it('updates and deletes the caller\'s own entry', async () => {
    const created = await entry(t, alice, { content: 'v1', tags: ['keep'] });
    const updated = await ok(alice, 'mutation ($id: Int!, $input: JournalEntryInput!) { updateJournalEntry(id: $id, input: $input) { content tags visibility } }', {
      id: created.id,
      input: { content: 'v2', visibility: 'shared' },
    });
    expect(updated.updateJournalEntry).toEqual({ content: 'v2', tags: ['keep'], visibility: 'shared' });
    expect((await ok(alice, 'mutation ($id: Int!) { deleteJournalEntry(id: $id) }', { id: created.id })).deleteJournalEntry).toBe(true);
    await as(t, alice).get(`/api/journal-entries/${created.id}`).expect(404);
  });

  it('answers validation errors as BAD_USER_INPUT with the spec words, joined with commas', async () => {
    const body = await run(alice, 'mutation ($input: JournalEntryInput!) { createJournalEntry(input: $input) { id } }', {
      input: { title: 't'.repeat(201), content: ' ', tags: ['x'.repeat(51)] },
    });
    const details = [M.titleTooLong, M.contentRequired, M.tagTooLong];
    expect(body.errors?.[0]).toMatchObject({ message: details.join(', '), extensions: { code: 'BAD_USER_INPUT', details } });
    expectNoStack(body);

    const tooLong = await run(alice, 'mutation ($input: JournalEntryInput!) { createJournalEntry(input: $input) { id } }', { input: { content: 'x'.repeat(10_001) } });
    expect(tooLong.errors?.[0]?.message).toBe(M.contentTooLong);

    const badFilter = await run(alice, '{ journalEntries(filter: {limit: 500}) { total } }');
    expect(badFilter.errors?.[0]).toMatchObject({ message: M.limitInvalid, extensions: { code: 'BAD_USER_INPUT' } });
    const badEnum = await run(alice, '{ journalEntries(filter: {sort: content}) { total } }');
    expect(badEnum.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('keeps entries private between users, and shared ones read-only for administrators', async () => {
    const priv = await entry(t, bob, { content: 'Bob private' });
    const shared = await entry(t, bob, { content: 'Bob shared', visibility: 'shared' });
    const read = 'query ($id: Int!) { journalEntry(id: $id) { id content } }';
    expect((await run(alice, read, { id: priv.id })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await run(alice, read, { id: shared.id })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await run(admin, read, { id: priv.id })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await ok(admin, read, { id: shared.id })).journalEntry).toEqual({ id: shared.id, content: 'Bob shared' });

    const update = 'mutation ($id: Int!) { updateJournalEntry(id: $id, input: {content: "hijack"}) { id } }';
    expect((await run(alice, update, { id: shared.id })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await run(admin, update, { id: shared.id })).errors?.[0]).toMatchObject({ message: M.notFound, extensions: { code: 'NOT_FOUND' } });
    const remove = 'mutation ($id: Int!) { deleteJournalEntry(id: $id) }';
    expect((await run(alice, remove, { id: priv.id })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await run(admin, remove, { id: shared.id })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await as(t, bob).get(`/api/journal-entries/${shared.id}`).expect(200)).body.content).toBe('Bob shared');

    const theirs = await ok(admin, 'query ($u: Int!) { journalEntries(filter: {userId: $u}) { data { id } } }', { u: bob.id });
    expect(theirs.journalEntries).toEqual({ data: [{ id: shared.id }] });
    expect((await run(alice, 'query ($u: Int!) { journalEntries(filter: {userId: $u}) { total } }', { u: bob.id })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('searches hostile text safely and never returns another user\'s private entry', async () => {
    await entry(t, bob, { content: 'bobsecretword private' });
    for (const q of ["bobsecretword' OR '1'='1", 'bobsecretword', '%', '\\', '"', '!(', 'bobsecretword:*']) {
      const data = await ok(alice, 'query ($q: String) { searchJournalEntries(q: $q) { data { user_id } } }', { q });
      const page = data.searchJournalEntries as { data: Array<{ user_id: number }> };
      expect(page.data.every((e) => e.user_id === alice.id)).toBe(true);
    }
  });
});
