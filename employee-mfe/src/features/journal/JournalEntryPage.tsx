import { useContext, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  AREA_MESSAGES,
  Button,
  Card,
  EmptyList,
  ErrorState,
  LoadingState,
  PageHeader,
  ROUTES,
  ToastContext,
  useDocumentTitle,
} from '@embark/shared-ui';
import { ConfirmDialog } from '@embark/shared-ui/components/ConfirmDialog';
import { JOURNAL_TEXT } from '@embark/shared-ui/page-text/journal';
import type { JournalEntryFieldsFragment } from '../../__generated__/graphql';
import { refocusIfLost } from '../../shared/focus';
import { useMountedRef } from '../../shared/useMountedRef';
import { useDeleteJournalEntry, useJournalEntry, useUpdateJournalEntry } from './api/useJournal';
import { BackToJournal } from './components/BackToJournal';
import { EntryContent } from './components/EntryContent';
import { JournalEditor, type SubmitResult } from './components/JournalEditor';
import { TagList } from './components/TagList';
import { VisibilityBadge } from './components/VisibilityBadge';
import { safeHttpUrl } from './reflection-template';
import { failureMessage, isNotFound } from '../../shared/failure-message';
import { browserStorage, createDraftStore, type DraftFields } from './journal-drafts';
import { useCurrentUserId } from './hooks/useCurrentUserId';
import { toEntryInput } from './journal-form';
import './journal.css';

/** `/app/journal/12` → 12; anything else → null (shown as not found without a request). */
function parseEntryId(value: string | undefined): number | null {
  return value && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
}

function longDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

function fieldsOf(entry: JournalEntryFieldsFragment): DraftFields {
  return {
    title: entry.title,
    content: entry.content,
    visibility: entry.visibility,
    tags: entry.tags.join(', '),
    linkedTaskIds: entry.linked_task_ids === '' ? [] : entry.linked_task_ids.split(',').map(Number),
  };
}

/**
 * `/app/journal/{id}`: the entry to read, edit (`?mode=edit`, so a reload keeps
 * the editor and its draft) and delete after a confirmation.
 */
export function JournalEntryPage() {
  const { id: rawId } = useParams();
  const id = parseEntryId(rawId);
  const { data, loading, error, refetch } = useJournalEntry(id);
  const entry = data?.journalEntry;
  useDocumentTitle(entry ? entry.title.trim() || JOURNAL_TEXT.untitled : JOURNAL_TEXT.entryTitle);

  if (id === null || (error && isNotFound(error) && !entry)) {
    return (
      <div className="employee-page jrn-page">
        <BackToJournal />
        <PageHeader title={JOURNAL_TEXT.entryTitle} />
        <EmptyList icon="journal" title={JOURNAL_TEXT.notFoundTitle} hint={JOURNAL_TEXT.notFoundDescription} />
      </div>
    );
  }
  if (!entry) {
    return (
      <div className="employee-page jrn-page">
        <BackToJournal />
        <PageHeader title={JOURNAL_TEXT.entryTitle} />
        {loading || !error ? (
          <LoadingState label={JOURNAL_TEXT.loadingEntry} className="ui-state--tall" />
        ) : (
          <ErrorState icon="journal" message={AREA_MESSAGES.journalFetchOne} onRetry={refetch} retryLabel={JOURNAL_TEXT.retry} />
        )}
      </div>
    );
  }
  // Keyed by entry: another entry (or the same one after a refetch with a new id) starts fresh.
  return <EntryView key={entry.id} entry={entry} />;
}

function EntryView({ entry }: { entry: JournalEntryFieldsFragment }) {
  const toast = useContext(ToastContext);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const editing = params.get('mode') === 'edit';
  const [confirming, setConfirming] = useState(false);
  const userId = useCurrentUserId();
  const [update] = useUpdateJournalEntry();
  const [remove, removal] = useDeleteJournalEntry();
  const title = entry.title.trim() || JOURNAL_TEXT.untitled;

  const mounted = useMountedRef();
  const editButtonId = useId();
  const setEditing = (on: boolean) => setParams(on ? { mode: 'edit' } : {}, { replace: true });
  // Save and Cancel leave with the editor: once it has gone, the keyboard goes on from Edit.
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (wasEditing.current && !editing) refocusIfLost(editButtonId);
    wasEditing.current = editing;
  }, [editing, editButtonId]);

  async function save(fields: DraftFields, version: string | undefined): Promise<SubmitResult> {
    try {
      await update({ variables: { id: entry.id, input: { ...toEntryInput(fields), ...(version ? { updated_at: version } : {}) } } });
      toast?.success(JOURNAL_TEXT.updatedToast);
      if (mounted.current) setEditing(false);
      return { ok: true };
    } catch (err) {
      toast?.error(AREA_MESSAGES.journalUpdate);
      return { ok: false, message: failureMessage(err, AREA_MESSAGES.journalUpdate) };
    }
  }

  async function confirmDelete() {
    try {
      await remove({ variables: { id: entry.id } });
      // A draft of the entry would only be offered for an entry that is gone, and stay on the device.
      if (userId !== null) createDraftStore(browserStorage(), userId).clear(entry.id);
      setConfirming(false);
      toast?.success(JOURNAL_TEXT.deletedToast);
      navigate(ROUTES.journal);
    } catch {
      setConfirming(false);
      toast?.error(AREA_MESSAGES.journalDelete);
    }
  }

  if (editing) {
    const taskTitles = new Map(entry.linked_tasks.map((t) => [t.id, t.title]));
    return (
      <div className="employee-page jrn-page">
        <BackToJournal />
        <PageHeader title={JOURNAL_TEXT.editTitle} description={title} />
        <JournalEditor draftKey={entry.id} initial={fieldsOf(entry)} version={entry.updated_at} taskTitles={taskTitles} submitLabel={JOURNAL_TEXT.save} onSubmit={save} onCancel={() => setEditing(false)} focusTitle />
      </div>
    );
  }

  return (
    <div className="employee-page jrn-page">
      <BackToJournal />
      <PageHeader
        eyebrow={JOURNAL_TEXT.entryEyebrow}
        title={title}
        actions={
          <>
            <Button id={editButtonId} variant="secondary" onClick={() => setEditing(true)}>
              {JOURNAL_TEXT.edit}
            </Button>
            <Button variant="danger" onClick={() => setConfirming(true)}>
              {JOURNAL_TEXT.delete}
            </Button>
          </>
        }
      />
      <div className="jrn-entry__meta">
        <VisibilityBadge visibility={entry.visibility} />
        <time dateTime={entry.created_at}>{JOURNAL_TEXT.createdOn(longDate(entry.created_at))}</time>
        {entry.updated_at !== entry.created_at ? <time dateTime={entry.updated_at}>{JOURNAL_TEXT.updatedOn(longDate(entry.updated_at))}</time> : null}
        <TagList tags={entry.tags} />
      </div>
      <div className="jrn-layout">
        <Card className="jrn-layout__main jrn-entry__body">
          <EntryContent content={entry.content} />
        </Card>
        {entry.linked_tasks.length > 0 || entry.linked_documents.length > 0 ? (
          <aside className="jrn-layout__side" aria-label={entry.linked_tasks.length > 0 ? JOURNAL_TEXT.linkedTasks : JOURNAL_TEXT.linkedDocuments}>
            {entry.linked_tasks.length > 0 ? (
              <Card title={JOURNAL_TEXT.linkedTasks} className="jrn-side">
                <ul className="jrn-side__links">
                  {entry.linked_tasks.map((task) => (
                    <li key={task.id}>
                      <Link to={`${ROUTES.checklist}/${task.id}`}>{task.title}</Link>
                    </li>
                  ))}
                </ul>
              </Card>
            ) : null}
            {entry.linked_documents.length > 0 ? (
              <Card title={JOURNAL_TEXT.linkedDocuments} className="jrn-side">
                <ul className="jrn-side__links">
                  {entry.linked_documents.map((doc) => {
                    const href = safeHttpUrl(doc.url);
                    return (
                      <li key={doc.id}>
                        {href ? (
                          <a href={href} target="_blank" rel="noopener noreferrer">
                            {doc.title}
                          </a>
                        ) : (
                          doc.title
                        )}
                      </li>
                    );
                  })}
                </ul>
              </Card>
            ) : null}
          </aside>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={JOURNAL_TEXT.deleteConfirmTitle}
        confirmLabel={JOURNAL_TEXT.deleteConfirm}
        cancelLabel={JOURNAL_TEXT.cancel}
        busy={removal.loading}
        busyLabel={JOURNAL_TEXT.deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      >
        <p>{JOURNAL_TEXT.deleteConfirmText(title)}</p>
      </ConfirmDialog>
    </div>
  );
}
