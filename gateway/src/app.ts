import { expressMiddleware } from '@as-integrations/express5';
import express, { type Express } from 'express';
import type { DataSource } from 'typeorm';
import type { ResolvedConfig } from './config';
import type { GraphQLContext } from './graphql/context';
import { createLoaders } from './graphql/loaders';
import { buildGraphQLSchema } from './graphql/schema';
import { createApolloServer } from './graphql/server';
import { actorOf, authenticate, metaOf } from './http/actor';
import { apiRouter } from './http/api';
import { apiNotFound, errorHandler, jsonObjectBody } from './http/errors';
import { healthRouter } from './http/health';
import { httpMetrics } from './http/metrics';
import { requestIdOf, requestLog } from './http/request-log';
import { noStore, securityHeaders } from './http/security-headers';
import { createServices, type Services } from './services';
import { systemClock, type Clock } from './shared/clock';
import type { Logger } from './shared/logger';

export const JSON_BODY_LIMIT = '1mb';

export interface AppDeps {
  config: Pick<ResolvedConfig, 'nodeEnv' | 'trustProxy' | 'jwtSecret' | 'auth' | 'mail' | 'reports'>;
  dataSource: DataSource;
  logger: Logger;
  /** The time source of the date rules (due dates, overdue, urgency); the system clock unless a test pins it. */
  clock?: Clock;
}

export interface App {
  app: Express;
  /** The app's service layer, for the work that runs beside HTTP (the reminder schedule). */
  services: Services;
  /** Marks the app as draining: /readyz turns 503 and connections are not kept alive. */
  beginShutdown(): void;
  /** Stops Apollo (call after the HTTP server has drained). */
  stop(): Promise<void>;
}

/** Builds the whole HTTP surface without listening, so tests drive it with supertest. */
export async function createApp({ config, dataSource, logger, clock = systemClock }: AppDeps): Promise<App> {
  const production = config.nodeEnv === 'production';
  const services = createServices(dataSource, { jwtSecret: config.jwtSecret, auth: config.auth, mail: config.mail, reports: config.reports, clock });
  const apollo = await createApolloServer({ schema: await buildGraphQLSchema(), nodeEnv: config.nodeEnv, logger });
  let shuttingDown = false;

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  // One URL per resource: /api/Roles is not an alias of /api/roles.
  app.set('case sensitive routing', true);
  // Every answer is per-user `no-store` data: an ETag would cost a SHA-1 of each body for nothing.
  app.set('etag', false);

  app.use((_req, res, next) => {
    // While draining, ask clients to reconnect elsewhere after this response.
    if (shuttingDown) res.setHeader('Connection', 'close');
    next();
  });
  app.use(requestLog(logger));
  app.use(httpMetrics({ restBase: '/api' }));
  app.use(securityHeaders({ production }));
  app.use(healthRouter({ dataSource, logger, isShuttingDown: () => shuttingDown }));

  // One parser for /api and /graphql. `strict` accepts only objects/arrays at the top level.
  app.use(express.json({ limit: JSON_BODY_LIMIT, strict: true }));
  // Who is asking, for both doors: verified token + current database state.
  app.use(['/api', '/graphql'], authenticate(services.auth));

  app.use('/api', noStore, jsonObjectBody, apiRouter(services, { production }));
  app.use(
    '/graphql',
    noStore,
    expressMiddleware(apollo, {
      context: async ({ req }): Promise<GraphQLContext> => ({ actor: actorOf(req), meta: metaOf(req), services, loaders: createLoaders(services), requestId: requestIdOf(req) }),
    }),
  );

  // Anything else is a JSON 404 too, never express's HTML page.
  app.use(apiNotFound);
  app.use(errorHandler(logger));

  return {
    app,
    services,
    beginShutdown: () => {
      shuttingDown = true;
    },
    stop: () => apollo.stop(),
  };
}
