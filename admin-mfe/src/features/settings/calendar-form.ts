import { parseCalendarDate } from '@embark/shared-ui';
import { ADMIN_TEXT } from '@embark/shared-ui/page-text/admin';

/** ISO weekdays, 1 = Monday … 7 = Sunday, in the order the page lists them. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The years the company calendar covers, and a holiday name's length, as the gateway takes them. */
export const CALENDAR_LIMITS = { yearMin: 2000, yearMax: 2100, holidayNameMax: 100 } as const;

const inCalendarYears = (year: number): boolean => year >= CALENDAR_LIMITS.yearMin && year <= CALENDAR_LIMITS.yearMax;

/** A company holiday: a calendar date (YYYY-MM-DD) and its name. */
export interface HolidayEntry {
  date: string;
  name: string;
}

/**
 * The time zones to choose from: the browser's IANA list, with UTC (which some engines leave out)
 * and the saved zone (which an older browser may not know), sorted.
 */
export function timeZoneChoices(current: string, supported: readonly string[] = Intl.supportedValuesOf('timeZone')): string[] {
  return [...new Set([...supported, 'UTC', current])].filter((zone) => zone !== '').sort();
}

/** The working days as the server stores them: distinct and in weekday order. */
export function sortedWeekdays(days: Iterable<number>): number[] {
  return [...new Set(days)].sort((a, b) => a - b);
}

/** The holidays in date order. */
export function sortedHolidays(holidays: readonly HolidayEntry[]): HolidayEntry[] {
  return [...holidays].sort((a, b) => a.date.localeCompare(b.date));
}

export type HolidayDraftErrors = Partial<Record<'date' | 'name', string>>;

/** Why a typed holiday cannot join `listed` (one holiday per date); empty when it can. */
export function holidayProblems(draft: HolidayEntry, listed: readonly HolidayEntry[]): HolidayDraftErrors {
  const errors: HolidayDraftErrors = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date) || parseCalendarDate(draft.date) === null) errors.date = ADMIN_TEXT.holidayDateRequired;
  else if (!inCalendarYears(Number(draft.date.slice(0, 4)))) errors.date = ADMIN_TEXT.holidayDateOutOfRange;
  else if (listed.some((h) => h.date === draft.date)) errors.date = ADMIN_TEXT.holidayDuplicate(draft.date);
  if (draft.name.trim() === '') errors.name = ADMIN_TEXT.holidayNameRequired;
  else if ([...draft.name.trim()].length > CALENDAR_LIMITS.holidayNameMax) errors.name = ADMIN_TEXT.holidayNameTooLong;
  return errors;
}

/** `listed` with the preset's holidays on dates not listed yet; `added` counts them. */
export function mergeHolidays(listed: readonly HolidayEntry[], preset: readonly HolidayEntry[]): { holidays: HolidayEntry[]; added: number } {
  const taken = new Set(listed.map((h) => h.date));
  const fresh: HolidayEntry[] = [];
  for (const holiday of preset) {
    if (taken.has(holiday.date)) continue;
    taken.add(holiday.date);
    fresh.push({ date: holiday.date, name: holiday.name });
  }
  return { holidays: sortedHolidays([...listed, ...fresh]), added: fresh.length };
}

/** A country code as typed (" de ") as the server takes it ("DE"). */
export function normaliseCountry(text: string): string {
  return text.trim().toUpperCase();
}

/** The country's name in the viewer's language ("Germany" for DE); null when the code names none. */
export function countryName(code: string, locale?: string): string | null {
  if (!/^[A-Z]{2}$/.test(code)) return null;
  try {
    const name = new Intl.DisplayNames(locale, { type: 'region', fallback: 'none' }).of(code);
    return name && name !== code ? name : null;
  } catch {
    return null;
  }
}

/** The year typed for a preset, or null when it is not a year the calendar covers. */
export function presetYear(text: string): number | null {
  return /^\d{4}$/.test(text.trim()) && inCalendarYears(Number(text.trim())) ? Number(text.trim()) : null;
}

/** The server's limits for escalation (working days overdue). */
export const ESCALATION_LIMITS = { min: 1, max: 30 } as const;

/** The escalation days typed, or null when they are not a whole number from 1 to 30. */
export function escalationDays(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,2}$/.test(trimmed)) return null;
  const days = Number(trimmed);
  return days >= ESCALATION_LIMITS.min && days <= ESCALATION_LIMITS.max ? days : null;
}
