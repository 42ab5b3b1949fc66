import { GraphQLDateTimeISO, GraphQLJSONObject } from 'graphql-scalars';
import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { ChecklistItemTypeEnum, CompletionStatsType, TaskPriorityEnum, UserChecklistItemType, type ChecklistItemTypeName, type TaskPriorityName } from '../checklist';
import { UserType } from '../users/user.type';
import type { AuditCategory, SortOrder, UserSort, UserStatusFilter } from './admin.validation';

/*
 * GraphQL shapes of the administration console: the REST payloads of
 * admin.routes.ts field for field (snake_case as stored), so one client type
 * fits both doors.
 */

export const AdminUserSortEnum = {
  name: 'name',
  email: 'email',
  role: 'role',
  start_date: 'start_date',
  progress: 'progress',
  last_login_at: 'last_login_at',
} as const satisfies Record<UserSort, UserSort>;
export const AdminSortOrderEnum = { asc: 'asc', desc: 'desc' } as const satisfies Record<SortOrder, SortOrder>;
export const AdminUserStatusEnum = { all: 'all', active: 'active', inactive: 'inactive' } as const satisfies Record<UserStatusFilter, UserStatusFilter>;
export const AuditCategoryEnum = { changes: 'changes', all: 'all' } as const satisfies Record<AuditCategory, AuditCategory>;

registerEnumType(AdminUserSortEnum, { name: 'AdminUserSort', description: 'progress: completion percentage; last_login_at: never-signed-in users last.' });
registerEnumType(AdminSortOrderEnum, { name: 'AdminSortOrder' });
registerEnumType(AdminUserStatusEnum, { name: 'AdminUserStatus' });
registerEnumType(AuditCategoryEnum, { name: 'AuditCategory', description: 'changes: changes to the portal\'s data; all: sign-in traffic too.' });

@ObjectType('AdminUser', { description: 'A user as administrators see them: the User shape plus role name and account state.' })
export class AdminUserType extends UserType {
  @Field(() => String)
  role_name!: string;

  @Field(() => Boolean, { description: 'Inactive accounts cannot sign in.' })
  is_active!: boolean;

  @Field(() => Boolean)
  two_factor_enabled!: boolean;
}

@ObjectType('AdminUserPage')
export class AdminUserPageType {
  @Field(() => [AdminUserType])
  data!: AdminUserType[];

  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  page!: number;

  @Field(() => Int)
  limit!: number;
}

@ObjectType('AdminUserProgress', { description: "A user's checklist with their progress and its stats (GET /admin/users/{id}/checklist)." })
export class AdminUserProgressType {
  @Field(() => AdminUserType)
  user!: AdminUserType;

  @Field(() => [UserChecklistItemType])
  items!: UserChecklistItemType[];

  @Field(() => CompletionStatsType)
  stats!: CompletionStatsType;
}

@ObjectType('RoleAssignment', { description: 'The answer of assignUsersToRole.' })
export class RoleAssignmentType {
  @Field(() => Int)
  role_id!: number;

  @Field(() => Int, { description: 'Users whose role changed.' })
  updated!: number;

  @Field(() => [AdminUserType])
  users!: AdminUserType[];
}

@ObjectType('AdminCounts')
export class AdminCountsType {
  @Field(() => Int)
  users!: number;

  @Field(() => Int)
  active_users!: number;

  @Field(() => Int)
  roles!: number;

  @Field(() => Int)
  checklist_items!: number;

  @Field(() => Int)
  documents!: number;
}

@ObjectType('RoleHealth', { description: 'Onboarding health of one role, over its active users. The administrator role is not listed.' })
export class RoleHealthType {
  @Field(() => Int)
  role_id!: number;

  @Field(() => String)
  role_name!: string;

  @Field(() => Int)
  checklist_items!: number;

  @Field(() => Int)
  users!: number;

  @Field(() => Int, { description: 'Start date within the last 30 days, today included.' })
  new_hires!: number;

  @Field(() => Int, { description: 'Completed every item of a non-empty checklist.' })
  finished_users!: number;

  @Field(() => Int)
  assigned_tasks!: number;

  @Field(() => Int)
  completed_tasks!: number;

  @Field(() => Int, { nullable: true, description: 'round(100 × completed / assigned); null when nothing is assigned.' })
  completion_rate!: number | null;

  @Field(() => Int)
  overdue_tasks!: number;
}

@ObjectType('AdminStats', { description: 'The Administration index numbers (GET /admin/stats).' })
export class AdminStatsType {
  @Field(() => String, { description: 'The UTC date (YYYY-MM-DD) the numbers are computed for.' })
  as_of!: string;

  @Field(() => AdminCountsType)
  counts!: AdminCountsType;

  @Field(() => Int)
  new_hires_last_30_days!: number;

  @Field(() => Int)
  users_finished!: number;

  @Field(() => Int, { nullable: true })
  completion_rate!: number | null;

  @Field(() => Int)
  overdue_tasks!: number;

  @Field(() => [RoleHealthType])
  roles!: RoleHealthType[];
}

@ObjectType('AuditEntry', { description: 'One audited event: who, what (before/after for changes) and when.' })
export class AuditEntryType {
  @Field(() => Int)
  id!: number;

  @Field(() => String, { description: 'A stable identifier such as user.update or checklist_item.reorder.' })
  action!: string;

  @Field(() => Int, { nullable: true })
  actor_user_id!: number | null;

  @Field(() => String, { nullable: true })
  actor_name!: string | null;

  @Field(() => String, { nullable: true })
  target_type!: string | null;

  @Field(() => String, { nullable: true })
  target_id!: string | null;

  @Field(() => GraphQLJSONObject)
  details!: Record<string, unknown>;

  @Field(() => GraphQLDateTimeISO)
  created_at!: string;
}

@ObjectType('AuditPage')
export class AuditPageType {
  @Field(() => [AuditEntryType])
  data!: AuditEntryType[];

  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  page!: number;

  @Field(() => Int)
  limit!: number;
}

@InputType('AdminUsersFilter', { description: 'Defaults: no search, sort name asc, status all, page 1, limit 20 (max 100).' })
export class AdminUsersFilter {
  @Field(() => String, { nullable: true, description: 'Part of the name or email, any case.' })
  search?: string | null;

  @Field(() => AdminUserSortEnum, { nullable: true })
  sort?: UserSort | null;

  @Field(() => AdminSortOrderEnum, { nullable: true })
  order?: SortOrder | null;

  @Field(() => AdminUserStatusEnum, { nullable: true })
  status?: UserStatusFilter | null;

  @Field(() => Int, { nullable: true })
  roleId?: number | null;

  @Field(() => Int, { nullable: true })
  page?: number | null;

  @Field(() => Int, { nullable: true })
  limit?: number | null;
}

@InputType('AdminUserUpdateInput', { description: 'Fields left out keep their value.' })
export class AdminUserUpdateInput {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'Unique ignoring case.' })
  email?: string | null;

  @Field(() => Int, { nullable: true })
  role_id?: number | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD.' })
  start_date?: string | null;
}

@InputType('ChecklistItemInput', {
  description: 'Create: title and type required. Update: fields left out keep their value. Title at most 200, due_days 0-365; role_id null clears the primary role.',
})
export class ChecklistItemInputType {
  @Field(() => String, { nullable: true })
  title?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => ChecklistItemTypeEnum, { nullable: true })
  type?: ChecklistItemTypeName | null;

  @Field(() => TaskPriorityEnum, { nullable: true })
  priority?: TaskPriorityName | null;

  @Field(() => Int, { nullable: true })
  due_days?: number | null;

  @Field(() => Int, { nullable: true })
  role_id?: number | null;
}

@InputType('AdminChecklistItemsFilter')
export class AdminChecklistItemsFilter {
  @Field(() => Int, { nullable: true, description: 'Only the items this role gets.' })
  roleId?: number | null;

  @Field(() => ChecklistItemTypeEnum, { nullable: true })
  type?: ChecklistItemTypeName | null;

  @Field(() => String, { nullable: true, description: 'Part of the title or description, any case.' })
  search?: string | null;
}
