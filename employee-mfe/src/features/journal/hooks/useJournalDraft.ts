import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { onSessionEnded, readKeepDrafts } from '@embark/shared-ui';
import { browserStorage, createDraftStore, isBlank, sameFields, type DraftFields, type DraftKey, type JournalDraft } from '../journal-drafts';

/** Typing pauses this long before the draft is written (and pagehide writes at once). */
export const DRAFT_SAVE_DELAY_MS = 600;

export interface JournalDraftState {
  fields: DraftFields;
  update(patch: Partial<DraftFields>): void;
  /** A draft left from an earlier visit that differs from what the editor opened with. */
  offer: JournalDraft | null;
  restore(): void;
  discard(): void;
  /** After a successful save: the draft is no longer needed. */
  finish(): void;
  /**
   * Cancel: what was typed here goes, and its draft with it. A draft still on offer (neither
   * restored nor discarded) is not what was typed here, so it stays for the next visit, as when
   * the user leaves any other way.
   */
  cancel(): void;
  /** When the current draft was last written (ISO), null before the first write. */
  savedAt: string | null;
  /** False when local storage is unavailable (drafts are then not kept). */
  available: boolean;
}

/**
 * The editor's fields with drafts kept in local storage: written a moment after typing
 * stops and when the page is hidden (reload, tab closed), offered back on the next visit, removed
 * once the entry is saved or the draft discarded. While an offer is open nothing is written, so
 * the old draft is not overwritten by the untouched form; typing instead of choosing discards it.
 */
export function useJournalDraft(userId: number | null, draftKey: DraftKey, initialFields: DraftFields): JournalDraftState {
  const store = useMemo(() => (userId === null ? null : createDraftStore(browserStorage(), userId)), [userId]);
  // What the editor opened with, fixed for this mount (the pages remount the editor for another entry).
  const [initial] = useState(initialFields);
  const [fields, setFields] = useState<DraftFields>(initial);
  const [offer, setOffer] = useState<JournalDraft | null>(() => {
    const found = store?.load(draftKey) ?? null;
    return found && !sameFields(found, initial) ? found : null;
  });
  const [savedAt, setSavedAt] = useState<string | null>(null);

  // Latest values for the timer and the pagehide handler, which outlive renders.
  const latest = useRef({ fields, dirty: false, done: false, offerOpen: offer !== null });
  useEffect(() => {
    latest.current.fields = fields;
  }, [fields]);

  const write = useCallback(() => {
    const state = latest.current;
    if (!store || !state.dirty || state.done || state.offerOpen) return;
    // Written: until the next change, leaving (pagehide, unmount) writes nothing, so a tab left open
    // does not put its older text over a draft another tab wrote since.
    state.dirty = false;
    if (isBlank(state.fields) || sameFields(state.fields, initial)) {
      // Back to where the editor started: nothing to offer next time.
      store.clear(draftKey);
      return;
    }
    const saved = store.save(draftKey, state.fields);
    if (saved) setSavedAt(saved.savedAt);
  }, [store, draftKey, initial]);

  useEffect(() => {
    if (!latest.current.dirty) return undefined;
    const timer = setTimeout(write, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [fields, write]);

  // Once the session ends (sign-out, expiry, another tab) its drafts were removed or kept by the
  // user's choice; the editor's last write on its way out must not bring one back.
  useEffect(
    () =>
      onSessionEnded(() => {
        // Kept on this device by the user's choice: what was typed in the last moment joins it first.
        if (userId !== null && readKeepDrafts(userId)) write();
        latest.current.done = true;
      }),
    [userId, write],
  );

  useEffect(() => {
    // pagehide covers reloads, closed tabs and bfcache; unmount covers leaving within the app.
    window.addEventListener('pagehide', write);
    return () => {
      window.removeEventListener('pagehide', write);
      write();
    };
  }, [write]);

  return {
    fields,
    update(patch) {
      latest.current.dirty = true;
      // Typing instead of restoring: the old draft gives way to the new one.
      if (latest.current.offerOpen) {
        latest.current.offerOpen = false;
        setOffer(null);
      }
      setFields((current) => ({ ...current, ...patch }));
    },
    offer,
    restore() {
      if (!offer) return;
      const { savedAt: when, ...restored } = offer;
      latest.current.dirty = true;
      latest.current.offerOpen = false;
      setOffer(null);
      setFields(restored);
      setSavedAt(when);
    },
    discard() {
      store?.clear(draftKey);
      latest.current.offerOpen = false;
      setOffer(null);
    },
    finish() {
      latest.current.done = true;
      store?.clear(draftKey);
    },
    cancel() {
      latest.current.done = true;
      if (!latest.current.offerOpen) store?.clear(draftKey);
    },
    savedAt,
    available: browserStorage() !== null,
  };
}
