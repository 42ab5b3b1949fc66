import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { RegistrationSettings, RegistrationSettingsInput } from './settings.types';

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
}
