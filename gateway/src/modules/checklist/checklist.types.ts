import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { ChecklistItemTypeName, OwnerTypeName, ProgressStatusName, TaskPriorityName, UrgencyLevelName } from './checklist.rules';

/*
 * The shapes of checklists and progress: what the services return, for both
 * doors. Field names follow the REST payloads (snake_case stored fields,
 * camelCase computed ones) so one client type fits both. Timestamps are Date
 * objects: GraphQL serialises them as DateTimeISO and REST (JSON) as the same
 * ISO 8601 strings.
 */

// String enums whose keys are the GraphQL value names and whose values are what is stored.
export const ChecklistItemTypeEnum = { form: 'form', policy: 'policy', sop: 'sop', training: 'training', meeting: 'meeting' } as const satisfies Record<ChecklistItemTypeName, ChecklistItemTypeName>;
export const TaskPriorityEnum = { high: 'high', medium: 'medium', low: 'low' } as const satisfies Record<TaskPriorityName, TaskPriorityName>;
export const ProgressStatusEnum = { completed: 'completed', pending: 'pending' } as const satisfies Record<ProgressStatusName, ProgressStatusName>;
export const UrgencyLevelEnum = { overdue: 'overdue', urgent: 'urgent', high: 'high', medium: 'medium', low: 'low' } as const satisfies Record<UrgencyLevelName, UrgencyLevelName>;
export const TaskOwnerTypeEnum = { new_hire: 'new_hire', manager: 'manager', buddy: 'buddy', role: 'role' } as const satisfies Record<OwnerTypeName, OwnerTypeName>;

registerEnumType(ChecklistItemTypeEnum, { name: 'ChecklistItemType' });
registerEnumType(TaskPriorityEnum, { name: 'TaskPriority' });
registerEnumType(ProgressStatusEnum, { name: 'ProgressStatus', description: "Stored progress status: 'completed' or 'pending' (docs/product.md#task-status)." });
registerEnumType(UrgencyLevelEnum, { name: 'UrgencyLevel' });
registerEnumType(TaskOwnerTypeEnum, { name: 'TaskOwnerType', description: "Who does a task: the new hire, the hire's manager, the hire's buddy or a role's members (docs/product.md#roles)." });

@ObjectType('LinkedDocument', { description: 'A document linked to a checklist item.' })
export class LinkedDocumentType {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  title!: string;

  @Field(() => String, { nullable: true })
  url!: string | null;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { nullable: true })
  document_class_name!: string | null;
}

/**
 * What a checklist item asks and who does it: the part of an item that My
 * tasks shows, and the base of every item shape.
 */
@ObjectType('MyTaskItem')
export class MyTaskItemType {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  title!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => ChecklistItemTypeEnum)
  type!: ChecklistItemTypeName;

  @Field(() => TaskPriorityEnum)
  priority!: TaskPriorityName;

  @Field(() => Int)
  due_days!: number;

  @Field(() => TaskOwnerTypeEnum, { description: "Who does the task for each hire; 'new_hire' (the default) is the hire's own." })
  owner_type!: OwnerTypeName;

  @Field(() => Int, { nullable: true, description: "The role whose members do the task when owner_type is 'role', else null." })
  owner_role_id!: number | null;
}

/**
 * The stored fields of a checklist item, which every item shape extends. No
 * field or query answers this type itself, so the schema does not list it.
 */
@ObjectType('ChecklistItemFields')
export class ChecklistItemFields extends MyTaskItemType {
  @Field(() => Int, { nullable: true, description: "The item's primary role; roles get items through the role-checklist links (docs/product.md#roles)." })
  role_id!: number | null;

  @Field(() => Int)
  item_order!: number;

  @Field(() => GraphQLDateTimeISO)
  created_at!: Date;

  @Field(() => GraphQLDateTimeISO)
  updated_at!: Date;
}

/**
 * A checklist item as its reader sees it: the stored fields and the due date
 * and overdue state for the reader. `documents` is resolved per item through a
 * per-request DataLoader (checklist.resolver.ts); REST adds it with withDocuments.
 */
@ObjectType('ChecklistItem')
export class ChecklistItemType extends ChecklistItemFields {
  @Field(() => String, { description: "The reader's start_date + due_days working days, ISO date YYYY-MM-DD (docs/product.md#due-dates)." })
  dueDate!: string;

  @Field(() => Boolean, { description: "Not completed by the reader and dueDate before today (the company's date, decided by the server)." })
  isOverdue!: boolean;

  @Field(() => String, { description: "Who does it, as the hire reads it: 'You', 'Your manager', 'Your buddy' or 'The {role name} team'." })
  ownerLabel!: string;

  @Field(() => String, { nullable: true, description: "The manager's or buddy's name for their tasks; null otherwise (or when the hire has none)." })
  ownerName!: string | null;

  @Field(() => Boolean, { description: 'Whether the reader may complete or set back this task: its owner, or an administrator.' })
  canComplete!: boolean;
}

@ObjectType('UserChecklistItem', { description: "A checklist item of the user's role with that user's progress (GET /user-checklist-items/user/{userId})." })
export class UserChecklistItemType extends ChecklistItemType {
  @Field(() => Boolean)
  has_progress!: boolean;

  @Field(() => Int, { nullable: true })
  progress_id!: number | null;

  @Field(() => ProgressStatusEnum, { description: "'pending' when there is no progress row." })
  status!: ProgressStatusName;

  @Field(() => Boolean)
  completed!: boolean;

  @Field(() => String, { nullable: true })
  note!: string | null;

  // GraphQL only: REST keeps due_date in its documented shape. The retirement steps: docs/delivery.md#worked-example.
  @Field(() => String, {
    nullable: true,
    description: 'The due date stored with the progress (the live date when it was last written; a completed task keeps it), ISO date YYYY-MM-DD.',
    deprecationReason: 'Use dueDate: the same date for a completed task, and the live date for an open one.',
  })
  due_date!: string | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true })
  completed_at!: Date | null;

  @Field(() => String, { description: "Computed: due_days working days from the user's start_date (or the date a re-onboarding anchored the task to); a completed task keeps its stored date. ISO date YYYY-MM-DD (docs/product.md#due-dates)." })
  declare dueDate: string;

  @Field(() => Boolean, { description: "Computed: not completed and dueDate before today (the company's date, decided by the server)." })
  declare isOverdue: boolean;

  @Field(() => Int, { description: "Computed: whole days from today (the company's date, decided by the server) to dueDate; negative once it has passed." })
  daysUntilDue!: number;

  @Field(() => String, { description: "The time estimate for the type, e.g. '5-10 minutes' (docs/product.md#estimated-time)." })
  estimatedTime!: string;
}

/** Completion over the user's own tasks (docs/product.md#progress), and the others' tasks about them beside it. */
@ObjectType('CompletionStats')
export class CompletionStatsType {
  @Field(() => Int)
  completed!: number;

  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  pending!: number;

  @Field(() => Int)
  overdue!: number;

  @Field(() => Int)
  completionPercentage!: number;

  @Field(() => Boolean)
  isComplete!: boolean;

  @Field(() => Int, { description: "Tasks about the user that others own (manager, buddy, a team) and have completed; not in the counts above." })
  othersCompleted!: number;

  @Field(() => Int, { description: 'Tasks about the user that others own (manager, buddy, a team).' })
  othersTotal!: number;
}

/** An item as the administration console sees it (the admin checklist-item routes): the item plus every role that gets it. */
@ObjectType('AdminChecklistItem', { description: 'A checklist item with every role that gets it.' })
export class AdminChecklistItemType extends ChecklistItemFields {
  @Field(() => [Int], { description: 'The roles that get the item (role-checklist links), ascending.' })
  role_ids!: number[];
}

/** The items a role gets (GET /admin/roles/{id}/checklist-items). */
@ObjectType('RoleChecklist', { description: 'The checklist items a role gets, in item_order.' })
export class RoleChecklistType {
  @Field(() => Int)
  role_id!: number;

  @Field(() => [AdminChecklistItemType])
  items!: AdminChecklistItemType[];
}

/** One role's onboarding numbers (ChecklistService.roleHealth), a row of the administration index. */
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

/** The hire a task is done for, as My tasks shows them. */
@ObjectType('MyTaskHire')
export class MyTaskHireType {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'ISO date YYYY-MM-DD.' })
  start_date!: string;
}

/** An open task the reader owns for another (active) person (GET /my-tasks). */
@ObjectType('MyTask', { description: 'An open task the reader owns for another active person: as their manager, buddy or a member of the owning role.' })
export class MyTaskType {
  @Field(() => MyTaskHireType)
  hire!: MyTaskHireType;

  @Field(() => MyTaskItemType)
  item!: MyTaskItemType;

  @Field(() => String, { description: "The hire's due date for the task, ISO date YYYY-MM-DD (docs/product.md#due-dates)." })
  dueDate!: string;

  @Field(() => Boolean)
  isOverdue!: boolean;

  @Field(() => Int, { description: "Whole days from today (the company's date) to dueDate; negative once it has passed." })
  daysUntilDue!: number;

  @Field(() => ProgressStatusEnum, { description: "Always 'pending': only open tasks are listed." })
  status!: ProgressStatusName;
}

/** One page of My tasks: `total` counts every open task the reader owns. */
@ObjectType('MyTasksPage')
export class MyTasksPageType {
  @Field(() => [MyTaskType])
  data!: MyTaskType[];

  @Field(() => Int)
  total!: number;
}
