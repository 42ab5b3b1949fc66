import { Arg, Ctx, Field, InputType, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { Role } from './role.entity';

/** Thin: the service parses it with roles.schemas.ts. */
@InputType({ description: 'Name required (at most 100 characters, unique ignoring case). On update, a description left out keeps its value; null clears it.' })
export class RoleInput {
  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  description?: string | null;
}

@Resolver(() => Role)
export class RolesResolver {
  @Query(() => [Role], { description: 'All roles, ordered by id. Public: the registration form needs them.' })
  roles(@Ctx() ctx: GraphQLContext): Promise<Role[]> {
    return ctx.services.roles.list(ctx.actor);
  }

  @Mutation(() => Role, { description: 'Administrators only.' })
  createRole(@Arg('input', () => RoleInput) input: RoleInput, @Ctx() ctx: GraphQLContext): Promise<Role> {
    return ctx.services.roles.create(ctx.actor, { ...input }, ctx.meta);
  }

  @Mutation(() => Role, { description: 'Administrators only.' })
  updateRole(@Arg('id', () => Int) id: number, @Arg('input', () => RoleInput) input: RoleInput, @Ctx() ctx: GraphQLContext): Promise<Role> {
    return ctx.services.roles.update(ctx.actor, id, { ...input }, ctx.meta);
  }

  @Mutation(() => Boolean, { description: 'Administrators only. Refused (CONFLICT) while users hold the role, and for the administrator role.' })
  async deleteRole(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.roles.delete(ctx.actor, id, ctx.meta);
    return true;
  }
}
