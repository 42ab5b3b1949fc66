import { countryName, escalationDays, holidayProblems, mergeHolidays, normaliseCountry, presetYear, sortedWeekdays, timeZoneChoices } from './calendar-form';

describe('company calendar form', () => {
  it('offers the known time zones with UTC and the saved zone, sorted, once each', () => {
    expect(timeZoneChoices('Europe/Berlin', ['Europe/Paris', 'America/New_York', 'Europe/Berlin'])).toEqual(['America/New_York', 'Europe/Berlin', 'Europe/Paris', 'UTC']);
    expect(timeZoneChoices('Mars/Olympus', ['UTC'])).toEqual(['Mars/Olympus', 'UTC']);
    expect(timeZoneChoices('Europe/Berlin')).toContain('Asia/Tokyo');
  });

  it('keeps working days distinct and in weekday order', () => {
    expect(sortedWeekdays([5, 1, 3, 1])).toEqual([1, 3, 5]);
  });

  it('takes a holiday with a real date and a name, once per date', () => {
    const listed = [{ date: '2027-01-01', name: "New Year's Day" }];
    expect(holidayProblems({ date: '2026-12-24', name: 'Christmas Eve' }, listed)).toEqual({});
    expect(holidayProblems({ date: '', name: ' ' }, listed)).toEqual({ date: 'Enter the date (YYYY-MM-DD)', name: 'Enter a name for the holiday' });
    expect(holidayProblems({ date: '2027-02-30', name: 'x' }, listed)).toEqual({ date: 'Enter the date (YYYY-MM-DD)' });
    expect(holidayProblems({ date: '2027-01-01', name: 'x' }, listed)).toEqual({ date: '2027-01-01 is already a holiday' });
    // The years and the name's length the gateway takes: a typo like 2205 is named here, not refused on save.
    expect(holidayProblems({ date: '2205-12-24', name: 'x' }, listed)).toEqual({ date: 'Choose a date from 2000 to 2100' });
    expect(holidayProblems({ date: '1999-12-31', name: 'x' }, listed)).toEqual({ date: 'Choose a date from 2000 to 2100' });
    expect(holidayProblems({ date: '2100-12-31', name: '\u{1F389}'.repeat(100) }, listed)).toEqual({});
    expect(holidayProblems({ date: '2100-12-31', name: 'y'.repeat(101) }, listed)).toEqual({ name: 'Holiday names are at most 100 characters' });
  });

  it("adds a preset's holidays on dates not listed yet, in date order", () => {
    const listed = [{ date: '2027-01-01', name: 'Company day off' }];
    const preset = [
      { date: '2027-01-01', name: "New Year's Day" },
      { date: '2026-12-25', name: 'Christmas Day' },
      { date: '2026-12-25', name: 'Christmas Day (again)' },
    ];
    expect(mergeHolidays(listed, preset)).toEqual({
      holidays: [
        { date: '2026-12-25', name: 'Christmas Day' },
        { date: '2027-01-01', name: 'Company day off' },
      ],
      added: 1,
    });
    expect(mergeHolidays(listed, [])).toEqual({ holidays: listed, added: 0 });
  });

  it('reads country codes and years as typed', () => {
    expect(normaliseCountry(' de ')).toBe('DE');
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('XX', 'en')).toBeNull();
    expect(countryName('GERMANY', 'en')).toBeNull();
    expect(presetYear(' 2027 ')).toBe(2027);
    expect(presetYear('27')).toBeNull();
    expect([presetYear('1999'), presetYear('2000'), presetYear('2100'), presetYear('2101')]).toEqual([null, 2000, 2100, null]);
  });

  it.each([['1', 1], ['30', 30], [' 7 ', 7], ['0', null], ['31', null], ['', null], ['2.5', null], ['-1', null]])('escalation days %p read as %p', (text, days) => {
    expect(escalationDays(text)).toBe(days);
  });
});
