import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';
import { CompletionStatsType, TaskOwnerTypeEnum, TaskPriorityEnum, UrgencyLevelEnum, type OwnerTypeName, type TaskPriorityName, type UrgencyLevelName } from '../checklist';

/*
 * The shapes of the dashboard (docs/product.md#dashboard): what
 * DashboardService returns. upcomingTasks and recentActivity take a limit, so
 * they are field resolvers (dashboard.resolver.ts) over the full lists the
 * Dashboard carries.
 */

@ObjectType('DashboardProgress')
export class DashboardProgressType {
  @Field(() => Int)
  totalTasks!: number;

  @Field(() => Int)
  completedTasks!: number;

  @Field(() => Int)
  remainingTasks!: number;

  @Field(() => Int)
  overdueTasks!: number;

  @Field(() => Int, { description: 'round(100 × completed / total); 0 when there are no tasks.' })
  completionPercentage!: number;

  @Field(() => Int, { description: "Whole days since the user's start_date (0 on the first day)." })
  daysActive!: number;

  @Field(() => String, { nullable: true, description: 'Latest dueDate among incomplete tasks (ISO date), null when all are done.' })
  estimatedCompletionDate!: string | null;
}

@ObjectType('NextStep', { description: "'Your Next Step': the most urgent incomplete task, else title 'Continue Your Tasks' and route /app/checklist." })
export class NextStepType {
  @Field(() => String)
  title!: string;

  @Field(() => String)
  route!: string;
}

@ObjectType('UpcomingTask')
export class UpcomingTaskType {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  title!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String)
  dueDate!: string;

  @Field(() => TaskPriorityEnum)
  priority!: TaskPriorityName;

  @Field(() => Boolean)
  isOverdue!: boolean;

  @Field(() => Int, { description: "Whole days from today (the company's date, decided by the server) to dueDate; negative once it has passed." })
  daysUntilDue!: number;

  @Field(() => String)
  estimatedTime!: string;

  @Field(() => String, { description: '/app/checklist/{id}' })
  route!: string;

  @Field(() => UrgencyLevelEnum, { description: 'Dashboard urgency: overdue; urgent (< 24 h); high (< 72 h and high priority); medium (< 168 h); low.' })
  urgencyLevel!: UrgencyLevelName;

  @Field(() => TaskOwnerTypeEnum, { description: "Who does it; 'new_hire' is the user's own task." })
  owner_type!: OwnerTypeName;

  @Field(() => String, { description: "'You', 'Your manager', 'Your buddy' or 'The {role name} team'." })
  ownerLabel!: string;

  @Field(() => String, { nullable: true, description: "The manager's or buddy's name for their tasks, else null." })
  ownerName!: string | null;

  @Field(() => Boolean, { description: 'Whether the user may complete it (their own task); others own the rest.' })
  canComplete!: boolean;
}

@ObjectType('RecentActivity')
export class RecentActivityType {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  taskTitle!: string;

  @Field(() => GraphQLDateTimeISO)
  timestamp!: Date;

  @Field(() => String, { nullable: true })
  notes!: string | null;
}

@ObjectType('Dashboard')
export class DashboardType {
  @Field(() => DashboardProgressType)
  progress!: DashboardProgressType;

  @Field(() => CompletionStatsType)
  completionStats!: CompletionStatsType;

  @Field(() => NextStepType)
  nextStep!: NextStepType;

  /** Every upcoming task (overdue or due within 7 days), in order; `upcomingTasks` cuts it to the limit asked. */
  upcoming!: UpcomingTaskType[];

  /** Every completion, newest first; `recentActivity` cuts it to the limit asked. */
  recent!: RecentActivityType[];

  @Field(() => Int, { nullable: true, description: "Calendar days until the user's start_date while it is ahead (\"Starts in 5 days\"); null once started." })
  startsInDays!: number | null;
}
