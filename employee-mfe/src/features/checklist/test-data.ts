// Test fixtures for the checklist feature's tests (imported only by *.test.tsx files).
import type { ChecklistTaskFieldsFragment } from '../../__generated__/graphql';

/** `YYYY-MM-DD`, `days` from today in local time (only what a far due date shows). */
export function isoDate(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A due date `days` from today as the server answers it: the date and the days left. */
export function dueIn(days: number): { dueDate: string; daysUntilDue: number } {
  return { dueDate: isoDate(days), daysUntilDue: days };
}

export type TaskFixture = ChecklistTaskFieldsFragment & { __typename: 'UserChecklistItem' };

export function task(overrides: Partial<TaskFixture> & Pick<TaskFixture, 'id' | 'title'>): TaskFixture {
  return {
    __typename: 'UserChecklistItem',
    description: null,
    type: 'form',
    priority: 'medium',
    item_order: overrides.id,
    due_days: 3,
    has_progress: false,
    progress_id: null,
    status: 'pending',
    completed: false,
    note: null,
    completed_at: null,
    ...dueIn(3),
    isOverdue: false,
    estimatedTime: '5-10 minutes',
    owner_type: 'new_hire',
    ownerLabel: 'You',
    ownerName: null,
    canComplete: true,
    documents: [],
    ...overrides,
  };
}

/** Five tasks in a scrambled item_order: one done, one overdue, one due today, one high priority training, one meeting. */
export function sampleChecklist(): TaskFixture[] {
  return [
    task({ id: 1, title: 'Complete your W-4', item_order: 2, type: 'form', priority: 'high', ...dueIn(-3), isOverdue: true, description: 'Tax withholding form' }),
    task({
      id: 2,
      title: 'Read the handbook',
      item_order: 1,
      type: 'policy',
      status: 'completed',
      completed: true,
      has_progress: true,
      progress_id: 9,
      completed_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      ...dueIn(-1),
      estimatedTime: '10-15 minutes',
    }),
    task({ id: 3, title: 'Security training', item_order: 3, type: 'training', priority: 'high', ...dueIn(0), estimatedTime: '20-30 minutes' }),
    task({ id: 4, title: 'Meet your manager', item_order: 5, type: 'meeting', priority: 'low', ...dueIn(12), estimatedTime: '30-60 minutes' }),
    task({ id: 5, title: 'Expense SOP', item_order: 4, type: 'sop', priority: 'low', ...dueIn(2), estimatedTime: '15-20 minutes' }),
  ];
}
