import { VALIDATION_MESSAGES } from '@embark/shared-ui';
import { charCount, splitTags, toEntryInput, validateJournalForm } from './journal-form';

describe('journal form', () => {
  it('requires content, under 10,000 characters, and a title of at most 200', () => {
    expect(validateJournalForm({ title: '', content: 'ok' })).toEqual({});
    expect(validateJournalForm({ title: '', content: '  \n' })).toEqual({ content: VALIDATION_MESSAGES.journalContentRequired });
    expect(validateJournalForm({ title: '', content: 'x'.repeat(10_001) })).toEqual({ content: VALIDATION_MESSAGES.journalContentTooLong });
    expect(validateJournalForm({ title: '', content: 'x'.repeat(10_000) })).toEqual({});
    expect(validateJournalForm({ title: 't'.repeat(201), content: 'ok' })).toEqual({ title: VALIDATION_MESSAGES.journalTitleTooLong });
    expect(validateJournalForm({ title: ` ${'t'.repeat(200)} `, content: 'ok' })).toEqual({});
  });

  it('counts an emoji as one character, as the server does', () => {
    expect(charCount('😀😀')).toBe(2);
    expect(validateJournalForm({ title: '', content: '😀'.repeat(10_000) })).toEqual({});
  });

  it('splits the tag text into unique tags', () => {
    expect(splitTags(' onboarding, Tools ,, tools,  first   week ')).toEqual(['onboarding', 'Tools', 'first week']);
    expect(splitTags('')).toEqual([]);
  });

  it('sends tags as an array and the title trimmed', () => {
    expect(toEntryInput({ title: ' T ', content: 'C', visibility: 'shared', tags: 'a, b', linkedTaskIds: [3] })).toEqual({
      title: 'T',
      content: 'C',
      visibility: 'shared',
      tags: ['a', 'b'],
      linked_task_ids: [3],
    });
  });
});
