import { formatCalendarDate, isOwnTask, parseCalendarDate, UI_TEXT } from '@embark/shared-ui';
import { shownProgress } from '../../shared/progress';
import type { ProfileOverviewQuery } from '../../__generated__/graphql';

/** What the profile and the certificate show, derived from one ProfileOverview answer. */
export interface ProfileSummary {
  name: string;
  email: string;
  /** The role's name (docs/product.md#roles), 'Front-Line Staff' when the role is unknown. */
  roleName: string;
  /** Calendar date `YYYY-MM-DD`, or null when unreadable. */
  startDate: string | null;
  /** The user's own tasks only: others' tasks about them never count (docs/product.md#progress). */
  total: number;
  completed: number;
  remaining: number;
  /** 0-100; 100 only when every own task is done (a rounded 100 with a task open reads 99). */
  percent: number;
  /** Every own task done (and there is at least one): the certificate is earned. */
  isComplete: boolean;
  /** The completion date (docs/product.md#certificate): the latest own completion time, once everything is done. */
  completedAt: string | null;
}

function timeOf(value: string | null | undefined): number | null {
  if (!value) return null;
  const time = new Date(value).getTime();
  return Number.isFinite(time) ? time : null;
}

export function summariseProfile({ me, roles, myChecklist }: ProfileOverviewQuery): ProfileSummary {
  // A manager's open 1:1 neither lowers the hire's percentage nor holds back the certificate.
  const own = myChecklist.filter(isOwnTask);
  const total = own.length;
  const completed = own.filter((item) => item.completed).length;
  const isComplete = total > 0 && completed === total;
  const percent = shownProgress(completed, total);
  let latest: number | null = null;
  if (isComplete) {
    for (const item of own) {
      const time = timeOf(item.completed_at);
      if (time !== null && (latest === null || time > latest)) latest = time;
    }
  }
  return {
    name: me.name,
    email: me.email,
    roleName: roles.find((role) => role.id === me.role_id)?.name ?? UI_TEXT.unknownRoleName,
    startDate: parseCalendarDate(me.start_date) ? me.start_date : null,
    total,
    completed,
    remaining: total - completed,
    percent,
    isComplete,
    completedAt: latest === null ? null : new Date(latest).toISOString(),
  };
}

/** `Mar 5, 2026` for a calendar date; an em dash when there is none. */
export function formatStartDate(date: string | null, locale?: string): string {
  const parsed = parseCalendarDate(date);
  return parsed ? formatCalendarDate(parsed, locale) : '—';
}

/** `March 5, 2026`: the certificate's dates, written out as on a printed document. */
export function formatLongDate(value: Date, locale?: string): string {
  return value.toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric' });
}
