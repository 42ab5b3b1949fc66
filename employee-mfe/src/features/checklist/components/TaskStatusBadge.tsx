import { Badge, displayStatus, displayStatusTone, type TaskUrgency } from '@embark/shared-ui';

/** The task's display status (docs/product.md#task-status) as a badge: the words always show, the colour only repeats them. */
export function TaskStatusBadge({ urgency }: { urgency: TaskUrgency }) {
  return <Badge tone={displayStatusTone(urgency)}>{displayStatus(urgency)}</Badge>;
}
