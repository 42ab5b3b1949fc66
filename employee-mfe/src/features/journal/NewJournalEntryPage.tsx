import { useContext } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  AREA_MESSAGES,
  LoadingState,
  PageHeader,
  ROUTES,
  ToastContext,
  useDocumentTitle,
} from '@embark/shared-ui';
import { JOURNAL_TEXT } from '@embark/shared-ui/page-text/journal';
import { useMountedRef } from '../../shared/useMountedRef';
import { useCreateJournalEntry, useJournalTask } from './api/useJournal';
import { BackToJournal } from './components/BackToJournal';
import { JournalEditor, type SubmitResult } from './components/JournalEditor';
import { failureMessage } from '../../shared/failure-message';
import type { DraftFields } from './journal-drafts';
import { toEntryInput } from './journal-form';
import { buildReflectionTemplate, parseTaskIdParam } from './reflection-template';
import './journal.css';

const BLANK: DraftFields = { title: '', content: '', visibility: 'private', tags: '', linkedTaskIds: [] };

/**
 * `/app/journal/new`: the editor for a new entry. With `?taskId=` (the task page's
 * "Write a reflection") it starts from the reflection template for that task.
 */
export function NewJournalEntryPage() {
  useDocumentTitle(JOURNAL_TEXT.newTitle);
  const toast = useContext(ToastContext);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const taskId = parseTaskIdParam(params.get('taskId'));
  const task = useJournalTask(taskId);
  const [create] = useCreateJournalEntry();
  const mounted = useMountedRef();

  async function save(fields: DraftFields): Promise<SubmitResult> {
    try {
      const result = await create({ variables: { input: toEntryInput(fields) } });
      toast?.success(JOURNAL_TEXT.savedToast);
      const id = result.data?.createJournalEntry.id;
      if (mounted.current) navigate(id ? `${ROUTES.journal}/${id}` : ROUTES.journal);
      return { ok: true };
    } catch (err) {
      toast?.error(AREA_MESSAGES.journalCreate);
      return { ok: false, message: failureMessage(err, AREA_MESSAGES.journalCreate) };
    }
  }

  const item = task.data?.checklistItem;
  let editor;
  if (taskId !== null && task.loading && !item) {
    editor = (
      <LoadingState label={JOURNAL_TEXT.loadingTask} className="ui-state--tall" />
    );
  } else {
    const initial = item ? buildReflectionTemplate(item) : BLANK;
    editor = (
      <>
        {taskId !== null && !item ? (
          <p className="jrn-notice" role="status">
            {JOURNAL_TEXT.taskLoadFailed}
          </p>
        ) : null}
        <JournalEditor
          // A template that arrives later (or another task) starts a fresh editor.
          key={item ? `task-${item.id}` : 'blank'}
          draftKey="new"
          initial={initial}
          taskTitles={new Map(item ? [[item.id, item.title]] : [])}
          taskContext={item?.id}
          submitLabel={JOURNAL_TEXT.save}
          onSubmit={save}
          onCancel={() => navigate(ROUTES.journal)}
        />
      </>
    );
  }

  return (
    <div className="employee-page jrn-page">
      <BackToJournal />
      <PageHeader title={JOURNAL_TEXT.newTitle} description={JOURNAL_TEXT.newLead} />
      {editor}
    </div>
  );
}
