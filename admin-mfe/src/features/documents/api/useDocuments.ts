import { useMutation, useQuery } from '@apollo/client/react';
import {
  AdminDocumentsDocument,
  CreateDocumentDocument,
  DeleteDocumentDocument,
  DocumentLinksDocument,
  PolicyAcknowledgementReportDocument,
  SetDocumentRolesDocument,
  UpdateDocumentDocument,
} from '../../../__generated__/graphql';

/** Documents per page of the library table. */
export const DOCUMENTS_PAGE_SIZE = 20;

/** Library changes reload the lists, the report, the items' linked documents and the index numbers. */
const AFTER_DOCUMENT_CHANGE = ['AdminDocuments', 'PolicyAcknowledgementReport', 'AdminChecklistItems', 'AdminStats', 'LatestChanges'];

export function useDocumentsPage(variables: { search: string | null; classId: number | null; page: number }) {
  return useQuery(AdminDocumentsDocument, { variables: { ...variables, limit: DOCUMENTS_PAGE_SIZE }, fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
}

export function useDocumentLinks(id: number | null) {
  return useQuery(DocumentLinksDocument, { variables: { id: id ?? 0 }, skip: id === null, fetchPolicy: 'network-only' });
}

/** The report lists at most this many pending users per policy (the counts are always complete). */
export const REPORT_PENDING_LIMIT = 50;

export function usePolicyReport() {
  return useQuery(PolicyAcknowledgementReportDocument, { variables: { limit: REPORT_PENDING_LIMIT }, fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
}

export function useCreateDocument() {
  return useMutation(CreateDocumentDocument, { refetchQueries: AFTER_DOCUMENT_CHANGE });
}

export function useUpdateDocument() {
  return useMutation(UpdateDocumentDocument, { refetchQueries: AFTER_DOCUMENT_CHANGE });
}

export function useDeleteDocument() {
  return useMutation(DeleteDocumentDocument, { refetchQueries: AFTER_DOCUMENT_CHANGE });
}

export function useSetDocumentRoles() {
  return useMutation(SetDocumentRolesDocument, { refetchQueries: ['PolicyAcknowledgementReport', 'LatestChanges'] });
}
