import type { ApolloServerPlugin } from '@apollo/server';
import { UNAVAILABLE_RETRY_AFTER } from '../shared/error-mapping';
import type { GraphQLContext } from './context';

/**
 * GraphQL answers 200 with errors by default. During a database outage the whole
 * response is unusable, so it gets the same 503 the REST door gives: load balancers,
 * clients and retries can then treat both doors alike (docs/product.md#errors).
 */
export function outageStatusPlugin(): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          if (response.body.kind !== 'single') return;
          const errors = response.body.singleResult.errors ?? [];
          if (errors.some((e) => e.extensions?.code === 'SERVICE_UNAVAILABLE')) {
            response.http.status = 503;
            response.http.headers.set('retry-after', UNAVAILABLE_RETRY_AFTER);
          }
        },
      };
    },
  };
}
