import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { ChecklistItemTypeName, ProgressStatusName, TaskPriorityName, UrgencyLevelName } from './checklist.rules';

/*
 * GraphQL shapes of checklists and progress (issue 5 contract). Field names
 * follow the REST payloads of spec §3/§7 (snake_case stored fields, camelCase
 * computed ones) so one client type fits both doors. Timestamps are Date
 * objects in the views: GraphQL serialises them as DateTimeISO and REST (JSON)
 * as the same ISO 8601 strings.
 */

// String enums whose keys are the GraphQL value names and whose values are what is stored.
export const ChecklistItemTypeEnum = { form: 'form', policy: 'policy', sop: 'sop', training: 'training', meeting: 'meeting' } as const satisfies Record<ChecklistItemTypeName, ChecklistItemTypeName>;
export const TaskPriorityEnum = { high: 'high', medium: 'medium', low: 'low' } as const satisfies Record<TaskPriorityName, TaskPriorityName>;
export const ProgressStatusEnum = { completed: 'completed', pending: 'pending' } as const satisfies Record<ProgressStatusName, ProgressStatusName>;
export const UrgencyLevelEnum = { overdue: 'overdue', urgent: 'urgent', high: 'high', medium: 'medium', low: 'low' } as const satisfies Record<UrgencyLevelName, UrgencyLevelName>;

registerEnumType(ChecklistItemTypeEnum, { name: 'ChecklistItemType' });
registerEnumType(TaskPriorityEnum, { name: 'TaskPriority' });
registerEnumType(ProgressStatusEnum, { name: 'ProgressStatus', description: "Stored progress status (DESIGN §7.3): 'completed' or 'pending'." });
registerEnumType(UrgencyLevelEnum, { name: 'UrgencyLevel' });

@ObjectType('LinkedDocument', { description: 'A document linked to a checklist item (spec §3 Linked document).' })
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

/** `documents` is resolved per item through a per-request DataLoader (checklist.resolver.ts). */
@ObjectType('ChecklistItem')
export class ChecklistItemType {
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

  @Field(() => Int, { nullable: true, description: "The item's primary role (DESIGN §7.1); roles get items through the role-checklist links." })
  role_id!: number | null;

  @Field(() => Int)
  item_order!: number;

  @Field(() => Int)
  due_days!: number;

  @Field(() => GraphQLDateTimeISO)
  created_at!: Date;

  @Field(() => GraphQLDateTimeISO)
  updated_at!: Date;
}

@ObjectType('UserChecklistItem', { description: "A checklist item of the user's role with that user's progress (GET /user-checklist-items/user/{userId})." })
export class UserChecklistItemType {
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

  @Field(() => Int, { nullable: true })
  role_id!: number | null;

  @Field(() => Int)
  item_order!: number;

  @Field(() => Int)
  due_days!: number;

  @Field(() => GraphQLDateTimeISO)
  created_at!: Date;

  @Field(() => GraphQLDateTimeISO)
  updated_at!: Date;

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

  @Field(() => String, { nullable: true, description: 'Stored per-user due date (start date + due_days at assignment), ISO date YYYY-MM-DD.' })
  due_date!: string | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true })
  completed_at!: Date | null;

  @Field(() => String, { description: "Computed: the user's start_date + due_days, ISO date YYYY-MM-DD." })
  dueDate!: string;

  @Field(() => Boolean, { description: "Computed: not completed and dueDate before today (server's UTC date)." })
  isOverdue!: boolean;

  @Field(() => String, { description: "Spec §9 estimate for the type, e.g. '5-10 minutes'." })
  estimatedTime!: string;
}

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
}
