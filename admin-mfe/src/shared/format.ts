import { currentTime, formatCalendarDate, formatRelativeTime, parseCalendarDate } from '@embark/shared-ui';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';

/** A YYYY-MM-DD date as people read it ("Mar 3, 2025"); the raw text if it is not a date. */
export function formatDate(date: string): string {
  const parsed = parseCalendarDate(date);
  return parsed ? formatCalendarDate(parsed) : date;
}

/** "2h ago", a date after a week, or "Never". */
export function formatLastLogin(at: string | null | undefined, now: number = currentTime().getTime()): string {
  return at ? formatRelativeTime(at, now) : ADMIN_TEXT.never;
}
