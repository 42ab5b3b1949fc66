// Wall-clock instants for browsers in other time zones (Playwright's `timezoneId` with `page.clock`).

/** The instant when the wall clock in `zone` reads `hour`:00 on `date` (YYYY-MM-DD; either offset of the zone's year). */
export function wallClock(date: string, hour: number, zone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const read = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
  for (let offset = -14; offset <= 14; offset++) {
    const candidate = new Date(Date.UTC(y, m - 1, d, hour + offset));
    const parts = Object.fromEntries(read.formatToParts(candidate).map((p) => [p.type, p.value]));
    if (`${parts.year}-${parts.month}-${parts.day}` === date && Number(parts.hour) === hour) return candidate;
  }
  throw new Error(`no ${hour}:00 on ${date} in ${zone}`);
}
