import { Link } from 'react-router';
import {
  Badge,
  Button,
  DASHBOARD_TEXT,
  displayStatus,
  displayStatusTone,
  dueWording,
  EmptyState,
  Icon,
  isOwnTask,
  ROUTES,
  TASK_PRIORITY_TEXT,
  TASK_WORDING,
  taskUrgency,
  type TaskPriority,
} from '@embark/shared-ui';
import type { UrgencyLevel } from '../../../__generated__/graphql';
import { DashPanel } from './DashPanel';

export const UPCOMING_HEADING_ID = 'dash-upcoming-title';

export interface UpcomingTask {
  id: number;
  title: string;
  description: string | null;
  dueDate: string;
  daysUntilDue: number;
  priority: TaskPriority;
  estimatedTime: string;
  route: string;
  urgencyLevel: UrgencyLevel;
  owner_type: string;
  ownerLabel: string;
  ownerName?: string | null;
  /** False for someone else's task about the user: shown read-only, without the complete button. */
  canComplete: boolean;
}

export interface UpcomingTasksProps {
  tasks: readonly UpcomingTask[];
  /** Ids whose completion is under way (the button shows it and cannot be pressed twice). */
  completingIds: ReadonlySet<number>;
  onComplete(task: UpcomingTask): void;
}

/**
 * Upcoming Tasks (docs/product.md#dashboard): the server's list (overdue, then due within 7 days),
 * up to 3, a link to the checklist, a complete button on each the user may complete (others' tasks
 * about them show who does them instead), 'All caught up!' when none are.
 */
export function UpcomingTasks({ tasks, completingIds, onComplete }: UpcomingTasksProps) {
  return (
    <DashPanel
      headingId={UPCOMING_HEADING_ID}
      heading={DASHBOARD_TEXT.upcomingHeading}
      // After a completion removes the pressed button, focus lands on the heading.
      focusableHeading
      actions={
        <Link to={ROUTES.checklist} className="dash-panel__link" aria-label={DASHBOARD_TEXT.viewChecklistLabel}>
          {DASHBOARD_TEXT.viewChecklist}
          <Icon name="chevronRight" size={16} />
        </Link>
      }
    >
      {tasks.length === 0 ? (
        <EmptyState
          className="dash-panel__empty"
          icon={<Icon name="checkCircle" size={24} />}
          title={DASHBOARD_TEXT.allCaughtUp}
          description={DASHBOARD_TEXT.allCaughtUpHint}
        />
      ) : (
        <ul className="dash-tasks" aria-labelledby={UPCOMING_HEADING_ID}>
          {tasks.map((task) => {
            const urgency = taskUrgency({ completed: false, daysUntilDue: task.daysUntilDue });
            const busy = completingIds.has(task.id);
            return (
              <li key={task.id} className={`dash-task dash-task--${task.urgencyLevel}`}>
                <div className="dash-task__body">
                  <p className="dash-task__heading">
                    {isOwnTask(task) ? null : <span className="dash-task__owner">{TASK_WORDING.owner(task.ownerLabel, task.ownerName)}: </span>}
                    <Link to={`${ROUTES.checklist}/${task.id}`} className="dash-task__title">
                      {task.title}
                    </Link>
                  </p>
                  {task.description ? <p className="dash-task__description">{task.description}</p> : null}
                  <p className="dash-task__meta">
                    <Badge tone={displayStatusTone(urgency)}>{displayStatus(urgency)}</Badge>
                    <span className="dash-task__due">{dueWording(task)}</span>
                    <span className="dash-task__estimate">
                      <Icon name="clock" size={14} /> {DASHBOARD_TEXT.estimated(task.estimatedTime)}
                    </span>
                    <span className="dash-task__priority">{TASK_WORDING.priorityBadge(TASK_PRIORITY_TEXT[task.priority])}</span>
                  </p>
                </div>
                {task.canComplete ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    busy={busy}
                    aria-label={DASHBOARD_TEXT.completeTaskLabel(task.title)}
                    onClick={() => onComplete(task)}
                  >
                    <Icon name="check" size={16} />
                    {busy ? DASHBOARD_TEXT.completingTask : DASHBOARD_TEXT.completeTask}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </DashPanel>
  );
}
