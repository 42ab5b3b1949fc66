import { Arg, Ctx, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import type { ChecklistItemView, LinkedDocumentView, UserChecklistItemView } from './checklist.service';
import { ChecklistItemType, LinkedDocumentType, UserChecklistItemType } from './checklist.types';

/**
 * GraphQL door for users' checklists: the same service calls as the REST
 * routes. `documents` goes through the request's DataLoader, so a list of any
 * length costs one batched lookup.
 */
@Resolver(() => UserChecklistItemType)
export class UserChecklistResolver {
  @Query(() => [UserChecklistItemType], { description: "The signed-in user's checklist (same data as GET /user-checklist-items/user/{me}), sorted by item_order." })
  myChecklist(@Ctx() ctx: GraphQLContext): Promise<UserChecklistItemView[]> {
    return ctx.services.checklist.myChecklist(ctx.actor);
  }

  @Query(() => [UserChecklistItemType], { description: "A user's checklist: the user themself or an administrator." })
  userChecklist(@Arg('userId', () => Int) userId: number, @Ctx() ctx: GraphQLContext): Promise<UserChecklistItemView[]> {
    return ctx.services.checklist.listForUser(ctx.actor, userId);
  }

  @FieldResolver(() => [LinkedDocumentType])
  documents(@Root() item: UserChecklistItemView, @Ctx() ctx: GraphQLContext): Promise<LinkedDocumentView[]> {
    return ctx.loaders.documentsByItem.load(item.id);
  }
}

/** GraphQL door for single checklist items. */
@Resolver(() => ChecklistItemType)
export class ChecklistItemResolver {
  @Query(() => ChecklistItemType, { description: 'One checklist item; users only reach items of their role (administrators any).' })
  checklistItem(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<ChecklistItemView> {
    return ctx.services.checklist.getItem(ctx.actor, id);
  }

  @FieldResolver(() => [LinkedDocumentType])
  documents(@Root() item: ChecklistItemView, @Ctx() ctx: GraphQLContext): Promise<LinkedDocumentView[]> {
    return ctx.loaders.documentsByItem.load(item.id);
  }
}
