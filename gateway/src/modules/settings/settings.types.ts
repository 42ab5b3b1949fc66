import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { RegistrationMode } from './settings.messages';

/*
 * The shapes of the company settings: what SettingsService returns, the
 * GraphQL types, and (through shared/schemas objectSchema) the REST JSON.
 */

@ObjectType({ description: "Who may create an account themselves. mode: 'open' (anyone), 'domains' (emails at `domains` only) or 'invite' (invitations only)." })
export class RegistrationSettings {
  @Field(() => String)
  mode!: RegistrationMode;

  @Field(() => [String], { description: 'Company email domains, lower-cased; kept while another mode is chosen.' })
  domains!: string[];
}

@InputType()
export class RegistrationSettingsInput {
  @Field(() => String, { description: 'open | domains | invite' })
  mode!: string;

  @Field(() => [String], { description: "Required (one at least) for 'domains'." })
  domains!: string[];
}

@ObjectType('Holiday', { description: 'A company day off besides the weekly ones.' })
export class Holiday {
  @Field(() => String, { description: 'YYYY-MM-DD' })
  date!: string;

  @Field(() => String)
  name!: string;
}

@ObjectType('CompanyCalendar', { description: 'The company calendar (docs/product.md#due-dates): due dates count its working days; "today" is its time zone\'s date.' })
export class CompanyCalendar {
  @Field(() => String, { description: 'IANA time zone, e.g. Europe/Berlin' })
  time_zone!: string;

  @Field(() => [Int], { description: 'ISO weekdays: 1 = Monday … 7 = Sunday' })
  working_days!: number[];

  @Field(() => [Holiday])
  holidays!: Holiday[];

  @Field(() => String, { nullable: true, description: 'Country of the holiday preset (ISO 3166-1 alpha-2), if one was used.' })
  holiday_country!: string | null;

  @Field(() => String, { description: "The company's today (YYYY-MM-DD), in its time zone." })
  today!: string;
}

@ObjectType('HolidayPreset', { description: "A country's public holidays in one year (GET /admin/settings/calendar/holidays)." })
export class HolidayPreset {
  @Field(() => [Holiday])
  data!: Holiday[];
}

@ObjectType('ReminderSettings', { description: 'Reminder mails and notifications (docs/product.md#notifications).' })
export class ReminderSettings {
  @Field(() => Boolean, { description: 'Daily digests and escalations on or off for the whole company.' })
  reminders_enabled!: boolean;

  @Field(() => Int, { description: 'Working days a task may be overdue before the hire\'s manager (or HR) is told: 1–30.' })
  escalation_days!: number;
}

@InputType()
export class HolidayInput {
  @Field(() => String, { description: 'YYYY-MM-DD' })
  date!: string;

  @Field(() => String, { nullable: true })
  name?: string | null;
}

@InputType()
export class CompanyCalendarInput {
  @Field(() => String)
  time_zone!: string;

  @Field(() => [Int])
  working_days!: number[];

  @Field(() => [HolidayInput])
  holidays!: HolidayInput[];

  @Field(() => String, { nullable: true })
  holiday_country?: string | null;
}

@InputType()
export class ReminderSettingsInput {
  @Field(() => Boolean)
  reminders_enabled!: boolean;

  @Field(() => Int)
  escalation_days!: number;
}
