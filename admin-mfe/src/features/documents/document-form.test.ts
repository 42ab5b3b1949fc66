import { validateDocumentForm, type DocumentFormValues } from './document-form';

const VALUES: DocumentFormValues = { title: 'Handbook', description: '', url: '', classId: '1', isPolicy: false };
const urlError = (url: string) => validateDocumentForm({ ...VALUES, url }).url;

describe('document form: the link, as the gateway takes it', () => {
  it.each(['', 'https://intranet.example/handbook', ' HTTP://Example.com/a ', 'https://[2001:db8::1]/doc'])('takes %p', (url) => {
    expect(urlError(url)).toBeUndefined();
  });

  it.each(['javascript:alert(1)', 'ftp://files.example/x', 'https:example.com', 'https://exa mple.com', '/relative/path'])('refuses %p in the gateway\'s words', (url) => {
    expect(urlError(url)).toBe('Invalid URL format');
  });

  it('counts the length in characters, and says when it is too long in the gateway\'s words', () => {
    const base = 'https://x.example/';
    expect(urlError(base + '\u{1F600}'.repeat(2_048 - base.length))).toBeUndefined();
    expect(urlError(base + 'a'.repeat(2_049 - base.length))).toBe('URL must be at most 2,048 characters');
  });
});
