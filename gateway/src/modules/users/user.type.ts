import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PageOf } from '../../shared/page';
import type { SortOrder } from '../../shared/schemas';
import type { UserSort, UserStatusFilter } from './users.messages';

/*
 * The shapes of users, declared once: the users module's services return
 * these classes, GraphQL exposes them and REST serialises the same objects.
 * Field names follow the REST payload (snake_case) so one client type fits
 * both doors. Timestamps are ISO 8601 strings, as in the REST JSON.
 */

/** The public user. */
@ObjectType('User', { description: 'A user as clients see it, with the people around them (docs/product.md#admin). Never carries a password hash, secret or code.' })
export class UserType {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  email!: string;

  @Field(() => Int, { description: 'The role; 4 is the administrator role.' })
  role_id!: number;

  @Field(() => Int, { description: 'Share of the onboarding checklist completed, 0-100.' })
  completion_percentage!: number;

  @Field(() => String, { nullable: true, description: 'ISO 8601 timestamp of the last sign-in; null before the first.' })
  last_login_at!: string | null;

  @Field(() => String, { description: 'ISO 8601 timestamp.' })
  created_at!: string;

  @Field(() => String, { description: 'Calendar date (YYYY-MM-DD) the onboarding starts; due dates count from it.' })
  start_date!: string;

  @Field(() => Int, { nullable: true, description: "The user's manager (another user); null when none." })
  manager_id!: number | null;

  @Field(() => Int, { nullable: true, description: "The user's buddy (another user); null when none." })
  buddy_id!: number | null;

  @Field(() => String, { nullable: true, description: "The manager's name; null when none." })
  manager_name!: string | null;

  @Field(() => String, { nullable: true, description: "The buddy's name; null when none." })
  buddy_name!: string | null;
}

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

registerEnumType(AdminUserSortEnum, { name: 'AdminUserSort', description: 'progress: completion percentage; last_login_at: never-signed-in users last.' });
registerEnumType(AdminSortOrderEnum, { name: 'AdminSortOrder' });
registerEnumType(AdminUserStatusEnum, { name: 'AdminUserStatus' });

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
export class AdminUserPageType extends PageOf(AdminUserType) {}

@ObjectType('RoleAssignment', { description: 'The answer of assignUsersToRole.' })
export class RoleAssignmentType {
  @Field(() => Int)
  role_id!: number;

  @Field(() => Int, { description: 'Users whose role changed.' })
  updated!: number;

  @Field(() => [AdminUserType])
  users!: AdminUserType[];
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

  @Field(() => Int, { nullable: true, description: 'An active user other than this one, not reporting to them; null clears.' })
  manager_id?: number | null;

  @Field(() => Int, { nullable: true, description: 'An active user other than this one; null clears.' })
  buddy_id?: number | null;

  @Field(() => Boolean, { nullable: true, description: "With a role change: the new role's items start from today (docs/product.md#due-dates)." })
  reonboard?: boolean | null;
}

/** A direct report as their manager sees them on My team. */
@ObjectType('TeamMemberUser')
export class TeamMemberUserType {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  email!: string;

  @Field(() => Int)
  role_id!: number;

  @Field(() => String)
  role_name!: string;

  @Field(() => String, { description: 'YYYY-MM-DD.' })
  start_date!: string;
}

@ObjectType('TeamNextDue', { description: "The open task about the report due first, whoever does it." })
export class TeamNextDueType {
  @Field(() => Int)
  item_id!: number;

  @Field(() => String)
  title!: string;

  @Field(() => String, { description: 'YYYY-MM-DD.' })
  dueDate!: string;

  // A string, not the checklist's TaskOwnerType enum: the checklist module builds on this one, so this one cannot import it.
  @Field(() => String, { description: "Who does it, as the checklist item's owner_type: 'new_hire' (the report), 'manager' (the viewer), 'buddy' or 'role'." })
  owner_type!: string;

  @Field(() => String, { nullable: true, description: "The team's role name when owner_type is 'role', else null." })
  owner_role_name!: string | null;
}

@ObjectType('TeamMemberStats', {
  description: "Judged on the company's today: completed, total and completionPercentage over the report's own tasks (docs/product.md#progress); overdue and nextDue over every task about them, whoever does it.",
})
export class TeamMemberStatsType {
  @Field(() => Int)
  completed!: number;

  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  overdue!: number;

  @Field(() => Int, { description: '0-100.' })
  completionPercentage!: number;

  @Field(() => TeamNextDueType, { nullable: true, description: 'Null when every task is done.' })
  nextDue!: TeamNextDueType | null;
}

@ObjectType('TeamMember', { description: 'A direct report (an active user whose manager is the viewer) and their onboarding.' })
export class TeamMemberType {
  @Field(() => TeamMemberUserType)
  user!: TeamMemberUserType;

  @Field(() => TeamMemberStatsType)
  stats!: TeamMemberStatsType;
}
