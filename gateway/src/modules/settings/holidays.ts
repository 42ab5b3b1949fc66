import Holidays from 'date-holidays';

/*
 * Country holiday presets from the date-holidays package: the public holidays
 * only (banks, schools and observances are not company days off), named in
 * English. The package's data is large, so it is read once, on first use.
 */

let countries: ReadonlyMap<string, string> | null = null;

function knownCountries(): ReadonlyMap<string, string> {
  countries ??= new Map(Object.entries(new Holidays().getCountries('en')));
  return countries;
}

/** The country code as date-holidays knows it (upper case), or null. */
export function holidayCountry(code: string): string | null {
  const upper = code.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(upper) && knownCountries().has(upper) ? upper : null;
}

const DAY_MS = 86_400_000;

/**
 * The public holidays of `country` (a code holidayCountry accepted) in `year`, one per date, in order.
 * A holiday of several days (Korean Thanksgiving, Eid in many countries) gives each of its days.
 */
export function publicHolidays(country: string, year: number): Array<{ date: string; name: string }> {
  const days = new Holidays(country, { languages: ['en'] }).getHolidays(year);
  const byDate = new Map<string, string>();
  for (const h of days) {
    if (h.type !== 'public') continue;
    // "2027-03-26 00:00:00": the local day it starts on; start and end are instants, so the length is
    // counted in whole days (a daylight-saving change makes one of them 23 or 25 hours).
    const first = Date.parse(`${h.date.slice(0, 10)}T00:00:00Z`);
    const length = Math.max(1, Math.round((h.end.getTime() - h.start.getTime()) / DAY_MS));
    for (let i = 0; i < length; i++) {
      const date = new Date(first + i * DAY_MS).toISOString().slice(0, 10);
      if (!byDate.has(date)) byDate.set(date, h.name);
    }
  }
  return [...byDate].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, name]) => ({ date, name }));
}
