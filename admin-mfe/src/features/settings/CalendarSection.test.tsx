import { InMemoryCache } from '@apollo/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CompanyCalendarDocument, HolidayPresetDocument, UpdateCompanyCalendarDocument } from '../../__generated__/graphql';
import { seriousViolations } from '../../shared/axe';
import { domainError, renderAdmin, type Mocks, LOADING_DELAY_MS } from '../../shared/test-utils';
import { CalendarSection } from './CalendarSection';
import { calendar, calendarMock } from './settings-fixtures';

type Input = { time_zone: string; working_days: number[]; holidays: { date: string; name: string }[]; holiday_country: string | null };
function saveMock(input: Input, result: Mocks[number]['result']): Mocks[number] {
  return { request: { query: UpdateCompanyCalendarDocument, variables: { input } }, result };
}
const saved = (input: Input) => ({ data: { updateCompanyCalendar: calendar({ ...input, holidays: input.holidays.map((h) => ({ __typename: 'Holiday' as const, ...h })) }) } });
function presetMock(country: string, year: number, result: Mocks[number]['result']): Mocks[number] {
  return { request: { query: HolidayPresetDocument, variables: { country, year } }, result };
}
const holiday = (date: string, name: string) => ({ __typename: 'Holiday' as const, date, name });

const region = () => screen.getByRole('region', { name: 'Company calendar' });
const day = (name: string) => within(region()).getByRole('checkbox', { name }) as HTMLInputElement;
const holidayList = () => within(within(region()).getByRole('list', { name: 'Company holidays' })).getAllByRole('listitem').map((li) => li.textContent);
const field = (name: RegExp | string) => within(region()).getByLabelText(name) as HTMLInputElement;
const click = (name: string) => fireEvent.click(within(region()).getByRole('button', { name }));

describe('CalendarSection', () => {
  it("shows a loading state, then the time zone, the working days, the holidays and the company's today", async () => {
    await renderAdmin(<CalendarSection />, [{ ...calendarMock(), delay: LOADING_DELAY_MS }]);
    expect(screen.getByRole('status', { name: 'Loading the company calendar' })).toBeTruthy();
    const zone = (await screen.findByRole('combobox', { name: 'Time zone' }, { timeout: 5000 })) as HTMLSelectElement;
    expect(zone.value).toBe('Europe/Berlin');
    const zones = within(zone).getAllByRole('option').map((o) => o.textContent);
    expect(zones).toContain('UTC');
    expect(zones).toContain('America/Los_Angeles');
    expect(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((name) => day(name).checked)).toEqual([true, true, true, true, true, false, false]);
    expect(holidayList()).toEqual(["Jan 1, 2027New Year's Day"]);
    expect(within(region()).getByText('Today in the company: Nov 24, 2026')).toBeTruthy();
    // The preset offers the year of the company's today.
    expect(field('Year').value).toBe('2026');
  });

  it("starts from the server's calendar, not a cached copy another administrator has changed since", async () => {
    const cache = new InMemoryCache();
    cache.writeQuery({ query: CompanyCalendarDocument, data: { companyCalendar: calendar({ holidays: [holiday('2026-12-31', 'Removed by a colleague')] }) } });
    await renderAdmin(<CalendarSection />, [calendarMock()], '/app/admin', { cache });
    await waitFor(() => expect(holidayList()).toEqual(["Jan 1, 2027New Year's Day"]));
  });

  it("the error state says 'Failed to load the company calendar' and retries", async () => {
    await renderAdmin(<CalendarSection />, [{ request: { query: CompanyCalendarDocument }, error: new Error('offline') }, calendarMock()]);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load the company calendar');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('combobox', { name: 'Time zone' })).toBeTruthy();
  });

  it('edits the zone, the working days and the holidays, checked as they are added, then saves them', async () => {
    const input = { time_zone: 'America/New_York', working_days: [1, 2, 3, 4, 6], holidays: [{ date: '2026-12-24', name: 'Christmas Eve' }], holiday_country: null };
    const { toasts } = await renderAdmin(<CalendarSection />, [calendarMock(), saveMock(input, saved(input))]);
    fireEvent.change(await screen.findByRole('combobox', { name: 'Time zone' }), { target: { value: 'America/New_York' } });
    fireEvent.click(day('Friday'));
    fireEvent.click(day('Saturday'));

    click('Add holiday');
    expect(within(region()).getByText('Enter the date (YYYY-MM-DD)')).toBeTruthy();
    expect(within(region()).getByText('Enter a name for the holiday')).toBeTruthy();
    fireEvent.change(field('Date'), { target: { value: '2027-01-01' } });
    fireEvent.change(field('Name'), { target: { value: 'Again' } });
    click('Add holiday');
    expect(within(region()).getByText('2027-01-01 is already a holiday')).toBeTruthy();
    fireEvent.change(field('Date'), { target: { value: '2026-12-24' } });
    fireEvent.change(field('Name'), { target: { value: '  Christmas Eve ' } });
    fireEvent.keyDown(field('Name'), { key: 'Enter' });
    // In date order; the typed one is cleared for the next.
    expect(holidayList()).toEqual(['Dec 24, 2026Christmas Eve', "Jan 1, 2027New Year's Day"]);
    expect(field('Name').value).toBe('');
    fireEvent.click(within(region()).getByRole('button', { name: "Remove New Year's Day (2027-01-01)" }));
    expect(holidayList()).toEqual(['Dec 24, 2026Christmas Eve']);

    click('Save calendar');
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Company calendar saved'));
  });

  it('Save counts a holiday typed but not yet added, and stops on its problems instead of dropping it', async () => {
    const base = calendar();
    const input = { time_zone: base.time_zone, working_days: base.working_days, holidays: [{ date: '2026-12-24', name: 'Christmas Eve' }, ...base.holidays.map(({ date, name }) => ({ date, name }))], holiday_country: base.holiday_country ?? null };
    const { toasts } = await renderAdmin(<CalendarSection />, [calendarMock(), saveMock(input, saved(input))]);
    await screen.findByRole('combobox', { name: 'Time zone' });
    fireEvent.change(field('Name'), { target: { value: 'Christmas Eve' } });
    click('Save calendar');
    expect(within(region()).getByText('Enter the date (YYYY-MM-DD)')).toBeTruthy();
    expect(field('Name').value).toBe('Christmas Eve');
    fireEvent.change(field('Date'), { target: { value: '2026-12-24' } });
    click('Save calendar');
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Company calendar saved'));
    expect(holidayList()).toContain('Dec 24, 2026Christmas Eve');
  });

  it("needs a working day; shows the server's refusal and keeps what was typed", async () => {
    const input = { time_zone: 'Europe/Berlin', working_days: [3], holidays: [], holiday_country: null };
    const { toasts } = await renderAdmin(<CalendarSection />, [
      calendarMock(calendar({ holidays: [], working_days: [3] })),
      saveMock(input, domainError('Unknown time zone', 'BAD_USER_INPUT')),
      saveMock(input, saved(input)),
    ]);
    expect(await within(await screen.findByRole('region', { name: 'Company calendar' })).findByText('No holidays listed yet.')).toBeTruthy();
    fireEvent.click(day('Wednesday'));
    click('Save calendar');
    expect(within(region()).getByText('Choose at least one working day')).toBeTruthy();
    expect(within(region()).getByRole('group', { name: 'Working days' }).getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(day('Wednesday'));
    expect(within(region()).queryByText('Choose at least one working day')).toBeNull();

    click('Save calendar');
    expect((await within(region()).findByRole('alert')).textContent).toBe('Unknown time zone');
    expect(day('Wednesday').checked).toBe(true);
    click('Save calendar');
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Company calendar saved'));
    expect(within(region()).queryByRole('alert')).toBeNull();
  });

  it("adds a country's public holidays once each, and saves the country with them", async () => {
    const preset = [holiday('2026-12-25', 'Christmas Day'), holiday('2026-12-26', 'Boxing Day'), holiday('2027-01-01', "New Year's Day")];
    const input = {
      time_zone: 'Europe/Berlin',
      working_days: [1, 2, 3, 4, 5],
      holidays: [
        { date: '2026-12-25', name: 'Christmas Day' },
        { date: '2026-12-26', name: 'Boxing Day' },
        { date: '2027-01-01', name: "New Year's Day" },
      ],
      holiday_country: 'DE',
    };
    const { toasts } = await renderAdmin(<CalendarSection />, [
      calendarMock(),
      presetMock('XX', 2026, domainError('Unknown country', 'BAD_USER_INPUT')),
      { ...presetMock('DE', 2026, { data: { holidayPreset: preset } }), delay: 200 },
      saveMock(input, saved(input)),
    ]);
    await screen.findByRole('combobox', { name: 'Time zone' });
    const group = within(region()).getByRole('group', { name: 'Add public holidays for a country' });
    const country = within(group).getByLabelText('Country code') as HTMLInputElement;
    // The preset data's source and licence are named, with what it leaves out.
    expect(
      within(region()).getByText('National public holidays from the date-holidays project (data: CC BY-SA 3.0). Add regional days off by hand.'),
    ).toBeTruthy();

    fireEvent.click(within(group).getByRole('button', { name: 'Add public holidays' }));
    expect(within(group).getByText('Enter a country code such as DE')).toBeTruthy();
    fireEvent.change(within(group).getByLabelText('Year'), { target: { value: '26' } });
    fireEvent.change(country, { target: { value: 'xx' } });
    fireEvent.click(within(group).getByRole('button', { name: 'Add public holidays' }));
    expect(within(group).getByText('Year must be between 2000 and 2100')).toBeTruthy();
    fireEvent.change(within(group).getByLabelText('Year'), { target: { value: '2026' } });
    fireEvent.click(within(group).getByRole('button', { name: 'Add public holidays' }));
    await waitFor(() => expect(within(group).getByText('Unknown country')).toBeTruthy());
    expect(country.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(country, { target: { value: ' de ' } });
    // The code is named as people know it.
    expect(within(group).getByText('Germany')).toBeTruthy();
    fireEvent.click(within(group).getByRole('button', { name: 'Add public holidays' }));
    expect(await within(group).findByRole('button', { name: 'Adding…' })).toBeTruthy();
    await waitFor(() => expect(within(region()).getByRole('status').textContent).toBe('2 public holidays of Germany in 2026 added; save the calendar to keep them'));
    expect(holidayList()).toEqual(['Dec 25, 2026Christmas Day', 'Dec 26, 2026Boxing Day', "Jan 1, 2027New Year's Day"]);
    expect(country.value).toBe('DE');

    click('Save calendar');
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Company calendar saved'));
  });

  it('Enter in the Date, Country code or Year field adds the holiday or the preset, like their buttons, without saving', async () => {
    const { toasts } = await renderAdmin(<CalendarSection />, [
      calendarMock(),
      presetMock('DE', 2026, { data: { holidayPreset: [holiday('2026-12-25', 'Christmas Day')] } }),
      presetMock('DE', 2027, { data: { holidayPreset: [holiday('2027-12-25', 'Christmas Day')] } }),
    ]);
    await screen.findByRole('combobox', { name: 'Time zone' });
    fireEvent.change(field('Name'), { target: { value: 'Christmas Eve' } });
    fireEvent.change(field('Date'), { target: { value: '2026-12-24' } });
    // false: the key's default (submitting the form) was prevented.
    expect(fireEvent.keyDown(field('Date'), { key: 'Enter' })).toBe(false);
    expect(holidayList()).toEqual(['Dec 24, 2026Christmas Eve', "Jan 1, 2027New Year's Day"]);

    const group = within(region()).getByRole('group', { name: 'Add public holidays for a country' });
    const country = within(group).getByLabelText('Country code');
    fireEvent.change(country, { target: { value: 'de' } });
    expect(fireEvent.keyDown(country, { key: 'Enter' })).toBe(false);
    await waitFor(() => expect(within(region()).getByRole('status').textContent).toBe('1 public holiday of Germany in 2026 added; save the calendar to keep them'));
    const year = within(group).getByLabelText('Year');
    fireEvent.change(year, { target: { value: '2027' } });
    expect(fireEvent.keyDown(year, { key: 'Enter' })).toBe(false);
    await waitFor(() => expect(within(region()).getByRole('status').textContent).toBe('1 public holiday of Germany in 2027 added; save the calendar to keep them'));
    expect(holidayList()).toEqual(['Dec 24, 2026Christmas Eve', 'Dec 25, 2026Christmas Day', "Jan 1, 2027New Year's Day", 'Dec 25, 2027Christmas Day']);
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it('keeps the holidays added or removed while a preset loads', async () => {
    await renderAdmin(<CalendarSection />, [calendarMock(), { ...presetMock('DE', 2026, { data: { holidayPreset: [holiday('2026-12-25', 'Christmas Day')] } }), delay: 300 }]);
    await screen.findByRole('combobox', { name: 'Time zone' });
    fireEvent.change(field('Country code'), { target: { value: 'DE' } });
    click('Add public holidays');
    expect(await within(region()).findByRole('button', { name: 'Adding…' })).toBeTruthy();
    click("Remove New Year's Day (2027-01-01)");
    fireEvent.change(field('Date'), { target: { value: '2026-12-24' } });
    fireEvent.change(field('Name'), { target: { value: 'Christmas Eve' } });
    click('Add holiday');

    await waitFor(() => expect(within(region()).getByRole('status').textContent).toBe('1 public holiday of Germany in 2026 added; save the calendar to keep them'));
    expect(holidayList()).toEqual(['Dec 24, 2026Christmas Eve', 'Dec 25, 2026Christmas Day']);
  });

  it('keeps the holidays added or removed while a save is on its way', async () => {
    const input = { time_zone: 'Europe/Berlin', working_days: [1, 2, 3, 4, 5], holidays: [{ date: '2027-01-01', name: "New Year's Day" }], holiday_country: null };
    const { toasts } = await renderAdmin(<CalendarSection />, [calendarMock(), { ...saveMock(input, saved(input)), delay: 300 }]);
    await screen.findByRole('combobox', { name: 'Time zone' });
    click('Save calendar');
    expect(await within(region()).findByRole('button', { name: 'Saving…' })).toBeTruthy();
    click("Remove New Year's Day (2027-01-01)");
    fireEvent.change(field('Date'), { target: { value: '2026-12-24' } });
    fireEvent.change(field('Name'), { target: { value: 'Christmas Eve' } });
    click('Add holiday');

    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Company calendar saved'));
    expect(holidayList()).toEqual(['Dec 24, 2026Christmas Eve']);
  });

  it("moves the focus from a removed holiday's button to the next one, else the previous one, else the Date field", async () => {
    await renderAdmin(<CalendarSection />, [calendarMock(calendar({ holidays: [holiday('2026-12-24', 'Christmas Eve'), holiday('2026-12-25', 'Christmas Day'), holiday('2027-01-01', "New Year's Day")] }))]);
    await screen.findByRole('combobox', { name: 'Time zone' });
    const button = (name: string) => within(region()).getByRole('button', { name });
    const remove = (name: string) => {
      button(name).focus();
      click(name);
    };
    remove('Remove Christmas Day (2026-12-25)');
    expect(document.activeElement).toBe(button("Remove New Year's Day (2027-01-01)"));
    remove("Remove New Year's Day (2027-01-01)");
    expect(document.activeElement).toBe(button('Remove Christmas Eve (2026-12-24)'));
    remove('Remove Christmas Eve (2026-12-24)');
    expect(within(region()).getByText('No holidays listed yet.')).toBeTruthy();
    expect(document.activeElement).toBe(field('Date'));
  });

  it('has no serious or critical axe violations with its problems shown', async () => {
    await renderAdmin(<CalendarSection />, [calendarMock(calendar({ working_days: [1] }))]);
    await screen.findByRole('combobox', { name: 'Time zone' });
    fireEvent.click(day('Monday'));
    click('Save calendar');
    click('Add holiday');
    click('Add public holidays');
    expect(within(region()).getByText('Choose at least one working day')).toBeTruthy();
    expect(await seriousViolations()).toEqual([]);
  });
});
