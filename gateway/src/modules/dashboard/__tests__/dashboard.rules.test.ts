import { daysBetween, estimatedTime, isOverdue, type CompanyDay, type UserChecklistItemType } from '../../checklist';
import { buildDashboard } from '../dashboard.rules';

const NOW = new Date('2025-03-10T12:00:00Z'); // today 2025-03-10
/** The company's day at NOW, as the server reads it. */
const DAY: CompanyDay = { today: '2025-03-10', timeZone: 'UTC' };
const START = '2025-03-03'; // a week ago

/** An item of the user's checklist, due on `dueDate`, as the service produces it. */
function item(id: number, dueDate: string, options: { priority?: 'high' | 'medium' | 'low'; completedAt?: string; note?: string; order?: number; type?: 'form' | 'meeting'; owner?: 'manager' } = {}): UserChecklistItemType {
  const completed = options.completedAt !== undefined;
  return {
    id,
    title: `Task ${id}`,
    description: null,
    type: options.type ?? 'form',
    priority: options.priority ?? 'medium',
    role_id: 1,
    item_order: options.order ?? id,
    due_days: daysBetween(START, dueDate),
    created_at: new Date('2025-01-01T00:00:00Z'),
    updated_at: new Date('2025-01-01T00:00:00Z'),
    has_progress: completed,
    progress_id: completed ? 100 + id : null,
    status: completed ? 'completed' : 'pending',
    completed,
    note: options.note ?? null,
    due_date: null,
    completed_at: options.completedAt ? new Date(options.completedAt) : null,
    dueDate,
    isOverdue: isOverdue(dueDate, completed, DAY.today),
    daysUntilDue: daysBetween(DAY.today, dueDate),
    estimatedTime: estimatedTime(options.type ?? 'form'),
    owner_type: options.owner ?? 'new_hire',
    owner_role_id: null,
    ownerLabel: options.owner === 'manager' ? 'Your manager' : 'You',
    ownerName: options.owner === 'manager' ? 'Maria Manager' : null,
    canComplete: options.owner !== 'manager',
  };
}

describe('buildDashboard', () => {
  // Due dates: 1 → 03-03 (done), 2 → 03-05 (overdue), 3 → 03-06 (overdue), 4 → 03-10 (today),
  // 5 → 03-11 (high), 6 → 03-12 (done), 7 → 03-13 (medium), 8 → 03-20 (low), 9 → 03-12 (high priority, 60 h → high).
  const items = [
    item(1, '2025-03-03', { completedAt: '2025-03-04T09:00:00Z', note: 'first' }),
    item(2, '2025-03-05'),
    item(3, '2025-03-06', { priority: 'high' }),
    item(4, '2025-03-10'),
    item(5, '2025-03-11', { priority: 'high' }),
    item(6, '2025-03-12', { completedAt: '2025-03-09T16:30:00Z', note: 'second' }),
    item(7, '2025-03-13', { priority: 'high' }),
    item(8, '2025-03-20', { type: 'meeting' }),
    item(9, '2025-03-12', { priority: 'high' }),
  ];
  const dashboard = buildDashboard(items, START, NOW, DAY);

  it('computes progress and completion stats from the items', () => {
    expect(dashboard.progress).toEqual({
      totalTasks: 9,
      completedTasks: 2,
      remainingTasks: 7,
      overdueTasks: 2,
      completionPercentage: 22,
      daysActive: 7,
      estimatedCompletionDate: '2025-03-20',
    });
    expect(dashboard.completionStats).toEqual({ completed: 2, total: 9, pending: 7, overdue: 2, completionPercentage: 22, isComplete: false, othersCompleted: 0, othersTotal: 0 });
  });

  it('lists incomplete tasks overdue first, then due within 7 days by due date, with urgency, estimate and route', () => {
    expect(dashboard.upcoming.map((t) => [t.id, t.dueDate, t.urgencyLevel, t.isOverdue])).toEqual([
      [2, '2025-03-05', 'overdue', true],
      [3, '2025-03-06', 'overdue', true],
      [4, '2025-03-10', 'urgent', false], // 12 h left
      [5, '2025-03-11', 'high', false], // 36 h, high priority
      [9, '2025-03-12', 'high', false], // 60 h, high priority
      [7, '2025-03-13', 'medium', false], // 84 h: past the high window even for high priority
    ]);
    expect(dashboard.upcoming[5]).toEqual({
      id: 7,
      title: 'Task 7',
      description: null,
      dueDate: '2025-03-13',
      priority: 'high',
      isOverdue: false,
      daysUntilDue: 3,
      estimatedTime: '5-10 minutes',
      route: '/app/checklist/7',
      urgencyLevel: 'medium',
      owner_type: 'new_hire',
      ownerLabel: 'You',
      ownerName: null,
      canComplete: true,
    });
  });

  it('leaves tasks due in more than 7 days out of the upcoming list, 7 days still in', () => {
    const window = buildDashboard([item(1, '2025-03-17', { type: 'meeting' }), item(2, '2025-03-18'), item(3, '2025-03-04')], START, NOW, DAY);
    // 1 → 03-17 (7 days), 2 → 03-18 (8 days), 3 → 03-04 (overdue)
    expect(window.upcoming.map((t) => [t.id, t.daysUntilDue, t.isOverdue])).toEqual([
      [3, -6, true],
      [1, 7, false],
    ]);
    expect(window.progress.estimatedCompletionDate).toBe('2025-03-18');
  });

  it('nothing upcoming when every open task is due after 7 days; the next step is still the first of them', () => {
    const later = buildDashboard([item(1, '2025-03-23'), item(2, '2025-04-02')], START, NOW, DAY);
    expect(later.upcoming).toEqual([]);
    expect(later.nextStep).toEqual({ title: 'Task 1', route: '/app/checklist/1' });
  });

  it('makes the most urgent incomplete task the next step', () => {
    expect(dashboard.nextStep).toEqual({ title: 'Task 2', route: '/app/checklist/2' });
  });

  it('lists completions newest first, with their notes', () => {
    expect(dashboard.recent).toEqual([
      { id: 6, taskTitle: 'Task 6', timestamp: new Date('2025-03-09T16:30:00Z'), notes: 'second' },
      { id: 1, taskTitle: 'Task 1', timestamp: new Date('2025-03-04T09:00:00Z'), notes: 'first' },
    ]);
  });

  it('when everything is done: complete, 100 %, the default next step, nothing upcoming', () => {
    const done = buildDashboard([item(1, '2025-03-03', { completedAt: '2025-03-04T09:00:00Z' }), item(2, '2025-04-02', { completedAt: '2025-03-05T09:00:00Z' })], START, NOW, DAY);
    expect(done.completionStats).toMatchObject({ completed: 2, total: 2, pending: 0, completionPercentage: 100, isComplete: true });
    expect(done.progress).toMatchObject({ remainingTasks: 0, overdueTasks: 0, completionPercentage: 100, estimatedCompletionDate: null });
    expect(done.nextStep).toEqual({ title: 'Continue Your Tasks', route: '/app/checklist' });
    expect(done.upcoming).toEqual([]);
  });

  it('with no tasks: 0 %, not complete, the default next step', () => {
    const empty = buildDashboard([], START, NOW, DAY);
    expect(empty.completionStats).toEqual({ completed: 0, total: 0, pending: 0, overdue: 0, completionPercentage: 0, isComplete: false, othersCompleted: 0, othersTotal: 0 });
    expect(empty.progress).toEqual({ totalTasks: 0, completedTasks: 0, remainingTasks: 0, overdueTasks: 0, completionPercentage: 0, daysActive: 7, estimatedCompletionDate: null });
    expect(empty.nextStep).toEqual({ title: 'Continue Your Tasks', route: '/app/checklist' });
    expect(empty.recent).toEqual([]);
  });

  it('counts days active from the start date, 0 on the first day and before it', () => {
    expect(buildDashboard([], '2025-03-10', NOW, DAY).progress.daysActive).toBe(0);
    expect(buildDashboard([], '2025-03-09', NOW, DAY).progress.daysActive).toBe(1);
    expect(buildDashboard([], '2025-03-20', NOW, DAY).progress.daysActive).toBe(0);
  });

  it('counts calendar days until a start date ahead (preboarding), null from the start date on', () => {
    expect(buildDashboard([], '2025-03-15', NOW, DAY).startsInDays).toBe(5);
    expect(buildDashboard([], '2025-03-11', NOW, DAY).startsInDays).toBe(1);
    expect(buildDashboard([], '2025-03-10', NOW, DAY).startsInDays).toBeNull();
    expect(buildDashboard([], START, NOW, DAY).startsInDays).toBeNull();
  });

  it("judges days and urgency on the company's day, in its time zone", () => {
    // 12:00 UTC on 03-10 is already 01:00 on 03-11 in Auckland (UTC+13): the task due 03-10 is over there.
    const auckland: CompanyDay = { today: '2025-03-11', timeZone: 'Pacific/Auckland' };
    const [task] = buildDashboard([{ ...item(1, '2025-03-10'), isOverdue: true, daysUntilDue: -1 }], START, NOW, auckland).upcoming;
    expect(task?.urgencyLevel).toBe('overdue');
    expect(buildDashboard([], '2025-03-11', NOW, auckland).startsInDays).toBeNull();
    expect(buildDashboard([], '2025-03-03', NOW, auckland).progress.daysActive).toBe(8);
    // In Los Angeles (UTC-7) it is 05:00 on 03-10: 19 hours left, urgent.
    const losAngeles: CompanyDay = { today: '2025-03-10', timeZone: 'America/Los_Angeles' };
    expect(buildDashboard([item(1, '2025-03-10')], START, NOW, losAngeles).upcoming[0]?.urgencyLevel).toBe('urgent');
  });

  it("shows the manager's task read-only, but counts and steps over the user's own tasks only", () => {
    const mixed = buildDashboard([item(1, '2025-03-05', { owner: 'manager' }), item(2, '2025-03-11'), item(3, '2025-03-25', { owner: 'manager' }), item(4, '2025-03-03', { completedAt: '2025-03-04T09:00:00Z', owner: 'manager' })], START, NOW, DAY);
    expect(mixed.completionStats).toEqual({ completed: 0, total: 1, pending: 1, overdue: 0, completionPercentage: 0, isComplete: false, othersCompleted: 1, othersTotal: 3 });
    expect(mixed.progress).toMatchObject({ totalTasks: 1, overdueTasks: 0, estimatedCompletionDate: '2025-03-11' });
    expect(mixed.upcoming.map((t) => [t.id, t.ownerLabel, t.ownerName, t.canComplete])).toEqual([
      [1, 'Your manager', 'Maria Manager', false],
      [2, 'You', null, true],
    ]);
    expect(mixed.nextStep).toEqual({ title: 'Task 2', route: '/app/checklist/2' });
  });

  it('breaks ties on due date by item_order, then id', () => {
    const tied = buildDashboard([item(3, '2025-03-08', { order: 2 }), item(1, '2025-03-08', { order: 2 }), item(2, '2025-03-08', { order: 1 })], START, NOW, DAY);
    expect(tied.upcoming.map((t) => t.id)).toEqual([2, 1, 3]);
  });
});
