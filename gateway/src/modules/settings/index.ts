/*
 * The settings module's public face: the company settings (who may register,
 * the company calendar, the reminder settings). Code outside the module
 * imports from here only (docs/architecture.md#modules).
 */
export { REGISTRATION_MODES, SETTINGS_LIMITS, SETTINGS_MESSAGES, type RegistrationMode } from './settings.messages';
export { normalizeDomain, RegistrationSettingsInput as RegistrationSettingsSchema } from './settings.schemas';
export { refusalOf, SettingsService } from './settings.service';
export { CompanyCalendar, CompanyCalendarInput, Holiday, HolidayPreset, RegistrationSettings, RegistrationSettingsInput, ReminderSettings, ReminderSettingsInput } from './settings.types';
export { SettingsResolver } from './settings.resolver';
export { settingsRouter } from './settings.routes';
