import { Arg, Ctx, Int, Mutation, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { ChangePasswordResult } from './auth.types';

/** GraphQL door of the password lifecycle: the same service calls as the REST routes. */
@Resolver()
export class PasswordResolver {
  @Mutation(() => ChangePasswordResult, { description: 'Signed in: a new password (POST /auth/change-password). Every other session ends; continue with the token.' })
  changePassword(
    @Arg('currentPassword', () => String) currentPassword: string,
    @Arg('newPassword', () => String) newPassword: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ChangePasswordResult> {
    return ctx.services.passwords.change(ctx.actor, { currentPassword, newPassword }, ctx.meta);
  }

  @Mutation(() => Boolean, { description: 'Public: mails a reset link if the address has an active account. Always true (POST /auth/forgot-password).' })
  async forgotPassword(@Arg('email', () => String) email: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.passwords.forgot(ctx.actor, { email }, ctx.meta);
    return true;
  }

  @Mutation(() => Boolean, { description: 'Public: sets a new password with a reset link\'s token and ends every session (POST /auth/reset-password).' })
  async resetPassword(@Arg('token', () => String) token: string, @Arg('password', () => String) password: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.passwords.reset(ctx.actor, { token, password }, ctx.meta);
    return true;
  }

  @Mutation(() => Boolean, { description: 'Administrators only: mails the user a reset link (POST /admin/users/{id}/password-reset).' })
  async sendPasswordReset(@Arg('userId', () => Int) userId: number, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.passwords.sendReset(ctx.actor, userId, ctx.meta);
    return true;
  }
}
