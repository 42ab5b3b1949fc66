import { LRUCache } from 'lru-cache';
import type { CompletionStatsType } from './checklist.types';

/**
 * The server-computed rules of the checklist and the dashboard
 * (docs/product.md#due-dates, #overdue, #urgency, #estimated-time, #progress,
 * #dashboard): due dates, overdue, urgency, time estimates, percentages, next step.
 * Pure functions of their inputs (no I/O, no hidden clock): callers pass `now`
 * from the injected clock, so every rule is unit tested at its boundaries.
 *
 * Dates are calendar dates of the company calendar, written YYYY-MM-DD; the
 * company's today comes from the server's SQL (companyDay), in the company
 * time zone. A task is due by the END of its due date: it is overdue from the
 * next midnight in the company time zone on, and the urgency hours count down
 * to that moment, so "overdue" means the same thing for isOverdue and for
 * urgencyLevel.
 */

export const CHECKLIST_ITEM_TYPES = ['form', 'policy', 'sop', 'training', 'meeting'] as const;
export type ChecklistItemTypeName = (typeof CHECKLIST_ITEM_TYPES)[number];

export const TASK_PRIORITIES = ['high', 'medium', 'low'] as const;
export type TaskPriorityName = (typeof TASK_PRIORITIES)[number];

/**
 * Who does a task (docs/product.md#roles): the new hire themself (the
 * default), the hire's manager, the hire's buddy, or any member of a role (a
 * team). Only the hire's own tasks count towards their progress.
 */
export const OWNER_TYPES = ['new_hire', 'manager', 'buddy', 'role'] as const;
export type OwnerTypeName = (typeof OWNER_TYPES)[number];

/** How the hire reads a task's owner: 'You', 'Your manager', 'Your buddy' or 'The {role} team'. */
export function ownerLabel(ownerType: OwnerTypeName, roleName: string | null): string {
  switch (ownerType) {
    case 'new_hire':
      return 'You';
    case 'manager':
      return 'Your manager';
    case 'buddy':
      return 'Your buddy';
    case 'role':
      return `The ${roleName ?? 'assigned'} team`;
  }
}

/** What is stored (docs/product.md#task-status). */
export const PROGRESS_STATUSES = ['completed', 'pending'] as const;
export type ProgressStatusName = (typeof PROGRESS_STATUSES)[number];

export const URGENCY_LEVELS = ['overdue', 'urgent', 'high', 'medium', 'low'] as const;
export type UrgencyLevelName = (typeof URGENCY_LEVELS)[number];

/** Task time estimates by type (docs/product.md#estimated-time). */
export const ESTIMATED_TIMES: Readonly<Record<ChecklistItemTypeName, string>> = {
  form: '5-10 minutes',
  policy: '10-15 minutes',
  sop: '15-20 minutes',
  training: '20-30 minutes',
  meeting: '30-60 minutes',
};
export const DEFAULT_ESTIMATED_TIME = '10-15 minutes';

/** Dashboard urgency thresholds, in hours before the task is due (docs/product.md#urgency). */
export const URGENCY_HOURS = { urgent: 24, high: 72, medium: 168 } as const;

/** The next step when no task is open (docs/product.md#dashboard). */
export const DEFAULT_NEXT_STEP = { title: 'Continue Your Tasks', route: '/app/checklist' } as const;

const MS_PER_HOUR = 3_600_000;
const MS_PER_DAY = 24 * MS_PER_HOUR;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function estimatedTime(type: string): string {
  return Object.hasOwn(ESTIMATED_TIMES, type) ? ESTIMATED_TIMES[type as ChecklistItemTypeName] : DEFAULT_ESTIMATED_TIME;
}

/** The route of a task's page. */
export function taskRoute(itemId: number): string {
  return `/app/checklist/${itemId}`;
}

/** round(100 × done / total); 0 when there is nothing to do. Half rounds up (12.5 → 13). */
export function completionPercentage(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((100 * done) / total);
}

/** round(100 × done / total) as a rate, or null when nothing is assigned (docs/product.md#admin). */
export function completionRate(done: number, total: number): number | null {
  return total > 0 ? completionPercentage(done, total) : null;
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** How far `timeZone`'s wall clock is ahead of UTC at the instant `ms`, in ms. */
function zoneOffsetMs(ms: number, timeZone: string): number {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    wallClocks.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * Answers of the date functions below, by argument: every checklist read asks them for the same
 * few hundred dates, and a zone's wall clock (Intl) was the costliest step of a dashboard read.
 * An answer never changes within a process (the zone rules are the runtime's); the bound keeps an
 * odd spread of dates from growing the memos.
 */
export const DATE_MEMO_MAX = 4096;
const startOfDayMemo = new LRUCache<string, number>({ max: DATE_MEMO_MAX });
const dueEndMemo = new LRUCache<string, number>({ max: DATE_MEMO_MAX });
const utcMidnightMemo = new LRUCache<string, number>({ max: DATE_MEMO_MAX });

function remember(memo: LRUCache<string, number>, key: string, value: number): number {
  memo.set(key, value);
  return value;
}

/** The instant a YYYY-MM-DD date begins in `timeZone` (its midnight, or the first moment after a skipped one), in ms. */
export function startOfDayMs(date: string, timeZone: string): number {
  const key = `${timeZone} ${date}`;
  return startOfDayMemo.get(key) ?? remember(startOfDayMemo, key, zoneMidnightMs(date, timeZone));
}

function zoneMidnightMs(date: string, timeZone: string): number {
  const wallMidnight = dateToUtcMs(date);
  const guess = wallMidnight - zoneOffsetMs(wallMidnight, timeZone);
  // Around a daylight-saving change the offset at the guess can differ: one correction settles it.
  const corrected = wallMidnight - zoneOffsetMs(guess, timeZone);
  // Unless the clocks skip midnight west of UTC (Santiago: 00:00 -04 → 01:00 -03): the correction then lands
  // on the day before, and the day begins at the jump, which is the guess.
  return corrected + zoneOffsetMs(corrected, timeZone) >= wallMidnight ? corrected : guess;
}

/** Midnight UTC at the start of a YYYY-MM-DD date, in ms. Throws on anything else. */
export function dateToUtcMs(date: string): number {
  return utcMidnightMemo.get(date) ?? remember(utcMidnightMemo, date, parseUtcMidnight(date));
}

function parseUtcMidnight(date: string): number {
  const m = DATE_PATTERN.exec(date);
  if (!m) throw new Error(`not a YYYY-MM-DD date: ${date}`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) throw new Error(`not a calendar date: ${date}`);
  return ms;
}

/** Whole days from one calendar date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dateToUtcMs(to) - dateToUtcMs(from)) / MS_PER_DAY);
}

/** Not completed, and the due date is before today. */
export function isOverdue(dueDate: string, completed: boolean, today: string): boolean {
  return !completed && dueDate < today;
}

/** Hours from `now` until the end of the due date in the company time zone (negative or zero once overdue). */
export function hoursUntilDue(dueDate: string, now: Date, timeZone = 'UTC'): number {
  const key = `${timeZone} ${dueDate}`;
  const end = dueEndMemo.get(key) ?? remember(dueEndMemo, key, startOfDayMs(dateAfter(dueDate), timeZone));
  return (end - now.getTime()) / MS_PER_HOUR;
}

/** The calendar date after a YYYY-MM-DD date. */
function dateAfter(date: string): string {
  return new Date(dateToUtcMs(date) + MS_PER_DAY).toISOString().slice(0, 10);
}

/**
 * Dashboard urgency of an incomplete task (docs/product.md#urgency): overdue;
 * urgent (under 24 h); high (under 72 h and high priority); medium (under
 * 168 h); otherwise low.
 */
export function urgencyLevel(dueDate: string, priority: string, now: Date, timeZone = 'UTC'): UrgencyLevelName {
  const hours = hoursUntilDue(dueDate, now, timeZone);
  if (hours <= 0) return 'overdue';
  if (hours < URGENCY_HOURS.urgent) return 'urgent';
  if (hours < URGENCY_HOURS.high && priority === 'high') return 'high';
  if (hours < URGENCY_HOURS.medium) return 'medium';
  return 'low';
}

/** What the completion numbers are computed from: one entry per task of the user. */
export interface TaskState {
  completed: boolean;
  isOverdue: boolean;
  owner_type: OwnerTypeName;
}

/** The user's own task (owned by the new hire), the only kind their progress counts. */
export function isOwnTask(task: Pick<TaskState, 'owner_type'>): boolean {
  return task.owner_type === 'new_hire';
}

/**
 * Completion stats over a user's tasks (docs/product.md#progress): the counts,
 * percentage and isComplete over the user's OWN tasks; the tasks about them
 * that others own (manager, buddy, a team) only as othersCompleted/othersTotal.
 */
export function completionStats(tasks: readonly TaskState[]): CompletionStatsType {
  const own = tasks.filter(isOwnTask);
  const others = tasks.filter((t) => !isOwnTask(t));
  const total = own.length;
  const completed = own.filter((t) => t.completed).length;
  const overdue = own.filter((t) => t.isOverdue).length;
  return {
    completed,
    total,
    pending: total - completed,
    overdue,
    completionPercentage: completionPercentage(completed, total),
    isComplete: total > 0 && completed === total,
    othersCompleted: others.filter((t) => t.completed).length,
    othersTotal: others.length,
  };
}

/** What the upcoming order needs of a task. */
export interface SortableTask {
  id: number;
  dueDate: string;
  item_order: number;
  isOverdue: boolean;
}

/** Upcoming order: overdue first, then by due date, then item_order, then id (stable for ties). */
export function compareUpcoming(a: SortableTask, b: SortableTask): number {
  if (a.isOverdue !== b.isOverdue) return a.isOverdue ? -1 : 1;
  if (a.dueDate !== b.dueDate) return a.dueDate < b.dueDate ? -1 : 1;
  if (a.item_order !== b.item_order) return a.item_order - b.item_order;
  return a.id - b.id;
}
