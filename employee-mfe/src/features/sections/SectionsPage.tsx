import { Link } from 'react-router';
import {
  AREA_MESSAGES,
  completionWording,
  currentTime,
  dueWording,
  EmptyList,
  ErrorState,
  Icon,
  isOwnTask,
  LoadingState,
  PageHeader,
  ProgressBar,
  ROUTES,
  TASK_SECTION_TEXT,
  TASK_STATUS_TEXT,
  TASK_WORDING,
  taskUrgency,
  useDocumentTitle,
  type IconName,
  type TaskType,
} from '@embark/shared-ui';
import { SECTIONS_TEXT } from '@embark/shared-ui/page-text/checklist';
import { useSectionsChecklist } from './api/useSectionsChecklist';
import { groupByType } from './group-by-type';
import './sections.css';

const SECTION_ICON: Record<TaskType, IconName> = {
  form: 'documents',
  policy: 'roles',
  sop: 'checklist',
  training: 'training',
  meeting: 'colleagues',
};

/** Sections (docs/product.md#sections): the checklist grouped by type (Forms, Policies, SOPs, Trainings, Meetings), each with its progress. */
export function SectionsPage() {
  useDocumentTitle(SECTIONS_TEXT.title);
  const { data, error, refetch } = useSectionsChecklist();
  const tasks = data?.myChecklist;
  const header = <PageHeader title={SECTIONS_TEXT.title} description={SECTIONS_TEXT.lead} />;

  if (!tasks) {
    return (
      <div className="employee-page sec">
        {header}
        {error ? (
          <ErrorState icon="help" message={AREA_MESSAGES.checklistLoad} onRetry={refetch} retryLabel={SECTIONS_TEXT.retry} />
        ) : (
          <LoadingState size="lg" label={SECTIONS_TEXT.loading} className="ui-state--tall" />
        )}
      </div>
    );
  }

  if (tasks.length === 0) {
    return (
      <div className="employee-page sec">
        {header}
        <EmptyList icon="sections" title={SECTIONS_TEXT.emptyTitle} />
      </div>
    );
  }

  const now = currentTime();
  return (
    <div className="employee-page sec">
      {header}
      <div className="sec-grid">
        {groupByType(tasks).map((section) => {
          const name = TASK_SECTION_TEXT[section.type];
          const headingId = `sec-${section.type}`;
          return (
            <section key={section.type} className="ui-card sec-card" aria-labelledby={headingId} data-section={section.type}>
              <header className="sec-card__header">
                <span className="sec-card__icon">
                  <Icon name={SECTION_ICON[section.type]} size={20} />
                </span>
                <div>
                  <h2 id={headingId} className="sec-card__title">
                    {name}
                  </h2>
                  <p className="sec-card__count">{SECTIONS_TEXT.counts(section.completed, section.total)}</p>
                </div>
              </header>
              <ProgressBar value={section.percentage} label={SECTIONS_TEXT.progressLabel(name)} showValue />
              {section.tasks.length === 0 ? (
                <p className="sec-card__empty">{SECTIONS_TEXT.emptySection}</p>
              ) : (
                <>
                  <ul className="sec-tasks" aria-label={name}>
                    {section.tasks.map((task) => (
                      <li key={task.id} className={task.completed ? 'sec-task sec-task--done' : 'sec-task'}>
                        <span className="sec-task__mark" aria-hidden="true">
                          {task.completed ? <Icon name="check" size={14} /> : null}
                        </span>
                        {/* Someone else's task about the user: who does it comes first. */}
                        {isOwnTask(task) ? null : <span className="sec-task__owner">{TASK_WORDING.owner(task.ownerLabel, task.ownerName)}:</span>}
                        <Link to={`${ROUTES.checklist}/${task.id}`} className="sec-task__title">
                          {task.title}
                        </Link>
                        <span className="ui-visually-hidden">{task.completed ? TASK_STATUS_TEXT.completed : TASK_STATUS_TEXT.pending}</span>
                        <span className={taskUrgency(task) === 'overdue' ? 'sec-task__when sec-task__when--overdue' : 'sec-task__when'}>
                          {task.completed ? completionWording(task.completed_at, now) : dueWording(task)}
                        </span>
                      </li>
                    ))}
                  </ul>
                  <Link to={`${ROUTES.checklist}?type=${section.type}`} className="sec-card__link">
                    {SECTIONS_TEXT.viewTasks(name)}
                    <Icon name="chevronRight" size={16} />
                  </Link>
                </>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}
