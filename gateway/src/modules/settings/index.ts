/*
 * The settings module's public face: the company settings, for now who may
 * register. Code outside the module imports from here only (docs/architecture.md#modules).
 */
export { REGISTRATION_MODES, SETTINGS_LIMITS, SETTINGS_MESSAGES, type RegistrationMode } from './settings.messages';
export { normalizeDomain, RegistrationSettingsInput as RegistrationSettingsSchema } from './settings.schemas';
export { refusalOf, SettingsService } from './settings.service';
export { RegistrationSettings, RegistrationSettingsInput } from './settings.types';
export { SettingsResolver } from './settings.resolver';
export { settingsRouter } from './settings.routes';
