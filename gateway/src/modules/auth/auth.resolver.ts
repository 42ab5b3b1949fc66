import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { UserType } from '../users';
import {
  AuthPayload,
  BackupCodesResult,
  LoginInput,
  LoginResult,
  ReauthInput,
  SessionType,
  RegisterInput,
  TwoFactorDisableResult,
  TwoFactorEnableResult,
  TwoFactorSetup,
  TwoFactorStatus,
  TwoFactorVerifyResult,
  VerifyLoginInput,
} from './auth.types';

/**
 * GraphQL door for accounts, sessions and two-factor: the same service calls
 * as the REST routes. Every call counts on its own, so aliasing `login` fifteen
 * times in one request is fifteen attempts against the limits.
 */
@Resolver()
export class AuthResolver {
  @Query(() => UserType, { description: 'The signed-in user.' })
  me(@Ctx() ctx: GraphQLContext): Promise<UserType> {
    return ctx.services.users.me(ctx.actor);
  }

  @Query(() => TwoFactorStatus)
  twoFactorStatus(@Ctx() ctx: GraphQLContext): Promise<TwoFactorStatus> {
    return ctx.services.twoFactor.status(ctx.actor);
  }

  @Mutation(() => AuthPayload, { description: 'Creates an account and signs it in.' })
  register(@Arg('input', () => RegisterInput) input: RegisterInput, @Ctx() ctx: GraphQLContext): Promise<AuthPayload> {
    return ctx.services.auth.register(ctx.actor, { ...input }, ctx.meta);
  }

  @Mutation(() => LoginResult)
  login(@Arg('input', () => LoginInput) input: LoginInput, @Ctx() ctx: GraphQLContext): Promise<LoginResult> {
    return ctx.services.auth.login(ctx.actor, { ...input }, ctx.meta);
  }

  @Mutation(() => AuthPayload, { description: 'The second step after login answered requiresTwoFactor.' })
  verifyLogin(@Arg('input', () => VerifyLoginInput) input: VerifyLoginInput, @Ctx() ctx: GraphQLContext): Promise<AuthPayload> {
    return ctx.services.auth.verifyLogin(ctx.actor, { ...input }, ctx.meta);
  }

  @Mutation(() => Boolean, { description: "Ends this device's session only." })
  async logout(@Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.auth.logout(ctx.actor, ctx.meta);
    return true;
  }

  @Query(() => [SessionType], { description: "The caller's active sessions (devices), the most recently seen first." })
  mySessions(@Ctx() ctx: GraphQLContext): Promise<SessionType[]> {
    return ctx.services.sessions.list(ctx.actor);
  }

  @Mutation(() => Boolean, { description: "Signs out one of the caller's sessions; any other id is NOT_FOUND." })
  async revokeSession(@Arg('id', () => String) id: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.sessions.revoke(ctx.actor, id, ctx.meta);
    return true;
  }

  @Mutation(() => Int, { description: 'Signs out everywhere else: ends every session but this one; answers how many.' })
  revokeOtherSessions(@Ctx() ctx: GraphQLContext): Promise<number> {
    return ctx.services.sessions.revokeOthers(ctx.actor, ctx.meta);
  }

  @Mutation(() => TwoFactorSetup)
  twoFactorSetup(@Ctx() ctx: GraphQLContext): Promise<TwoFactorSetup> {
    return ctx.services.twoFactor.setup(ctx.actor, ctx.meta);
  }

  @Mutation(() => TwoFactorVerifyResult)
  twoFactorVerify(@Arg('token', () => String) token: string, @Ctx() ctx: GraphQLContext): Promise<TwoFactorVerifyResult> {
    return ctx.services.twoFactor.verify(ctx.actor, { token }, ctx.meta);
  }

  @Mutation(() => TwoFactorEnableResult, { description: 'Turns two-factor on: a current code of the new authenticator, and the password.' })
  twoFactorEnable(
    @Arg('token', () => String) token: string,
    // Nullable so that a missing password gets the service's 'Please enter your password', as over REST.
    @Arg('password', () => String, { nullable: true }) password: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<TwoFactorEnableResult> {
    return ctx.services.twoFactor.enable(ctx.actor, { token, password }, ctx.meta);
  }

  @Mutation(() => TwoFactorDisableResult)
  twoFactorDisable(@Arg('input', () => ReauthInput) input: ReauthInput, @Ctx() ctx: GraphQLContext): Promise<TwoFactorDisableResult> {
    return ctx.services.twoFactor.disable(ctx.actor, { ...input }, ctx.meta);
  }

  @Mutation(() => BackupCodesResult)
  regenerateBackupCodes(@Arg('input', () => ReauthInput) input: ReauthInput, @Ctx() ctx: GraphQLContext): Promise<BackupCodesResult> {
    return ctx.services.twoFactor.regenerateBackupCodes(ctx.actor, { ...input }, ctx.meta);
  }
}
