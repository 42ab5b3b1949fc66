import { Field, InputType, ObjectType } from 'type-graphql';
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
