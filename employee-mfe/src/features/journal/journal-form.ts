/**
 * The editor's fields → what the gateway takes, and the validation checks (docs/product.md#validation) run before sending (the
 * gateway runs the same ones with the same words, so its 400 reads the same).
 */
import { LIMITS, VALIDATION_MESSAGES } from '@embark/shared-ui';
import type { JournalEntryInput } from '../../__generated__/graphql';
import type { DraftFields } from './journal-drafts';

export type FormField = 'title' | 'content';
export type FormErrors = Partial<Record<FormField, string>>;

/** Characters as the gateway counts them (code points): an emoji is one, not two. */
export function charCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** 'onboarding, Tools ,, tools' → ['onboarding', 'Tools'] (the gateway also drops case duplicates). */
export function splitTags(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of text.split(',')) {
    const tag = part.trim().replace(/\s+/g, ' ');
    if (tag === '' || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

export function validateJournalForm(fields: Pick<DraftFields, 'title' | 'content'>): FormErrors {
  const errors: FormErrors = {};
  if (charCount(fields.title.trim()) > LIMITS.journalTitleMax) errors.title = VALIDATION_MESSAGES.journalTitleTooLong;
  if (fields.content.trim() === '') errors.content = VALIDATION_MESSAGES.journalContentRequired;
  else if (charCount(fields.content) > LIMITS.journalContentMax) errors.content = VALIDATION_MESSAGES.journalContentTooLong;
  return errors;
}

export function toEntryInput(fields: DraftFields): JournalEntryInput {
  return {
    title: fields.title.trim(),
    content: fields.content,
    visibility: fields.visibility,
    tags: splitTags(fields.tags),
    linked_task_ids: fields.linkedTaskIds,
  };
}
