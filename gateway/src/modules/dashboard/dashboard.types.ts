import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';
import type { TaskPriorityName, UrgencyLevelName } from '../checklist/checklist.rules';
import { CompletionStatsType, TaskPriorityEnum, UrgencyLevelEnum } from '../checklist/checklist.types';

/*
 * GraphQL shapes of the dashboard (issue 5 contract, spec §3). upcomingTasks
 * and recentActivity take a limit, so they are field resolvers
 * (dashboard.resolver.ts) over the full lists of the DashboardView.
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

@ObjectType('NextStep', { description: "Spec §2 'Your Next Step': the most urgent incomplete task, else title 'Continue Your Tasks' and route /app/checklist." })
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

  @Field(() => String)
  estimatedTime!: string;

  @Field(() => String, { description: '/app/checklist/{id}' })
  route!: string;

  @Field(() => UrgencyLevelEnum, { description: 'Spec §4 dashboard urgency: overdue; urgent (< 24 h); high (< 72 h and high priority); medium (< 168 h); low.' })
  urgencyLevel!: UrgencyLevelName;
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
}
