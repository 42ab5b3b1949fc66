import type { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { AdminChecklistItemResolver, AdminResolver } from '../modules/admin/admin.resolver';
import { AuthResolver } from '../modules/auth';
import { ChecklistItemResolver, UserChecklistResolver } from '../modules/checklist/checklist.resolver';
import { DashboardResolver } from '../modules/dashboard/dashboard.resolver';
import { DocumentsResolver } from '../modules/documents/documents.resolver';
import { JournalResolver } from '../modules/journal/journal.resolver';
import { ProgressResolver } from '../modules/progress/progress.resolver';
import { RolesResolver } from '../modules/roles';
import { UsersResolver } from '../modules/users/users.resolver';

/** Every resolver class of the API. */
export const resolvers = [AuthResolver, RolesResolver, UsersResolver, UserChecklistResolver, ChecklistItemResolver, ProgressResolver, DashboardResolver, DocumentsResolver, JournalResolver, AdminResolver, AdminChecklistItemResolver] as const;

let cached: Promise<GraphQLSchema> | undefined;

/**
 * Builds the executable schema from the type-graphql classes. Cached: the
 * decorator metadata is global and immutable after import, so the schema is
 * the same for every app instance (tests build many apps).
 */
export function buildGraphQLSchema(): Promise<GraphQLSchema> {
  cached ??= buildSchema({
    resolvers: [...resolvers],
    // Inputs are checked by the services with their zod schemas, the same rule for REST
    // and GraphQL (docs/architecture.md#validation-and-the-rest-contract); no argument validator here.
    validate: false,
  });
  return cached;
}
