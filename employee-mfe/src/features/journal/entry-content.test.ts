import { parseEntryContent, parseInlines, plainPreview } from './entry-content';

describe('entry content', () => {
  it('reads headings, lists and paragraphs', () => {
    expect(parseEntryContent('## What I learned\nLine one\nline two\n\n- a\n- b\nafter')).toEqual([
      { kind: 'heading', inlines: [{ kind: 'text', text: 'What I learned' }] },
      { kind: 'paragraph', lines: [[{ kind: 'text', text: 'Line one' }], [{ kind: 'text', text: 'line two' }]] },
      { kind: 'list', items: [[{ kind: 'text', text: 'a' }], [{ kind: 'text', text: 'b' }]] },
      { kind: 'paragraph', lines: [[{ kind: 'text', text: 'after' }]] },
    ]);
  });

  it('makes links of markdown links and bare addresses, http(s) only', () => {
    expect(parseInlines('See [the handbook](https://example.com/h) and https://example.org/x.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'the handbook', href: 'https://example.com/h' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'https://example.org/x', href: 'https://example.org/x' },
      { kind: 'text', text: '.' },
    ]);
    expect(parseInlines('[click](javascript:alert(1))')).toEqual([{ kind: 'text', text: 'click)' }]);
  });

  it('keeps markup as text: nothing written becomes HTML', () => {
    const blocks = parseEntryContent('<img src=x onerror=alert(1)>\n<script>alert(1)</script>');
    expect(blocks).toEqual([
      { kind: 'paragraph', lines: [[{ kind: 'text', text: '<img src=x onerror=alert(1)>' }], [{ kind: 'text', text: '<script>alert(1)</script>' }]] },
    ]);
  });

  it('handles Windows line ends and empty text', () => {
    expect(parseEntryContent('a\r\nb')).toEqual([{ kind: 'paragraph', lines: [[{ kind: 'text', text: 'a' }], [{ kind: 'text', text: 'b' }]] }]);
    expect(parseEntryContent('')).toEqual([]);
  });

  it('previews without the markers', () => {
    expect(plainPreview('## What I learned\nPhishing looks real.\n\n- Report it\n- See [the guide](https://example.com/g)')).toBe('What I learned Phishing looks real. Report it See the guide');
    expect(plainPreview('Plain text stays')).toBe('Plain text stays');
  });
});
