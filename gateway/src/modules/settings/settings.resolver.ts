import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { CompanyCalendar, CompanyCalendarInput, Holiday, RegistrationSettings, RegistrationSettingsInput, ReminderSettings, ReminderSettingsInput } from './settings.types';

/** GraphQL door of the company settings: the same service calls as the REST routes. */
@Resolver()
export class SettingsResolver {
  @Query(() => RegistrationSettings, { description: 'Who may create an account (GET /settings/registration). Public.' })
  registrationSettings(@Ctx() ctx: GraphQLContext): Promise<RegistrationSettings> {
    return ctx.services.settings.registration(ctx.actor);
  }

  @Mutation(() => RegistrationSettings, { description: 'Administrators only: change who may create an account (PUT /admin/settings/registration).' })
  updateRegistrationSettings(@Arg('input', () => RegistrationSettingsInput) input: RegistrationSettingsInput, @Ctx() ctx: GraphQLContext): Promise<RegistrationSettings> {
    return ctx.services.settings.updateRegistration(ctx.actor, { ...input }, ctx.meta);
  }

  @Query(() => CompanyCalendar, { description: "The company calendar and the company's today (GET /settings/calendar). Signed-in users." })
  companyCalendar(@Ctx() ctx: GraphQLContext): Promise<CompanyCalendar> {
    return ctx.services.settings.calendar(ctx.actor);
  }

  @Mutation(() => CompanyCalendar, { description: 'Administrators only: change the company calendar; open due dates move with it (PUT /admin/settings/calendar).' })
  updateCompanyCalendar(@Arg('input', () => CompanyCalendarInput) input: CompanyCalendarInput, @Ctx() ctx: GraphQLContext): Promise<CompanyCalendar> {
    return ctx.services.settings.updateCalendar(ctx.actor, { ...input }, ctx.meta);
  }

  @Query(() => [Holiday], { description: "Administrators only: a country's public holidays in a year (GET /admin/settings/calendar/holidays)." })
  holidayPreset(@Arg('country', () => String) country: string, @Arg('year', () => Int) year: number, @Ctx() ctx: GraphQLContext): Holiday[] {
    return ctx.services.settings.holidayPreset(ctx.actor, { country, year }).data;
  }

  @Query(() => ReminderSettings, { description: 'Administrators only: the reminder settings (GET /admin/settings/reminders).' })
  reminderSettings(@Ctx() ctx: GraphQLContext): Promise<ReminderSettings> {
    return ctx.services.settings.reminders(ctx.actor);
  }

  @Mutation(() => ReminderSettings, { description: 'Administrators only: change the reminder settings (PUT /admin/settings/reminders).' })
  updateReminderSettings(@Arg('input', () => ReminderSettingsInput) input: ReminderSettingsInput, @Ctx() ctx: GraphQLContext): Promise<ReminderSettings> {
    return ctx.services.settings.updateReminders(ctx.actor, { ...input }, ctx.meta);
  }
}
