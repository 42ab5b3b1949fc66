import type { DataSource, EntityManager } from 'typeorm';
import { requireAdmin, requireUser, type Actor, type RequestMeta } from '../../shared/actor';
import type { Clock } from '../../shared/clock';
import { isCalendarDate } from '../../shared/schemas';
import { queryRows } from '../../shared/sql';
import { invalid, parseInput } from '../../shared/validation';
import type { AuditService } from '../audit';
import { companyDay } from '../checklist';
import { holidayCountry, publicHolidays } from './holidays';
import { SETTINGS_MESSAGES as M, type RegistrationMode } from './settings.messages';
import { canonicalTimeZone, CompanyCalendarInput, HolidayPresetQuery, normalizeDomain, RegistrationSettingsInput, ReminderSettingsInput } from './settings.schemas';
import type { CompanyCalendar, HolidayPreset, RegistrationSettings, ReminderSettings } from './settings.types';

/** The one company_settings row, read or written by `sql` (the migration creates the row, so it is always there). */
async function settingsRow<T>(manager: EntityManager, sql: string, params: unknown[] = []): Promise<T> {
  const [row] = await queryRows<T>(manager, sql, params);
  if (!row) throw new Error('company_settings has no row: the migration creates it');
  return row;
}

/** ` for update` when the row is read to be changed in the same transaction. */
const lock = (forUpdate: boolean) => (forUpdate ? ' for update' : '');

/** The calendar columns, as the CompanyCalendar shape names them (without today). */
const CALENDAR_COLUMNS = `time_zone, working_days::int[] as working_days, holidays, holiday_country`;
const REMINDER_COLUMNS = `reminders_enabled, escalation_days::int as escalation_days`;

/**
 * The company settings (docs/product.md#registration, #due-dates,
 * #notifications): the only writer of company_settings, a single row the
 * migration creates. The registration policy is public (the register screen
 * shows it up front), the calendar is for signed-in users, the reminder
 * settings for administrators; changing any is for administrators, audited
 * with the before and after in one transaction.
 */
export class SettingsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** GET /settings/calendar, `companyCalendar`: any signed-in user (due dates and "today" follow it). */
  calendar(actor: Actor): Promise<CompanyCalendar> {
    requireUser(actor);
    return this.readCalendar(this.dataSource.manager);
  }

  /**
   * PUT /admin/settings/calendar, `updateCompanyCalendar`. Lays calendar_days
   * out again in the same transaction, so open due dates move with it and no
   * reader sees the settings and the days disagree (completed tasks keep the
   * dates stored with them).
   */
  async updateCalendar(actor: Actor, input: unknown, meta: RequestMeta): Promise<CompanyCalendar> {
    const admin = requireAdmin(actor);
    const typed = parseInput(CompanyCalendarInput, input);
    const timeZone = canonicalTimeZone(typed.time_zone);
    const country = typed.holiday_country === null ? null : holidayCountry(typed.holiday_country);
    const problems = [
      ...(timeZone === null ? [M.timeZoneInvalid] : []),
      ...(typed.holidays.every((h) => isCalendarDate(h.date)) ? [] : [M.holidaysInvalid]),
      ...(country === null && typed.holiday_country !== null ? [M.countryInvalid] : []),
    ];
    if (timeZone === null || problems.length > 0) throw invalid(problems);
    const calendar = { ...typed, time_zone: timeZone, holiday_country: country };
    return this.dataSource.transaction(async (manager) => {
      // Intl and PostgreSQL ship their own zone data: a zone is only taken when both know it.
      const [known] = await queryRows<{ known: boolean }>(manager, `select exists (select 1 from pg_timezone_names where name = $1) as known`, [timeZone]);
      if (!known?.known) throw invalid([M.timeZoneInvalid]);
      const before = await this.readCalendar(manager, true);
      await manager.query(
        `update company_settings set time_zone = $1, working_days = $2::smallint[], holidays = $3::jsonb, holiday_country = $4, updated_at = now()`,
        [calendar.time_zone, calendar.working_days, JSON.stringify(calendar.holidays), calendar.holiday_country],
      );
      await manager.query(`select embark_rebuild_calendar()`);
      const after = await this.readCalendar(manager);
      const { today: _before, ...beforeSettings } = before;
      const { today: _after, ...afterSettings } = after;
      await this.audit.record(
        { action: 'settings.calendar_update', actorUserId: admin.userId, targetType: 'settings', targetId: 'calendar', ip: meta.ip, details: { before: beforeSettings, after: afterSettings } },
        manager,
      );
      return after;
    });
  }

  /** GET /admin/settings/calendar/holidays, `holidayPreset`: a country's public holidays in a year, to copy into the calendar. */
  holidayPreset(actor: Actor, query: unknown): HolidayPreset {
    requireAdmin(actor);
    const { country: typed, year } = parseInput(HolidayPresetQuery, query);
    const country = holidayCountry(typed);
    if (country === null) throw invalid([M.countryInvalid]);
    return { data: publicHolidays(country, year) };
  }

  /** GET /admin/settings/reminders, `reminderSettings`. */
  reminders(actor: Actor): Promise<ReminderSettings> {
    requireAdmin(actor);
    return this.reminderSettings();
  }

  /** PUT /admin/settings/reminders, `updateReminderSettings`. */
  async updateReminders(actor: Actor, input: unknown, meta: RequestMeta): Promise<ReminderSettings> {
    const admin = requireAdmin(actor);
    const { reminders_enabled, escalation_days } = parseInput(ReminderSettingsInput, input);
    return this.dataSource.transaction(async (manager) => {
      const before = await this.reminderSettings(manager, true);
      const after = await settingsRow<ReminderSettings>(
        manager,
        `update company_settings set reminders_enabled = $1, escalation_days = $2, updated_at = now() returning ${REMINDER_COLUMNS}`,
        [reminders_enabled, escalation_days],
      );
      await this.audit.record(
        { action: 'settings.reminders_update', actorUserId: admin.userId, targetType: 'settings', targetId: 'reminders', ip: meta.ip, details: { before, after } },
        manager,
      );
      return after;
    });
  }

  /** The reminder settings, for the reminder job (no actor: the job is the system), in the caller's transaction when given. */
  async reminderSettings(manager: EntityManager = this.dataSource.manager, forUpdate = false): Promise<ReminderSettings> {
    return settingsRow<ReminderSettings>(manager, `select ${REMINDER_COLUMNS} from company_settings${lock(forUpdate)}`);
  }

  private async readCalendar(manager: EntityManager, forUpdate = false): Promise<CompanyCalendar> {
    const row = await settingsRow<Omit<CompanyCalendar, 'today'>>(manager, `select ${CALENDAR_COLUMNS} from company_settings${lock(forUpdate)}`);
    const { today } = await companyDay(manager, this.clock());
    return { ...row, today };
  }

  /** GET /settings/registration, `registrationSettings`: anyone may read it (registration applies it with refusalOf). */
  registration(_actor: Actor): Promise<RegistrationSettings> {
    return this.read(this.dataSource.manager);
  }

  /** PUT /admin/settings/registration, `updateRegistrationSettings`. */
  async updateRegistration(actor: Actor, input: unknown, meta: RequestMeta): Promise<RegistrationSettings> {
    const admin = requireAdmin(actor);
    const { mode, domains } = parseInput(RegistrationSettingsInput, input);
    return this.dataSource.transaction(async (manager) => {
      const before = await this.read(manager, true);
      const after = await settingsRow<RegistrationSettings>(
        manager,
        `update company_settings set registration_mode = $1, registration_domains = $2::text[], updated_at = now()
          returning registration_mode as mode, registration_domains as domains`,
        [mode, domains],
      );
      await this.audit.record(
        { action: 'settings.registration_update', actorUserId: admin.userId, targetType: 'settings', targetId: 'registration', ip: meta.ip, details: { before, after } },
        manager,
      );
      return after;
    });
  }

  private async read(manager: EntityManager, forUpdate = false): Promise<RegistrationSettings> {
    return settingsRow<RegistrationSettings>(manager, `select registration_mode as mode, registration_domains as domains from company_settings${lock(forUpdate)}`);
  }
}

/**
 * The registration rule itself: 'invite' refuses everyone; 'domains' allows
 * an address whose domain is exactly one of the list (a subdomain is another
 * domain: mail.example.com is not example.com).
 */
export function refusalOf(mode: RegistrationMode, domains: readonly string[], email: string): string | null {
  if (mode === 'open') return null;
  if (mode === 'invite') return M.registrationInviteOnly;
  const at = email.lastIndexOf('@');
  const domain = at < 0 ? null : normalizeDomain(email.slice(at + 1));
  return domain !== null && domains.includes(domain) ? null : M.registrationDomainsOnly;
}
