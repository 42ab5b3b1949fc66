import { Field, Int, ObjectType } from 'type-graphql';

/**
 * The public user, identical through REST and GraphQL (issue 3 item 2). Field
 * names follow the REST payload of spec §3 (snake_case) so one client type
 * fits both doors. Timestamps are ISO 8601 strings, as in the REST JSON.
 */
@ObjectType('User', { description: 'A user as clients see it. Never carries a password hash, secret or code.' })
export class UserType {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  email!: string;

  @Field(() => Int, { description: 'The role; 4 is the administrator role.' })
  role_id!: number;

  @Field(() => Int, { description: 'Share of the onboarding checklist completed, 0-100.' })
  completion_percentage!: number;

  @Field(() => String, { nullable: true, description: 'ISO 8601 timestamp of the last sign-in; null before the first.' })
  last_login_at!: string | null;

  @Field(() => String, { description: 'ISO 8601 timestamp.' })
  created_at!: string;

  @Field(() => String, { description: 'Calendar date (YYYY-MM-DD) the onboarding starts; due dates count from it.' })
  start_date!: string;
}
