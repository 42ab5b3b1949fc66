import { Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { Role } from './role.entity';

@Resolver(() => Role)
export class RolesResolver {
  @Query(() => [Role], { description: 'All roles, ordered by id. Public: the registration form needs them.' })
  roles(@Ctx() ctx: GraphQLContext): Promise<Role[]> {
    return ctx.services.roles.list(ctx.actor);
  }
}
