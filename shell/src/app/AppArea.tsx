import { ApolloProvider } from '@apollo/client/react';
import { NotificationsProvider } from '../features/notifications/NotificationsProvider';
import { sharedApolloClient } from './apollo';
import { AppLayout } from './layout/AppLayout';

/**
 * `/app`: the Apollo provider, the header's notifications (derived from the cached checklist) and
 * the portal layout. Loaded lazily, so `/` never loads Apollo.
 */
export default function AppArea() {
  return (
    <ApolloProvider client={sharedApolloClient()}>
      <NotificationsProvider>
        <AppLayout />
      </NotificationsProvider>
    </ApolloProvider>
  );
}
