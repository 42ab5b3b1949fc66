import { useEffect, useState } from 'react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import {
  AdminChecklistItemsDocument,
  AdminDocumentClassesDocument,
  AdminDocumentsDocument,
  AdminRolesDocument,
  LinkDocumentToItemDocument,
  UnlinkDocumentFromItemDocument,
  type AdminChecklistItemsFilter,
  type AdminDocumentFieldsFragment,
} from '../../__generated__/graphql';

/*
 * Queries several admin screens share. 'cache-and-network': a screen opened again shows what it
 * had at once and brings it up to date.
 */

export function useAdminRoles() {
  return useQuery(AdminRolesDocument, { fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
}

export function useDocumentClasses() {
  return useQuery(AdminDocumentClassesDocument, { fetchPolicy: 'cache-first' });
}

export function useAdminChecklistItems(filter: AdminChecklistItemsFilter = {}) {
  return useQuery(AdminChecklistItemsDocument, { variables: { filter }, fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
}

/** The server's page size limit of GET /documents. */
const DOCUMENTS_PAGE = 100;
/** A library larger than this is not listed whole on a link screen. */
const DOCUMENTS_MAX_PAGES = 20;

export interface AllDocuments {
  documents: AdminDocumentFieldsFragment[] | undefined;
  error: unknown;
  reload(): void;
}

/**
 * Every document of the library (administrators see all), page by page: the link screens show
 * the whole library at once. Read from the server each time: nothing watches these pages in the
 * cache, so a copy from an earlier visit would miss a document created since, or offer a deleted
 * one. `reload` fetches it again.
 */
export function useAllDocuments(): AllDocuments {
  const client = useApolloClient();
  const [state, setState] = useState<{ documents?: AdminDocumentFieldsFragment[]; error?: unknown }>({});
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let cancelled = false;
    (async () => {
      const all: AdminDocumentFieldsFragment[] = [];
      for (let page = 1; page <= DOCUMENTS_MAX_PAGES; page += 1) {
        const result = await client.query({ query: AdminDocumentsDocument, variables: { page, limit: DOCUMENTS_PAGE }, fetchPolicy: 'network-only' });
        const data = result.data?.documents;
        if (!data) throw result.error ?? new Error('no documents');
        all.push(...data.data);
        if (all.length >= data.total || data.data.length === 0) break;
      }
      return all;
    })().then(
      (documents) => {
        if (!cancelled) setState({ documents });
      },
      (error: unknown) => {
        if (!cancelled) setState({ error });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client, version]);
  return { documents: state.documents, error: state.error, reload: () => setVersion((v) => v + 1) };
}

/** Document ↔ item links (the documents module's API, one link per call). */
export function useLinkDocument() {
  return useMutation(LinkDocumentToItemDocument);
}

export function useUnlinkDocument() {
  return useMutation(UnlinkDocumentFromItemDocument);
}
