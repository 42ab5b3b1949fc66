import { Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { AdminInsightsType } from './insights.types';

/** GraphQL door of the index charts: the same service call as GET /admin/stats/insights. */
@Resolver()
export class InsightsResolver {
  @Query(() => AdminInsightsType, { description: 'Administrators only: completion by start-month cohort, overdue tasks by role and owner, the slowest items (GET /admin/stats/insights).' })
  adminInsights(@Ctx() ctx: GraphQLContext): Promise<AdminInsightsType> {
    return ctx.services.insights.insights(ctx.actor);
  }
}
