import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { PageOf } from '../../shared/page';

/*
 * The shapes of invitations, declared once: the GraphQL types, what the
 * service returns, and (through shared/schemas objectSchema) the REST answers.
 */

@ObjectType('Invitation', { description: 'An invitation of a new hire. status: pending, accepted, expired (pending past expires_at) or revoked.' })
export class InvitationType {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  email!: string;

  @Field(() => String)
  name!: string;

  @Field(() => Int)
  role_id!: number;

  @Field(() => String)
  role_name!: string;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD; null: the day the invitation is accepted.' })
  start_date!: string | null;

  @Field(() => Int, { nullable: true })
  manager_id!: number | null;

  @Field(() => Int, { nullable: true })
  buddy_id!: number | null;

  @Field(() => String)
  status!: string;

  @Field(() => String)
  expires_at!: string;

  @Field(() => String)
  created_at!: string;
}

@ObjectType('InvitationPage')
export class InvitationPageType extends PageOf(InvitationType) {}

/** Thin: the service parses it with invitations.schemas.ts. */
@InputType('InvitationInput')
export class InvitationInputType {
  @Field(() => String)
  email!: string;

  @Field(() => String)
  name!: string;

  @Field(() => Int)
  role_id!: number;

  @Field(() => String, { nullable: true })
  start_date?: string | null;

  @Field(() => Int, { nullable: true })
  manager_id?: number | null;

  @Field(() => Int, { nullable: true })
  buddy_id?: number | null;
}

@ObjectType('InvitationImportError', { description: 'A problem of one line of an import file; line 1 is the header.' })
export class InvitationImportErrorType {
  @Field(() => Int)
  line!: number;

  @Field(() => String)
  message!: string;
}

@ObjectType('InvitationImportRole', { description: 'How many of the valid lines invite into one role: the preview shows who would get which role before anything is sent.' })
export class InvitationImportRoleType {
  @Field(() => Int)
  role_id!: number;

  @Field(() => String)
  role_name!: string;

  @Field(() => Int)
  count!: number;
}

@ObjectType('InvitationImportResult', { description: 'valid: lines that would be (or were) imported; roles: those lines per role, by role id; created: 0 on a dry run.' })
export class InvitationImportResultType {
  @Field(() => Int)
  valid!: number;

  @Field(() => [InvitationImportRoleType])
  roles!: InvitationImportRoleType[];

  @Field(() => Int)
  created!: number;

  @Field(() => [InvitationImportErrorType])
  errors!: InvitationImportErrorType[];
}

@ObjectType('InvitationPreview', { description: 'What the accept screen shows of a usable invitation.' })
export class InvitationPreviewType {
  @Field(() => String)
  email!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  role_name!: string;
}
