/**
 * Spec §4 and §9 task rules, shared by every screen that shows a task or the user's progress
 * (dashboard, checklist, task detail, sections, and later the header's notifications and profile):
 * urgency, display status, due and completion wording, dashboard urgency and progress status,
 * guidance, trend icon and time estimates. Pure functions of their inputs and `now`, so the screens
 * and the tests agree and a test can pin the clock.
 *
 * Dates: a due date is a calendar date (`YYYY-MM-DD`, start date + due_days, DESIGN §7.2). Days left
 * count calendar days in the viewer's time zone, so 'Due today' flips at the viewer's midnight.
 */
import { onSessionEnded } from './auth-session';
import {
  COMPLETION_WORDING_MAX_DAYS,
  DASHBOARD,
  DASHBOARD_URGENCY_HOURS,
  DEFAULT_TASK_TIME_ESTIMATE_MIN,
  GUIDANCE_THRESHOLDS,
  PROGRESS_THRESHOLDS,
  TASK_TIME_ESTIMATES_MIN,
  TASK_URGENCY_DAYS,
  type TaskType,
} from './constants';
import { GUIDANCE_TEXT, TASK_STATUS_TEXT, TASK_WORDING } from './messages';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export type TaskUrgency = 'completed' | 'none' | 'overdue' | 'due-today' | 'due-soon' | 'due-week' | 'future';
export type TaskDisplayStatus = (typeof TASK_STATUS_TEXT)[keyof typeof TASK_STATUS_TEXT];
export type DashboardUrgency = 'overdue' | 'urgent' | 'high' | 'medium' | 'low';
export type DashboardProgressStatus = 'not-started' | 'in-progress' | 'completed';
export type TaskPriority = 'high' | 'medium' | 'low';
/** Same names as the Badge component's tones (kit must not import components). */
export type TaskStatusTone = 'success' | 'danger' | 'warning' | 'info' | 'neutral';

/** What the rules need to know about a task; the generated GraphQL types satisfy it. */
export interface TaskTiming {
  completed: boolean;
  /** Calendar date `YYYY-MM-DD` (an ISO timestamp is read by its date part); null or empty: no due date. */
  dueDate?: string | null;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** Local midnight of a `YYYY-MM-DD` date (or of the date part of an ISO timestamp); null if unreadable. */
export function parseCalendarDate(value: string | null | undefined): Date | null {
  const match = value ? CALENDAR_DATE.exec(value.trim()) : null;
  if (!match) return null;
  const [, y, m, d] = match;
  const date = new Date(Number(y), Number(m) - 1, Number(d));
  // Rejects 2025-02-31 and friends, which Date would roll over into March.
  return date.getMonth() === Number(m) - 1 && date.getDate() === Number(d) ? date : null;
}

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Whole calendar days from today to the due date (negative once it has passed); null without a date. */
export function daysUntilDue(dueDate: string | null | undefined, now: Date = new Date()): number | null {
  const due = parseCalendarDate(dueDate);
  if (!due) return null;
  // Rounded, not floored: a day across a daylight-saving change is 23 or 25 hours long.
  return Math.round((due.getTime() - startOfDay(now)) / DAY_MS);
}

/** Spec §4 urgency: completed; none (no due date); overdue; due-today; due-soon (≤ 2 days); due-week (≤ 7); future. */
export function taskUrgency(task: TaskTiming, now: Date = new Date()): TaskUrgency {
  if (task.completed) return 'completed';
  const days = daysUntilDue(task.dueDate, now);
  if (days === null) return 'none';
  if (days < 0) return 'overdue';
  if (days === 0) return 'due-today';
  if (days <= TASK_URGENCY_DAYS.dueSoon) return 'due-soon';
  if (days <= TASK_URGENCY_DAYS.dueWeek) return 'due-week';
  return 'future';
}

/** Spec §4 display status: Completed, Overdue, Due Today, Due Soon, else Pending. */
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

/** A calendar date for people: `Mar 5, 2025` in English. */
export function formatCalendarDate(date: Date, locale?: string): string {
  return date.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}

/**
 * Spec §4 due wording: 'Overdue by N day(s)', 'Due today', 'Due tomorrow', 'Due in N days' up to 7,
 * otherwise the date. Empty text when there is no due date.
 */
export function dueWording(dueDate: string | null | undefined, now: Date = new Date(), locale?: string): string {
  const days = daysUntilDue(dueDate, now);
  if (days === null) return '';
  if (days < 0) return TASK_WORDING.overdueBy(-days);
  if (days === 0) return TASK_WORDING.dueToday;
  if (days === 1) return TASK_WORDING.dueTomorrow;
  if (days <= TASK_URGENCY_DAYS.dueWeek) return TASK_WORDING.dueInDays(days);
  // parseCalendarDate cannot fail here: daysUntilDue already read the same value.
  return formatCalendarDate(parseCalendarDate(dueDate) as Date, locale);
}

/**
 * Spec §4 completion-time wording: minutes, hours or days ago (under 7 days), then the date.
 * Under a minute (or a time slightly in the future, clock skew) reads 'just now'; no time: empty.
 */
export function completionWording(completedAt: string | null | undefined, now: Date = new Date(), locale?: string): string {
  if (!completedAt) return '';
  const time = new Date(completedAt).getTime();
  if (!Number.isFinite(time)) return '';
  const elapsed = now.getTime() - time;
  if (elapsed < MINUTE_MS) return TASK_WORDING.completedJustNow;
  if (elapsed < HOUR_MS) return TASK_WORDING.completedMinutesAgo(Math.floor(elapsed / MINUTE_MS));
  if (elapsed < DAY_MS) return TASK_WORDING.completedHoursAgo(Math.floor(elapsed / HOUR_MS));
  if (elapsed < COMPLETION_WORDING_MAX_DAYS * DAY_MS) return TASK_WORDING.completedDaysAgo(Math.floor(elapsed / DAY_MS));
  return TASK_WORDING.completedOn(formatCalendarDate(new Date(time), locale));
}

/**
 * Hours until the due date runs out, i.e. until the end of that calendar day, so a task due today is
 * never 'overdue' before the day is over (the same moment `taskUrgency` turns 'overdue').
 */
export function hoursUntilDue(dueDate: string | null | undefined, now: Date = new Date()): number | null {
  const due = parseCalendarDate(dueDate);
  if (!due) return null;
  const endOfDueDay = new Date(due.getFullYear(), due.getMonth(), due.getDate() + 1).getTime();
  return (endOfDueDay - now.getTime()) / HOUR_MS;
}

/**
 * Spec §4 dashboard urgency: overdue; urgent (under 24 h); high (under 72 h and high priority);
 * medium (under 168 h); low (and no due date). The gateway computes `urgencyLevel` by the same rule.
 */
export function dashboardUrgency(task: { dueDate?: string | null; priority: TaskPriority | string }, now: Date = new Date()): DashboardUrgency {
  const hours = hoursUntilDue(task.dueDate, now);
  if (hours === null) return 'low';
  if (hours <= 0) return 'overdue';
  if (hours < DASHBOARD_URGENCY_HOURS.urgent) return 'urgent';
  if (hours < DASHBOARD_URGENCY_HOURS.high && task.priority === 'high') return 'high';
  if (hours < DASHBOARD_URGENCY_HOURS.medium) return 'medium';
  return 'low';
}

/** round(100 × completed / total); 0 when there are no tasks (the gateway's rule too). */
export function completionPercentage(completed: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.round((100 * Math.min(Math.max(completed, 0), total)) / total);
}

/** Spec §4 dashboard progress status: not-started at 0, completed at 100, otherwise in-progress. */
export function dashboardProgressStatus(percent: number): DashboardProgressStatus {
  if (percent <= 0) return 'not-started';
  if (percent >= PROGRESS_THRESHOLDS.complete) return 'completed';
  return 'in-progress';
}

/** Spec §4: the trend icon shows when more than 5 tasks are completed. */
export function showTrendIcon(completedTasks: number): boolean {
  return completedTasks > DASHBOARD.trendIconMinCompleted;
}

export interface GuidanceInput {
  completionPercentage: number;
  completedTasks: number;
  totalTasks: number;
}

/**
 * Spec §4 guidance by percentage: 100 with everything done, 0, under 25, under 50, under 75,
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

function isTaskType(value: string): value is TaskType {
  return Object.prototype.hasOwnProperty.call(TASK_TIME_ESTIMATES_MIN, value);
}

/** Spec §9 time estimate by type: form 5-10 minutes … meeting 30-60, otherwise 10-15. */
export function estimatedTime(type: string | null | undefined): string {
  const [min, max] = type && isTaskType(type) ? TASK_TIME_ESTIMATES_MIN[type] : DEFAULT_TASK_TIME_ESTIMATE_MIN;
  return TASK_WORDING.estimate(min, max);
}

/**
 * Spec §4 "Reaching 100 from below shows the toast": remembers the last completion percentage seen
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
