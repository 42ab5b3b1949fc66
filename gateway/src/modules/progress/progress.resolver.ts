import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Arg, Ctx, Int, Mutation, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { UserChecklistItemType } from '../checklist';
import { TaskProgressInput } from './progress.types';

/** GraphQL door for progress: the same service calls as the REST routes. */
@Resolver()
export class ProgressResolver {
  @Mutation(() => UserChecklistItemType, { description: 'POST /user-checklist-items/user/{userId}/item/{itemId}; userId defaults to the signed-in user.' })
  setTaskProgress(
    @Arg('itemId', () => Int) itemId: number,
    @Arg('userId', () => Int, { nullable: true }) userId: number | null | undefined,
    @Arg('input', () => TaskProgressInput) input: TaskProgressInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<UserChecklistItemType> {
    return ctx.services.progress.setProgress(ctx.actor, userId, itemId, { ...input }, ctx.meta);
  }

  @Mutation(() => UserChecklistItemType, { description: 'POST /tasks/{id}/complete for the signed-in user.' })
  completeTask(
    @Arg('id', () => Int) id: number,
    @Arg('notes', () => String, { nullable: true }) notes: string | null | undefined,
    @Arg('completedAt', () => GraphQLDateTimeISO, { nullable: true }) completedAt: Date | null | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<UserChecklistItemType> {
    return ctx.services.progress.completeTask(ctx.actor, id, { notes, completedAt }, ctx.meta);
  }
}
