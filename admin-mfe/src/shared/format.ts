import { currentTime, formatCalendarDate, formatRelativeTime, parseCalendarDate } from '@embark/shared-ui';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';

/** A YYYY-MM-DD date as people read it ("Mar 3, 2025"); the raw text if it is not a date. */
export function formatDate(date: string): string {
  const parsed = parseCalendarDate(date);
  return parsed ? formatCalendarDate(parsed) : date;
}

/** The day of an ISO timestamp, in the viewer's calendar ("Mar 10, 2025"); the raw text if it is not a time. */
export function formatTimestampDate(at: string): string {
  const time = new Date(at);
  return Number.isFinite(time.getTime()) ? formatCalendarDate(time) : at;
}

/** "2h ago", a date after a week, or "Never". */
export function formatLastLogin(at: string | null | undefined, now: number = currentTime().getTime()): string {
  return at ? formatRelativeTime(at, now) : ADMIN_TEXT.never;
}
