import { useState } from 'react';
import { ApolloProvider } from '@apollo/client/react';
import { AppLayout } from './AppLayout';
import { createApolloClient } from '@embark/shared-ui/src/kit/apollo-client';

// One client for the whole signed-in area, shared with the remotes through the singleton provider.
let client: ReturnType<typeof createApolloClient> | null = null;
function sharedClient() {
  client ??= createApolloClient();
  return client;
}

/** `/app`: the Apollo provider and the portal layout (loaded lazily, so `/` never loads Apollo). */
export default function AppArea() {
  const [apollo] = useState(sharedClient);
  return (
    <ApolloProvider client={apollo}>
      <AppLayout />
    </ApolloProvider>
  );
}
