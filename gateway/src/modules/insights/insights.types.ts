import { Field, Float, Int, ObjectType } from 'type-graphql';
import { TaskOwnerTypeEnum, type OwnerTypeName } from '../checklist';

/*
 * The administration index's chart data (GET /admin/stats/insights): the
 * same objects for both doors, snake_case as the other admin statistics.
 */

@ObjectType('CohortDay', { description: 'A start-month cohort read at a number of days after the start.' })
export class CohortDayType {
  @Field(() => Int, { description: 'Calendar days after the start date: 7, 14, 30 or 60.' })
  day!: number;

  @Field(() => Boolean, { description: 'Every hire of the cohort started at least `day` days ago; until then complete and share are null.' })
  observed!: boolean;

  @Field(() => Int, { nullable: true, description: 'Hires who had completed all their own tasks by start + day.' })
  complete!: number | null;

  @Field(() => Int, { nullable: true, description: 'round(100 × complete / hires); null while not observed.' })
  share!: number | null;
}

@ObjectType('Cohort', { description: 'The active hires who started in one month and have tasks of their own.' })
export class CohortType {
  @Field(() => String, { description: 'The start month, YYYY-MM.' })
  month!: string;

  @Field(() => Int)
  hires!: number;

  @Field(() => [CohortDayType])
  days!: CohortDayType[];
}

@ObjectType('OverdueByRole', { description: "Overdue tasks of one role's active users, by who owns the task." })
export class OverdueByRoleType {
  @Field(() => Int)
  role_id!: number;

  @Field(() => String)
  role_name!: string;

  @Field(() => Int)
  new_hire!: number;

  @Field(() => Int)
  manager!: number;

  @Field(() => Int)
  buddy!: number;

  @Field(() => Int)
  role!: number;

  @Field(() => Int)
  total!: number;
}

@ObjectType('SlowItem', { description: 'A checklist item and how long its completed tasks took.' })
export class SlowItemType {
  @Field(() => Int)
  item_id!: number;

  @Field(() => String)
  title!: string;

  @Field(() => TaskOwnerTypeEnum)
  owner_type!: OwnerTypeName;

  @Field(() => Int)
  due_days!: number;

  @Field(() => Int, { description: 'Completed tasks of active users the median is taken over.' })
  completions!: number;

  @Field(() => Float, { description: "Median calendar days from the task's anchor (the start date, or a re-onboarding's day) to its completion, one decimal." })
  median_days!: number;
}

@ObjectType('AdminInsights', { description: 'The administration index charts (GET /admin/stats/insights).' })
export class AdminInsightsType {
  @Field(() => String, { description: "The company's date (YYYY-MM-DD) the numbers are computed for." })
  as_of!: string;

  @Field(() => [CohortType], { description: 'The last 12 start months with hires, oldest first.' })
  cohorts!: CohortType[];

  @Field(() => [OverdueByRoleType], { description: 'Roles with overdue tasks, the most first.' })
  overdue_by_role!: OverdueByRoleType[];

  @Field(() => [SlowItemType], { description: 'The ten slowest items by median days, slowest first.' })
  slowest_items!: SlowItemType[];
}
