import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { ChecklistItemTypeEnum, CompletionStatsType, RoleHealthType, TaskOwnerTypeEnum, TaskPriorityEnum, UserChecklistItemType, type ChecklistItemTypeName, type OwnerTypeName, type TaskPriorityName } from '../checklist';
import { AdminUserType } from '../users';

/*
 * GraphQL shapes of the administration console: the REST payloads of
 * admin.routes.ts field for field (snake_case as stored), so one client type
 * fits both doors.
 */

@ObjectType('AdminUserProgress', { description: "A user's checklist with their progress and its stats (GET /admin/users/{id}/checklist)." })
export class AdminUserProgressType {
  @Field(() => AdminUserType)
  user!: AdminUserType;

  @Field(() => [UserChecklistItemType])
  items!: UserChecklistItemType[];

  @Field(() => CompletionStatsType)
  stats!: CompletionStatsType;
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

@InputType('ChecklistItemInput', {
  description: 'Create: title and type required. Update: fields left out keep their value. Title at most 200, due_days -30 to 365 (negative: working days before the start date); role_id null clears the primary role.',
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

  @Field(() => TaskOwnerTypeEnum, { nullable: true, description: "Who does the task: new_hire (the default), manager, buddy or role (then owner_role_id names the team's role)." })
  owner_type?: OwnerTypeName | null;

  @Field(() => Int, { nullable: true })
  owner_role_id?: number | null;
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
