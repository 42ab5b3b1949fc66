import type { Actor, RequestMeta } from '../shared/actor';
import type { Services } from '../services';
import type { Loaders } from './loaders';

/** Per-request GraphQL context. */
export interface GraphQLContext {
  /** Resolved by the same middleware as REST (http/actor.ts). */
  actor: Actor;
  meta: RequestMeta;
  services: Services;
  /** Request-scoped DataLoaders (one query per field per request, not per item), built per request by createLoaders. */
  loaders: Loaders;
  /** The request's id (http/request-log.ts), so a logged error can be matched to its request line. */
  requestId: string | undefined;
}
