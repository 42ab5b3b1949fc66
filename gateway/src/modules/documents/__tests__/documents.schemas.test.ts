import { ValidationError } from '../../../shared/errors';
import { parseInput } from '../../../shared/validation';
import { DOCUMENT_MESSAGES } from '../documents.messages';
import { CreateDocument, ListQuery, ReportQuery, SetRoles, UpdateDocument, validateDocumentUrl } from '../documents.schemas';

const validateDocumentInput = (input: Record<string, unknown>, mode: 'create' | 'update') => parseInput(mode === 'create' ? CreateDocument : UpdateDocument, input);
const parseListQuery = (input: Record<string, unknown>) => parseInput(ListQuery, input);
const parseRoleIds = (raw: unknown) => parseInput(SetRoles, { role_ids: raw }).role_ids;
const parseReportLimit = (raw: unknown) => parseInput(ReportQuery, { limit: raw }).limit;

function detailsOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (err) {
    if (err instanceof ValidationError) return err.details ?? [];
    throw err;
  }
  throw new Error('expected a ValidationError');
}

describe('document link rule (http or https only, docs/product.md#documents)', () => {
  it.each([
    'https://handbook.example.com/policies/code-of-conduct',
    'http://intranet.example.com/forms/w4.pdf',
    'HTTPS://Example.com/Mixed-Case',
    'https://example.com/search?q=a%20b&lang=en#section-2',
    'https://127.0.0.1:8443/doc',
    'https://[2001:db8::1]/doc',
  ])('accepts %s', (url) => {
    expect(validateDocumentUrl(url)).toEqual({ url });
  });

  it('refuses a link padded with whitespace past any real length, without holding the event loop', async () => {
    // With both ends of the pattern able to take the same spaces, a 1 MB body of them held one core for minutes.
    for (const url of [`${' '.repeat(300_000)}x`, `https://a${' '.repeat(300_000)}x`]) {
      expect(detailsOf(() => validateDocumentInput({ title: 'Handbook', url }, 'update'))).toEqual([DOCUMENT_MESSAGES.urlInvalid]);
    }
    // A timer turn: if the checks above held the loop past the test's timeout, jest's timer fires first.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }, 10_000);

  it('trims the ends and keeps the link as written', () => {
    expect(validateDocumentUrl('  https://example.com/a  ')).toEqual({ url: 'https://example.com/a' });
  });

  it.each([
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['javascript: disguised', 'JaVaScRiPt:alert(1)'],
    ['javascript: after a newline', '\njavascript:alert(1)'],
    ['data:', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['ftp:', 'ftp://files.example.com/handbook.pdf'],
    ['mailto:', 'mailto:hr@example.com'],
    ['file:', 'file:///etc/passwd'],
    ['relative path', '/documents/handbook.pdf'],
    ['relative without slash', 'handbook.pdf'],
    ['protocol-relative', '//example.com/handbook.pdf'],
    ['no scheme', 'www.example.com/handbook'],
    ['space in the host', 'https://exa mple.com/doc'],
    ['space in the path', 'https://example.com/my doc.pdf'],
    ['tab inside', 'https://example.com/\tdoc'],
    ['scheme without //', 'https:example.com'],
    ['no host', 'https://'],
    ['only a scheme', 'http:'],
    ['not a URL', 'not a url'],
  ])('refuses %s', (_label, url) => {
    expect(validateDocumentUrl(url)).toEqual({ error: 'Invalid URL format' });
  });

  it('refuses links longer than 2,048 characters', () => {
    expect(validateDocumentUrl(`https://example.com/${'a'.repeat(2_040)}`)).toEqual({ error: DOCUMENT_MESSAGES.urlTooLong });
  });
});

describe('document input', () => {
  it('creates with defaults: no description, no link, not a policy', () => {
    expect(validateDocumentInput({ title: '  Handbook  ', document_class_id: 2 }, 'create')).toEqual({
      title: 'Handbook',
      description: null,
      url: null,
      classId: 2,
      isCompanyPolicy: false,
    });
  });

  it('on update leaves out what is not given, and null or blank clears', () => {
    expect(validateDocumentInput({ title: 'Handbook' }, 'update')).toEqual({ title: 'Handbook', description: undefined, url: undefined, classId: undefined, isCompanyPolicy: undefined });
    expect(validateDocumentInput({ title: 'Handbook', description: '  ', url: '' }, 'update')).toMatchObject({ description: null, url: null });
    expect(validateDocumentInput({ title: 'Handbook', description: null, url: null }, 'update')).toMatchObject({ description: null, url: null });
  });

  it('lists every problem at once', () => {
    expect(detailsOf(() => validateDocumentInput({ title: ' ', url: 'javascript:alert(1)', is_company_policy: 'yes', description: 42 }, 'create'))).toEqual([
      DOCUMENT_MESSAGES.titleRequired,
      DOCUMENT_MESSAGES.descriptionInvalid,
      'Invalid URL format',
      DOCUMENT_MESSAGES.classRequired,
      DOCUMENT_MESSAGES.policyFlagInvalid,
    ]);
  });

  it('counts characters, not UTF-16 units, against the 200-character title limit', () => {
    expect(validateDocumentInput({ title: '📄'.repeat(200), document_class_id: 1 }, 'create').title).toHaveLength(400);
    expect(detailsOf(() => validateDocumentInput({ title: 'x'.repeat(201), document_class_id: 1 }, 'create'))).toEqual([DOCUMENT_MESSAGES.titleTooLong]);
  });

  it('drops NUL characters, which PostgreSQL text cannot hold', () => {
    expect(validateDocumentInput({ title: 'Hand\u0000book', document_class_id: 1 }, 'create').title).toBe('Handbook');
  });

  it('refuses a url that is not text, and a class id that is not an id', () => {
    expect(detailsOf(() => validateDocumentInput({ title: 'A', url: 5, document_class_id: 'abc' }, 'create'))).toEqual(['Invalid URL format', DOCUMENT_MESSAGES.classUnknown]);
  });
});

describe('list query', () => {
  it('defaults: everything, by name A→Z, no paging', () => {
    expect(parseListQuery({})).toEqual({ search: '', classId: null, sort: 'name', order: 'asc', paging: null });
  });

  it('pages only when asked: page alone is a page of 20, limit alone the first page', () => {
    expect(parseListQuery({ page: '2' }).paging).toEqual({ page: 2, limit: 20 });
    expect(parseListQuery({ limit: 5 }).paging).toEqual({ page: 1, limit: 5 });
    expect(parseListQuery({ page: '', limit: '' }).paging).toBeNull();
  });

  it('dates default to newest first; an explicit order wins', () => {
    expect(parseListQuery({ sort: 'date' }).order).toBe('desc');
    expect(parseListQuery({ sort: 'modified' }).order).toBe('desc');
    expect(parseListQuery({ sort: 'type' }).order).toBe('asc');
    expect(parseListQuery({ sort: 'date', order: 'ASC' }).order).toBe('asc');
  });

  it('reads the class filter from class_id or document_class_id', () => {
    expect(parseListQuery({ class_id: '3' }).classId).toBe(3);
    expect(parseListQuery({ document_class_id: 4 }).classId).toBe(4);
  });

  it('refuses bad values with one detail each', () => {
    expect(detailsOf(() => parseListQuery({ sort: 'size', order: 'up', page: '0', limit: '101', class_id: 'x', search: ['a', 'b'] }))).toEqual([
      DOCUMENT_MESSAGES.searchInvalid,
      DOCUMENT_MESSAGES.classFilterInvalid,
      DOCUMENT_MESSAGES.sortInvalid,
      DOCUMENT_MESSAGES.orderInvalid,
      DOCUMENT_MESSAGES.pageInvalid,
      DOCUMENT_MESSAGES.limitInvalid,
    ]);
    expect(detailsOf(() => parseListQuery({ search: 'x'.repeat(201) }))).toEqual([DOCUMENT_MESSAGES.searchInvalid]);
    expect(detailsOf(() => parseListQuery({ limit: '1.5' }))).toEqual([DOCUMENT_MESSAGES.limitInvalid]);
  });
});

describe('role ids and report limit', () => {
  it('dedupes and sorts role ids; [] is allowed', () => {
    expect(parseRoleIds([3, '1', 3])).toEqual([1, 3]);
    expect(parseRoleIds([])).toEqual([]);
  });

  it.each([[undefined], ['1,2'], [[0]], [[1.5]], [[null]], [{ 0: 1 }]])('refuses %p', (raw) => {
    expect(detailsOf(() => parseRoleIds(raw))).toEqual([DOCUMENT_MESSAGES.roleIdsInvalid]);
  });

  it('refuses more than 100 roles', () => {
    expect(detailsOf(() => parseRoleIds(Array.from({ length: 101 }, (_, i) => i + 1)))).toEqual([DOCUMENT_MESSAGES.tooManyRoles]);
  });

  it('report limit: default 500, 1-5000', () => {
    expect(parseReportLimit(undefined)).toBe(500);
    expect(parseReportLimit('5000')).toBe(5000);
    expect(detailsOf(() => parseReportLimit('0'))).toEqual([DOCUMENT_MESSAGES.reportLimitInvalid]);
    expect(detailsOf(() => parseReportLimit('5001'))).toEqual([DOCUMENT_MESSAGES.reportLimitInvalid]);
  });
});
