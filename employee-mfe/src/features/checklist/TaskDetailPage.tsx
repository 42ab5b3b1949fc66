import { useContext, useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import {
  AREA_MESSAGES,
  Badge,
  Button,
  buttonClassName,
  Card,
  completionWording,
  currentTime,
  dueWording,
  EmptyList,
  ErrorState,
  formatCalendarDate,
  Icon,
  isOwnTask,
  isSafeDocumentUrl,
  LoadingState,
  PageHeader,
  parseCalendarDate,
  ROUTES,
  TASK_PRIORITY_TEXT,
  TASK_TYPE_TEXT,
  TASK_WORDING,
  taskUrgency,
  ToastContext,
  useDocumentTitle,
  type BadgeTone,
  type TaskPriority,
} from '@embark/shared-ui';
import { OWNER_TEXT, TASK_DETAIL_TEXT } from '@embark/shared-ui/page-text/checklist';
import type { ChecklistTaskFieldsFragment } from '../../__generated__/graphql';
import { failureMessage } from '../../shared/failure-message';
import { refocusIfLost } from '../../shared/focus';
import { useCompletionToast } from './api/useCompletionToast';
import { useMyChecklist, useSetTaskProgress } from './api/useChecklist';
import { TaskStatusBadge } from './components/TaskStatusBadge';
import './checklist.css';

const PRIORITY_TONE: Record<TaskPriority, BadgeTone> = { high: 'danger', medium: 'warning', low: 'neutral' };

/** `/app/checklist/12` → 12; anything that is not a positive whole number → null (shown as not found). */
function parseTaskId(value: string | undefined): number | null {
  return value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

function BackLink() {
  return (
    <Link to={ROUTES.checklist} className="ckl-back">
      <Icon name="chevronRight" size={16} className="ckl-back__icon" />
      {TASK_DETAIL_TEXT.backToChecklist}
    </Link>
  );
}

type Busy = 'complete' | 'setBack' | 'note' | null;

const COMPLETE_BUTTON_ID = 'task-complete';
const SET_BACK_BUTTON_ID = 'task-set-back';

function TaskDetail({ task }: { task: ChecklistTaskFieldsFragment }) {
  const toast = useContext(ToastContext);
  const [setProgress] = useSetTaskProgress();
  const [busy, setBusy] = useState<Busy>(null);
  const [note, setNote] = useState(task.note ?? '');
  // A note saved elsewhere (or the server trimming it) becomes the new starting point of the editor.
  useEffect(() => setNote(task.note ?? ''), [task.note]);

  const now = currentTime();
  const urgency = taskUrgency(task);
  const due = parseCalendarDate(task.dueDate);
  const noteChanged = note !== (task.note ?? '');

  async function run(kind: Exclude<Busy, null>, action: () => Promise<unknown>, success: string) {
    setBusy(kind);
    try {
      await action();
      toast?.success(success);
    } catch (error) {
      // A refused note (too long) says so: trying again as it is would fail the same way.
      toast?.error(failureMessage(error, TASK_DETAIL_TEXT.updateFailed));
    } finally {
      setBusy(null);
      // Completing swaps "Mark as complete" for "Set back" and back again: focus follows the swap.
      if (kind !== 'note') refocusIfLost(COMPLETE_BUTTON_ID, SET_BACK_BUTTON_ID);
    }
  }

  const complete = () =>
    run('complete', () => setProgress(task.id, { status: 'complete', ...(noteChanged ? { note } : {}) }), TASK_DETAIL_TEXT.completedToast(task.title));
  const setBack = () => run('setBack', () => setProgress(task.id, { status: 'pending' }), TASK_DETAIL_TEXT.setBackToast(task.title));
  const saveNote = (event: FormEvent) => {
    event.preventDefault();
    // A note-only update: the server keeps the stored status and completion time as they are.
    void run('note', () => setProgress(task.id, { note }), TASK_DETAIL_TEXT.noteSaved);
  };

  return (
    <>
      <PageHeader
        eyebrow={TASK_TYPE_TEXT[task.type]}
        title={task.title}
        // Someone else's task about the user is theirs to complete: shown, never changed from here.
        description={task.canComplete ? undefined : OWNER_TEXT.readOnlyHint}
        actions={
          !task.canComplete ? null : task.completed ? (
            <>
              <Link to={`${ROUTES.journalNew}?taskId=${task.id}`} className={buttonClassName({ variant: 'primary' })}>
                <Icon name="journal" size={18} />
                {TASK_DETAIL_TEXT.writeReflection}
              </Link>
              <Button id={SET_BACK_BUTTON_ID} variant="secondary" busy={busy === 'setBack'} disabled={busy !== null} onClick={() => void setBack()}>
                {busy === 'setBack' ? TASK_DETAIL_TEXT.settingBack : TASK_DETAIL_TEXT.setBack}
              </Button>
            </>
          ) : (
            <Button id={COMPLETE_BUTTON_ID} busy={busy === 'complete'} disabled={busy !== null} onClick={() => void complete()}>
              <Icon name="check" size={18} />
              {busy === 'complete' ? TASK_DETAIL_TEXT.completing : TASK_DETAIL_TEXT.markComplete}
            </Button>
          )
        }
      />
      <div className="ckl-detail">
        <div className="ckl-detail__main">
          <Card title={TASK_DETAIL_TEXT.detailsLabel}>
            <p className={task.description ? 'ckl-detail__description' : 'ckl-detail__description ckl-detail__description--empty'}>
              {task.description || TASK_DETAIL_TEXT.noDescription}
            </p>
            <dl className="ckl-facts">
              <div className="ckl-fact">
                <dt>{TASK_DETAIL_TEXT.statusLabel}</dt>
                <dd>
                  <TaskStatusBadge urgency={urgency} />
                  {task.completed ? <span className="ckl-fact__sub">{completionWording(task.completed_at, now)}</span> : null}
                </dd>
              </div>
              <div className="ckl-fact">
                <dt>{TASK_DETAIL_TEXT.dueLabel}</dt>
                <dd>
                  {/* A completed task is no longer "overdue" or "due in N days": only its date matters. */}
                  {task.completed ? (due ? formatCalendarDate(due) : null) : dueWording(task)}
                  {due && !task.completed ? <span className="ckl-fact__sub">{formatCalendarDate(due)}</span> : null}
                </dd>
              </div>
              {isOwnTask(task) ? null : (
                <div className="ckl-fact">
                  <dt>{OWNER_TEXT.ownerLabel}</dt>
                  <dd>{TASK_WORDING.owner(task.ownerLabel, task.ownerName)}</dd>
                </div>
              )}
              <div className="ckl-fact">
                <dt>{TASK_DETAIL_TEXT.typeLabel}</dt>
                <dd>{TASK_TYPE_TEXT[task.type]}</dd>
              </div>
              <div className="ckl-fact">
                <dt>{TASK_DETAIL_TEXT.priorityLabel}</dt>
                <dd>
                  <Badge tone={PRIORITY_TONE[task.priority]}>{TASK_PRIORITY_TEXT[task.priority]}</Badge>
                </dd>
              </div>
              <div className="ckl-fact">
                <dt>{TASK_DETAIL_TEXT.estimateLabel}</dt>
                <dd>{task.estimatedTime}</dd>
              </div>
            </dl>
          </Card>
          {task.canComplete ? (
            <Card title={TASK_DETAIL_TEXT.noteLabel}>
              <form className="ckl-note" onSubmit={saveNote}>
                <label htmlFor="ckl-note" className="ui-visually-hidden">
                  {TASK_DETAIL_TEXT.noteLabel}
                </label>
                <textarea
                  id="ckl-note"
                  className="ckl-note__input"
                  rows={4}
                  value={note}
                  aria-describedby="ckl-note-hint"
                  onChange={(event) => setNote(event.target.value)}
                />
                <div className="ckl-note__footer">
                  <p id="ckl-note-hint" className="ckl-note__hint">
                    {TASK_DETAIL_TEXT.noteHint}
                  </p>
                  <Button type="submit" variant="secondary" size="sm" busy={busy === 'note'} disabled={!noteChanged || busy !== null}>
                    {busy === 'note' ? TASK_DETAIL_TEXT.savingNote : TASK_DETAIL_TEXT.saveNote}
                  </Button>
                </div>
              </form>
            </Card>
          ) : null}
        </div>
        <aside className="ckl-detail__side" aria-label={TASK_DETAIL_TEXT.documentsHeading}>
          <Card title={TASK_DETAIL_TEXT.documentsHeading}>
            {task.documents.length === 0 ? (
              <p className="ckl-detail__muted">{TASK_DETAIL_TEXT.noDocuments}</p>
            ) : (
              <ul className="ckl-docs">
                {task.documents.map((doc) => (
                  <li key={doc.id} className="ckl-doc">
                    <Icon name="documents" size={18} />
                    <div>
                      {doc.url && isSafeDocumentUrl(doc.url) ? (
                        <a href={doc.url} target="_blank" rel="noopener noreferrer" aria-label={TASK_DETAIL_TEXT.openDocument(doc.title)}>
                          {doc.title}
                        </a>
                      ) : (
                        <span>{doc.title}</span>
                      )}
                      {doc.document_class_name ? <span className="ckl-doc__class">{doc.document_class_name}</span> : null}
                      {doc.description ? <p className="ckl-doc__description">{doc.description}</p> : null}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          {task.completed && task.canComplete ? (
            <div className="ui-card ckl-reflect">
              <Icon name="sparkles" size={20} />
              <p>{TASK_DETAIL_TEXT.reflectionHint}</p>
            </div>
          ) : null}
        </aside>
      </div>
    </>
  );
}

/** `/app/checklist/:taskId`: one task of the user's checklist, from the cached list. */
export function TaskDetailPage() {
  const { taskId } = useParams();
  const id = parseTaskId(taskId);
  const { data, error, refetch } = useMyChecklist();
  const tasks = data?.myChecklist;
  useCompletionToast(tasks);
  const task = id === null ? undefined : tasks?.find((t) => t.id === id);
  useDocumentTitle(task?.title ?? TASK_DETAIL_TEXT.title);

  let body;
  if (task) {
    body = <TaskDetail task={task} />;
  } else {
    let state;
    if (tasks || id === null) {
      state = (
        <EmptyList
          icon="checklist"
          title={TASK_DETAIL_TEXT.notFoundTitle}
          hint={TASK_DETAIL_TEXT.notFoundHint}
          action={
            <Link to={ROUTES.checklist} className={buttonClassName({ variant: 'secondary' })}>
              {TASK_DETAIL_TEXT.backToChecklist}
            </Link>
          }
        />
      );
    } else if (error) {
      state = (
        <ErrorState icon="help" message={AREA_MESSAGES.checklistLoad} onRetry={refetch} retryLabel={TASK_DETAIL_TEXT.retry} />
      );
    } else {
      state = (
        <LoadingState size="lg" label={TASK_DETAIL_TEXT.loading} className="ui-state--tall" />
      );
    }
    body = (
      <>
        <PageHeader title={TASK_DETAIL_TEXT.title} />
        {state}
      </>
    );
  }

  return (
    <div className="employee-page ckl">
      <BackLink />
      {body}
    </div>
  );
}
