import { RELATIVE_TIME_TEXT } from './messages';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "Now" on the client: the ONE place the screens read the time from, for what only the client can
 * word (how long ago something happened). Every date fact of a task (due date, overdue, days left,
 * urgency) comes from the server instead (docs/product.md#due-dates), so the viewer's clock and
 * time zone never decide one.
 */
export function currentTime(): Date {
  return new Date();
}

/**
 * Notification times (docs/product.md#notifications): 'Just now', '{n}m ago', '{n}h ago', '{n}d ago'
 * under 7 days, else the date. A time in the future (clock skew) reads 'Just now'; an invalid date
 * reads as empty text.
 */
export function formatRelativeTime(value: string | number | Date, now: number = currentTime().getTime(), locale?: string): string {
  const time = value instanceof Date ? value.getTime() : new Date(value).getTime();
  if (!Number.isFinite(time)) return '';
  const elapsed = now - time;
  if (elapsed < MINUTE) return RELATIVE_TIME_TEXT.justNow;
  if (elapsed < HOUR) return RELATIVE_TIME_TEXT.minutesAgo(Math.floor(elapsed / MINUTE));
  if (elapsed < DAY) return RELATIVE_TIME_TEXT.hoursAgo(Math.floor(elapsed / HOUR));
  if (elapsed < 7 * DAY) return RELATIVE_TIME_TEXT.daysAgo(Math.floor(elapsed / DAY));
  return new Date(time).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}
