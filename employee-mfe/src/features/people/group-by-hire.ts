import type { MyTask } from './api/people-api';

export interface HireTasks {
  hire: MyTask['hire'];
  tasks: MyTask[];
}

/**
 * Tasks grouped by hire. The server sorts by due date, then hire name, so the hire whose task is due
 * first comes first and each group stays sorted by due date.
 */
export function groupByHire(tasks: readonly MyTask[]): HireTasks[] {
  const groups = new Map<number, HireTasks>();
  for (const task of tasks) {
    const group = groups.get(task.hire.id);
    if (group) group.tasks.push(task);
    else groups.set(task.hire.id, { hire: task.hire, tasks: [task] });
  }
  return [...groups.values()];
}
