import { ValidationError } from '../../../shared/errors';
import { charLength, withoutNul } from '../../../shared/schemas';
import { parseInput } from '../../../shared/validation';
import { JOURNAL_MESSAGES as M } from '../journal.messages';
import { EntryInput, ListQuery, SearchQuery } from '../journal.schemas';
import { prefixTsquery, previewOf } from '../journal.text';

/* The pure rules behind both doors (no database). */

const validateEntryInput = (input: Record<string, unknown>) => parseInput(EntryInput, input);
const parseListQuery = (input: Record<string, unknown>) => parseInput(ListQuery, input);
const parseSearchQuery = (input: Record<string, unknown>) => parseInput(SearchQuery, input);

/** The tags an entry ends up with, or the problems its tags have. */
function parseTags(tags: unknown): string[] | undefined | string[][] {
  try {
    return validateEntryInput({ content: 'x', tags }).tags;
  } catch (err) {
    if (err instanceof ValidationError) return [err.details ?? []];
    throw err;
  }
}

describe('journal validation', () => {
  it('counts code points like PostgreSQL char_length', () => {
    expect(charLength('abc')).toBe(3);
    expect(charLength('😀😀')).toBe(2);
    expect(charLength('')).toBe(0);
  });

  it('previews the first 150 characters without splitting a surrogate pair', () => {
    expect(previewOf('short')).toBe('short');
    expect(previewOf('a'.repeat(200))).toBe('a'.repeat(150));
    expect(previewOf('😀'.repeat(200))).toBe('😀'.repeat(150));
  });

  it('drops NUL characters', () => {
    expect(withoutNul('a\u0000b\u0000')).toBe('ab');
    expect(withoutNul('plain')).toBe('plain');
  });

  it('parses tags from a list or a comma string', () => {
    expect(parseTags('a, b ,,A')).toEqual(['a', 'b']);
    expect(parseTags(['x  y', ' X Y '])).toEqual(['x y']);
    expect(parseTags(undefined)).toBeUndefined();
    expect(parseTags(null)).toBeUndefined();
    expect(parseTags(3)).toEqual([[M.tagsInvalid]]);
  });

  it('collects every problem of an entry into one error, joined with commas', () => {
    let caught: unknown;
    try {
      validateEntryInput({ title: 'x'.repeat(201), content: '', visibility: 'team', tags: 'ok', linked_task_ids: 'a,b' });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    const details = [M.titleTooLong, M.contentRequired, M.visibilityInvalid, M.linkedTasksInvalid];
    expect((caught as ValidationError).message).toBe(details.join(', '));
    expect((caught as ValidationError).details).toEqual(details);
  });

  it('leaves out what is not given, and puts taskContext first among linked tasks', () => {
    expect(validateEntryInput({ content: 'x' })).toEqual({ title: undefined, content: 'x', visibility: undefined, tags: undefined, linkedTaskIds: undefined });
    expect(validateEntryInput({ content: 'x', linked_task_ids: '3, 4', taskContext: { taskId: '4' } }).linkedTaskIds).toEqual([4, 3]);
  });

  it('defaults the list query and rejects unknown values', () => {
    expect(parseListQuery({})).toEqual({ visibility: 'all', dateRange: undefined, tag: undefined, sort: 'created_at', order: 'desc', page: 1, limit: 20, user_id: undefined });
    expect(() => parseListQuery({ sort: 'id' })).toThrow(M.sortInvalid);
    expect(parseSearchQuery({ q: '  hello \u0000 ' }).q).toBe('hello');
  });

  describe('prefix terms', () => {
    it.each([
      ['onbo', 'onbo:*'],
      ['Security  TRAINING', 'security:* & training:*'],
      ["' OR 1=1 --", null],
      ["1=1'; drop table users", '1:* & drop:* & table:* & users:*'],
      ["o'brien", 'o:* & brien:*'],
      ['a:* & b | !c <-> (d)', 'a:* & b:* & c:* & d:*'],
      ['café 日本語', 'café:* & 日本語:*'],
      ['%_\\"', null],
      ['   ', null],
      ['"exact phrase"', null],
      ['this or that', null],
      ['good -bad', null],
    ])('%j → %j', (q, expected) => {
      expect(prefixTsquery(q)).toBe(expected);
    });

    it('caps the number and length of terms', () => {
      const terms = prefixTsquery(Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '))?.split(' & ') ?? [];
      expect(terms).toHaveLength(16);
      expect(prefixTsquery('x'.repeat(500))).toBe(`${'x'.repeat(64)}:*`);
    });

    it('never emits anything but letters, digits and its own operators', () => {
      const nasty = `'"\\;:*&|!()<->%_$${String.fromCharCode(0)}\u202E𝔘😀`;
      const out = prefixTsquery(`${nasty} word ${nasty}`) ?? '';
      expect(out.replace(/:\*/g, '').replace(/ & /g, '')).toMatch(/^[\p{L}\p{N}]*$/u);
    });
  });
});
