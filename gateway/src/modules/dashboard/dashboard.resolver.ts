import { Arg, Ctx, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { dashboardLimit } from './dashboard.service';
import { DashboardType, RecentActivityType, UpcomingTaskType } from './dashboard.types';

/** GraphQL door for the dashboard: one query, one checklist read, everything the screen shows. */
@Resolver(() => DashboardType)
export class DashboardResolver {
  @Query(() => DashboardType, { description: 'Everything the dashboard shows, for the signed-in user, in one round trip.' })
  dashboard(@Ctx() ctx: GraphQLContext): Promise<DashboardType> {
    return ctx.services.dashboard.dashboard(ctx.actor);
  }

  @FieldResolver(() => [UpcomingTaskType], { description: 'Incomplete tasks that are overdue or due within 7 days, overdue first then by dueDate, item_order; default limit 3 (max 20).' })
  upcomingTasks(@Root() dashboard: DashboardType, @Arg('limit', () => Int, { nullable: true, defaultValue: 3 }) limit: number | null): UpcomingTaskType[] {
    return dashboard.upcoming.slice(0, dashboardLimit(limit));
  }

  @FieldResolver(() => [RecentActivityType], { description: 'Latest completions, newest first; default limit 3 (max 20).' })
  recentActivity(@Root() dashboard: DashboardType, @Arg('limit', () => Int, { nullable: true, defaultValue: 3 }) limit: number | null): RecentActivityType[] {
    return dashboard.recent.slice(0, dashboardLimit(limit));
  }
}
