import { isSafeDocumentUrl } from './safe-url';

describe('isSafeDocumentUrl', () => {
  it.each(['https://docs.example.com/a.pdf', 'http://intranet.example/handbook', ' https://example.com ', 'HTTPS://EXAMPLE.COM/x'])('accepts %s', (url) => {
    expect(isSafeDocumentUrl(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(document.cookie)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com/a',
    '//evil.example/x',
    '/relative/path',
    'docs.example.com',
    'http://',
    '',
    '   ',
    null,
    undefined,
  ])('refuses %p', (url) => {
    expect(isSafeDocumentUrl(url)).toBe(false);
  });
});
