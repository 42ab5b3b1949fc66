import { currentTime, DASHBOARD, dueWording, isOwnTask, NOTIFICATIONS_TEXT, ROUTES, taskUrgency, type PortalNotification } from '@embark/shared-ui';

/** What the derivation reads of a checklist entry (the shell's `ShellChecklist` query satisfies it). */
export interface NotifiableTask {
  id: number;
  title: string;
  item_order: number;
  completed: boolean;
  /** ISO 8601; set while the task is completed. */
  completed_at: string | null;
  /** Calendar date `YYYY-MM-DD`, for the next task's due wording. */
  dueDate?: string | null;
  /** The server's whole days from its today to the due date (docs/product.md#due-dates). */
  daysUntilDue?: number | null;
  /** Who does the task ('new_hire' for the user's own); only own tasks are derived here. */
  owner_type: string;
}

export interface DeriveOptions {
  /** Ids the user has marked read (kept per user in localStorage). */
  readIds: ReadonlySet<string>;
  /**
   * When the user's list began (their account's creation): a 'Next Task' is dated from the latest
   * completion, which is when it became next, or from this when nothing is completed yet.
   */
  since?: string | null;
  now?: Date;
  /** At most this many notifications. */
  max?: number;
}

function timeOf(value: string | null | undefined): number | null {
  if (!value) return null;
  const time = new Date(value).getTime();
  return Number.isFinite(time) ? time : null;
}

/** The due wording; a far date alone ('Mar 5, 2026') would not say what it is, so it reads 'Due Mar 5, 2026'. */
function dueText(task: NotifiableTask): string {
  const wording = dueWording(task);
  return taskUrgency({ completed: false, daysUntilDue: task.daysUntilDue }) === 'future' ? NOTIFICATIONS_TEXT.dueOn(wording) : wording;
}

/**
 * The id of a 'Task Completed' notification carries the completion time, so completing a task again
 * after setting it back is news again; a 'Next Task' is the same notification for as long as the task
 * stays open.
 */
export function completedNotificationId(task: Pick<NotifiableTask, 'id' | 'completed_at'>): string {
  return `completed:${task.id}:${task.completed_at ?? ''}`;
}

export function nextTaskNotificationId(task: Pick<NotifiableTask, 'id'>): string {
  return `next:${task.id}`;
}

/**
 * The notifications (docs/product.md#notifications): at most 3; the most recently completed tasks first, titled 'Task
 * Completed' (newest first), then filled up to 3 with 'Next Task' for uncompleted tasks in checklist
 * order (item_order). A completed task without a completion time cannot be dated and is left out.
 * Only the user's own tasks count: 'You completed …' would be untrue of a task their manager did, and
 * another person's open task is not the user's next step (the server's notifications cover those).
 */
export function deriveNotifications(tasks: readonly NotifiableTask[], { readIds, since = null, now = currentTime(), max = DASHBOARD.notificationsMax }: DeriveOptions): PortalNotification[] {
  if (max <= 0) return [];
  const status = (id: string): PortalNotification['status'] => (readIds.has(id) ? 'read' : 'unread');
  const own = tasks.filter(isOwnTask);

  const completed = own
    .map((task) => ({ task, at: task.completed ? timeOf(task.completed_at) : null }))
    .filter((entry): entry is { task: NotifiableTask; at: number } => entry.at !== null)
    // Newest first; the same moment (a bulk completion) in checklist order.
    .sort((a, b) => b.at - a.at || a.task.item_order - b.task.item_order || a.task.id - b.task.id);

  const notifications: PortalNotification[] = completed.slice(0, max).map(({ task, at }) => {
    const id = completedNotificationId(task);
    return {
      id,
      title: NOTIFICATIONS_TEXT.taskCompleted,
      description: NOTIFICATIONS_TEXT.completedDescription(task.title),
      timestamp: new Date(at).toISOString(),
      status: status(id),
      href: `${ROUTES.checklist}/${task.id}`,
    };
  });

  const latestCompletion = completed[0]?.at ?? null;
  const nextSince = latestCompletion ?? timeOf(since) ?? now.getTime();
  const open = own.filter((task) => !task.completed).sort((a, b) => a.item_order - b.item_order || a.id - b.id);
  for (const task of open.slice(0, max - notifications.length)) {
    const id = nextTaskNotificationId(task);
    notifications.push({
      id,
      title: NOTIFICATIONS_TEXT.nextTask,
      description: NOTIFICATIONS_TEXT.nextDescription(task.title, dueText(task)),
      timestamp: new Date(nextSince).toISOString(),
      status: status(id),
      href: `${ROUTES.checklist}/${task.id}`,
    });
  }
  return notifications;
}
