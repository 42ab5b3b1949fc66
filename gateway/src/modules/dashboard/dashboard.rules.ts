import { compareUpcoming, completionStats, daysBetween, DEFAULT_NEXT_STEP, taskRoute, todayUtc, urgencyLevel, type UserChecklistItemType } from '../checklist';
import type { DashboardType, RecentActivityType, UpcomingTaskType } from './dashboard.types';

/** Default and largest number of upcoming tasks and recent activities a client may ask for (docs/product.md#dashboard). */
export const DASHBOARD_LIST_DEFAULT = 3;
export const DASHBOARD_LIST_MAX = 20;
/** The upcoming list shows overdue tasks and those due within this many days (docs/product.md#dashboard). */
export const UPCOMING_WINDOW_DAYS = 7;

/**
 * The dashboard (docs/product.md#dashboard) of a user's checklist as of `now`.
 * Pure: the numbers follow from the items alone, so every one is unit tested.
 *
 * - progress/completionStats: counts over the user's tasks; percentage round(100 × done / total).
 * - daysActive: whole days since start_date, never negative.
 * - estimatedCompletionDate: the latest dueDate among incomplete tasks; null when none remain.
 * - upcoming: incomplete tasks that are overdue or due within 7 days, overdue first, then by
 *   dueDate, item_order, id; with their urgency (docs/product.md#urgency).
 * - nextStep: the most urgent incomplete task (due within the window or not), else
 *   'Continue Your Tasks' → /app/checklist.
 * - recent: completed tasks, newest completion first.
 */
export function buildDashboard(items: readonly UserChecklistItemType[], startDate: string, now: Date): DashboardType {
  const stats = completionStats(items);
  const incomplete = items.filter((i) => !i.completed);
  const ordered = [...incomplete].sort(compareUpcoming);
  const upcoming = ordered.filter((i) => i.isOverdue || i.daysUntilDue <= UPCOMING_WINDOW_DAYS).map(
    (i): UpcomingTaskType => ({
      id: i.id,
      title: i.title,
      description: i.description,
      dueDate: i.dueDate,
      priority: i.priority,
      isOverdue: i.isOverdue,
      daysUntilDue: i.daysUntilDue,
      estimatedTime: i.estimatedTime,
      route: taskRoute(i.id),
      urgencyLevel: urgencyLevel(i.dueDate, i.priority, now),
    }),
  );
  const recent = items
    .filter((i): i is UserChecklistItemType & { completed_at: Date } => i.completed && i.completed_at !== null)
    .sort((a, b) => b.completed_at.getTime() - a.completed_at.getTime() || a.id - b.id)
    .map((i): RecentActivityType => ({ id: i.id, taskTitle: i.title, timestamp: i.completed_at, notes: i.note }));
  const latestDue = incomplete.reduce<string | null>((latest, i) => (latest === null || i.dueDate > latest ? i.dueDate : latest), null);
  const first = ordered[0];

  return {
    progress: {
      totalTasks: stats.total,
      completedTasks: stats.completed,
      remainingTasks: stats.pending,
      overdueTasks: stats.overdue,
      completionPercentage: stats.completionPercentage,
      daysActive: Math.max(0, daysBetween(startDate, todayUtc(now))),
      estimatedCompletionDate: latestDue,
    },
    completionStats: stats,
    nextStep: first ? { title: first.title, route: taskRoute(first.id) } : { ...DEFAULT_NEXT_STEP },
    upcoming,
    recent,
  };
}
