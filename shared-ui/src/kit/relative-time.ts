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

/** How long ago a moment was, in the unit people say it in; 'date' from `maxDays` days on. */
export type Elapsed = { unit: 'now' } | { unit: 'minutes' | 'hours' | 'days'; count: number } | { unit: 'date'; date: Date };

/**
 * The one reading of "how long ago" behind every relative wording: under a minute (or a moment
 * slightly in the future, clock skew) is now; then whole minutes, hours and days under `maxDays`;
 * then the date. null for an unreadable time.
 */
export function elapsedSince(value: string | number | Date, now: number, maxDays: number): Elapsed | null {
  const time = value instanceof Date ? value.getTime() : new Date(value).getTime();
  if (!Number.isFinite(time)) return null;
  const elapsed = now - time;
  if (elapsed < MINUTE) return { unit: 'now' };
  if (elapsed < HOUR) return { unit: 'minutes', count: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { unit: 'hours', count: Math.floor(elapsed / HOUR) };
  if (elapsed < maxDays * DAY) return { unit: 'days', count: Math.floor(elapsed / DAY) };
  return { unit: 'date', date: new Date(time) };
}

/** The words for each unit of an `Elapsed`; `date` gets the date already formatted. */
export interface ElapsedWords {
  now: string;
  minutes(count: number): string;
  hours(count: number): string;
  days(count: number): string;
  date(formatted: string): string;
}

/** How long ago `value` was, in `words` (see `elapsedSince`); empty text for an unreadable time. */
export function wordElapsed(value: string | number | Date, now: number, maxDays: number, words: ElapsedWords, locale?: string): string {
  const ago = elapsedSince(value, now, maxDays);
  if (!ago) return '';
  switch (ago.unit) {
    case 'now':
      return words.now;
    case 'minutes':
      return words.minutes(ago.count);
    case 'hours':
      return words.hours(ago.count);
    case 'days':
      return words.days(ago.count);
    default:
      return words.date(formatCalendarDate(ago.date, locale));
  }
}

/** A calendar date for people: `Mar 5, 2025` in English. */
export function formatCalendarDate(date: Date, locale?: string): string {
  return date.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}

/**
 * Notification times (docs/product.md#notifications): 'Just now', '{n}m ago', '{n}h ago', '{n}d ago'
 * under 7 days, else the date. A time in the future (clock skew) reads 'Just now'; an invalid date
 * reads as empty text.
 */
export function formatRelativeTime(value: string | number | Date, now: number = currentTime().getTime(), locale?: string): string {
  return wordElapsed(value, now, 7, NOTIFICATION_WORDS, locale);
}

const NOTIFICATION_WORDS: ElapsedWords = {
  now: RELATIVE_TIME_TEXT.justNow,
  minutes: RELATIVE_TIME_TEXT.minutesAgo,
  hours: RELATIVE_TIME_TEXT.hoursAgo,
  days: RELATIVE_TIME_TEXT.daysAgo,
  date: (formatted) => formatted,
};
