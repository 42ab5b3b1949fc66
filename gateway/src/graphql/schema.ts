import type { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { RolesResolver } from '../modules/roles/roles.resolver';

/** Every resolver class of the API. */
export const resolvers = [RolesResolver] as const;

let cached: Promise<GraphQLSchema> | undefined;

/**
 * Builds the executable schema from the type-graphql classes. Cached: the
 * decorator metadata is global and immutable after import, so the schema is
 * the same for every app instance (tests build many apps).
 */
export function buildGraphQLSchema(): Promise<GraphQLSchema> {
  cached ??= buildSchema({
    resolvers: [...resolvers],
    // class-validator checks @InputType/@ArgsType arguments before a resolver runs.
    // forbidUnknownValues off: it would reject plain objects type-graphql builds itself.
    validate: { forbidUnknownValues: false },
  });
  return cached;
}
