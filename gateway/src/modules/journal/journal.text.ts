import { JOURNAL_LIMITS } from './journal.messages';

/** The preview of an entry: the first 150 characters of the content, whole code points (docs/product.md#journal). */
export function previewOf(content: string): string {
  return Array.from(content).slice(0, JOURNAL_LIMITS.previewChars).join('');
}

/**
 * The words of a search as prefix terms for to_tsquery('simple', …): "onbo"
 * finds "onboarding" while the user is still typing. Only runs of letters and
 * digits survive, so nothing a user types can be tsquery syntax: quotes,
 * backslashes, operators and SQL fragments are separators here, and the text
 * still goes to PostgreSQL as a bound parameter.
 *
 * Null (whole words only) when there is no word, or when the query uses web
 * search syntax (a quoted phrase, `or`, a `-word` exclusion): the user then
 * asked for exactly that, and prefix terms would widen it.
 */
export function prefixTsquery(q: string): string | null {
  if (/["]|(^|\s)-\S|(^|\s)or(\s|$)/i.test(q)) return null;
  const words = q.match(/[\p{L}\p{N}]+/gu) ?? [];
  // 64 characters is longer than any real word and keeps every term far below PostgreSQL's
  // 2 KB operand limit, whatever the script.
  const terms = [...new Set(words.map((w) => Array.from(w.toLowerCase()).slice(0, 64).join('')))].slice(0, JOURNAL_LIMITS.queryPrefixTerms);
  return terms.length > 0 ? terms.map((t) => `${t}:*`).join(' & ') : null;
}
