import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { Button, formatRelativeTime, Icon, LIMITS, readKeepDrafts, writeKeepDrafts } from '@embark/shared-ui';
import { JOURNAL_TEXT } from '@embark/shared-ui/page-text/journal';
import { useCurrentUserId } from '../hooks/useCurrentUserId';
import { useJournalDraft } from '../hooks/useJournalDraft';
import type { DraftFields, DraftKey, DraftVisibility } from '../journal-drafts';
import { charCount, splitTags, validateJournalForm, type FormErrors } from '../journal-form';

export type SubmitResult = { ok: true } | { ok: false; message: string };

export interface JournalEditorProps {
  /** `new`, or the id of the entry being edited: each has its own draft. */
  draftKey: DraftKey;
  initial: DraftFields;
  /** Titles of tasks the entry may link, by id (from the entry or the task it is written from). */
  taskTitles: ReadonlyMap<number, string>;
  submitLabel: string;
  /** Saves the entry; the draft is dropped when it succeeds. `version`: as given when the editor opened. */
  onSubmit(fields: DraftFields, version: string | undefined): Promise<SubmitResult>;
  onCancel(): void;
  /** Focus the title once shown (the editor took the place of the button that opened it). */
  focusTitle?: boolean;
  /**
   * The entry's `updated_at` the editor opened with, fixed like `initial`: a save sends it, so an entry
   * saved elsewhere since is refused rather than overwritten unseen.
   */
  version?: string;
  /** The task a new entry is written from: it stays linked, first, whichever draft is restored. */
  taskContext?: number;
}

const VISIBILITIES: readonly DraftVisibility[] = ['private', 'shared'];

/**
 * The entry form of `/app/journal/new` and of editing `/app/journal/{id}`, with the draft kept in
 * local storage as the user types and offered back after a reload (and, when the user ticks "Keep drafts on this
 * device", past sign-out). The validation rules (docs/product.md#validation) are
 * checked before sending; a refusal from the server is shown above the buttons in its own words.
 */
export function JournalEditor({ draftKey, initial, taskTitles, submitLabel, onSubmit, onCancel, focusTitle = false, version, taskContext }: JournalEditorProps) {
  const [openedVersion] = useState(version);
  const userId = useCurrentUserId();
  const draft = useJournalDraft(userId, draftKey, initial);
  const { fields } = draft;
  const [errors, setErrors] = useState<FormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const ids = { title: useId(), content: useId(), tags: useId(), visibility: useId(), keep: useId(), offer: useId() };
  // Off by default: sign-out removes drafts from a shared computer unless the user keeps them here (docs/product.md#sessions).
  const [keepDrafts, setKeepDrafts] = useState(() => userId !== null && readKeepDrafts(userId));

  const offerActions = useRef<HTMLDivElement>(null);
  // When the editor opens (the prop does not change while it is open). A draft on offer is met first:
  // typing in the title instead would set it aside, and a screen reader would not have heard of it.
  useEffect(() => {
    if (focusTitle) (offerActions.current?.querySelector('button') ?? titleRef.current)?.focus();
  }, [focusTitle]);

  const titleCount = charCount(fields.title.trim());
  const contentCount = charCount(fields.content);
  const tagPreview = splitTags(fields.tags);

  function change(patch: Partial<DraftFields>) {
    draft.update(patch);
    // A field's message goes once the user edits it; the next submit checks again.
    setErrors((current) => {
      const next = { ...current };
      if ('title' in patch) delete next.title;
      if ('content' in patch) delete next.content;
      return next;
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = validateJournalForm(fields);
    setErrors(found);
    setServerError(null);
    if (found.title) titleRef.current?.focus();
    else if (found.content) contentRef.current?.focus();
    if (found.title || found.content) return;
    setBusy(true);
    let saved = false;
    try {
      const result = await onSubmit(fields, openedVersion);
      saved = result.ok;
      if (result.ok) draft.finish();
      else setServerError(result.message);
    } finally {
      // A saved entry's editor is on its way out (the page moves on, maybe after loading the next
      // page's code): it stays busy until then, so a second press cannot save the entry twice.
      if (!saved) setBusy(false);
    }
  }

  /** The offer leaves with either answer: the keyboard goes on in the title. */
  /** The draft back, with the task this entry is written from still linked first (a draft of a blank entry has none). */
  function restore() {
    const links = draft.offer?.linkedTaskIds ?? [];
    draft.restore();
    if (taskContext !== undefined && !links.includes(taskContext)) draft.update({ linkedTaskIds: [taskContext, ...links] });
  }

  function answerOffer(answer: () => void) {
    answer();
    titleRef.current?.focus();
  }

  /** Unlinks a task; its button leaves, so focus goes to the next task's (else the previous one's), else the visibility choice. */
  function unlink(event: MouseEvent<HTMLButtonElement>, id: number) {
    const item = event.currentTarget.closest('li');
    const neighbour = (item?.nextElementSibling ?? item?.previousElementSibling)?.querySelector('button');
    const fallback = event.currentTarget.form?.querySelector<HTMLInputElement>(`input[name="${ids.visibility}"]:checked`);
    change({ linkedTaskIds: fields.linkedTaskIds.filter((other) => other !== id) });
    (neighbour ?? fallback)?.focus();
  }

  const describedBy = (...parts: Array<string | false | undefined>) => parts.filter(Boolean).join(' ') || undefined;

  return (
    <form className="jrn-editor" aria-label={JOURNAL_TEXT.editorLabel} onSubmit={submit} noValidate>
      {draft.offer ? (
        <div className="jrn-draft-offer" role="status">
          <Icon name="clock" size={18} />
          <p id={ids.offer} className="jrn-draft-offer__text">
            {JOURNAL_TEXT.draftOffer(formatRelativeTime(draft.offer.savedAt))}
          </p>
          <div ref={offerActions} className="jrn-draft-offer__actions">
            <Button size="sm" aria-describedby={ids.offer} onClick={() => answerOffer(restore)}>
              {JOURNAL_TEXT.restoreDraft}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => answerOffer(draft.discard)}>
              {JOURNAL_TEXT.discardDraft}
            </Button>
          </div>
        </div>
      ) : null}

      <div className="jrn-field">
        <div className="jrn-field__top">
          <label htmlFor={ids.title} className="jrn-field__label">
            {JOURNAL_TEXT.titleLabel}
          </label>
          <span className="jrn-field__count" id={`${ids.title}-count`} data-over={titleCount > LIMITS.journalTitleMax || undefined}>
            {JOURNAL_TEXT.characterCount(titleCount, LIMITS.journalTitleMax)}
          </span>
        </div>
        <input
          ref={titleRef}
          id={ids.title}
          className="jrn-input"
          value={fields.title}
          placeholder={JOURNAL_TEXT.titlePlaceholder}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describedBy(`${ids.title}-count`, errors.title && `${ids.title}-error`)}
          onChange={(event) => change({ title: event.target.value })}
        />
        {errors.title ? (
          <p className="jrn-field__error" id={`${ids.title}-error`}>
            {errors.title}
          </p>
        ) : null}
      </div>

      <div className="jrn-field">
        <div className="jrn-field__top">
          <label htmlFor={ids.content} className="jrn-field__label">
            {JOURNAL_TEXT.contentLabel}
            <span className="jrn-field__required" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <span className="jrn-field__count" id={`${ids.content}-count`} data-over={contentCount > LIMITS.journalContentMax || undefined}>
            {JOURNAL_TEXT.characterCount(contentCount, LIMITS.journalContentMax)}
          </span>
        </div>
        <p className="jrn-field__hint" id={`${ids.content}-hint`}>
          {JOURNAL_TEXT.contentHint}
        </p>
        <textarea
          ref={contentRef}
          id={ids.content}
          className="jrn-input jrn-input--area"
          value={fields.content}
          rows={14}
          required
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={describedBy(`${ids.content}-hint`, `${ids.content}-count`, errors.content && `${ids.content}-error`)}
          onChange={(event) => change({ content: event.target.value })}
        />
        {errors.content ? (
          <p className="jrn-field__error" id={`${ids.content}-error`}>
            {errors.content}
          </p>
        ) : null}
      </div>

      <div className="jrn-field">
        <label htmlFor={ids.tags} className="jrn-field__label">
          {JOURNAL_TEXT.tagsLabel}
        </label>
        <p className="jrn-field__hint" id={`${ids.tags}-hint`}>
          {JOURNAL_TEXT.tagsHint}
        </p>
        <input id={ids.tags} className="jrn-input" value={fields.tags} autoComplete="off" aria-describedby={`${ids.tags}-hint`} onChange={(event) => change({ tags: event.target.value })} />
        {tagPreview.length > 0 ? (
          <ul className="jrn-tags" aria-hidden="true">
            {tagPreview.map((tag) => (
              <li key={tag} className="jrn-tag">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      <fieldset className="jrn-field jrn-visibility">
        <legend className="jrn-field__label">{JOURNAL_TEXT.visibilityLabel}</legend>
        {VISIBILITIES.map((value) => (
          <label key={value} className="jrn-visibility__option">
            <input type="radio" name={ids.visibility} value={value} checked={fields.visibility === value} onChange={() => change({ visibility: value })} />
            <span>
              <span className="jrn-visibility__name">{JOURNAL_TEXT.visibility[value]}</span>
              <span className="jrn-visibility__help">{JOURNAL_TEXT.visibilityHelp[value]}</span>
            </span>
          </label>
        ))}
      </fieldset>

      {fields.linkedTaskIds.length > 0 ? (
        <div className="jrn-field">
          <p className="jrn-field__label">{JOURNAL_TEXT.linkedTaskLabel}</p>
          <ul className="jrn-linked">
            {fields.linkedTaskIds.map((id) => {
              const title = taskTitles.get(id) ?? `#${id}`;
              return (
                <li key={id} className="jrn-linked__item">
                  <Icon name="links" size={16} />
                  <span>{title}</span>
                  <button
                    type="button"
                    className="jrn-linked__remove"
                    aria-label={JOURNAL_TEXT.unlinkTask(title)}
                    onClick={(event) => unlink(event, id)}
                  >
                    <Icon name="close" size={14} />
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}

      {userId !== null && draft.available ? (
        <div className="jrn-keep">
          <input
            type="checkbox"
            id={ids.keep}
            checked={keepDrafts}
            aria-describedby={`${ids.keep}-hint`}
            onChange={(event) => {
              writeKeepDrafts(userId, event.target.checked);
              setKeepDrafts(event.target.checked);
            }}
          />
          <div>
            <label htmlFor={ids.keep} className="jrn-keep__label">
              {JOURNAL_TEXT.keepDraftsLabel}
            </label>
            <p className="jrn-field__hint" id={`${ids.keep}-hint`}>
              {JOURNAL_TEXT.keepDraftsHint}
            </p>
          </div>
        </div>
      ) : null}

      {serverError ? (
        <p className="jrn-editor__error" role="alert">
          {serverError}
        </p>
      ) : null}

      <div className="jrn-editor__footer">
        <p className="jrn-editor__draft" aria-live="polite">
          {!draft.available ? JOURNAL_TEXT.draftUnavailable : draft.savedAt ? JOURNAL_TEXT.draftSaved(formatRelativeTime(draft.savedAt)) : null}
        </p>
        <div className="jrn-editor__actions">
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => {
              // Cancel means "leave these changes": their draft goes with them.
              draft.cancel();
              onCancel();
            }}
          >
            {JOURNAL_TEXT.cancel}
          </Button>
          <Button type="submit" busy={busy}>
            {busy ? JOURNAL_TEXT.saving : submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
