import type { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { AdminChecklistItemResolver, AdminResolver } from '../modules/admin';
import { AuthResolver, PasswordResolver } from '../modules/auth';
import { ChecklistItemResolver, UserChecklistResolver } from '../modules/checklist';
import { DashboardResolver } from '../modules/dashboard';
import { DocumentsResolver } from '../modules/documents';
import { InsightsResolver } from '../modules/insights';
import { InvitationsResolver } from '../modules/invitations';
import { JournalResolver } from '../modules/journal';
import { NotificationsResolver } from '../modules/notifications';
import { ProgressResolver } from '../modules/progress';
import { RolesResolver } from '../modules/roles';
import { SettingsResolver } from '../modules/settings';
import { UsersResolver } from '../modules/users';

/** Every resolver class of the API. */
export const resolvers = [AuthResolver, PasswordResolver, SettingsResolver, RolesResolver, UsersResolver, UserChecklistResolver, ChecklistItemResolver, ProgressResolver, DashboardResolver, DocumentsResolver, JournalResolver, AdminResolver, AdminChecklistItemResolver, InsightsResolver, InvitationsResolver, NotificationsResolver] as const;

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
