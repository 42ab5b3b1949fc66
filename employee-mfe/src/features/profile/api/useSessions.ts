import { useMutation, useQuery } from '@apollo/client/react';
import type { ApolloCache } from '@apollo/client';
import { MySessionsDocument, RevokeOtherSessionsDocument, RevokeSessionDocument, type MySessionsQuery } from '../../../__generated__/graphql';

export type ActiveSession = MySessionsQuery['mySessions'][number];

/**
 * The signed-in user's active sessions. Always asked of the server on arrival (a session ended on
 * another device must not linger from the cache); later renders read the cache, which the sign-out
 * mutations below update.
 */
export function useMySessions() {
  return useQuery(MySessionsDocument, { fetchPolicy: 'network-only', nextFetchPolicy: 'cache-first', notifyOnNetworkStatusChange: true });
}

/** Keeps only the sessions `keep` accepts in the cached list, so the list changes without another round trip. */
function keepSessions(cache: ApolloCache, keep: (session: ActiveSession) => boolean): void {
  cache.updateQuery({ query: MySessionsDocument }, (data) => (data ? { mySessions: data.mySessions.filter(keep) } : data));
}

/** Ends one of the user's other sessions (docs/product.md#sessions). */
export function useRevokeSession() {
  return useMutation(RevokeSessionDocument, {
    update(cache, { data }, { variables }) {
      if (data?.revokeSession && variables) keepSessions(cache, (session) => session.id !== variables.id);
    },
  });
}

/** Ends every session of the user but this one; answers how many ended. */
export function useRevokeOtherSessions() {
  return useMutation(RevokeOtherSessionsDocument, {
    update(cache, { data }) {
      if (data) keepSessions(cache, (session) => session.current);
    },
  });
}
