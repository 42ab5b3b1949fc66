import type { MyTask, TeamMember } from './api/people-api';

export function myTask(hire: MyTask['hire'], id: number, title: string, dueDate: string, isOverdue = false, daysUntilDue = 10): MyTask {
  return {
    hire,
    item: { id, title, description: null, type: 'meeting', priority: 'high', due_days: 0, owner_type: 'manager', owner_role_id: null },
    dueDate,
    isOverdue,
    daysUntilDue,
    status: 'pending',
  };
}

export const ROBIN = { id: 21, name: 'Robin Hale', start_date: '2026-02-02' };
export const SAM = { id: 22, name: 'Sam Ortiz', start_date: '2026-02-09' };

/** As the server sorts them: due date, then hire name. */
export const MY_TASKS: MyTask[] = [
  myTask(ROBIN, 5, 'Book the first 1:1', '2026-02-02', true, -3),
  myTask(SAM, 7, 'Prepare the laptop', '2026-02-06', false, 1),
  myTask(ROBIN, 6, 'Introduce the team', '2026-02-09', false, 4),
];

export function teamMember(id: number, name: string, stats: Partial<TeamMember['stats']> = {}): TeamMember {
  return {
    user: { id, name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com`, role_id: 1, role_name: 'Employee', start_date: '2026-02-02' },
    stats: { completed: 3, total: 8, overdue: 0, completionPercentage: 38, nextDue: null, ...stats },
  };
}
