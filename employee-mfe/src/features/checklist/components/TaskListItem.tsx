import { Link } from 'react-router';
import {
  completionWording,
  dueWording,
  Icon,
  isOwnTask,
  ROUTES,
  TASK_PRIORITY_TEXT,
  TASK_WORDING,
  TASK_TYPE_TEXT,
  taskUrgency,
  type TaskPriority,
  type TaskType,
} from '@embark/shared-ui';
import { TaskStatusBadge } from './TaskStatusBadge';

export interface TaskListItemData {
  id: number;
  title: string;
  description: string | null;
  type: TaskType;
  priority: TaskPriority;
  completed: boolean;
  completed_at: string | null;
  dueDate: string;
  daysUntilDue: number;
  estimatedTime: string;
  owner_type: string;
  ownerLabel: string;
  ownerName?: string | null;
}

/**
 * One checklist row: status, owner when it is someone else's, title (the link to the task), due or
 * completion wording, type, priority, estimate. Due facts are the server's; `now` only words how long ago a completion was.
 */
export function TaskListItem({ task, now }: { task: TaskListItemData; now: Date }) {
  const urgency = taskUrgency(task);
  const when = task.completed ? completionWording(task.completed_at, now) : dueWording(task);
  return (
    <li className={`ckl-item ckl-item--${urgency}`}>
      <span className={task.completed ? 'ckl-item__check ckl-item__check--done' : 'ckl-item__check'} aria-hidden="true">
        {task.completed ? <Icon name="check" size={16} /> : null}
      </span>
      <div className="ckl-item__body">
        <p className="ckl-item__heading">
          {/* Someone else's task about the user: who does it comes first, as in 'Your manager: Book your first 1:1'. */}
          {isOwnTask(task) ? null : <span className="ckl-item__owner">{TASK_WORDING.owner(task.ownerLabel, task.ownerName)}: </span>}
          <Link to={`${ROUTES.checklist}/${task.id}`} className="ckl-item__title">
            {task.title}
          </Link>
        </p>
        {task.description ? <p className="ckl-item__description">{task.description}</p> : null}
        <p className="ckl-item__meta">
          <TaskStatusBadge urgency={urgency} />
          {when ? <span className="ckl-item__when">{when}</span> : null}
          <span className="ckl-item__type">{TASK_TYPE_TEXT[task.type]}</span>
          <span>{TASK_WORDING.priorityBadge(TASK_PRIORITY_TEXT[task.priority])}</span>
          <span className="ckl-item__estimate">
            <Icon name="clock" size={14} /> {task.estimatedTime}
          </span>
        </p>
      </div>
    </li>
  );
}
