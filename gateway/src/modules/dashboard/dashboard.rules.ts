import { compareUpcoming, completionStats, daysBetween, DEFAULT_NEXT_STEP, isOwnTask, taskRoute, urgencyLevel, type CompanyDay, type UserChecklistItemType } from '../checklist';
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
 * - progress/completionStats: counts over the user's own tasks; percentage round(100 × done / total);
 *   the tasks others own about the user only as othersCompleted/othersTotal (docs/product.md#progress).
 * - daysActive: whole days since start_date, never negative.
 * - estimatedCompletionDate: the latest dueDate among the user's incomplete own tasks; null when none remain.
 * - upcoming: incomplete tasks that are overdue or due within 7 days, overdue first, then by
 *   dueDate, item_order, id; with their urgency (docs/product.md#urgency) and owner (the
 *   others' tasks show read-only, with canComplete false).
 * - nextStep: the user's most urgent incomplete own task (due within the window or not), else
 *   'Continue Your Tasks' → /app/checklist.
 * - recent: completed tasks, newest completion first.
 * - startsInDays: calendar days until start_date while it is ahead (preboarding), else null.
 * "Today" and the urgency deadlines are the company's (`day`, from the server's calendar).
 */
export function buildDashboard(items: readonly UserChecklistItemType[], startDate: string, now: Date, day: CompanyDay): DashboardType {
  const stats = completionStats(items);
  const incomplete = items.filter((i) => !i.completed);
  const ordered = [...incomplete].sort(compareUpcoming);
  const ownOrdered = ordered.filter(isOwnTask);
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
      urgencyLevel: urgencyLevel(i.dueDate, i.priority, now, day.timeZone),
      owner_type: i.owner_type,
      ownerLabel: i.ownerLabel,
      ownerName: i.ownerName,
      canComplete: i.canComplete,
    }),
  );
  const recent = items
    .filter((i): i is UserChecklistItemType & { completed_at: Date } => i.completed && i.completed_at !== null)
    .sort((a, b) => b.completed_at.getTime() - a.completed_at.getTime() || a.id - b.id)
    .map((i): RecentActivityType => ({ id: i.id, taskTitle: i.title, timestamp: i.completed_at, notes: i.note }));
  const latestDue = incomplete.filter(isOwnTask).reduce<string | null>((latest, i) => (latest === null || i.dueDate > latest ? i.dueDate : latest), null);
  const first = ownOrdered[0];

  return {
    progress: {
      totalTasks: stats.total,
      completedTasks: stats.completed,
      remainingTasks: stats.pending,
      overdueTasks: stats.overdue,
      completionPercentage: stats.completionPercentage,
      daysActive: Math.max(0, daysBetween(startDate, day.today)),
      estimatedCompletionDate: latestDue,
    },
    completionStats: stats,
    nextStep: first ? { title: first.title, route: taskRoute(first.id) } : { ...DEFAULT_NEXT_STEP },
    upcoming,
    recent,
    startsInDays: startDate > day.today ? daysBetween(day.today, startDate) : null,
  };
}
