import { STORAGE_KEYS } from '@embark/shared-ui';
import { addReadIds, loadReadIds, readStateKey } from './read-state';

beforeEach(() => window.localStorage.clear());

describe('notification read state (kept locally, per user)', () => {
  it('is stored under a key per user', () => {
    expect(readStateKey(7)).toBe(`${STORAGE_KEYS.notificationsReadPrefix}7`);
    addReadIds(7, [], ['next:1']);
    expect(loadReadIds(7)).toEqual(['next:1']);
    expect(loadReadIds(8)).toEqual([]);
  });

  it('adds only new ids, in order', () => {
    const first = addReadIds(7, [], ['a', 'b']);
    expect(addReadIds(7, first, ['b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(loadReadIds(7)).toEqual(['a', 'b', 'c']);
  });

  it('keeps the latest 50 ids', () => {
    const many = Array.from({ length: 60 }, (_, i) => `id-${i}`);
    const kept = addReadIds(7, [], many);
    expect(kept).toHaveLength(50);
    expect(kept[0]).toBe('id-10');
    expect(kept[49]).toBe('id-59');
  });

  it('reads nothing for no user, and an unreadable entry as nothing read', () => {
    expect(loadReadIds(null)).toEqual([]);
    window.localStorage.setItem(readStateKey(7), '{oops');
    expect(loadReadIds(7)).toEqual([]);
    window.localStorage.setItem(readStateKey(7), JSON.stringify(['ok', 3, null]));
    expect(loadReadIds(7)).toEqual(['ok']);
    window.localStorage.setItem(readStateKey(7), JSON.stringify({ not: 'a list' }));
    expect(loadReadIds(7)).toEqual([]);
  });

  it('still answers the new list when storage refuses the write', () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('quota');
    });
    expect(addReadIds(7, ['a'], ['b'])).toEqual(['a', 'b']);
    setItem.mockRestore();
  });
});
