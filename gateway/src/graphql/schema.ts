import type { GraphQLSchema } from 'graphql';
import { buildSchema, getMetadataStorage } from 'type-graphql';
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

/**
 * Plain fields (a property read, no @FieldResolver) resolve with graphql-js's default resolver.
 * type-graphql otherwise wraps each one in a resolver of its own that runs the field's middleware
 * chain, on every field of every answer, while none of our fields has middleware or @Authorized
 * (checked here: a field with either keeps type-graphql's resolver). Fields renamed in the schema
 * keep it too, since the default resolver reads the schema name.
 */
function resolvePlainFieldsByDefault(): void {
  const storage = getMetadataStorage();
  type Field = (typeof storage.fields)[number];
  const guardedField = ({ target, name }: Field): boolean =>
    [...storage.middlewares, ...storage.authorizedFields].some((m) => m.target === target && m.fieldName === name) ||
    [...storage.resolverMiddlewares, ...storage.authorizedResolver].some((m) => m.target === target);
  for (const field of storage.fields) {
    if (field.simple !== undefined || field.name !== field.schemaName || guardedField(field)) continue;
    field.simple = true;
  }
}

let cached: Promise<GraphQLSchema> | undefined;

/**
 * Builds the executable schema from the type-graphql classes. Cached: the
 * decorator metadata is global and immutable after import, so the schema is
 * the same for every app instance (tests build many apps).
 */
export function buildGraphQLSchema(): Promise<GraphQLSchema> {
  if (!cached) {
    resolvePlainFieldsByDefault();
    cached = buildSchema({
      resolvers: [...resolvers],
      // Inputs are checked by the services with their zod schemas, the same rule for REST
      // and GraphQL (docs/architecture.md#validation-and-the-rest-contract); no argument validator here.
      validate: false,
    });
  }
  return cached;
}
