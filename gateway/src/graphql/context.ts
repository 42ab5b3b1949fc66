import type { Actor, RequestMeta } from '../shared/actor';
import type { Services } from '../services';

/**
 * Per-request GraphQL context. `loaders` will hold request-scoped DataLoaders
 * (DESIGN §5: no N+1) once there are relations to batch.
 */
export interface GraphQLContext {
  /** Resolved by the same middleware as REST (http/actor.ts). */
  actor: Actor;
  meta: RequestMeta;
  services: Services;
  loaders: Record<string, never>;
}
