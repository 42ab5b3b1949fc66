import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import type { GraphQLFormattedError } from 'graphql';
import { AuthenticationError, AuthorizationError } from 'type-graphql';
import { toGraphQLError } from '../shared/error-mapping';
import { ForbiddenError, UnauthenticatedError } from '../shared/errors';
import type { Logger } from '../shared/logger';
import type { GraphQLContext } from './context';

// Codes produced by Apollo and graphql-armor before execution (parse,
// validation, limits, bad requests). Their messages are meant for the client.
const PASS_THROUGH = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
]);

/** What a client is told about `error`: null for Apollo's own pre-execution errors, which pass through as they are. */
function classify(error: unknown, path: unknown, code: unknown) {
  const original = unwrapThrownValue(unwrapResolverError(error));
  const isResolverError = original !== error || path !== undefined;
  if (!isResolverError && typeof code === 'string' && PASS_THROUGH.has(code)) return null;
  return { original, mapped: toGraphQLError(normalize(original)) };
}

/**
 * Apollo's formatError: domain errors keep their message and get their code;
 * database outages become SERVICE_UNAVAILABLE; anything else is replaced by a
 * generic INTERNAL_SERVER_ERROR so internals never reach clients (and logged by
 * unexpectedErrorLog, which knows the request).
 */
export function createFormatError(includeStacktrace: boolean) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const classified = classify(error, formatted.path, formatted.extensions?.code);
    if (!classified) return includeStacktrace ? formatted : stripStack(formatted);

    const { mapped } = classified;
    const extensions: Record<string, unknown> = { ...mapped.extra, code: mapped.code };
    if (mapped.details) extensions.details = mapped.details;
    if (includeStacktrace && formatted.extensions?.stacktrace) extensions.stacktrace = formatted.extensions.stacktrace;
    const out: GraphQLFormattedError = { message: mapped.message, extensions };
    if (formatted.locations) Object.assign(out, { locations: formatted.locations });
    if (formatted.path) Object.assign(out, { path: formatted.path });
    return out;
  };
}

/** Logs each error formatError hides from the client, with the request's id (formatError sees no request). */
export function unexpectedErrorLog(logger: Logger): ApolloServerPlugin<GraphQLContext> {
  const listener: GraphQLRequestListener<GraphQLContext> = {
    async didEncounterErrors({ contextValue, errors }) {
      for (const error of errors) {
        const classified = classify(error, error.path, error.extensions?.code);
        if (classified?.mapped.unexpected) logger.error('unexpected GraphQL error', { requestId: contextValue.requestId, err: classified.original, path: error.path });
      }
    },
  };
  return { requestDidStart: async () => listener };
}

function stripStack(formatted: GraphQLFormattedError): GraphQLFormattedError {
  if (!formatted.extensions || !('stacktrace' in formatted.extensions)) return formatted;
  const { stacktrace: _stacktrace, ...extensions } = formatted.extensions;
  return { ...formatted, extensions };
}

/** Turns type-graphql's own errors into our family, so they map like the rest. */
function normalize(err: unknown): unknown {
  if (err instanceof AuthenticationError) return new UnauthenticatedError();
  if (err instanceof AuthorizationError) return new ForbiddenError();
  return err;
}

/**
 * graphql-js wraps thrown values that fail `instanceof Error` (e.g. errors from
 * another realm) in a NonErrorThrown; look at the value itself.
 */
function unwrapThrownValue(err: unknown): unknown {
  if (err instanceof Error && err.name === 'NonErrorThrown' && 'thrownValue' in err) return (err as { thrownValue: unknown }).thrownValue;
  return err;
}
