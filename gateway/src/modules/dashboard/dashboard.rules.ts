import {
  compareUpcoming,
  completionStats,
  daysBetween,
  DEFAULT_NEXT_STEP,
  taskRoute,
  todayUtc,
  urgencyLevel,
  type CompletionStatsView,
  type TaskPriorityName,
  type UrgencyLevelName,
} from '../checklist/checklist.rules';
import type { UserChecklistItemView } from '../checklist/checklist.service';

/** Spec §3 dashboard progress. */
export interface DashboardProgressView {
  totalTasks: number;
  completedTasks: number;
  remainingTasks: number;
  overdueTasks: number;
  completionPercentage: number;
  daysActive: number;
  estimatedCompletionDate: string | null;
}

/** Spec §3 upcoming task. */
export interface UpcomingTaskView {
  id: number;
  title: string;
  description: string | null;
  dueDate: string;
  priority: TaskPriorityName;
  isOverdue: boolean;
  estimatedTime: string;
  route: string;
  urgencyLevel: UrgencyLevelName;
}

/** Spec §3 recent activity: one completed task. `id` is the checklist item's id (one completion per item). */
export interface RecentActivityView {
  id: number;
  taskTitle: string;
  timestamp: Date;
  notes: string | null;
}

export interface NextStepView {
  title: string;
  route: string;
}

/** Everything the dashboard shows, with the full upcoming and recent lists (the doors cut them to a limit). */
export interface DashboardView {
  progress: DashboardProgressView;
  completionStats: CompletionStatsView;
  nextStep: NextStepView;
  upcoming: UpcomingTaskView[];
  recent: RecentActivityView[];
}

/** Default and largest number of upcoming tasks and recent activities a client may ask for (spec §9). */
export const DASHBOARD_LIST_DEFAULT = 3;
export const DASHBOARD_LIST_MAX = 20;

/**
 * The dashboard (spec §2, §3, §4, §9) of a user's checklist as of `now`.
 * Pure: the numbers follow from the items alone, so every one is unit tested.
 *
 * - progress/completionStats: counts over the user's tasks; percentage round(100 × done / total).
 * - daysActive: whole days since start_date, never negative.
 * - estimatedCompletionDate: the latest dueDate among incomplete tasks; null when none remain.
 * - upcoming: incomplete tasks, overdue first, then by dueDate, item_order, id; with spec §4 urgency.
 * - nextStep: the first upcoming task, else 'Continue Your Tasks' → /app/checklist.
 * - recent: completed tasks, newest completion first.
 */
export function buildDashboard(items: readonly UserChecklistItemView[], startDate: string, now: Date): DashboardView {
  const stats = completionStats(items);
  const incomplete = items.filter((i) => !i.completed);
  const upcoming = [...incomplete].sort(compareUpcoming).map(
    (i): UpcomingTaskView => ({
      id: i.id,
      title: i.title,
      description: i.description,
      dueDate: i.dueDate,
      priority: i.priority,
      isOverdue: i.isOverdue,
      estimatedTime: i.estimatedTime,
      route: taskRoute(i.id),
      urgencyLevel: urgencyLevel(i.dueDate, i.priority, now),
    }),
  );
  const recent = items
    .filter((i): i is UserChecklistItemView & { completed_at: Date } => i.completed && i.completed_at !== null)
    .sort((a, b) => b.completed_at.getTime() - a.completed_at.getTime() || a.id - b.id)
    .map((i): RecentActivityView => ({ id: i.id, taskTitle: i.title, timestamp: i.completed_at, notes: i.note }));
  const latestDue = incomplete.reduce<string | null>((latest, i) => (latest === null || i.dueDate > latest ? i.dueDate : latest), null);
  const first = upcoming[0];

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
    nextStep: first ? { title: first.title, route: first.route } : { ...DEFAULT_NEXT_STEP },
    upcoming,
    recent,
  };
}
