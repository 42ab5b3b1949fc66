import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { TeamMemberType, UserType } from './user.type';

/** GraphQL door for users: the same service calls as `GET /users/{userId}` and `GET /team`. */
@Resolver(() => UserType)
export class UsersResolver {
  @Query(() => UserType, { description: 'A user: themself or an administrator (GET /users/{userId}).' })
  user(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<UserType> {
    return ctx.services.users.get(ctx.actor, id);
  }

  @Query(() => [TeamMemberType], { description: "The viewer's direct reports with their onboarding, by name; empty for someone who manages nobody (GET /team)." })
  myTeam(@Ctx() ctx: GraphQLContext): Promise<TeamMemberType[]> {
    return ctx.services.team.myTeam(ctx.actor);
  }
}
