import { useContext, useState } from 'react';
import {
  Badge,
  Button,
  dueWording,
  EmptyList,
  ErrorState,
  formatCalendarDate,
  isApiError,
  LoadingState,
  PageHeader,
  TASK_PRIORITY_TEXT,
  TASK_STATUS_TEXT,
  TASK_TYPE_TEXT,
  TASK_WORDING,
  useDocumentTitle,
  ToastContext,
} from '@embark/shared-ui';
import { MY_TASKS_TEXT as TEXT } from '@embark/shared-ui/page-text/checklist';
import { peopleApi, type MyTask, type MyTasksPage as TasksPage, type PeopleApi } from './api/people-api';
import { useLoaded } from './api/useLoaded';
import { refocusIfLost } from '../../shared/focus';
import { groupByHire } from './group-by-hire';
import { calendarDate } from './people-dates';
// Task rows wear the dashboard's upcoming-task look (dashboard.css loads with the remote's App).
import './people.css';

const taskKey = (task: MyTask) => `${task.hire.id}:${task.item.id}`;
const hireHeadingId = (hireId: number) => `my-tasks-hire-${hireId}`;
const TITLE_ID = 'my-tasks-title';
const completeButtonId = (task: MyTask) => `my-tasks-complete-${task.hire.id}-${task.item.id}`;

/** Why a completion failed: a 409 in the server's words (docs/product.md#status-codes), a 404 as a task no longer theirs. */
function completeFailure(failure: unknown): string {
  if (isApiError(failure) && failure.status === 409) return failure.message;
  if (isApiError(failure) && failure.status === 404) return TEXT.noLongerYours;
  return TEXT.completeFailed;
}

export interface MyTasksPageProps {
  /** The REST calls (tests pass a fake). */
  api?: PeopleApi;
}

/**
 * `/app/my-tasks`: the open tasks the signed-in user owns for other people (as their manager, buddy or
 * a member of the owning team), grouped by hire, soonest due first, each completed in place.
 */
export function MyTasksPage({ api = peopleApi }: MyTasksPageProps) {
  useDocumentTitle(TEXT.title);
  // Optional: the standalone dev page runs this remote without the shell's providers.
  const toast = useContext(ToastContext);
  const { state, reload, update } = useLoaded<TasksPage>((signal) => api.myTasks(0, signal));
  const [completing, setCompleting] = useState<ReadonlySet<string>>(() => new Set());
  const [loadingMore, setLoadingMore] = useState(false);

  async function complete(task: MyTask) {
    const key = taskKey(task);
    if (completing.has(key)) return;
    setCompleting((keys) => new Set(keys).add(key));
    try {
      await api.complete(task.hire.id, task.item.id);
      update((page) => ({ data: page.data.filter((t) => taskKey(t) !== key), total: Math.max(0, page.total - 1) }));
      toast?.success(TEXT.completedToast(task.item.title, task.hire.name));
      // The row and its button leave: focus goes to the hire's heading while the hire has tasks left
      // (two completions at once may both have emptied it), else the page title.
      refocusIfLost(hireHeadingId(task.hire.id), TITLE_ID);
    } catch (failure) {
      toast?.error(completeFailure(failure));
      // No longer this user's to do (done by someone else, the owner changed): the list is out of date.
      if (isApiError(failure) && (failure.status === 404 || failure.status === 409)) reload();
    } finally {
      setCompleting((keys) => {
        const next = new Set(keys);
        next.delete(key);
        return next;
      });
    }
  }

  async function showMore(page: TasksPage) {
    setLoadingMore(true);
    try {
      const next = await api.myTasks(page.data.length);
      const seen = new Set(page.data.map(taskKey));
      const fresh = next.data.filter((t) => !seen.has(taskKey(t)));
      update((current) => ({ data: [...current.data, ...fresh], total: next.total }));
      // On the last page "Show more" leaves: the keyboard goes on from the first task it brought.
      const first = fresh[0];
      if (first) refocusIfLost(completeButtonId(first));
    } catch {
      toast?.error(TEXT.loadFailed);
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <div className="employee-page people">
      <PageHeader title={<span id={TITLE_ID} tabIndex={-1}>{TEXT.title}</span>} description={TEXT.lead} />
      {state.status === 'loading' ? <LoadingState label={TEXT.loading} /> : null}
      {state.status === 'error' ? <ErrorState message={TEXT.loadFailed} onRetry={reload} retryLabel={TEXT.retry} /> : null}
      {state.status === 'ready' && state.data.data.length === 0 ? <EmptyList icon="checkCircle" title={TEXT.emptyTitle} hint={TEXT.emptyHint} /> : null}
      {state.status === 'ready' && state.data.data.length > 0 ? (
        <>
          {groupByHire(state.data.data).map(({ hire, tasks }) => {
            return (
              <section key={hire.id} className="ui-card people-hire" aria-labelledby={hireHeadingId(hire.id)}>
                <header className="people-hire__head">
                  <h2 id={hireHeadingId(hire.id)} tabIndex={-1} className="people-hire__name">
                    {hire.name}
                  </h2>
                  <p className="people-hire__meta">{TEXT.starts(calendarDate(hire.start_date, formatCalendarDate))}</p>
                </header>
                <ul className="dash-tasks" aria-label={TEXT.hireLabel(hire.name)}>
                  {tasks.map((task) => {
                    const busy = completing.has(taskKey(task));
                    return (
                      <li key={task.item.id} className={task.isOverdue ? 'dash-task dash-task--overdue' : 'dash-task'}>
                        <div className="dash-task__body">
                          <p className="dash-task__heading dash-task__title">{task.item.title}</p>
                          {task.item.description ? <p className="dash-task__description">{task.item.description}</p> : null}
                          <p className="dash-task__meta">
                            {task.isOverdue ? <Badge tone="danger">{TASK_STATUS_TEXT.overdue}</Badge> : null}
                            <span>{dueWording(task)}</span>
                            <span>{TASK_TYPE_TEXT[task.item.type]}</span>
                            <span>{TASK_WORDING.priorityBadge(TASK_PRIORITY_TEXT[task.item.priority])}</span>
                          </p>
                        </div>
                        <Button
                          id={completeButtonId(task)}
                          variant="secondary"
                          size="sm"
                          busy={busy}
                          aria-label={TEXT.completeLabel(task.item.title, hire.name)}
                          onClick={() => void complete(task)}
                        >
                          {busy ? TEXT.completing : TEXT.complete}
                        </Button>
                      </li>
                    );
                  })}
                </ul>
              </section>
            );
          })}
          {state.data.data.length < state.data.total ? (
            <div className="people-more">
              <p className="people-more__summary">{TEXT.showing(state.data.data.length, state.data.total)}</p>
              <Button variant="secondary" busy={loadingMore} onClick={() => void showMore(state.data)}>
                {loadingMore ? TEXT.loadingMore : TEXT.showMore}
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
