import { domainToASCII } from 'node:url';
import { charLength, choiceSchema, digitsPattern, intSchema, problem, withoutNul } from '../../shared/schemas';
import { z } from '../../shared/validation';
import { REGISTRATION_MODES, SETTINGS_LIMITS, SETTINGS_MESSAGES as M } from './settings.messages';

/*
 * The inputs of the company settings, parsed by SettingsService (both doors)
 * and published in the REST contract.
 */

// A label: letters or digits (any script), inner hyphens, at most 63 characters.
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?';
/**
 * A domain as an admin may type it ("Example.COM", "@example.com",
 * "bücher.de", "example.com."): two labels at least, the last not all digits
 * (no IP addresses), at most 253 characters. The REST contract publishes
 * this very pattern.
 */
const DOMAIN_INPUT = new RegExp(`^\\s*@?(?=[^\\s@]{1,253}\\s*$)(?:${LABEL}\\.)+(?!\\d+\\.?\\s*$)${LABEL}\\.?\\s*$`, 'u');

/**
 * A company domain in the form addresses are compared in: trimmed, without
 * "@" or a final dot, lower-cased ASCII (IDNs in punycode); null for anything
 * that is not a domain name.
 */
export function normalizeDomain(raw: string): string | null {
  if (!DOMAIN_INPUT.test(raw)) return null;
  const ascii = domainToASCII(raw.trim().replace(/^@/, '').replace(/\.$/, '').toLowerCase());
  return ascii !== '' && ascii.length <= SETTINGS_LIMITS.domainMax ? ascii : null;
}

const Domain = z
  .string({ error: M.domainsInvalid })
  .regex(DOMAIN_INPUT, { error: (issue) => M.domainInvalid(withoutNul(String(issue.input)).trim().slice(0, 80)) })
  .transform((typed, ctx) => normalizeDomain(typed) ?? problem(ctx, M.domainInvalid(typed.trim().slice(0, 80))))
  // The source alone: JSON Schema patterns are Unicode-aware without a flag.
  .openapi({ type: 'string', pattern: DOMAIN_INPUT.source });

/** The company domains, once each in the order given; left out or null: none. */
const Domains = z
  .preprocess(
    (raw) => (raw === null ? undefined : raw),
    z
      .array(Domain, { error: M.domainsInvalid })
      .max(SETTINGS_LIMITS.domainsMax, { error: M.domainsTooMany })
      .transform((domains) => [...new Set(domains)])
      .optional(),
  )
  .transform((domains) => domains ?? [])
  .openapi({ description: 'Domain names such as example.com; stored lower-cased. Required (one at least) when mode is domains.' });

/** PUT /admin/settings/registration: the mode, and the company domains (required for 'domains'). */
export const RegistrationSettingsInput = z
  .object({
    mode: choiceSchema(REGISTRATION_MODES, M.modeInvalid),
    domains: Domains,
  })
  .superRefine((input, ctx) => {
    if (input.mode === 'domains' && input.domains.length === 0) ctx.addIssue({ code: 'custom', message: M.domainsRequired, path: ['domains'] });
  })
  .openapi('RegistrationSettingsInput', {
    anyOf: [{ properties: { mode: { enum: ['open', 'invite'] } } }, { properties: { domains: { type: 'array', minItems: 1 } }, required: ['domains'] }],
  });
export type RegistrationSettingsInput = z.output<typeof RegistrationSettingsInput>;

/**
 * A time zone's name as typed; SettingsService takes it only as an IANA zone
 * both Intl and PostgreSQL know (a rule of the zone data, not of the text).
 */
const TimeZone = z
  .string({ error: M.timeZoneInvalid })
  .transform((typed) => withoutNul(typed).trim())
  .openapi({ type: 'string', description: "IANA time zone, e.g. Europe/Berlin, any letter case; another name answers 400 'Unknown time zone'." });

/** The canonical name of an IANA time zone ("europe/berlin" → "Europe/Berlin"); null for anything else. */
export function canonicalTimeZone(name: string): string | null {
  // Offsets ("+02:00") are not zones: a company's zone follows its daylight saving.
  if (name === '' || name.length > 64 || !/^[A-Za-z]/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Working weekdays, once each, in order; at least one. */
const WorkingDays = z
  .array(z.number({ error: M.workingDaysInvalid }).int({ error: M.workingDaysInvalid }).min(1, { error: M.workingDaysInvalid }).max(7, { error: M.workingDaysInvalid }), {
    error: M.workingDaysInvalid,
  })
  .min(1, { error: M.workingDaysRequired })
  .transform((days) => [...new Set(days)].sort((a, b) => a - b))
  .openapi({ description: 'ISO weekdays: 1 = Monday … 7 = Sunday' });

/** YYYY-MM-DD within the calendar's years, months 01–12, days 01–31. */
const HOLIDAY_DATE = new RegExp(`^${digitsPattern(SETTINGS_LIMITS.yearMin, SETTINGS_LIMITS.yearMax)}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])$`);

const HolidayInput = z
  .object(
    {
      // The shape here; whether the day exists (no 30 February) SettingsService checks.
      date: z.string({ error: M.holidaysInvalid }).regex(HOLIDAY_DATE, { error: M.holidaysInvalid }).openapi({ format: 'date' }),
      name: z.preprocess(
        (raw) => (raw === null || raw === undefined ? '' : raw),
        z
          .string({ error: M.holidaysInvalid })
          .transform((name) => withoutNul(name).trim())
          .refine((name) => charLength(name) <= SETTINGS_LIMITS.holidayNameMax, { error: M.holidayNameTooLong }),
      ),
    },
    { error: M.holidaysInvalid },
  );

/** Holidays, one per date (the first given wins), in date order. */
const Holidays = z
  .preprocess((raw) => (raw === null || raw === undefined ? [] : raw), z.array(HolidayInput, { error: M.holidaysInvalid }).max(SETTINGS_LIMITS.holidaysMax, { error: M.holidaysTooMany }))
  .transform((list) => [...new Map(list.map((h) => [h.date, h] as const).reverse()).values()].sort((a, b) => (a.date < b.date ? -1 : 1)))
  .openapi({ description: 'Days off besides the weekly ones, between 2000 and 2100' });

/** A country code as typed ("DE", "us"); null or blank for none. SettingsService takes only one date-holidays knows. */
const HolidayCountry = z
  .preprocess((raw) => (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '') ? null : raw), z.string({ error: M.countryInvalid }).nullable())
  .openapi({ type: ['string', 'null'], description: "ISO 3166-1 alpha-2 country of the holiday preset, e.g. DE; an unknown one answers 400 'Unknown country'." });

/** PUT /admin/settings/calendar: the company time zone, working weekdays and holidays (docs/product.md#due-dates). */
export const CompanyCalendarInput = z
  .object({ time_zone: TimeZone, working_days: WorkingDays, holidays: Holidays, holiday_country: HolidayCountry })
  .openapi('CompanyCalendarInput');
export type CompanyCalendarInput = z.output<typeof CompanyCalendarInput>;

/** GET /admin/settings/calendar/holidays: a country's public holidays in one year. */
export const HolidayPresetQuery = z
  .object({
    country: z.string({ error: M.countryInvalid }).openapi({ description: "ISO 3166-1 alpha-2, e.g. DE; an unknown one answers 400 'Unknown country'." }),
    year: intSchema(SETTINGS_LIMITS.yearMin, SETTINGS_LIMITS.yearMax, M.yearInvalid),
  })
  .openapi('HolidayPresetQuery');
export type HolidayPresetQuery = z.output<typeof HolidayPresetQuery>;

/** PUT /admin/settings/reminders: the company's reminder switch and when overdue tasks escalate (docs/product.md#notifications). */
export const ReminderSettingsInput = z
  .object({
    reminders_enabled: z.boolean({ error: M.remindersEnabledInvalid }),
    escalation_days: intSchema(SETTINGS_LIMITS.escalationDaysMin, SETTINGS_LIMITS.escalationDaysMax, M.escalationDaysInvalid, M.escalationDaysInvalid),
  })
  .openapi('ReminderSettingsInput');
export type ReminderSettingsInput = z.output<typeof ReminderSettingsInput>;
