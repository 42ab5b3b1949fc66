/**
 * The entry a user starts from when writing about a completed task: titled
 * 'Reflection on: {task title}', with the headings 'What I learned', 'Key insights' and 'How this
 * relates to my role', private, linked to the task, and the task's documents appended as a related
 * documents list. Pure: the page fetches the task, this shapes the entry.
 */
import { isSafeDocumentUrl, LIMITS } from '@embark/shared-ui';
import { JOURNAL_TEXT } from '@embark/shared-ui/page-text/journal';
import type { DraftFields } from './journal-drafts';

export interface TemplateDocument {
  title: string;
  url?: string | null;
}

export interface TemplateTask {
  id: number;
  title: string;
  documents?: readonly TemplateDocument[] | null;
}

/**
 * Only web links become links (shared-ui's rule); anything else (javascript:, data:, relative paths) is
 * shown as text. Answers the link as the browser will read it.
 */
export function safeHttpUrl(url: string | null | undefined): string | null {
  return url && isSafeDocumentUrl(url) ? new URL(url.trim()).href : null;
}

/** The title, cut with an ellipsis so it stays within the 200-character limit however long the task's is. */
export function templateTitle(taskTitle: string): string {
  const full = JOURNAL_TEXT.templateTitle(taskTitle.trim());
  const chars = Array.from(full);
  return chars.length <= LIMITS.journalTitleMax ? full : `${chars.slice(0, LIMITS.journalTitleMax - 1).join('')}…`;
}

/** One list line per document: `- [Title](https://…)`, or the bare title when it has no usable link. */
function documentLine(doc: TemplateDocument): string {
  // Square brackets would end the link text early, and a parenthesis the link target (URL() keeps
  // them as they are): both are left out of the text and percent-encoded in the address.
  const title = doc.title.trim().replace(/[[\]]/g, '') || 'Document';
  const url = safeHttpUrl(doc.url)?.replace(/\(/g, '%28').replace(/\)/g, '%29');
  return url ? `- [${title}](${url})` : `- ${title}`;
}

export function reflectionContent(task: TemplateTask): string {
  const sections = JOURNAL_TEXT.templateHeadings.map((heading) => `## ${heading}\n\n`);
  const documents = (task.documents ?? []).filter((d) => d.title.trim() !== '' || safeHttpUrl(d.url) !== null);
  if (documents.length > 0) sections.push(`## ${JOURNAL_TEXT.templateDocumentsHeading}\n${documents.map(documentLine).join('\n')}\n`);
  return sections.join('\n');
}

export function buildReflectionTemplate(task: TemplateTask): DraftFields {
  return {
    title: templateTitle(task.title),
    content: reflectionContent(task),
    visibility: 'private',
    tags: '',
    linkedTaskIds: [task.id],
  };
}

/** `?taskId=12` → 12; anything but a positive whole number → null (a plain new entry). */
export function parseTaskIdParam(value: string | null): number | null {
  return value !== null && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
}
