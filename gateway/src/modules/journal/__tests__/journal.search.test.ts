import crypto from 'node:crypto';
import { buildTestApp, expectNoStack, type TestApp } from '../../../../test/app';
import { JOURNAL_MESSAGES as M } from '../journal.messages';
import { as, entry, person, removePeople, type EntryJson, type PageJson, type Person } from './journal-fixtures';

/*
 * GET /api/journal-entries/search: full-text search of the caller's
 * own journal. The privacy rule is absolute: whatever the query, another
 * user's private entry never comes back. Hostile text only ever reaches
 * PostgreSQL as a bound parameter of websearch_to_tsquery (which never raises)
 * or as letters-and-digits prefix terms.
 */

describe('journal search', () => {
  let t: TestApp;
  let alice: Person;
  let bob: Person;
  let admin: Person;
  /** A word nobody else's data contains, in Bob's private entry. */
  const secret = `zyx${crypto.randomBytes(4).toString('hex')}`;
  let mine: Record<string, EntryJson>;
  let bobPrivate: EntryJson;
  let bobShared: EntryJson;

  beforeAll(async () => {
    t = await buildTestApp();
    [alice, bob, admin] = await Promise.all([person(t.dataSource), person(t.dataSource), person(t.dataSource, 4)]);
    mine = {
      security: await entry(t, alice, { title: 'Security training reflection', content: 'Phishing emails look convincing. Report them.', tags: ['security'] }),
      buddy: await entry(t, alice, { title: 'Lunch with my buddy', content: 'We talked about the release process and code review.', tags: ['people', 'Culture'] }),
      learning: await entry(t, alice, { title: 'What I learned', content: 'I am learning the deployment pipeline.', visibility: 'shared' }),
      cafe: await entry(t, alice, { title: 'Café onboarding', content: '日本語のメモ and a 🎉 party, naïve résumé.' }),
      percent: await entry(t, alice, { title: '100% done', content: 'Snake_case names and 50% coverage' }),
      secretWord: await entry(t, alice, { title: 'Not Bob', content: 'Nothing about the secret here.' }),
    };
    bobPrivate = await entry(t, bob, { title: `Bob ${secret}`, content: `My private ${secret} thoughts about phishing`, tags: [secret, 'security'] });
    bobShared = await entry(t, bob, { title: 'Shared by Bob', content: `A shared note on phishing ${secret}x`, visibility: 'shared' });
  });
  afterAll(async () => {
    await removePeople(t.dataSource, [alice, bob, admin]);
    await t.close();
  });

  const search = async (who: Person, query: Record<string, string>) => {
    const res = await as(t, who).get(`/api/journal-entries/search?${new URLSearchParams(query).toString()}`);
    if (res.status !== 200) throw new Error(`search ${JSON.stringify(query)} → ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as PageJson;
  };
  const keys = (page: PageJson) => page.data.map((e) => Object.entries(mine).find(([, m]) => m.id === e.id)?.[0] ?? `other:${e.id}`);

  it('finds entries by a word of the content, the title or a tag, and answers {data, total, page, limit}', async () => {
    const byContent = await search(alice, { q: 'phishing' });
    expect(Object.keys(byContent).sort()).toEqual(['data', 'limit', 'page', 'total']);
    expect(keys(byContent)).toEqual(['security']);
    expect(keys(await search(alice, { q: 'buddy' }))).toEqual(['buddy']);
    expect(keys(await search(alice, { q: 'culture' }))).toEqual(['buddy']);
  });

  it('matches word forms (learned / learning) and half-typed words', async () => {
    expect(keys(await search(alice, { q: 'learn' }))).toEqual(['learning']);
    expect(keys(await search(alice, { q: 'deploym' }))).toEqual(['learning']);
    expect(keys(await search(alice, { q: 'secur trai' }))).toEqual(['security']);
  });

  it('understands web search syntax: quoted phrases, or, -exclusions', async () => {
    expect(keys(await search(alice, { q: '"code review"' }))).toEqual(['buddy']);
    expect(keys(await search(alice, { q: 'phishing or buddy' })).sort()).toEqual(['buddy', 'security']);
    expect(keys(await search(alice, { q: 'security -phishing' }))).toEqual([]);
  });

  it('ranks title and tag matches above content matches', async () => {
    const extra = await entry(t, alice, { title: 'Notes', content: 'Some words about security in passing.' });
    try {
      expect(keys(await search(alice, { q: 'security' }))).toEqual(['security', `other:${extra.id}`]);
    } finally {
      await as(t, alice).delete(`/api/journal-entries/${extra.id}`).expect(200);
    }
  });

  it('finds accented, non-Latin and emoji text', async () => {
    expect(keys(await search(alice, { q: 'café' }))).toEqual(['cafe']);
    expect(keys(await search(alice, { q: 'résumé' }))).toEqual(['cafe']);
    expect(keys(await search(alice, { q: '日本語のメモ' }))).toEqual(['cafe']);
    expect(keys(await search(alice, { q: 'naïve' }))).toEqual(['cafe']);
    expect((await search(alice, { q: '🎉' })).data.every((e) => e.user_id === alice.id)).toBe(true);
  });

  it('narrows by tag and takes the list filters (visibility, date range)', async () => {
    expect(keys(await search(alice, { q: 'phishing', tag: 'SECURITY' }))).toEqual(['security']);
    expect(keys(await search(alice, { q: 'phishing', tag: 'people' }))).toEqual([]);
    expect(keys(await search(alice, { q: 'learning', visibility: 'shared', dateRange: 'week' }))).toEqual(['learning']);
    expect(keys(await search(alice, { q: 'learning', visibility: 'private' }))).toEqual([]);
  });

  it('with no words, answers the filtered list (tag only, or nothing)', async () => {
    expect(keys(await search(alice, { tag: 'people' }))).toEqual(['buddy']);
    expect((await search(alice, { q: '' })).total).toBe(Object.keys(mine).length);
    expect((await search(alice, { q: '   ' })).total).toBe(Object.keys(mine).length);
  });

  it('paginates', async () => {
    const page = await search(alice, { q: 'phishing or buddy', limit: '1', page: '2' });
    expect(page).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(page.data).toHaveLength(1);
  });

  it("never returns another user's private entry, even searched for by its exact words", async () => {
    for (const q of [secret, `"${secret}"`, `${secret}*`, secret.slice(0, 5), `${secret} or phishing`, 'phishing', `Bob ${secret}`]) {
      const page = await search(alice, { q });
      expect(page.data.every((e) => e.user_id === alice.id)).toBe(true);
      expect(page.data.map((e) => e.id)).not.toContain(bobPrivate.id);
    }
    expect((await search(alice, { tag: secret })).total).toBe(0);
  });

  it('finds the author their own private entry (the privacy test above is not vacuous)', async () => {
    expect((await search(bob, { q: secret })).data.map((e) => e.id)).toContain(bobPrivate.id);
  });

  it("keeps an administrator's search to their own journal; user_id searches someone's shared entries only", async () => {
    expect((await search(admin, { q: secret })).total).toBe(0);
    const theirs = await search(admin, { q: 'phishing', user_id: String(bob.id) });
    expect(theirs.data.map((e) => e.id)).toEqual([bobShared.id]);
    const res = await as(t, alice).get(`/api/journal-entries/search?q=phishing&user_id=${bob.id}`).expect(404);
    expect(res.body).toEqual({ error: M.journalNotFound });
  });

  const HOSTILE = [
    "'",
    '"',
    '\\',
    '\\\\',
    "\\'",
    '%',
    '_',
    '%_%',
    '%%',
    '*',
    ':*',
    '&',
    '|',
    '!',
    '!!',
    '<->',
    '<2>',
    '()',
    '(',
    ')',
    '-',
    '--',
    '"unterminated',
    "' OR '1'='1",
    "' OR 1=1 --",
    `${'\u0027'}; drop table journal_entries; --`,
    "'); delete from journal_entries where ('1'='1",
    '1; select pg_sleep(5)',
    '$1',
    '$$',
    'union select * from users',
    "phishing' OR user_id <> 0 --",
    `${'x'.repeat(300)}:*`,
    'a & (b | !c) <-> d:*A',
    'or',
    'and not',
    '\u0000',
    `${secret}\u0000`,
    '\u202Eevil',
    'zalgơ̵̡͓̘͚ͦ',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
    '\ud83d',
    `${'é'.repeat(500)}`,
    `${'🎉'.repeat(500)}`,
    `${'<-> '.repeat(125)}`,
  ];

  it.each(HOSTILE.map((q) => [JSON.stringify(q).slice(0, 60), q] as const))('hostile q %s → 200, own entries only', async (_label, q) => {
    const res = await as(t, alice).get(`/api/journal-entries/search?${new URLSearchParams({ q }).toString()}`);
    expect(res.status).toBe(200);
    const page = res.body as PageJson;
    expect(page.data.every((e) => e.user_id === alice.id)).toBe(true);
    expectNoStack(res.body);
  });

  it.each(HOSTILE.slice(0, 20).map((q) => [JSON.stringify(q), q] as const))('hostile q %s with the same text as the tag → 200, own entries only', async (_label, q) => {
    const res = await as(t, alice).get(`/api/journal-entries/search?${new URLSearchParams({ q, tag: q }).toString()}`);
    expect(res.status).toBe(200);
    expect((res.body as PageJson).data.every((e) => e.user_id === alice.id)).toBe(true);
  });

  it("hostile text is searched as text: '100%' and 'snake_case' find the entry that contains them", async () => {
    expect(keys(await search(alice, { q: '100%' }))).toContain('percent');
    expect(keys(await search(alice, { q: 'Snake_case' }))).toEqual(['percent']);
  });

  it('the tables are intact after the hostile queries', async () => {
    const [row] = (await t.dataSource.query('select count(*)::int as n from journal_entries where user_id = $1', [alice.id])) as Array<{ n: number }>;
    expect(row?.n).toBe(Object.keys(mine).length);
  });

  it('refuses a 10 KB query with 400, and accepts exactly 500 characters', async () => {
    const res = await as(t, alice).get(`/api/journal-entries/search?q=${'a'.repeat(10 * 1024)}`).expect(400);
    expect(res.body).toEqual({ error: M.queryInvalid, details: [M.queryInvalid] });
    await as(t, alice).get(`/api/journal-entries/search?q=${encodeURIComponent("'%".repeat(250))}`).expect(200);
    await as(t, alice).get(`/api/journal-entries/search?q=${'a'.repeat(501)}`).expect(400);
  });

  it('refuses a repeated q parameter (an array) with 400', async () => {
    const res = await as(t, alice).get('/api/journal-entries/search?q=a&q=b').expect(400);
    expect(res.body.details).toEqual([M.queryInvalid]);
  });

  it('answers 401 without a session', async () => {
    const { default: request } = await import('supertest');
    await request(t.app).get('/api/journal-entries/search?q=phishing').expect(401);
  });
});
