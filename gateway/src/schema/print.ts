import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildGraphQLSchema } from '../graphql/schema';

/** Sorted so the committed contract is stable regardless of declaration order. */
export function printSorted(schema: GraphQLSchema): string {
  return printSchema(lexicographicSortSchema(schema)) + '\n';
}

/** The contract as the code defines it; descriptions come from the decorators. */
export async function printSortedSchema(): Promise<string> {
  return printSorted(await buildGraphQLSchema());
}
