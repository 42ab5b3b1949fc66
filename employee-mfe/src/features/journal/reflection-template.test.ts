import { LIMITS } from '@embark/shared-ui';
import { JOURNAL_TEXT } from '@embark/shared-ui/page-text/journal';
import { parseInlines } from './entry-content';
import { buildReflectionTemplate, parseTaskIdParam, reflectionContent, safeHttpUrl, templateTitle } from './reflection-template';

describe('reflection template', () => {
  it('uses the spec words', () => {
    expect(JOURNAL_TEXT.templateTitle('Security training')).toBe('Reflection on: Security training');
    expect(JOURNAL_TEXT.templateHeadings).toEqual(['What I learned', 'Key insights', 'How this relates to my role']);
  });

  it('starts a private entry linked to the task, with the three headings', () => {
    const template = buildReflectionTemplate({ id: 12, title: ' Security training ' });
    expect(template).toEqual({
      title: 'Reflection on: Security training',
      content: '## What I learned\n\n\n## Key insights\n\n\n## How this relates to my role\n\n',
      visibility: 'private',
      tags: '',
      linkedTaskIds: [12],
    });
  });

  it('appends the linked documents as a related documents list', () => {
    const content = reflectionContent({
      id: 1,
      title: 'Handbook',
      documents: [
        { title: 'Employee handbook', url: 'https://example.com/handbook.pdf' },
        { title: 'Code of [conduct]', url: 'http://example.com/a b' },
        { title: 'Policy (2025)', url: 'https://wiki.example.com/Policy_(2025)' },
        { title: 'Paper form', url: null },
        { title: 'Sneaky', url: 'javascript:alert(1)' },
        { title: '  ', url: '' },
      ],
    });
    expect(content.endsWith(
      [
        '## Related documents',
        '- [Employee handbook](https://example.com/handbook.pdf)',
        '- [Code of conduct](http://example.com/a%20b)',
        '- [Policy (2025)](https://wiki.example.com/Policy_%282025%29)',
        '- Paper form',
        '- Sneaky',
        '',
      ].join('\n'),
    )).toBe(true);
    expect(content.indexOf('## How this relates to my role')).toBeLessThan(content.indexOf('## Related documents'));
    // Shown as written: the whole address is the link, no stray parenthesis after it.
    expect(parseInlines('- [Policy (2025)](https://wiki.example.com/Policy_%282025%29)'.slice(2))).toEqual([
      { kind: 'link', text: 'Policy (2025)', href: 'https://wiki.example.com/Policy_%282025%29' },
    ]);
  });

  it('has no documents section when the task has none', () => {
    expect(reflectionContent({ id: 1, title: 'x', documents: [] })).not.toContain(JOURNAL_TEXT.templateDocumentsHeading);
  });

  it('keeps the title within the 200-character limit', () => {
    const title = templateTitle('x'.repeat(250));
    expect(Array.from(title)).toHaveLength(LIMITS.journalTitleMax);
    expect(title.endsWith('…')).toBe(true);
    expect(templateTitle('short')).toBe('Reflection on: short');
  });

  it('only turns http(s) addresses into links', () => {
    expect(safeHttpUrl('https://example.com/x')).toBe('https://example.com/x');
    expect(safeHttpUrl(' http://example.com ')).toBe('http://example.com/');
    for (const bad of ['javascript:alert(1)', 'data:text/html,<b>', '/relative', 'ftp://x.org', '', null, undefined]) expect(safeHttpUrl(bad)).toBeNull();
  });

  it('reads the task id from the address', () => {
    expect(parseTaskIdParam('12')).toBe(12);
    for (const bad of [null, '', '0', '-3', '1.5', 'abc', '12abc', '99999999999']) expect(parseTaskIdParam(bad)).toBeNull();
  });
});
