import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { UserType } from './user.type';

/** GraphQL door for users: the same service call as `GET /users/{userId}`. */
@Resolver(() => UserType)
export class UsersResolver {
  @Query(() => UserType, { description: 'A user: themself or an administrator (GET /users/{userId}).' })
  user(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<UserType> {
    return ctx.services.users.get(ctx.actor, id);
  }
}
