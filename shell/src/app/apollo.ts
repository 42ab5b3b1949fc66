import { createApolloClient } from '@embark/shared-ui/kit/apollo-client';

// One client for the whole signed-in area, shared with the remotes through the singleton provider.
// It lives in its own module (loaded with the lazy `/app` chunk, never on `/`) so tests can swap it.
let client: ReturnType<typeof createApolloClient> | null = null;

export function sharedApolloClient(): ReturnType<typeof createApolloClient> {
  client ??= createApolloClient();
  return client;
}
