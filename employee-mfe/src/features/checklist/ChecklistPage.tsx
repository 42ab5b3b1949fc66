import {
  AREA_MESSAGES,
  Button,
  currentTime,
  EmptyList,
  ErrorState,
  isOwnTask,
  PageHeader,
  TASK_WORDING,
  useDocumentTitle,
} from '@embark/shared-ui';
import { ProgressSummary } from '@embark/shared-ui/components/ProgressSummary';
import { CHECKLIST_TEXT } from '@embark/shared-ui/page-text/checklist';
import { shownProgress } from '../../shared/progress';
import { useUrlFilters } from '../../shared/useUrlFilters';
import { useCompletionToast } from './api/useCompletionToast';
import { useMyChecklist } from './api/useChecklist';
import { applyFilters, DEFAULT_FILTERS, filtersFromSearch, filtersToSearch, hasActiveFilters } from './checklist-filters';
import { refocusIfLost } from '../../shared/focus';
import { ChecklistFiltersBar, FIRST_FILTER_ID } from './components/ChecklistFiltersBar';
import { TaskListItem } from './components/TaskListItem';
import './checklist.css';

function ChecklistSkeleton() {
  return (
    <div className="ckl-skeleton" role="status" aria-label={CHECKLIST_TEXT.loading} aria-busy="true">
      <span className="ui-visually-hidden">{CHECKLIST_TEXT.loading}</span>
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="ckl-skeleton__row" aria-hidden="true" />
      ))}
    </div>
  );
}

/** The checklist (docs/product.md#task-status): filters, item_order, display statuses, due and completion wording, a link per task. */
export function ChecklistPage() {
  useDocumentTitle(CHECKLIST_TEXT.title);
  const [filters, updateFilters] = useUrlFilters(filtersFromSearch, filtersToSearch);
  const { data, error, refetch } = useMyChecklist();
  const tasks = data?.myChecklist;
  useCompletionToast(tasks);

  const clearFilters = () => {
    updateFilters(() => DEFAULT_FILTERS);
    // The pressed button leaves with the filters.
    refocusIfLost(FIRST_FILTER_ID);
  };
  const header = <PageHeader title={CHECKLIST_TEXT.title} description={CHECKLIST_TEXT.lead} />;

  if (!tasks) {
    return (
      <div className="employee-page ckl">
        {header}
        {error ? (
          <ErrorState icon="help" message={AREA_MESSAGES.checklistLoad} onRetry={refetch} retryLabel={CHECKLIST_TEXT.retry} />
        ) : (
          <ChecklistSkeleton />
        )}
      </div>
    );
  }

  const now = currentTime();
  const shown = applyFilters(tasks, filters);
  // The hire's progress counts their own tasks; the others' tasks about them get a line of their own.
  const own = tasks.filter(isOwnTask);
  const others = tasks.filter((task) => !isOwnTask(task));
  const done = own.filter((task) => task.completed).length;
  const percent = shownProgress(done, own.length);

  return (
    <div className="employee-page ckl">
      {header}
      {tasks.length === 0 ? (
        <EmptyList icon="checklist" title={CHECKLIST_TEXT.emptyTitle} hint={CHECKLIST_TEXT.emptyHint} />
      ) : (
        <>
          <ProgressSummary label={CHECKLIST_TEXT.progressLabel} count={`${done} / ${own.length}`} percent={percent} />
          {others.length > 0 ? (
            <p className="ckl-others" data-testid="ckl-others">
              {TASK_WORDING.byYourTeam(others.filter((task) => task.completed).length, others.length)}
            </p>
          ) : null}
          <ChecklistFiltersBar filters={filters} onChange={updateFilters} onClear={clearFilters} summary={CHECKLIST_TEXT.showing(shown.length, tasks.length)} />
          {shown.length === 0 ? (
            <EmptyList
              icon="checklist"
              title={CHECKLIST_TEXT.noMatchTitle}
              hint={CHECKLIST_TEXT.noMatchHint}
              action={
                hasActiveFilters(filters) ? (
                  <Button variant="secondary" onClick={clearFilters}>
                    {CHECKLIST_TEXT.clearFilters}
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <ul className="ckl-list" aria-label={CHECKLIST_TEXT.listLabel}>
              {shown.map((task) => (
                <TaskListItem key={task.id} task={task} now={now} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
