/*
 * The words and limits of the company settings (docs/product.md#registration,
 * #due-dates, #notifications), exactly as clients show them.
 */

/** Who may create an account themselves: anyone, people with an email at a company domain, or nobody (invitations only). */
export const REGISTRATION_MODES = ['open', 'domains', 'invite'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

export const SETTINGS_MESSAGES = {
  // The refusals of a registration the policy does not allow (403), also shown up front on the register screen.
  registrationInviteOnly: 'Registration is by invitation only',
  registrationDomainsOnly: 'Registration is limited to company email addresses',
  modeInvalid: 'Registration mode must be open, domains or invite',
  domainsInvalid: 'Domains must be a list of domain names',
  domainInvalid: (domain: string) => `Not a domain name: ${domain}`,
  domainsRequired: 'Add at least one company domain',
  domainsTooMany: 'At most 100 company domains',
  timeZoneInvalid: 'Unknown time zone',
  workingDaysRequired: 'Choose at least one working day',
  workingDaysInvalid: 'Working days are weekday numbers from 1 (Monday) to 7 (Sunday)',
  holidaysInvalid: 'Holidays must be dates (YYYY-MM-DD)',
  holidaysTooMany: 'At most 1000 holidays',
  holidayNameTooLong: 'Holiday names are at most 100 characters',
  countryInvalid: 'Unknown country',
  yearInvalid: 'Year must be between 2000 and 2100',
  remindersEnabledInvalid: 'Reminders must be on (true) or off (false)',
  escalationDaysInvalid: 'Escalation days must be between 1 and 30',
} as const;

export const SETTINGS_LIMITS = {
  domainsMax: 100,
  /** RFC 1035: 253 characters for a name, 63 for a label. */
  domainMax: 253,
  holidaysMax: 1000,
  holidayNameMax: 100,
  /** The years calendar_days covers (the migration lays out 2000-01-01 … 2100-12-31). */
  yearMin: 2000,
  yearMax: 2100,
  escalationDaysMin: 1,
  escalationDaysMax: 30,
} as const;
