import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { AuthPayload } from '../auth';
import { InvitationImportResultType, InvitationInputType, InvitationPageType, InvitationPreviewType, InvitationType } from './invitations.types';

/**
 * GraphQL door of invitations: the same service calls as the REST routes
 * (invitations.routes.ts), with the same rules and messages. An import with
 * errors (not a dry run) fails with BAD_USER_INPUT and `extensions.errors`
 * listing each line's problem.
 */
@Resolver()
export class InvitationsResolver {
  @Query(() => InvitationPageType, { description: 'Administrators only. Newest first; status: pending, accepted, expired or revoked.' })
  invitations(
    @Arg('status', () => String, { nullable: true }) status: string | undefined,
    @Arg('page', () => Int, { nullable: true }) page: number | undefined,
    @Arg('limit', () => Int, { nullable: true }) limit: number | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<InvitationPageType> {
    return ctx.services.invitations.list(ctx.actor, { status, page, limit });
  }

  @Query(() => InvitationPreviewType, { description: 'Public: what an invitation link is for. NOT_FOUND for an unknown, used, revoked or expired link.' })
  invitation(@Arg('token', () => String) token: string, @Ctx() ctx: GraphQLContext): Promise<InvitationPreviewType> {
    return ctx.services.invitations.preview(ctx.actor, token, ctx.meta);
  }

  @Mutation(() => InvitationType, { description: 'Administrators only. CONFLICT when a user or a pending invitation has the email.' })
  inviteUser(@Arg('input', () => InvitationInputType) input: InvitationInputType, @Ctx() ctx: GraphQLContext): Promise<InvitationType> {
    return ctx.services.invitations.invite(ctx.actor, { ...input }, ctx.meta);
  }

  @Mutation(() => InvitationType, { description: 'Administrators only. A new link and expiry; the old link stops working.' })
  resendInvitation(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<InvitationType> {
    return ctx.services.invitations.resend(ctx.actor, id, ctx.meta);
  }

  @Mutation(() => Boolean, { description: 'Administrators only.' })
  async revokeInvitation(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.invitations.revoke(ctx.actor, id, ctx.meta);
    return true;
  }

  @Mutation(() => InvitationImportResultType, { description: 'Administrators only. The CSV text; dryRun checks every line and changes nothing.' })
  importInvitations(
    @Arg('csv', () => String) csv: string,
    @Arg('dryRun', () => Boolean, { nullable: true }) dryRun: boolean | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<InvitationImportResultType> {
    return ctx.services.invitations.importCsv(ctx.actor, csv, { dry_run: dryRun }, ctx.meta);
  }

  @Mutation(() => AuthPayload, { description: 'Public: sets the password of the invited account and signs it in. NOT_FOUND once used.' })
  acceptInvitation(@Arg('token', () => String) token: string, @Arg('password', () => String) password: string, @Ctx() ctx: GraphQLContext): Promise<AuthPayload> {
    return ctx.services.invitations.accept(ctx.actor, token, { password }, ctx.meta);
  }
}
