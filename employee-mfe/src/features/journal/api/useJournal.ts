import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import type { ApolloCache } from '@apollo/client';
import { LIMITS } from '@embark/shared-ui';
import {
  CreateJournalEntryDocument,
  DeleteJournalEntryDocument,
  JournalEntriesDocument,
  JournalEntryDocument,
  JournalStatsDocument,
  JournalTagsDocument,
  JournalTaskDocument,
  PopularTagsDocument,
  SearchJournalEntriesDocument,
  UpdateJournalEntryDocument,
  type JournalEntriesFilter,
} from '../../../__generated__/graphql';

/*
 * One hook per journal operation, over the shell's (shared) Apollo client. Lists, search, stats
 * and tags are 'cache-and-network': shown at once from the cache when the user comes back, then
 * brought up to date.
 */

/** A page of the list, or of the search when `q` has words (the server ranks best match first). */
export function useJournalList(q: string, filter: JournalEntriesFilter) {
  const searching = q.trim() !== '';
  const list = useQuery(JournalEntriesDocument, { variables: { filter }, skip: searching, fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
  const search = useQuery(SearchJournalEntriesDocument, {
    variables: { q: q.trim(), filter },
    skip: !searching,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const active = searching ? search : list;
  const current = searching ? search.data?.searchJournalEntries : list.data?.journalEntries;
  // While another page of the same list loads, the page shown stays (marked busy), so the list, its
  // pagination and the keyboard focus on them do not make way for a spinner. Another search or
  // filter shows the spinner: its results must never stand under the old ones' words.
  const query = JSON.stringify([q.trim(), { ...filter, page: undefined }]);
  const [shown, setShown] = useState<{ query: string; page: NonNullable<typeof current> } | null>(null);
  if (current && shown?.page !== current) setShown({ query, page: current });
  const kept = active.loading && shown?.query === query && shown.page.data.length > 0 ? shown.page : undefined;
  const page = current ?? kept;
  return { searching, page, loading: active.loading, error: active.error, refetch: () => active.refetch() };
}

export function useJournalEntry(id: number | null) {
  return useQuery(JournalEntryDocument, { variables: { id: id ?? 0 }, skip: id === null, fetchPolicy: 'cache-and-network' });
}

export function useJournalStats() {
  return useQuery(JournalStatsDocument, { fetchPolicy: 'cache-and-network' });
}

export function useJournalTags() {
  return useQuery(JournalTagsDocument, { fetchPolicy: 'cache-and-network' });
}

/** The 10 most used tags (docs/product.md#journal). */
export function usePopularTags() {
  return useQuery(PopularTagsDocument, { variables: { limit: LIMITS.popularTagsDefault }, fetchPolicy: 'cache-and-network' });
}

/** The task of `/app/journal/new?taskId=` (its title and documents make the template). */
export function useJournalTask(taskId: number | null) {
  return useQuery(JournalTaskDocument, { variables: { id: taskId ?? 0 }, skip: taskId === null, fetchPolicy: 'cache-first' });
}

/** Whatever lists or counts entries is stale after a change; dropping it makes the next screen fetch it. */
function forgetJournalLists(cache: ApolloCache): void {
  for (const fieldName of ['journalEntries', 'searchJournalEntries', 'journalStats', 'tags', 'popularTags']) cache.evict({ id: 'ROOT_QUERY', fieldName });
  cache.gc();
}

export function useCreateJournalEntry() {
  return useMutation(CreateJournalEntryDocument, { update: forgetJournalLists });
}

export function useUpdateJournalEntry() {
  return useMutation(UpdateJournalEntryDocument, { update: forgetJournalLists });
}

export function useDeleteJournalEntry() {
  return useMutation(DeleteJournalEntryDocument, {
    update(cache, _result, { variables }) {
      if (variables) cache.evict({ id: cache.identify({ __typename: 'JournalEntry', id: variables.id }) });
      forgetJournalLists(cache);
    },
  });
}
