import { ApolloProvider } from '@apollo/client/react';
import { sharedApolloClient } from './apollo';
import { AppLayout } from './layout/AppLayout';

/** `/app`: the Apollo provider and the portal layout (loaded lazily, so `/` never loads Apollo). */
export default function AppArea() {
  return (
    <ApolloProvider client={sharedApolloClient()}>
      <AppLayout />
    </ApolloProvider>
  );
}
