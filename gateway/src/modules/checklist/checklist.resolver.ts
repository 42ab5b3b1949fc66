import { Arg, Ctx, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { ChecklistItemType, LinkedDocumentType, MyTasksPageType, UserChecklistItemType } from './checklist.types';

/**
 * GraphQL door for users' checklists: the same service calls as the REST
 * routes. `documents` goes through the request's DataLoader, so a list of any
 * length costs one batched lookup.
 */
@Resolver(() => UserChecklistItemType)
export class UserChecklistResolver {
  @Query(() => [UserChecklistItemType], { description: "The signed-in user's checklist (same data as GET /user-checklist-items/user/{me}), sorted by item_order." })
  myChecklist(@Ctx() ctx: GraphQLContext): Promise<UserChecklistItemType[]> {
    return ctx.services.checklist.myChecklist(ctx.actor);
  }

  @Query(() => [UserChecklistItemType], { description: "A user's checklist: the user themself or an administrator." })
  userChecklist(@Arg('userId', () => Int) userId: number, @Ctx() ctx: GraphQLContext): Promise<UserChecklistItemType[]> {
    return ctx.services.checklist.listForUser(ctx.actor, userId);
  }

  @Query(() => MyTasksPageType, { description: 'GET /my-tasks: open tasks the signed-in user owns for other active people, by due date, then hire name; limit 1-200 (default 50).' })
  myTasks(
    @Arg('limit', () => Int, { nullable: true }) limit: number | null | undefined,
    @Arg('offset', () => Int, { nullable: true }) offset: number | null | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<MyTasksPageType> {
    return ctx.services.checklist.myTasks(ctx.actor, { limit, offset });
  }

  @FieldResolver(() => [LinkedDocumentType])
  documents(@Root() item: UserChecklistItemType, @Ctx() ctx: GraphQLContext): Promise<LinkedDocumentType[]> {
    return ctx.loaders.documentsByItem.load(item.id);
  }
}

/** GraphQL door for single checklist items. */
@Resolver(() => ChecklistItemType)
export class ChecklistItemResolver {
  @Query(() => ChecklistItemType, { description: 'One checklist item; users only reach items of their role (administrators any).' })
  checklistItem(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<ChecklistItemType> {
    return ctx.services.checklist.getItem(ctx.actor, id);
  }

  @FieldResolver(() => [LinkedDocumentType])
  documents(@Root() item: ChecklistItemType, @Ctx() ctx: GraphQLContext): Promise<LinkedDocumentType[]> {
    return ctx.loaders.documentsByItem.load(item.id);
  }
}
