import { formatCalendarDate } from '@embark/shared-ui';
import { formatDueDay } from '@embark/shared-ui/page-text/checklist';
import { calendarDate } from './people-dates';

describe('calendarDate', () => {
  it("words the server's dates, a due day weekday first", () => {
    expect(calendarDate('2026-02-02', formatDueDay)).toBe('Mon, Feb 2');
    expect(calendarDate('2026-02-02', formatCalendarDate)).toBe('Feb 2, 2026');
  });

  it('keeps text that is not a date as it came', () => {
    expect(calendarDate('soon', formatDueDay)).toBe('soon');
  });

  it('words a due day in the reader’s language', () => {
    expect(formatDueDay(new Date(2026, 1, 2), 'en-GB')).toBe('Mon 2 Feb');
  });
});
