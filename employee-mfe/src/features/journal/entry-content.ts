/**
 * Entry text → blocks for display. Entries are plain text with three light conventions the
 * template itself uses: `## ` starts a heading, `- ` a list item, and `[title](https://…)` or a bare
 * http(s) address is a link. The result is data that the page renders as React elements, never as
 * HTML, so nothing a user writes can become markup or script; only http(s) links are made.
 */
import { safeHttpUrl } from './reflection-template';

export type Inline = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

export type Block =
  | { kind: 'heading'; inlines: Inline[] }
  | { kind: 'list'; items: Inline[][] }
  | { kind: 'paragraph'; lines: Inline[][] };

// A markdown link with an http(s) target, or a bare http(s) address.
const LINK = /\[([^\]\n]+)\]\((\S+?)\)|\bhttps?:\/\/[^\s<>"]+/g;
// Closing punctuation after a bare address belongs to the sentence, not the link.
const TRAILING = /[.,;:!?)\]'"]+$/;

export function parseInlines(text: string): Inline[] {
  const out: Inline[] = [];
  const push = (inline: Inline) => {
    const last = out[out.length - 1];
    if (inline.kind === 'text' && last?.kind === 'text') last.text += inline.text;
    else if (inline.kind === 'link' || inline.text !== '') out.push(inline);
  };
  let index = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index;
    push({ kind: 'text', text: text.slice(index, start) });
    const [whole, label, target] = match;
    if (label !== undefined && target !== undefined) {
      const href = safeHttpUrl(target);
      // A link to anything but the web keeps its label only.
      push(href ? { kind: 'link', text: label, href } : { kind: 'text', text: label });
      index = start + whole.length;
    } else {
      const trimmed = whole.replace(TRAILING, '');
      const href = safeHttpUrl(trimmed);
      push(href ? { kind: 'link', text: trimmed, href } : { kind: 'text', text: trimmed });
      index = start + trimmed.length;
    }
  }
  push({ kind: 'text', text: text.slice(index) });
  return out;
}

export function parseEntryContent(content: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: Inline[][] | null = null;
  let list: Inline[][] | null = null;
  const end = () => {
    paragraph = null;
    list = null;
  };
  for (const raw of content.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    const item = /^\s*[-*]\s+(.*)$/.exec(line);
    if (line.trim() === '') {
      end();
    } else if (heading) {
      end();
      blocks.push({ kind: 'heading', inlines: parseInlines(heading[1] ?? '') });
    } else if (item) {
      paragraph = null;
      if (!list) {
        list = [];
        blocks.push({ kind: 'list', items: list });
      }
      list.push(parseInlines(item[1] ?? ''));
    } else {
      list = null;
      if (!paragraph) {
        paragraph = [];
        blocks.push({ kind: 'paragraph', lines: paragraph });
      }
      paragraph.push(parseInlines(line));
    }
  }
  // Headings with nothing under them (an untouched template section) are still shown: the author chose them.
  return blocks;
}

/**
 * The list's one-paragraph preview of an entry: the markers of the conventions above (`## `, `- `,
 * `[title](address)`) dropped, so the preview reads as the text the entry page shows.
 */
export function plainPreview(preview: string): string {
  return preview
    .split(/\r?\n/)
    .map((line) => line.replace(/^#{1,6}\s+/, '').replace(/^\s*[-*]\s+/, ''))
    .filter((line) => line.trim() !== '')
    .join(' ')
    .replace(/\[([^\]\n]+)\]\((\S+?)\)/g, '$1')
    .trim();
}
