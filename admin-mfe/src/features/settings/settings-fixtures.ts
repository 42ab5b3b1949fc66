import { CompanyCalendarDocument, ReminderSettingsDocument, type CompanyCalendarFieldsFragment } from '../../__generated__/graphql';
import type { Mocks } from '../../shared/test-utils';

/** Settings test data: a Berlin company working Monday to Friday, with New Year's Day off. */
export function calendar(overrides: Partial<CompanyCalendarFieldsFragment> = {}) {
  return {
    __typename: 'CompanyCalendar' as const,
    time_zone: 'Europe/Berlin',
    working_days: [1, 2, 3, 4, 5],
    holidays: [{ __typename: 'Holiday' as const, date: '2027-01-01', name: "New Year's Day" }],
    holiday_country: null,
    today: '2026-11-24',
    ...overrides,
  };
}

export function calendarMock(answer = calendar(), times = 3): Mocks[number] {
  return { request: { query: CompanyCalendarDocument }, result: { data: { companyCalendar: answer } }, maxUsageCount: times };
}

export function remindersMock(reminders_enabled = true, escalation_days = 3, times = 3): Mocks[number] {
  return { request: { query: ReminderSettingsDocument }, result: { data: { reminderSettings: { __typename: 'ReminderSettings', reminders_enabled, escalation_days } } }, maxUsageCount: times };
}
