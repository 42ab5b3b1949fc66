import { STORAGE_KEYS } from '@embark/shared-ui';
import { createDraftStore, draftStorageKey, isBlank, MAX_DRAFTS_PER_USER, sameFields, type DraftFields, type DraftStorage } from './journal-drafts';

/** An in-memory Storage (the jsdom one is shared between tests). */
function memoryStorage(initial: Record<string, string> = {}): DraftStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const fields = (overrides: Partial<DraftFields> = {}): DraftFields => ({ title: 'T', content: 'Body', visibility: 'private', tags: 'a, b', linkedTaskIds: [], ...overrides });

describe('journal drafts', () => {
  let clock: Date;
  const now = () => clock;
  beforeEach(() => {
    clock = new Date('2025-03-01T10:00:00.000Z');
  });

  it('keeps one key per user under the kit prefix', () => {
    expect(draftStorageKey(7)).toBe(`${STORAGE_KEYS.journalDraftPrefix}7`);
  });

  it('saves one draft per entry id plus one for a new entry, each with its saved time', () => {
    const storage = memoryStorage();
    const store = createDraftStore(storage, 7, now);
    store.save('new', fields({ content: 'new one' }));
    clock = new Date('2025-03-01T10:05:00.000Z');
    store.save(12, fields({ content: 'edit of 12' }));
    store.save(12, fields({ content: 'edit of 12, later' }));
    expect(store.load('new')).toEqual({ ...fields({ content: 'new one' }), savedAt: '2025-03-01T10:00:00.000Z' });
    expect(store.load(12)).toEqual({ ...fields({ content: 'edit of 12, later' }), savedAt: '2025-03-01T10:05:00.000Z' });
    expect(store.load(13)).toBeNull();
    expect(Object.keys(store.all()).sort()).toEqual(['12', 'new']);
    expect([...storage.data.keys()]).toEqual([draftStorageKey(7)]);
  });

  it("keeps users' drafts apart", () => {
    const storage = memoryStorage();
    createDraftStore(storage, 1, now).save('new', fields({ content: 'one' }));
    createDraftStore(storage, 2, now).save('new', fields({ content: 'two' }));
    expect(createDraftStore(storage, 1, now).load('new')?.content).toBe('one');
    expect(createDraftStore(storage, 2, now).load('new')?.content).toBe('two');
  });

  it('clears one draft, and the key when none is left', () => {
    const storage = memoryStorage();
    const store = createDraftStore(storage, 7, now);
    store.save('new', fields());
    store.save(3, fields());
    store.clear('new');
    expect(store.load('new')).toBeNull();
    expect(store.load(3)).not.toBeNull();
    store.clear(3);
    store.clear(99);
    expect(storage.data.size).toBe(0);
  });

  it('copies the linked ids (later edits of the caller cannot change a saved draft)', () => {
    const store = createDraftStore(memoryStorage(), 7, now);
    const ids = [4];
    store.save('new', fields({ linkedTaskIds: ids }));
    ids.push(5);
    expect(store.load('new')?.linkedTaskIds).toEqual([4]);
  });

  it('ignores corrupt or foreign data instead of failing', () => {
    for (const raw of ['not json', '[]', '42', 'null', JSON.stringify({ new: { content: 1 } }), JSON.stringify({ 'x y': { ...fields(), savedAt: clock.toISOString() } })]) {
      const store = createDraftStore(memoryStorage({ [draftStorageKey(7)]: raw }), 7, now);
      expect(store.load('new')).toBeNull();
      expect(store.all()).toEqual({});
    }
  });

  it('drops malformed drafts but keeps the good ones', () => {
    const good = { ...fields(), savedAt: clock.toISOString() };
    const raw = JSON.stringify({ new: good, 5: { ...good, visibility: 'public' }, 6: { ...good, savedAt: 'yesterday' }, 7: { ...good, linkedTaskIds: [-1] } });
    const store = createDraftStore(memoryStorage({ [draftStorageKey(7)]: raw }), 7, now);
    expect(store.all()).toEqual({ new: good });
  });

  it('keeps working when storage is missing, full or throws', () => {
    expect(createDraftStore(null, 7, now).save('new', fields())).toBeNull();
    expect(createDraftStore(undefined, 7, now).load('new')).toBeNull();
    const full: DraftStorage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(createDraftStore(full, 7, now).save('new', fields())).toBeNull();
    const broken: DraftStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    };
    expect(createDraftStore(broken, 7, now).load('new')).toBeNull();
  });

  it(`keeps at most ${MAX_DRAFTS_PER_USER} drafts, dropping the oldest`, () => {
    const store = createDraftStore(memoryStorage(), 7, now);
    for (let id = 1; id <= MAX_DRAFTS_PER_USER + 2; id++) {
      clock = new Date(Date.UTC(2025, 2, 1, 10, id));
      store.save(id, fields());
    }
    const kept = Object.keys(store.all()).map(Number).sort((a, b) => a - b);
    expect(kept).toHaveLength(MAX_DRAFTS_PER_USER);
    expect(kept[0]).toBe(3);
  });

  it('compares fields and recognises a blank entry', () => {
    expect(sameFields(fields(), fields())).toBe(true);
    expect(sameFields(fields(), fields({ tags: 'a' }))).toBe(false);
    expect(sameFields(fields({ linkedTaskIds: [1, 2] }), fields({ linkedTaskIds: [2, 1] }))).toBe(false);
    expect(isBlank(fields({ title: ' ', content: '\n', tags: '' }))).toBe(true);
    expect(isBlank(fields({ title: '', content: '', tags: 'x' }))).toBe(false);
  });
});
