/**
 * Task rules shared by every screen that shows a task or the user's progress (dashboard, checklist,
 * task detail, sections, the header's notifications, the profile): display status, due and
 * completion wording, progress status, guidance and the completion milestone.
 *
 * Dates (docs/product.md#due-dates): the server decides every date fact (dueDate, isOverdue,
 * daysUntilDue, urgencyLevel, estimatedTime) in its own "today", and these functions only word them,
 * so every screen and the admin statistics agree whatever the viewer's time zone. Relative wording
 * of past moments ('5 minutes ago') reads the time from `currentTime()` (relative-time.ts).
 */
import { onSessionEnded } from './auth-session';
import { COMPLETION_WORDING_MAX_DAYS, DASHBOARD, GUIDANCE_THRESHOLDS, PROGRESS_THRESHOLDS, TASK_URGENCY_DAYS } from './constants';
import { GUIDANCE_TEXT, TASK_STATUS_TEXT, TASK_WORDING } from './messages';
import { currentTime, formatCalendarDate, wordElapsed, type ElapsedWords } from './relative-time';

export type TaskUrgency = 'completed' | 'none' | 'overdue' | 'due-today' | 'due-soon' | 'due-week' | 'future';
export type TaskDisplayStatus = (typeof TASK_STATUS_TEXT)[keyof typeof TASK_STATUS_TEXT];
export type DashboardProgressStatus = 'not-started' | 'in-progress' | 'completed';
export type TaskPriority = 'high' | 'medium' | 'low';
/** Same names as the Badge component's tones (kit must not import components). */
export type TaskStatusTone = 'success' | 'danger' | 'warning' | 'info' | 'neutral';

/** What the rules need to know about a task, as the server answers it; the generated GraphQL types satisfy it. */
export interface TaskTiming {
  completed: boolean;
  /** The server's whole days from its today to the due date, negative once it has passed; null or absent: no due date. */
  daysUntilDue?: number | null;
}

/** A task's due date as the server answers it: the calendar date and the days left until it. */
export interface TaskDue {
  /** Calendar date `YYYY-MM-DD`. */
  dueDate?: string | null;
  daysUntilDue?: number | null;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** A `YYYY-MM-DD` date (or the date part of an ISO timestamp) as a local Date for display; null if unreadable. */
export function parseCalendarDate(value: string | null | undefined): Date | null {
  const match = value ? CALENDAR_DATE.exec(value.trim()) : null;
  if (!match) return null;
  const [, y, m, d] = match;
  const date = new Date(Number(y), Number(m) - 1, Number(d));
  // Rejects 2025-02-31 and friends, which Date would roll over into March.
  return date.getMonth() === Number(m) - 1 && date.getDate() === Number(d) ? date : null;
}

/** Urgency from the server's days left (docs/product.md#urgency): completed; none (no due date); overdue; due-today; due-soon (≤ 2 days); due-week (≤ 7); future. */
export function taskUrgency(task: TaskTiming): TaskUrgency {
  if (task.completed) return 'completed';
  const days = task.daysUntilDue;
  if (days === null || days === undefined) return 'none';
  if (days < 0) return 'overdue';
  if (days === 0) return 'due-today';
  if (days <= TASK_URGENCY_DAYS.dueSoon) return 'due-soon';
  if (days <= TASK_URGENCY_DAYS.dueWeek) return 'due-week';
  return 'future';
}

/** Display status (docs/product.md#task-status): Completed, Overdue, Due Today, Due Soon, else Pending. */
export function displayStatus(urgency: TaskUrgency): TaskDisplayStatus {
  switch (urgency) {
    case 'completed':
      return TASK_STATUS_TEXT.completed;
    case 'overdue':
      return TASK_STATUS_TEXT.overdue;
    case 'due-today':
      return TASK_STATUS_TEXT.dueToday;
    case 'due-soon':
      return TASK_STATUS_TEXT.dueSoon;
    default:
      return TASK_STATUS_TEXT.pending;
  }
}

/** The badge colour of a display status (the status text is always shown too). */
export function displayStatusTone(urgency: TaskUrgency): TaskStatusTone {
  switch (urgency) {
    case 'completed':
      return 'success';
    case 'overdue':
      return 'danger';
    case 'due-today':
      return 'warning';
    case 'due-soon':
      return 'info';
    default:
      return 'neutral';
  }
}

/**
 * Due wording from the server's days left (docs/product.md#due-dates): 'Overdue by N day(s)',
 * 'Due today', 'Due tomorrow', 'Due in N days' up to 7, otherwise the date. Empty text without a due date.
 */
export function dueWording(task: TaskDue, locale?: string): string {
  const days = task.daysUntilDue;
  if (days === null || days === undefined) return '';
  if (days < 0) return TASK_WORDING.overdueBy(-days);
  if (days === 0) return TASK_WORDING.dueToday;
  if (days === 1) return TASK_WORDING.dueTomorrow;
  if (days <= TASK_URGENCY_DAYS.dueWeek) return TASK_WORDING.dueInDays(days);
  const date = parseCalendarDate(task.dueDate);
  return date ? formatCalendarDate(date, locale) : '';
}

/**
 * Completion-time wording: minutes, hours or days ago (under 7 days), then the date. Under a
 * minute (or a time slightly in the future, clock skew) reads 'just now'; no time: empty.
 */
export function completionWording(completedAt: string | null | undefined, now: Date = currentTime(), locale?: string): string {
  return completedAt ? wordElapsed(completedAt, now.getTime(), COMPLETION_WORDING_MAX_DAYS, COMPLETION_WORDS, locale) : '';
}

const COMPLETION_WORDS: ElapsedWords = {
  now: TASK_WORDING.completedJustNow,
  minutes: TASK_WORDING.completedMinutesAgo,
  hours: TASK_WORDING.completedHoursAgo,
  days: TASK_WORDING.completedDaysAgo,
  date: TASK_WORDING.completedOn,
};

/**
 * The hire's own task, as against one their manager, buddy or a team does for them: progress counts
 * only these; the others are shown beside them, read-only (docs/product.md#progress).
 */
export function isOwnTask(task: { owner_type: string }): boolean {
  return task.owner_type === 'new_hire';
}

/** round(100 × completed / total); 0 when there are no tasks (the gateway's rule too). */
export function completionPercentage(completed: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.round((100 * Math.min(Math.max(completed, 0), total)) / total);
}

/** Dashboard progress status (docs/product.md#dashboard): not-started at 0, completed at 100, otherwise in-progress. */
export function dashboardProgressStatus(percent: number): DashboardProgressStatus {
  if (percent <= 0) return 'not-started';
  if (percent >= PROGRESS_THRESHOLDS.complete) return 'completed';
  return 'in-progress';
}

/** The trend icon shows when more than 5 tasks are completed (docs/product.md#dashboard). */
export function showTrendIcon(completedTasks: number): boolean {
  return completedTasks > DASHBOARD.trendIconMinCompleted;
}

export interface GuidanceInput {
  completionPercentage: number;
  completedTasks: number;
  totalTasks: number;
}

/**
 * Guidance by percentage (docs/product.md#dashboard): 100 with everything done, 0, under 25, under 50, under 75,
 * otherwise. A rounded 100 with a task still open (e.g. 199 of 200) reads 'Almost finished'.
 */
export function guidanceMessage({ completionPercentage: percent, completedTasks, totalTasks }: GuidanceInput): string {
  const remaining = Math.max(0, totalTasks - completedTasks);
  if (percent >= PROGRESS_THRESHOLDS.complete && totalTasks > 0 && remaining === 0) return GUIDANCE_TEXT.complete;
  if (percent <= 0) return GUIDANCE_TEXT.notStarted;
  if (percent < GUIDANCE_THRESHOLDS.greatStart) return GUIDANCE_TEXT.greatStart(completedTasks);
  if (percent < GUIDANCE_THRESHOLDS.excellentProgress) return GUIDANCE_TEXT.excellentProgress(remaining);
  if (percent < GUIDANCE_THRESHOLDS.halfway) return GUIDANCE_TEXT.halfway(remaining);
  return GUIDANCE_TEXT.almostFinished(remaining);
}

/**
 * Reaching 100 from below shows the toast (docs/product.md#progress): remembers the last completion percentage seen
 * and answers true exactly when a new one reaches 100 from below. The first value seen never counts,
 * so opening a page already at 100 shows nothing.
 */
export interface CompletionMilestone {
  /** Records `percent`; true when it is ≥ 100 and the previous value was below 100. */
  observe(percent: number): boolean;
  reset(): void;
}

export function createCompletionMilestone(): CompletionMilestone {
  let last: number | null = null;
  return {
    observe(percent) {
      const reached = last !== null && last < PROGRESS_THRESHOLDS.complete && percent >= PROGRESS_THRESHOLDS.complete;
      last = percent;
      return reached;
    },
    reset() {
      last = null;
    },
  };
}

let sharedMilestone: CompletionMilestone | null = null;

/**
 * The page-wide milestone every screen that can complete a task reports to, so completing the last
 * task anywhere (dashboard, checklist, task page) toasts once. Forgotten when the session ends, so
 * the next user's first value never counts as "from below".
 */
export function completionMilestone(): CompletionMilestone {
  if (!sharedMilestone) {
    const milestone = createCompletionMilestone();
    onSessionEnded(() => milestone.reset());
    sharedMilestone = milestone;
  }
  return sharedMilestone;
}
