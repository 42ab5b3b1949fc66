import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { AuditCategoryEnum, AuditPageType, type AuditCategory } from '../audit';
import { AdminChecklistItemType, LinkedDocumentType, RoleChecklistType } from '../checklist';
import { AdminUserPageType, AdminUsersFilter, AdminUserType, AdminUserUpdateInput, RoleAssignmentType } from '../users';
import { AdminChecklistItemsFilter, AdminStatsType, AdminUserProgressType, ChecklistItemInputType } from './admin.types';

/**
 * GraphQL door of the administration console: the same service calls as
 * admin.routes.ts, with the same rules and messages (administrators only:
 * UNAUTHENTICATED for guests, FORBIDDEN for everyone else).
 */
@Resolver()
export class AdminResolver {
  @Query(() => AdminStatsType, { description: 'Administrators only: counts and onboarding health per role (GET /admin/stats).' })
  adminStats(@Ctx() ctx: GraphQLContext): Promise<AdminStatsType> {
    return ctx.services.adminReports.stats(ctx.actor);
  }

  @Query(() => AuditPageType, { description: 'Administrators only: the latest audited entries, newest first (GET /admin/audit).' })
  auditLog(
    @Arg('category', () => AuditCategoryEnum, { nullable: true }) category: AuditCategory | undefined,
    @Arg('page', () => Int, { nullable: true }) page: number | undefined,
    @Arg('limit', () => Int, { nullable: true }) limit: number | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AuditPageType> {
    return ctx.services.audit.list(ctx.actor, { category, page, limit });
  }

  @Query(() => AdminUserPageType, { description: 'Administrators only: a searched, sorted page of users (GET /admin/users).' })
  adminUsers(@Arg('filter', () => AdminUsersFilter, { nullable: true }) filter: AdminUsersFilter | undefined, @Ctx() ctx: GraphQLContext): Promise<AdminUserPageType> {
    const { roleId, ...rest } = filter ?? {};
    return ctx.services.userAdmin.list(ctx.actor, { ...rest, role_id: roleId });
  }

  @Query(() => AdminUserType, { description: 'Administrators only (GET /admin/users/{id}).' })
  adminUser(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<AdminUserType> {
    return ctx.services.userAdmin.get(ctx.actor, id);
  }

  @Query(() => AdminUserProgressType, { description: "Administrators only: a user's checklist progress (GET /admin/users/{id}/checklist)." })
  adminUserProgress(@Arg('userId', () => Int) userId: number, @Ctx() ctx: GraphQLContext): Promise<AdminUserProgressType> {
    return ctx.services.adminReports.userProgress(ctx.actor, userId);
  }

  @Mutation(() => AdminUserType, { description: 'Administrators only. Email unique ignoring case; not your own administrator role.' })
  updateUser(@Arg('id', () => Int) id: number, @Arg('input', () => AdminUserUpdateInput) input: AdminUserUpdateInput, @Ctx() ctx: GraphQLContext): Promise<AdminUserType> {
    return ctx.services.userAdmin.update(ctx.actor, id, { ...input }, ctx.meta);
  }

  @Mutation(() => AdminUserType, { description: "Administrators only: the account can no longer sign in and every open session ends. Not your own." })
  deactivateUser(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<AdminUserType> {
    return ctx.services.userAdmin.deactivate(ctx.actor, id, ctx.meta);
  }

  @Mutation(() => AdminUserType, { description: 'Administrators only.' })
  reactivateUser(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<AdminUserType> {
    return ctx.services.userAdmin.reactivate(ctx.actor, id, ctx.meta);
  }

  @Mutation(() => AdminUserType, { description: "Administrators only: turns a user's two-factor sign-in off and ends their sessions." })
  resetUserTwoFactor(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<AdminUserType> {
    return ctx.services.userAdmin.resetTwoFactor(ctx.actor, id, ctx.meta);
  }

  @Mutation(() => RoleAssignmentType, { description: 'Administrators only: moves users to a role, all or nothing (PUT /admin/user-roles). reonboard: the new items start from today.' })
  assignUsersToRole(
    @Arg('userIds', () => [Int]) userIds: number[],
    @Arg('roleId', () => Int) roleId: number,
    @Arg('reonboard', () => Boolean, { nullable: true }) reonboard: boolean | null | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<RoleAssignmentType> {
    return ctx.services.userAdmin.assignRole(ctx.actor, { user_ids: userIds, role_id: roleId, reonboard }, ctx.meta);
  }

  @Query(() => [AdminChecklistItemType], { description: 'Administrators only: checklist items in item_order (GET /admin/checklist-items).' })
  adminChecklistItems(@Arg('filter', () => AdminChecklistItemsFilter, { nullable: true }) filter: AdminChecklistItemsFilter | undefined, @Ctx() ctx: GraphQLContext): Promise<AdminChecklistItemType[]> {
    return ctx.services.checklistItems.list(ctx.actor, { role_id: filter?.roleId, type: filter?.type, search: filter?.search });
  }

  @Query(() => RoleChecklistType, { description: 'Administrators only: the checklist items a role gets (GET /admin/roles/{id}/checklist-items).' })
  roleChecklistItems(@Arg('roleId', () => Int) roleId: number, @Ctx() ctx: GraphQLContext): Promise<RoleChecklistType> {
    return ctx.services.checklistItems.roleItems(ctx.actor, roleId);
  }

  @Mutation(() => AdminChecklistItemType, { description: 'Administrators only: appended at the end of the order, linked to its role.' })
  createChecklistItem(@Arg('input', () => ChecklistItemInputType) input: ChecklistItemInputType, @Ctx() ctx: GraphQLContext): Promise<AdminChecklistItemType> {
    return ctx.services.checklistItems.create(ctx.actor, { ...input }, ctx.meta);
  }

  @Mutation(() => AdminChecklistItemType, { description: 'Administrators only. Changing role_id moves the primary role link.' })
  updateChecklistItem(@Arg('id', () => Int) id: number, @Arg('input', () => ChecklistItemInputType) input: ChecklistItemInputType, @Ctx() ctx: GraphQLContext): Promise<AdminChecklistItemType> {
    return ctx.services.checklistItems.update(ctx.actor, id, { ...input }, ctx.meta);
  }

  @Mutation(() => Boolean, { description: "Administrators only: users' progress on it goes with it." })
  async deleteChecklistItem(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.checklistItems.delete(ctx.actor, id, ctx.meta);
    return true;
  }

  @Mutation(() => [AdminChecklistItemType], { description: 'Administrators only: the given items exchange their item_order values so they come in the order given; no other item moves. Returns them in their new order.' })
  reorderChecklistItems(@Arg('ids', () => [Int]) ids: number[], @Ctx() ctx: GraphQLContext): Promise<AdminChecklistItemType[]> {
    return ctx.services.checklistItems.reorder(ctx.actor, ids, ctx.meta);
  }

  @Mutation(() => RoleChecklistType, { description: 'Administrators only: the role gets these items too.' })
  addRoleChecklistItems(@Arg('roleId', () => Int) roleId: number, @Arg('itemIds', () => [Int]) itemIds: number[], @Ctx() ctx: GraphQLContext): Promise<RoleChecklistType> {
    return ctx.services.checklistItems.addRoleItems(ctx.actor, roleId, itemIds, ctx.meta);
  }

  @Mutation(() => RoleChecklistType, { description: 'Administrators only: the role no longer gets these items.' })
  removeRoleChecklistItems(@Arg('roleId', () => Int) roleId: number, @Arg('itemIds', () => [Int]) itemIds: number[], @Ctx() ctx: GraphQLContext): Promise<RoleChecklistType> {
    return ctx.services.checklistItems.removeRoleItems(ctx.actor, roleId, itemIds, ctx.meta);
  }
}

/** `documents` of an administrator's checklist item, through the request's DataLoader (one lookup per request). */
@Resolver(() => AdminChecklistItemType)
export class AdminChecklistItemResolver {
  @FieldResolver(() => [LinkedDocumentType])
  documents(@Root() item: AdminChecklistItemType, @Ctx() ctx: GraphQLContext): Promise<LinkedDocumentType[]> {
    return ctx.loaders.documentsByItem.load(item.id);
  }
}
