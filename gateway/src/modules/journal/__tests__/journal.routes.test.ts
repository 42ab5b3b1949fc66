import request from 'supertest';
import { buildTestApp, expectNoStack, type TestApp } from '../../../../test/app';
import { whileLocked } from '../../../../test/locks';
import { JOURNAL_MESSAGES as M } from '../journal.messages';
import { as, backdate, entry, makeTasks, person, removePeople, type EntryJson, type PageJson, type Person, type Tasks } from './journal-fixtures';

/*
 * The REST door of the journal (docs/product.md#journal): every path, every
 * validation message, the shapes, and privacy between users and administrators.
 */

const ENTRY_KEYS = [
  'content',
  'created_at',
  'id',
  'linked_documents',
  'linked_task_ids',
  'linked_tasks',
  'preview',
  'tags',
  'taskContext',
  'title',
  'updated_at',
  'user_id',
  'visibility',
];

describe('journal REST', () => {
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

  describe('POST /api/journal-entries', () => {
    it('two saves adding the same new tags in different orders both land (no deadlock on the tag names)', async () => {
      const [first, second] = [`alpha-${Date.now()}`, `beta-${Date.now()}`];
      // Another save of the user's holds the first name, not yet committed; this save adds both in the other order.
      const res = await whileLocked({
        hold: (client) => client.query('insert into tags (user_id, name) values ($1, $2)', [alice.id, first]),
        start: () => as(t, alice).post('/api/journal-entries', { content: 'Tagged', tags: [second, first] }),
        waitingOn: '%tags%',
        what: "the save waiting on the other save's tag",
        beforeCommit: (client) => client.query('insert into tags (user_id, name) values ($1, $2) on conflict (user_id, lower(name)) do nothing', [alice.id, second]),
      });
      expect(res.status).toBe(201);
      expect((res.body as EntryJson).tags).toEqual([second, first]);
    });

    it('creates a private entry with the entry shape and defaults', async () => {
      const res = await as(t, alice).post('/api/journal-entries', { title: '  First week  ', content: 'I met the team.' }).expect(201);
      const body = res.body as EntryJson;
      expect(Object.keys(body).sort()).toEqual(ENTRY_KEYS);
      expect(body).toMatchObject({
        user_id: alice.id,
        title: 'First week',
        content: 'I met the team.',
        preview: 'I met the team.',
        visibility: 'private',
        tags: [],
        linked_task_ids: '',
        linked_tasks: [],
        linked_documents: [],
        taskContext: null,
      });
      expect(new Date(body.created_at).toISOString()).toBe(body.created_at);
      expect(body.updated_at).toBe(body.created_at);
    });

    it('accepts tags as an array or a comma string and always returns an array (trimmed, de-duplicated ignoring case, in order)', async () => {
      const fromString = await entry(t, alice, { content: 'Tags as text', tags: ' Onboarding, culture ,,ONBOARDING , first   week' });
      expect(fromString.tags).toEqual(['Onboarding', 'culture', 'first week']);
      const fromArray = await entry(t, alice, { content: 'Tags as a list', tags: ['Tools', 'tools', ' Git '] });
      expect(fromArray.tags).toEqual(['Tools', 'Git']);
    });

    it("reuses the user's existing spelling of a tag", async () => {
      const first = await entry(t, bob, { content: 'one', tags: ['Mentoring'] });
      const second = await entry(t, bob, { content: 'two', tags: 'mentoring, Feedback' });
      expect(first.tags).toEqual(['Mentoring']);
      expect(second.tags).toEqual(['Mentoring', 'Feedback']);
    });

    it('gives the first 150 characters as the preview, never splitting a character', async () => {
      const content = `${'🎉'.repeat(149)}ab${'c'.repeat(300)}`;
      const created = await entry(t, alice, { content });
      expect(Array.from(created.preview)).toHaveLength(150);
      expect(created.preview).toBe(`${'🎉'.repeat(149)}a`);
      expect(created.content).toBe(content);
    });

    it('accepts content of exactly 10,000 characters and a title of exactly 200', async () => {
      const created = await entry(t, alice, { title: 't'.repeat(200), content: 'x'.repeat(10_000) });
      expect(created.title).toHaveLength(200);
      expect(created.content).toHaveLength(10_000);
    });

    it('counts characters, not UTF-16 units: 10,000 emoji are allowed', async () => {
      const created = await entry(t, alice, { content: '😀'.repeat(10_000) });
      expect(Array.from(created.content)).toHaveLength(10_000);
    });

    it('links tasks of the checklist given as an array or a comma string, returned as a comma string with their titles', async () => {
      const [a, b] = tasks.mine as [{ id: number; title: string }, { id: number; title: string }];
      const fromArray = await entry(t, alice, { content: 'Linked', linked_task_ids: [b.id, a.id, b.id] });
      expect(fromArray.linked_task_ids).toBe(`${b.id},${a.id}`);
      expect(fromArray.linked_tasks).toEqual([b, a]);
      expect(fromArray.taskContext).toEqual({ taskId: b.id, taskTitle: b.title });
      const fromString = await entry(t, alice, { content: 'Linked', linked_task_ids: `${a.id}, ${b.id}` });
      expect(fromString.linked_task_ids).toBe(`${a.id},${b.id}`);
    });

    it("lists the linked tasks' documents once each, in task order (a reflection carries its task's documents)", async () => {
      const [a, b] = tasks.mine as [{ id: number; title: string }, { id: number; title: string }];
      const docs = (await t.dataSource.query(
        `insert into documents (title, description, url, document_class_id)
         select v.title, 'journal link test', v.url, (select id from document_classes where name = 'Training')
         from (values ('Journal doc A', 'https://example.com/a'), ('Journal doc B', 'https://example.com/b')) as v(title, url)
         returning id, title`,
      )) as Array<{ id: number; title: string }>;
      const [docA, docB] = docs as [{ id: number; title: string }, { id: number; title: string }];
      await t.dataSource.query('insert into checklist_item_documents (checklist_item_id, document_id) values ($1, $2), ($3, $2), ($3, $4)', [a.id, docA.id, b.id, docB.id]);
      try {
        const created = await entry(t, alice, { content: 'With documents', linked_task_ids: [b.id, a.id] });
        expect(created.linked_documents).toEqual([
          { id: docA.id, title: 'Journal doc A', url: 'https://example.com/a', description: 'journal link test', document_class_name: 'Training' },
          { id: docB.id, title: 'Journal doc B', url: 'https://example.com/b', description: 'journal link test', document_class_name: 'Training' },
        ]);
        const unlinked = await entry(t, alice, { content: 'No tasks' });
        expect(unlinked.linked_documents).toEqual([]);
      } finally {
        await t.dataSource.query('delete from documents where id = any($1::int[])', [[docA.id, docB.id]]);
      }
    });

    it("after the author changes role, an entry's linked documents are only those the new role sees", async () => {
      const carol = await person(t.dataSource);
      const [task] = tasks.mine as [{ id: number; title: string }];
      const docs = (await t.dataSource.query(
        `insert into documents (title, description, url, document_class_id)
         select v.title, 'journal role test', v.url, (select id from document_classes where name = 'Training')
         from (values ('Employees only', 'https://example.com/e'), ('Contractors too', 'https://example.com/c')) as v(title, url)
         returning id`,
      )) as Array<{ id: number }>;
      const [employeesOnly, contractorsToo] = docs.map((d) => d.id) as [number, number];
      try {
        const created = await entry(t, carol, { content: 'Before the move', linked_task_ids: [task.id], visibility: 'shared' });
        // Both linked to an employee task; only the second is given to contractors (role 3) as well.
        await t.dataSource.query('insert into checklist_item_documents (checklist_item_id, document_id) values ($1, $2), ($1, $3)', [task.id, employeesOnly, contractorsToo]);
        await t.dataSource.query('insert into document_roles (document_id, role_id) values ($1, 3)', [contractorsToo]);
        const titles = (body: EntryJson) => body.linked_documents.map((d) => d.title);
        expect(titles((await as(t, carol).get(`/api/journal-entries/${created.id}`).expect(200)).body as EntryJson)).toEqual(['Contractors too', 'Employees only']);

        await t.dataSource.query('update users set role_id = 3 where id = $1', [carol.id]);
        expect(titles((await as(t, carol).get(`/api/journal-entries/${created.id}`).expect(200)).body as EntryJson)).toEqual(['Contractors too']);
        const listed = (await as(t, carol).get('/api/journal-entries').expect(200)).body as PageJson;
        expect(listed.data.find((e) => e.id === created.id)?.linked_documents.map((d) => d.title)).toEqual(['Contractors too']);
        // Administrators see every document.
        expect(titles((await as(t, admin).get(`/api/journal-entries/${created.id}`).expect(200)).body as EntryJson)).toEqual(['Contractors too', 'Employees only']);
      } finally {
        await t.dataSource.query('delete from documents where id = any($1::int[])', [[employeesOnly, contractorsToo]]);
        await removePeople(t.dataSource, [carol]);
      }
    });

    it('takes taskContext.taskId as the first linked task (an entry written from a task)', async () => {
      const [a, b] = tasks.mine as [{ id: number; title: string }, { id: number; title: string }];
      const created = await entry(t, alice, { content: 'Reflection', taskContext: { taskId: a.id }, linked_task_ids: [b.id] });
      expect(created.linked_task_ids).toBe(`${a.id},${b.id}`);
      expect(created.taskContext).toEqual({ taskId: a.id, taskTitle: a.title });
    });

    it('an update naming only its taskContext adds that task first and keeps the links the entry has', async () => {
      const [a, b] = tasks.mine as [{ id: number; title: string }, { id: number; title: string }];
      const created = await entry(t, alice, { content: 'Reflection', linked_task_ids: [b.id] });
      const updated = (await as(t, alice).put(`/api/journal-entries/${created.id}`, { content: 'Reflection, later', taskContext: { taskId: a.id } }).expect(200)).body as EntryJson;
      expect(updated.linked_task_ids).toBe(`${a.id},${b.id}`);
      // Its context again: nothing doubles.
      const again = (await as(t, alice).put(`/api/journal-entries/${created.id}`, { content: 'Once more', taskContext: { taskId: b.id } }).expect(200)).body as EntryJson;
      expect(again.linked_task_ids).toBe(`${b.id},${a.id}`);
      // Already at the most links an entry holds: the context would be one more.
      const full = Array.from({ length: 50 }, (_, i) => 1_900_000_000 + i);
      await t.dataSource.query('update journal_entries set linked_task_ids = $2::int[] where id = $1', [created.id, full]);
      const res = await as(t, alice).put(`/api/journal-entries/${created.id}`, { content: 'One too many', taskContext: { taskId: a.id } }).expect(400);
      expect(res.body).toEqual({ error: M.tooManyLinkedTasks, details: [M.tooManyLinkedTasks] });
      const [row] = (await t.dataSource.query('select content from journal_entries where id = $1', [created.id])) as Array<{ content: string }>;
      expect(row?.content).toBe('Once more');
    });

    it("refuses to link another role's task or one that does not exist (its title would leak)", async () => {
      for (const ids of [[tasks.otherRole.id], [2_000_000_000]]) {
        const res = await as(t, alice).post('/api/journal-entries', { content: 'x', linked_task_ids: ids }).expect(400);
        expect(res.body).toEqual({ error: M.linkedTaskUnknown, details: [M.linkedTaskUnknown] });
      }
    });

    it('lets an administrator link any existing task', async () => {
      const created = await entry(t, admin, { content: 'Admin note', linked_task_ids: [tasks.otherRole.id] });
      expect(created.linked_tasks).toEqual([tasks.otherRole]);
    });

    it('keeps a link whose task was deleted, without a title', async () => {
      const [row] = (await t.dataSource.query(`insert into checklist_items (title, type, role_id) values ('Short-lived', 'form', 1) returning id`)) as Array<{ id: number }>;
      const id = (row as { id: number }).id;
      await t.dataSource.query(`insert into role_checklist_items (role_id, checklist_item_id) values (1, $1)`, [id]);
      const created = await entry(t, alice, { content: 'About a task', linked_task_ids: [id] });
      await t.dataSource.query(`delete from checklist_items where id = $1`, [id]);
      const res = await as(t, alice).get(`/api/journal-entries/${created.id}`).expect(200);
      expect(res.body).toMatchObject({ linked_task_ids: String(id), linked_tasks: [], taskContext: null });
    });

    it('drops NUL characters, which PostgreSQL text cannot hold', async () => {
      const created = await entry(t, alice, { title: 'a\u0000b', content: 'c\u0000d', tags: ['e\u0000f'] });
      expect(created).toMatchObject({ title: 'ab', content: 'cd', tags: ['ef'] });
    });
  });

  describe('validation (docs/product.md#validation)', () => {
    const cases: Array<[string, Record<string, unknown>, string[]]> = [
      ['content missing', { title: 'No content' }, [M.contentRequired]],
      ['content empty', { content: '' }, [M.contentRequired]],
      ['content only whitespace', { content: ' \n\t ' }, [M.contentRequired]],
      ['content not text', { content: 42 }, [M.contentRequired]],
      ['content over 10,000 characters', { content: 'x'.repeat(10_001) }, [M.contentTooLong]],
      ['title over 200 characters', { title: 't'.repeat(201), content: 'ok' }, [M.titleTooLong]],
      ['title not text', { title: ['x'], content: 'ok' }, [M.titleInvalid]],
      ['visibility unknown', { content: 'ok', visibility: 'public' }, [M.visibilityInvalid]],
      ['visibility not text', { content: 'ok', visibility: true }, [M.visibilityInvalid]],
      ['tags an object', { content: 'ok', tags: { a: 1 } }, [M.tagsInvalid]],
      ['tags a number', { content: 'ok', tags: 5 }, [M.tagsInvalid]],
      ['tags with a non-text item', { content: 'ok', tags: ['a', 1] }, [M.tagsInvalid]],
      ['a tag over 50 characters', { content: 'ok', tags: ['x'.repeat(51)] }, [M.tagTooLong]],
      ['more than 20 tags', { content: 'ok', tags: Array.from({ length: 21 }, (_, i) => `tag${i}`) }, [M.tooManyTags]],
      ['linked tasks not ids', { content: 'ok', linked_task_ids: ['abc'] }, [M.linkedTasksInvalid]],
      ['linked tasks an object', { content: 'ok', linked_task_ids: { id: 1 } }, [M.linkedTasksInvalid]],
      ['linked task id zero', { content: 'ok', linked_task_ids: '0' }, [M.linkedTasksInvalid]],
      ['taskContext without a task id', { content: 'ok', taskContext: { taskTitle: 'x' } }, [M.linkedTasksInvalid]],
      ['more than 50 linked tasks', { content: 'ok', linked_task_ids: Array.from({ length: 51 }, (_, i) => i + 1) }, [M.tooManyLinkedTasks]],
      [
        'several problems at once',
        { title: 't'.repeat(201), content: '', visibility: 'everyone', tags: 7 },
        [M.titleTooLong, M.contentRequired, M.visibilityInvalid, M.tagsInvalid],
      ],
    ];

    it('uses the spec words', () => {
      expect(M.contentRequired).toBe('Content is required');
      expect(M.contentTooLong).toBe('Content must be less than 10,000 characters');
      expect(M.titleTooLong).toBe('Title must be less than 200 characters');
    });

    it.each(cases)('POST: %s → 400 with the messages joined by commas', async (_name, body, details) => {
      const res = await as(t, alice).post('/api/journal-entries', body).expect(400);
      expect(res.body).toEqual({ error: details.join(', '), details });
    });

    it.each(cases)('PUT: %s → 400, entry unchanged', async (_name, body, details) => {
      const created = await entry(t, alice, { title: 'Before', content: 'Unchanged' });
      const res = await as(t, alice).put(`/api/journal-entries/${created.id}`, body).expect(400);
      expect(res.body).toEqual({ error: details.join(', '), details });
      const after = await as(t, alice).get(`/api/journal-entries/${created.id}`).expect(200);
      expect(after.body).toMatchObject({ title: 'Before', content: 'Unchanged' });
    });

    it('answers a malformed JSON body with 400', async () => {
      const res = await request(t.app).post('/api/journal-entries').set('authorization', `Bearer ${alice.token}`).set('content-type', 'application/json').send('{"content": ').expect(400);
      expect(res.body).toEqual({ error: 'Malformed JSON body' });
    });
  });

  describe('bodies over 1 MB', () => {
    const huge = { content: 'x'.repeat(1024 * 1024 + 10) };

    it('POST answers 413 with the error shape and stores nothing', async () => {
      const before = await as(t, alice).get('/api/journal-entries/stats').expect(200);
      const res = await as(t, alice).post('/api/journal-entries', huge).expect(413);
      expect(res.body).toEqual({ error: 'Request body too large' });
      expectNoStack(res.body);
      const after = await as(t, alice).get('/api/journal-entries/stats').expect(200);
      expect(after.body.total_entries).toBe(before.body.total_entries);
    });

    it('PUT answers 413 too', async () => {
      const created = await entry(t, alice, { content: 'Small' });
      await as(t, alice).put(`/api/journal-entries/${created.id}`, huge).expect(413);
    });

    it('a body just under 1 MB reaches validation (400, not 413)', async () => {
      const res = await as(t, alice).post('/api/journal-entries', { content: 'x'.repeat(1000 * 1000) }).expect(400);
      expect(res.body.details).toEqual([M.contentTooLong]);
    });
  });

  describe('GET /api/journal-entries/:id', () => {
    it("reads the caller's own entry", async () => {
      const created = await entry(t, alice, { content: 'Mine', visibility: 'private' });
      const res = await as(t, alice).get(`/api/journal-entries/${created.id}`).expect(200);
      expect(res.body).toEqual(created);
    });

    it("hides another user's entries, private or shared, as 404", async () => {
      const priv = await entry(t, bob, { content: 'Bob private' });
      const shared = await entry(t, bob, { content: 'Bob shared', visibility: 'shared' });
      for (const id of [priv.id, shared.id]) {
        const res = await as(t, alice).get(`/api/journal-entries/${id}`).expect(404);
        expect(res.body).toEqual({ error: M.notFound });
      }
    });

    it("lets an administrator read a shared entry but not a private one", async () => {
      const priv = await entry(t, bob, { content: 'Bob private' });
      const shared = await entry(t, bob, { content: 'Bob shared', visibility: 'shared' });
      const read = await as(t, admin).get(`/api/journal-entries/${shared.id}`).expect(200);
      expect(read.body).toMatchObject({ id: shared.id, user_id: bob.id, content: 'Bob shared' });
      await as(t, admin).get(`/api/journal-entries/${priv.id}`).expect(404);
    });

    it('answers 404 for an id that does not exist and 400 for one that is not an id', async () => {
      await as(t, alice).get('/api/journal-entries/2147483647').expect(404);
      for (const bad of ['abc', '0', '-1', '1.5', '99999999999', '1%20or%201=1']) {
        const res = await as(t, alice).get(`/api/journal-entries/${bad}`).expect(400);
        expect(res.body).toEqual({ error: M.invalidId, details: [M.invalidId] });
      }
    });

    it('answers 401 without a session', async () => {
      await request(t.app).get('/api/journal-entries/1').expect(401);
    });
  });

  describe('PUT /api/journal-entries/:id', () => {
    it('saves linking new tasks at once, as many as the pool has connections, all land (none waits on a second connection)', async () => {
      const [a] = tasks.mine as [{ id: number; title: string }];
      // The test app's pool has 2 connections: two saves line up behind a hold of their entries, then run together.
      const entries = [await entry(t, alice, { content: 'one' }), await entry(t, alice, { content: 'two' })];
      const answers = await whileLocked({
        hold: (client) => client.query('select id from journal_entries where id = any($1::int[]) for share', [entries.map((e) => e.id)]),
        start: () => Promise.all(entries.map((e) => as(t, alice).put(`/api/journal-entries/${e.id}`, { content: 'linked', linked_task_ids: [a.id] }))),
        waitingOn: '%journal_entries%',
        waiters: 2,
        what: 'both saves waiting on the hold',
      });
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      expect(answers.map((r) => (r.body as EntryJson).linked_task_ids)).toEqual([String(a.id), String(a.id)]);
    });

    it('replaces what is given and keeps what is left out', async () => {
      const [a] = tasks.mine as [{ id: number; title: string }];
      const created = await entry(t, alice, { title: 'Draft', content: 'v1', tags: ['one', 'two'], linked_task_ids: [a.id] });
      await new Promise((resolve) => setTimeout(resolve, 5));
      const res = await as(t, alice).put(`/api/journal-entries/${created.id}`, { content: 'v2', visibility: 'shared' }).expect(200);
      const body = res.body as EntryJson;
      expect(body).toMatchObject({ id: created.id, title: 'Draft', content: 'v2', visibility: 'shared', tags: ['one', 'two'], linked_task_ids: String(a.id) });
      expect(body.created_at).toBe(created.created_at);
      expect(Date.parse(body.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
    });

    it('with the updated_at it was read at: saves while unchanged, refuses (409, nothing changed) once another save came first', async () => {
      const created = await entry(t, alice, { content: 'v1' });
      // Tab A saves from the copy it read.
      const first = await as(t, alice).put(`/api/journal-entries/${created.id}`, { content: 'from tab A', updated_at: created.updated_at }).expect(200);
      // Tab B still holds the first copy: its save is refused, and tab A's text stays.
      const refused = await as(t, alice).put(`/api/journal-entries/${created.id}`, { content: 'from tab B', updated_at: created.updated_at }).expect(409);
      expect(refused.body).toEqual({ error: M.changedSince });
      expect((await as(t, alice).get(`/api/journal-entries/${created.id}`).expect(200)).body.content).toBe('from tab A');
      // From the newer copy it saves.
      await as(t, alice).put(`/api/journal-entries/${created.id}`, { content: 'from tab B, after reading A', updated_at: (first.body as EntryJson).updated_at }).expect(200);
      // Not a date-time: 400. Left out: the last save wins, as before.
      await as(t, alice).put(`/api/journal-entries/${created.id}`, { content: 'x', updated_at: 'yesterday' }).expect(400, { error: M.updatedAtInvalid, details: [M.updatedAtInvalid] });
      await as(t, alice).put(`/api/journal-entries/${created.id}`, { content: 'no check' }).expect(200);
    });

    it('replaces the tags, and [] clears them', async () => {
      const created = await entry(t, alice, { content: 'tags', tags: ['alpha', 'beta'] });
      const replaced = await as(t, alice).put(`/api/journal-entries/${created.id}`, { content: 'tags', tags: 'gamma, Alpha' }).expect(200);
      expect(replaced.body.tags).toEqual(['gamma', 'alpha']);
      const cleared = await as(t, alice).put(`/api/journal-entries/${created.id}`, { content: 'tags', tags: [] }).expect(200);
      expect(cleared.body.tags).toEqual([]);
    });

    it('keeps existing links valid even if the task is no longer linkable, but refuses new foreign ones', async () => {
      const created = await entry(t, admin, { content: 'Admin link', linked_task_ids: [tasks.otherRole.id] });
      // Demote the administrator: the old link stays editable, a new foreign link does not.
      await t.dataSource.query('update users set role_id = 1 where id = $1', [admin.id]);
      try {
        await as(t, admin).put(`/api/journal-entries/${created.id}`, { content: 'Still fine', linked_task_ids: [tasks.otherRole.id] }).expect(200);
        const [row] = (await t.dataSource.query(`insert into checklist_items (title, type, role_id) values ('Role 2 only', 'form', 2) returning id`)) as Array<{ id: number }>;
        const foreign = (row as { id: number }).id;
        await t.dataSource.query(`insert into role_checklist_items (role_id, checklist_item_id) values (2, $1)`, [foreign]);
        try {
          const res = await as(t, admin).put(`/api/journal-entries/${created.id}`, { content: 'x', linked_task_ids: [tasks.otherRole.id, foreign] }).expect(400);
          expect(res.body.details).toEqual([M.linkedTaskUnknown]);
        } finally {
          await t.dataSource.query('delete from checklist_items where id = $1', [foreign]);
        }
      } finally {
        await t.dataSource.query('update users set role_id = 4 where id = $1', [admin.id]);
      }
    });

    it("answers 404 for another user's entry and leaves it alone", async () => {
      const theirs = await entry(t, bob, { content: 'Bob wrote this', visibility: 'shared' });
      await as(t, alice).put(`/api/journal-entries/${theirs.id}`, { content: 'Hijacked' }).expect(404);
      const res = await as(t, bob).get(`/api/journal-entries/${theirs.id}`).expect(200);
      expect(res.body.content).toBe('Bob wrote this');
    });

    it('lets an administrator read a shared entry but not change it (404, like any entry that is not yours)', async () => {
      const shared = await entry(t, bob, { content: 'Shared with HR', visibility: 'shared' });
      const priv = await entry(t, bob, { content: 'Private' });
      await as(t, admin).get(`/api/journal-entries/${shared.id}`).expect(200);
      const res = await as(t, admin).put(`/api/journal-entries/${shared.id}`, { content: 'Edited by admin' }).expect(404);
      expect(res.body).toEqual({ error: M.notFound });
      await as(t, admin).put(`/api/journal-entries/${priv.id}`, { content: 'Edited by admin' }).expect(404);
      const after = await as(t, bob).get(`/api/journal-entries/${shared.id}`).expect(200);
      expect(after.body.content).toBe('Shared with HR');
    });

    it('answers 404 for a missing entry and 400 for a bad id', async () => {
      await as(t, alice).put('/api/journal-entries/2147483647', { content: 'x' }).expect(404);
      await as(t, alice).put('/api/journal-entries/abc', { content: 'x' }).expect(400);
    });
  });

  describe('DELETE /api/journal-entries/:id', () => {
    it('deletes the entry and its tag links; the answer is {success: true}', async () => {
      const created = await entry(t, alice, { content: 'Temporary', tags: ['ephemeral-tag'] });
      const res = await as(t, alice).delete(`/api/journal-entries/${created.id}`).expect(200);
      expect(res.body).toEqual({ success: true });
      await as(t, alice).get(`/api/journal-entries/${created.id}`).expect(404);
      await as(t, alice).delete(`/api/journal-entries/${created.id}`).expect(404);
      const tags = await as(t, alice).get('/api/tags').expect(200);
      expect((tags.body as Array<{ name: string }>).map((x) => x.name)).not.toContain('ephemeral-tag');
    });

    it("answers 404 for another user's entry, an administrator's attempt on a shared one included; nothing is deleted", async () => {
      const shared = await entry(t, bob, { content: 'Keep me', visibility: 'shared' });
      const priv = await entry(t, bob, { content: 'Keep me too' });
      await as(t, alice).delete(`/api/journal-entries/${shared.id}`).expect(404);
      await as(t, alice).delete(`/api/journal-entries/${priv.id}`).expect(404);
      await as(t, admin).delete(`/api/journal-entries/${shared.id}`).expect(404);
      await as(t, admin).delete(`/api/journal-entries/${priv.id}`).expect(404);
      await as(t, bob).get(`/api/journal-entries/${shared.id}`).expect(200);
      await as(t, bob).get(`/api/journal-entries/${priv.id}`).expect(200);
    });

    it('answers 400 for a bad id', async () => {
      await as(t, alice).delete('/api/journal-entries/0').expect(400);
    });
  });

  describe('GET /api/journal-entries (list)', () => {
    let carol: Person;
    let ids: Record<string, number>;

    beforeAll(async () => {
      carol = await person(t.dataSource);
      const make = async (key: string, body: Record<string, unknown>, daysAgo: number) => {
        const created = await entry(t, carol, body);
        await backdate(t.dataSource, created.id, daysAgo);
        return [key, created.id] as const;
      };
      ids = Object.fromEntries([
        await make('today', { title: 'banana', content: 'today', tags: ['Work'] }, 0),
        await make('threeDays', { title: 'Apple', content: '3 days', visibility: 'shared', tags: ['work', 'people'] }, 3),
        await make('twoWeeks', { title: 'cherry', content: '2 weeks', tags: ['People'] }, 14),
        await make('twoMonths', { title: 'date', content: '2 months', visibility: 'shared' }, 60),
        await make('twoYears', { title: 'elder', content: '2 years' }, 800),
      ]);
      // Most recently edited: the oldest one.
      await t.dataSource.query('update journal_entries set updated_at = now() + interval \'1 minute\' where id = $1', [ids.twoYears]);
    });
    afterAll(() => removePeople(t.dataSource, [carol]));

    const list = async (query = '') => (await as(t, carol).get(`/api/journal-entries${query}`).expect(200)).body as PageJson;
    const order = (page: PageJson) => page.data.map((e) => Object.entries(ids).find(([, id]) => id === e.id)?.[0]);

    it('answers {data, total, page, limit}, newest first by default', async () => {
      const page = await list();
      expect(Object.keys(page).sort()).toEqual(['data', 'limit', 'page', 'total']);
      expect(page).toMatchObject({ total: 5, page: 1, limit: 20 });
      expect(order(page)).toEqual(['today', 'threeDays', 'twoWeeks', 'twoMonths', 'twoYears']);
      expect(Object.keys(page.data[0] as object).sort()).toEqual(ENTRY_KEYS);
    });

    it('sorts by created_at, updated_at or title, ascending or descending', async () => {
      expect(order(await list('?order=asc'))).toEqual(['twoYears', 'twoMonths', 'twoWeeks', 'threeDays', 'today']);
      expect(order(await list('?sort=title&order=asc'))).toEqual(['threeDays', 'today', 'twoWeeks', 'twoMonths', 'twoYears']);
      expect(order(await list('?sort=title'))).toEqual(['twoYears', 'twoMonths', 'twoWeeks', 'today', 'threeDays']);
      expect(order(await list('?sort=updated_at'))[0]).toBe('twoYears');
    });

    it('filters by visibility', async () => {
      expect(order(await list('?visibility=shared'))).toEqual(['threeDays', 'twoMonths']);
      expect(order(await list('?visibility=private'))).toEqual(['today', 'twoWeeks', 'twoYears']);
      expect((await list('?visibility=all')).total).toBe(5);
    });

    it('filters by date range: week, month, year', async () => {
      expect(order(await list('?dateRange=week'))).toEqual(['today', 'threeDays']);
      expect(order(await list('?dateRange=month'))).toEqual(['today', 'threeDays', 'twoWeeks']);
      expect(order(await list('?dateRange=year'))).toEqual(['today', 'threeDays', 'twoWeeks', 'twoMonths']);
    });

    it('filters by tag, ignoring case, combined with the other filters', async () => {
      expect(order(await list('?tag=WORK'))).toEqual(['today', 'threeDays']);
      expect(order(await list('?tag=people&visibility=private'))).toEqual(['twoWeeks']);
      expect((await list('?tag=nothing-like-this')).total).toBe(0);
      // LIKE wildcards are plain characters here.
      expect((await list('?tag=%25')).total).toBe(0);
      expect((await list('?tag=_ork')).total).toBe(0);
    });

    it('treats blank parameters as not given', async () => {
      expect((await list('?visibility=&dateRange=&tag=&sort=&order=&page=&limit=')).total).toBe(5);
    });

    it('paginates with page and limit; total counts every page', async () => {
      const first = await list('?limit=2');
      const third = await list('?limit=2&page=3');
      const beyond = await list('?limit=2&page=4');
      expect([first.total, first.data.length, third.data.length, beyond.data.length]).toEqual([5, 2, 1, 0]);
      expect(order(third)).toEqual(['twoYears']);
      expect((await list('?limit=100')).data).toHaveLength(5);
    });

    it.each([
      ['?visibility=public', M.visibilityFilterInvalid],
      ['?dateRange=decade', M.dateRangeInvalid],
      ['?sort=content', M.sortInvalid],
      ['?sort=created_at%3B%20drop%20table%20users', M.sortInvalid],
      ['?order=sideways', M.orderInvalid],
      ['?page=0', M.pageInvalid],
      ['?page=-1', M.pageInvalid],
      ['?page=1.5', M.pageInvalid],
      ['?limit=0', M.limitInvalid],
      ['?limit=101', M.limitInvalid],
      ['?limit=ten', M.limitInvalid],
      ['?tag=a&tag=b', M.tagFilterInvalid],
      [`?tag=${'x'.repeat(51)}`, M.tagFilterInvalid],
      ['?visibility=all&visibility=shared', M.visibilityFilterInvalid],
    ])('%s → 400', async (query, message) => {
      const res = await as(t, carol).get(`/api/journal-entries${query}`).expect(400);
      expect(res.body).toEqual({ error: message, details: [message] });
    });

    it('lists several bad parameters together', async () => {
      const res = await as(t, carol).get('/api/journal-entries?sort=x&limit=0').expect(400);
      expect(res.body.details).toEqual([M.sortInvalid, M.limitInvalid]);
    });

    it("never lists another user's entries", async () => {
      const page = await list('?limit=100');
      expect(page.data.every((e) => e.user_id === carol.id)).toBe(true);
      const alicePage = (await as(t, alice).get('/api/journal-entries?limit=100').expect(200)).body as PageJson;
      expect(alicePage.data.some((e) => Object.values(ids).includes(e.id))).toBe(false);
    });

    it("lets an administrator list a user's shared entries only (user_id), never the private ones", async () => {
      const page = (await as(t, admin).get(`/api/journal-entries?user_id=${carol.id}`).expect(200)).body as PageJson;
      expect(order(page)).toEqual(['threeDays', 'twoMonths']);
      expect((await as(t, admin).get(`/api/journal-entries?user_id=${carol.id}&visibility=private`).expect(200)).body.total).toBe(0);
      expect((await as(t, admin).get(`/api/journal-entries?user_id=${carol.id}&tag=people`).expect(200)).body.total).toBe(1);
    });

    it('answers 404 to a non-administrator asking for another journal, and treats their own id as no filter', async () => {
      const res = await as(t, alice).get(`/api/journal-entries?user_id=${carol.id}`).expect(404);
      expect(res.body).toEqual({ error: M.journalNotFound });
      expect((await as(t, carol).get(`/api/journal-entries?user_id=${carol.id}`).expect(200)).body.total).toBe(5);
      await as(t, carol).get('/api/journal-entries?user_id=abc').expect(400);
    });
  });

  describe('GET /api/journal-entries/stats', () => {
    it('counts all entries, those of the last 7 days and the distinct tags in use, for the caller only', async () => {
      const dave = await person(t.dataSource);
      try {
        expect((await as(t, dave).get('/api/journal-entries/stats').expect(200)).body).toEqual({ total_entries: 0, recent_entries: 0, total_tags: 0 });
        await entry(t, dave, { content: 'a', tags: ['x', 'y'] });
        await entry(t, dave, { content: 'b', tags: ['Y', 'z'] });
        const old = await entry(t, dave, { content: 'c' });
        await backdate(t.dataSource, old.id, 8);
        await entry(t, bob, { content: 'not dave', tags: ['w'] });
        const res = await as(t, dave).get('/api/journal-entries/stats').expect(200);
        expect(res.body).toEqual({ total_entries: 3, recent_entries: 2, total_tags: 3 });
      } finally {
        await removePeople(t.dataSource, [dave]);
      }
    });
  });

  describe('GET /api/tags and /api/tags/popular', () => {
    let erin: Person;
    beforeAll(async () => {
      erin = await person(t.dataSource);
      await entry(t, erin, { content: '1', tags: ['beta', 'Alpha', 'gamma'] });
      await entry(t, erin, { content: '2', tags: ['alpha', 'gamma'] });
      await entry(t, erin, { content: '3', tags: ['ALPHA'] });
      const gone = await entry(t, erin, { content: '4', tags: ['unused'] });
      await as(t, erin).put(`/api/journal-entries/${gone.id}`, { content: '4', tags: [] }).expect(200);
      await entry(t, bob, { content: 'bob', tags: ['alpha', 'bob-only'] });
    });
    afterAll(() => removePeople(t.dataSource, [erin]));

    it("lists the caller's tags in use, alphabetically, with counts", async () => {
      const res = await as(t, erin).get('/api/tags').expect(200);
      expect((res.body as Array<{ name: string; count: number }>).map(({ name, count }) => [name, count])).toEqual([
        ['Alpha', 3],
        ['beta', 1],
        ['gamma', 2],
      ]);
      for (const tag of res.body as object[]) expect(Object.keys(tag).sort()).toEqual(['count', 'id', 'name']);
    });

    it('lists the most used tags first, 10 by default, limit 1-50', async () => {
      const res = await as(t, erin).get('/api/tags/popular').expect(200);
      expect((res.body as Array<{ name: string }>).map((x) => x.name)).toEqual(['Alpha', 'gamma', 'beta']);
      const one = await as(t, erin).get('/api/tags/popular?limit=1').expect(200);
      expect((one.body as Array<{ name: string }>).map((x) => x.name)).toEqual(['Alpha']);
      await as(t, erin).get('/api/tags/popular?limit=50').expect(200);
    });

    it('caps popular tags at the default of 10', async () => {
      const frank = await person(t.dataSource);
      try {
        await entry(t, frank, { content: 'many', tags: Array.from({ length: 12 }, (_, i) => `t${String(i).padStart(2, '0')}`) });
        const res = await as(t, frank).get('/api/tags/popular').expect(200);
        expect(res.body).toHaveLength(10);
      } finally {
        await removePeople(t.dataSource, [frank]);
      }
    });

    it.each(['0', '51', 'ten', '-3'])('popular with limit=%s → 400', async (limit) => {
      const res = await as(t, erin).get(`/api/tags/popular?limit=${limit}`).expect(400);
      expect(res.body).toEqual({ error: M.popularLimitInvalid, details: [M.popularLimitInvalid] });
    });
  });

  it('deleting an account deletes its journal', async () => {
    const gone = await person(t.dataSource);
    const created = await entry(t, gone, { content: 'bye', tags: ['farewell'] });
    await removePeople(t.dataSource, [gone]);
    const [row] = (await t.dataSource.query('select count(*)::int as n from journal_entries where id = $1', [created.id])) as Array<{ n: number }>;
    expect(row?.n).toBe(0);
  });
});
