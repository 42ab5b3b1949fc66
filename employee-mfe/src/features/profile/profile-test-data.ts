// Test data for the profile and certificate tests (imported only by *.test.tsx files).
import type { ProfileOverviewQuery } from '../../__generated__/graphql';

export interface OverviewOptions {
  total: number;
  completed: number;
  roleId?: number;
  /** Completion times, oldest first; defaults to one per completed task a day apart, ending 2026-03-20. */
  completedAt?: string[];
  /** Tasks about Nina that her manager owns, listed after her own (`total`/`completed` are her own tasks). */
  managerTasks?: { completed: boolean; completed_at?: string | null }[];
}

/** A ProfileOverview answer for Nina New (Employee, started 2026-03-02), with `__typename`s as the server sends them. */
export function profileOverview({ total, completed, roleId = 1, completedAt, managerTasks = [] }: OverviewOptions): ProfileOverviewQuery {
  const times = completedAt ?? Array.from({ length: completed }, (_, i) => new Date(Date.UTC(2026, 2, 20 - (completed - 1 - i), 15, 30)).toISOString());
  // Built from variables, not one literal: the answer carries `__typename`s the operation type leaves out.
  const me = {
    __typename: 'User',
    id: 7,
    name: 'Nina New',
    email: 'nina@example.com',
    role_id: roleId,
    start_date: '2026-03-02',
    completion_percentage: total > 0 ? Math.round((100 * completed) / total) : 0,
  };
  const roles = [
    { __typename: 'Role', id: 1, name: 'Employee' },
    { __typename: 'Role', id: 2, name: 'Manager' },
  ];
  const myChecklist = Array.from({ length: total }, (_, i) => ({
    __typename: 'UserChecklistItem',
    id: i + 1,
    completed: i < completed,
    completed_at: i < completed ? (times[i] ?? null) : null,
    owner_type: 'new_hire' as const,
  }));
  const managers = managerTasks.map((task, i) => ({
    __typename: 'UserChecklistItem',
    id: total + i + 1,
    completed: task.completed,
    completed_at: task.completed_at ?? null,
    owner_type: 'manager' as const,
  }));
  return { me, roles, myChecklist: [...myChecklist, ...managers] };
}
