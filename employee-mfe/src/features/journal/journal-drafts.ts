/**
 * Journal drafts in local storage (journal drafts per user, one per entry
 * id plus one for a new entry, each with a saved time). One key per user
 * (`STORAGE_KEYS.journalDraftPrefix` + user id) holds a map from the entry id (or `new`) to its
 * draft. Pure apart from the storage it is given, and it never throws: storage can be disabled,
 * full or hold anything (an old build, a hand edit), and a draft is only ever a convenience.
 */
import { STORAGE_KEYS } from '@embark/shared-ui';

export type DraftVisibility = 'private' | 'shared';

/** What the editor holds: the fields as the user typed them (tags as the raw comma text). */
export interface DraftFields {
  title: string;
  content: string;
  visibility: DraftVisibility;
  tags: string;
  linkedTaskIds: number[];
}

export interface JournalDraft extends DraftFields {
  /** ISO 8601 time the draft was written. */
  savedAt: string;
}

/** `new` for the entry being created, else the id of the entry being edited. */
export type DraftKey = 'new' | number;

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** More drafts than anyone juggles; the oldest go first so the key cannot grow without bound. */
export const MAX_DRAFTS_PER_USER = 20;

export function draftStorageKey(userId: number): string {
  return `${STORAGE_KEYS.journalDraftPrefix}${userId}`;
}

function isDraft(value: unknown): value is JournalDraft {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.title === 'string' &&
    typeof v.content === 'string' &&
    (v.visibility === 'private' || v.visibility === 'shared') &&
    typeof v.tags === 'string' &&
    Array.isArray(v.linkedTaskIds) &&
    v.linkedTaskIds.every((id) => Number.isInteger(id) && (id as number) > 0) &&
    typeof v.savedAt === 'string' &&
    Number.isFinite(Date.parse(v.savedAt))
  );
}

/** Whether two sets of fields would save the same entry (so a draft equal to it offers nothing). */
export function sameFields(a: DraftFields, b: DraftFields): boolean {
  return (
    a.title === b.title &&
    a.content === b.content &&
    a.visibility === b.visibility &&
    a.tags === b.tags &&
    a.linkedTaskIds.length === b.linkedTaskIds.length &&
    a.linkedTaskIds.every((id, i) => id === b.linkedTaskIds[i])
  );
}

/** Nothing worth keeping: a draft of an empty new entry is just noise. */
export function isBlank(fields: DraftFields): boolean {
  return fields.title.trim() === '' && fields.content.trim() === '' && fields.tags.trim() === '';
}

export interface DraftStore {
  load(key: DraftKey): JournalDraft | null;
  /** Writes the draft with the current time; returns it, or null when storage refused. */
  save(key: DraftKey, fields: DraftFields): JournalDraft | null;
  clear(key: DraftKey): void;
  /** Every valid draft of the user, by key. */
  all(): Record<string, JournalDraft>;
}

export function createDraftStore(storage: DraftStorage | null | undefined, userId: number, now: () => Date = () => new Date()): DraftStore {
  const key = draftStorageKey(userId);

  function read(): Record<string, JournalDraft> {
    if (!storage) return {};
    try {
      const raw = storage.getItem(key);
      if (!raw) return {};
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
      // Keep only well-formed drafts under well-formed keys; anything else is dropped on the next write.
      return Object.fromEntries(Object.entries(parsed as Record<string, unknown>).filter((e): e is [string, JournalDraft] => /^(new|[1-9]\d*)$/.test(e[0]) && isDraft(e[1])));
    } catch {
      return {};
    }
  }

  function write(drafts: Record<string, JournalDraft>): boolean {
    if (!storage) return false;
    try {
      if (Object.keys(drafts).length === 0) storage.removeItem(key);
      else storage.setItem(key, JSON.stringify(drafts));
      return true;
    } catch {
      // Quota exceeded or storage disabled: the draft is lost, the editor keeps working.
      return false;
    }
  }

  return {
    load: (draftKey) => read()[String(draftKey)] ?? null,
    save(draftKey, fields) {
      const draft: JournalDraft = {
        title: fields.title,
        content: fields.content,
        visibility: fields.visibility,
        tags: fields.tags,
        linkedTaskIds: [...fields.linkedTaskIds],
        savedAt: now().toISOString(),
      };
      const drafts = { ...read(), [String(draftKey)]: draft };
      const newestFirst = Object.entries(drafts).sort(([, a], [, b]) => Date.parse(b.savedAt) - Date.parse(a.savedAt));
      return write(Object.fromEntries(newestFirst.slice(0, MAX_DRAFTS_PER_USER))) ? draft : null;
    },
    clear(draftKey) {
      const drafts = read();
      if (!(String(draftKey) in drafts)) return;
      delete drafts[String(draftKey)];
      write(drafts);
    },
    all: read,
  };
}

/** The browser's local storage, or null when it is unavailable (privacy modes, sandboxed frames). */
export function browserStorage(): DraftStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
