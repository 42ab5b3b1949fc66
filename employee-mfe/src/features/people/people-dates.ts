import { parseCalendarDate } from '@embark/shared-ui';

/** A server's `YYYY-MM-DD` date as people read it, through `format`; the text as given when it is not one. */
export function calendarDate(date: string, format: (date: Date) => string): string {
  const parsed = parseCalendarDate(date);
  return parsed ? format(parsed) : date;
}
