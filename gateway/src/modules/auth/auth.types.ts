import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { UserType } from '../users';

/*
 * The shapes of the auth operations: what the services return, GraphQL's
 * types, and (through shared/schemas objectSchema) the REST JSON. Input
 * classes stay thin: the services parse with auth.schemas.ts, so both doors
 * answer the same messages.
 */

@ObjectType({ description: 'A signed-in session: the bearer token (8 hours) and its user.' })
export class AuthPayload {
  @Field(() => String)
  token!: string;

  @Field(() => UserType)
  user!: UserType;
}

@ObjectType({ description: 'A session, or (requiresTwoFactor: true, no token) the request for the second step: verifyLogin.' })
export class LoginResult {
  @Field(() => Boolean)
  requiresTwoFactor!: boolean;

  @Field(() => String, { nullable: true })
  token?: string | null;

  @Field(() => UserType, { nullable: true })
  user?: UserType | null;

  @Field(() => String, { nullable: true, description: 'With requiresTwoFactor: the id that verifyLogin must send back (this browser\'s password step).' })
  challengeId?: string | null;
}

@ObjectType({ description: 'A new, not yet active TOTP secret: show the QR code and the manual key, then twoFactorEnable with a code.' })
export class TwoFactorSetup {
  @Field(() => String, { description: 'Base32 key for manual entry.' })
  secret!: string;

  @Field(() => String)
  otpauthUrl!: string;

  @Field(() => String, { description: 'The otpauth QR code as an image data URL (SVG), for an <img src>.' })
  qrCodeDataUrl!: string;
}

@ObjectType()
export class TwoFactorVerifyResult {
  @Field(() => Boolean)
  valid!: boolean;
}

@ObjectType({ description: 'Two-factor is on. The backup codes are shown once; the old sessions ended, continue with `token`.' })
export class TwoFactorEnableResult {
  @Field(() => Boolean)
  enabled!: boolean;

  @Field(() => [String], { description: '10 single-use codes of 8 lowercase hex characters.' })
  backupCodes!: string[];

  @Field(() => String, { description: 'A fresh session token replacing the caller\'s (revoked) one.' })
  token!: string;
}

@ObjectType({ description: 'Two-factor is off. The old sessions ended; continue with `token`.' })
export class TwoFactorDisableResult {
  @Field(() => Boolean)
  enabled!: boolean;

  @Field(() => String)
  token!: string;
}

@ObjectType()
export class TwoFactorStatus {
  @Field(() => Boolean)
  enabled!: boolean;

  @Field(() => Int)
  backupCodesRemaining!: number;
}

@ObjectType({ description: 'New backup codes (the old ones no longer work). The old sessions ended; continue with `token`.' })
export class BackupCodesResult {
  @Field(() => [String])
  backupCodes!: string[];

  @Field(() => String)
  token!: string;
}

@InputType()
export class RegisterInput {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  email!: string;

  @Field(() => String)
  password!: string;

  @Field(() => Int)
  role_id!: number;
}

@InputType()
export class LoginInput {
  @Field(() => String)
  email!: string;

  @Field(() => String)
  password!: string;
}

@InputType({ description: 'The second step of a sign-in, within 5 minutes of the password step.' })
export class VerifyLoginInput {
  @Field(() => String)
  email!: string;

  @Field(() => String, { description: 'The challengeId of the login answer that asked for this step.' })
  challengeId!: string;

  @Field(() => String, { description: 'A 6-digit authenticator code, or an 8-character backup code.' })
  token!: string;

  @Field(() => Boolean, { defaultValue: false })
  isBackupCode!: boolean;
}

@InputType({ description: 'Proof for changing two-factor settings: the password, or a current authenticator code.' })
export class ReauthInput {
  @Field(() => String, { nullable: true })
  password?: string | null;

  @Field(() => String, { nullable: true })
  token?: string | null;
}

@ObjectType({ description: 'The password is changed. Every other session ended; continue with `token`.' })
export class ChangePasswordResult {
  @Field(() => String)
  token!: string;
}

/**
 * One signed-in device. The properties are the REST shape (snake_case); the
 * GraphQL field names are camelCase, so one class serves both doors.
 */
@ObjectType('SessionType', { description: 'A signed-in device: one sign-in, until it signs out, idles out or expires.' })
export class SessionType {
  @Field(() => String)
  id!: string;

  @Field(() => String, { name: 'createdAt', description: 'ISO 8601 timestamp of the sign-in.' })
  created_at!: string;

  @Field(() => String, { name: 'lastSeenAt', description: 'ISO 8601 timestamp of the latest request (to the minute).' })
  last_seen_at!: string;

  @Field(() => String, { name: 'userAgent', nullable: true, description: 'The browser as it named itself at sign-in (at most 512 characters).' })
  user_agent!: string | null;

  @Field(() => String, { nullable: true, description: 'The address of the sign-in.' })
  ip!: string | null;

  @Field(() => Boolean, { description: 'True for the session making this request.' })
  current!: boolean;
}
