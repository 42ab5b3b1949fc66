import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { GraphQLSchema } from 'graphql';
import type { NodeEnv } from '../config';
import { graphqlMetricsPlugin } from '../http/metrics';
import type { Logger } from '../shared/logger';
import type { GraphQLContext } from './context';
import { createFormatError, unexpectedErrorLog } from './format-error';
import { outageStatusPlugin } from './outage-status';

/** Per-operation limits, so one request cannot cost the server unbounded work (in the spirit of graphql-armor's defaults). */
export const GRAPHQL_LIMITS = {
  maxDepth: 10,
  maxAliases: 15,
  maxTokens: 1000,
  maxDirectives: 50,
  // armor's cost model: objects 2, scalars 1, ×1.5 per depth level. 5000 allows
  // any reasonable screen query and stops deeply fanned-out ones.
  maxCost: 5000,
} as const;

export interface ApolloOptions {
  schema: GraphQLSchema;
  nodeEnv: NodeEnv;
  logger: Logger;
}

export async function createApolloServer({ schema, nodeEnv, logger }: ApolloOptions): Promise<ApolloServer<GraphQLContext>> {
  const production = nodeEnv === 'production';
  const development = nodeEnv === 'development';
  const armor = new ApolloArmor({
    maxDepth: { n: GRAPHQL_LIMITS.maxDepth },
    maxAliases: { n: GRAPHQL_LIMITS.maxAliases },
    // Token limit enforced by graphql-js's own parser instead (parseOptions below):
    // armor's version throws from a plugin hook, which Apollo turns into a 500
    // for every syntax error; the parser's limit yields a clean 400 GRAPHQL_PARSE_FAILED.
    maxTokens: { enabled: false },
    maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives },
    costLimit: { maxCost: GRAPHQL_LIMITS.maxCost },
    // "Did you mean …" reveals schema to a prober; in development it helps.
    blockFieldSuggestion: { enabled: production },
  });
  const protection = armor.protect();

  const server = new ApolloServer<GraphQLContext>({
    schema,
    introspection: !production,
    includeStacktraceInErrorResponses: development,
    hideSchemaDetailsFromClientErrors: production,
    // One operation per request: array batching would multiply every limit.
    allowBatchedHttpRequests: false,
    // Requires a non-simple content type (or a custom header) on GET/POST, so a
    // cross-site form cannot trigger operations; our clients send JSON.
    csrfPrevention: true,
    // index.ts owns signal handling and stops Apollo after the HTTP drain; Apollo's
    // own SIGTERM handler would race that and re-raise the signal.
    stopOnTerminationSignals: false,
    parseOptions: { maxTokens: GRAPHQL_LIMITS.maxTokens },
    // Our clients send full documents; automatic persisted queries would only add a cache
    // clients can fill (and a hash-mismatch path that surfaced as an internal error).
    persistedQueries: false,
    validationRules: protection.validationRules,
    formatError: createFormatError(development),
    plugins: [
      ...protection.plugins,
      outageStatusPlugin(),
      unexpectedErrorLog(logger),
      graphqlMetricsPlugin(),
      // Apollo's default cache-control plugin wraps EVERY field resolver to collect cache hints;
      // we set none, and every /graphql answer is `no-store` anyway (app.ts noStore).
      ApolloServerPluginCacheControlDisabled(),
      // Chosen explicitly: Apollo would otherwise decide from process.env.NODE_ENV, not our config.
      production ? ApolloServerPluginLandingPageDisabled() : ApolloServerPluginLandingPageLocalDefault({ footer: false }),
    ],
    logger: {
      debug: (msg: string) => logger.debug(msg),
      info: (msg: string) => logger.debug(msg),
      warn: (msg: string) => logger.warn(msg),
      error: (msg: string) => logger.error(msg),
    },
  });
  await server.start();
  return server;
}
