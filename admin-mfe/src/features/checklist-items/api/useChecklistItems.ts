import { useMutation } from '@apollo/client/react';
import {
  CreateChecklistItemDocument,
  DeleteChecklistItemDocument,
  ReorderChecklistItemsDocument,
  UpdateChecklistItemDocument,
} from '../../../__generated__/graphql';

/** The index numbers an item change moves. */
const INDEX_NUMBERS = ['AdminStats', 'LatestChanges'];
/** Item changes reload the item lists and the index numbers. */
const AFTER_ITEM_CHANGE = ['AdminChecklistItems', ...INDEX_NUMBERS];
/** A save from the item dialog reloads only these: the dialog reads the list itself, once, after the document links. */
export const BEFORE_ITEM_LINKS = INDEX_NUMBERS;

export function useCreateChecklistItem() {
  return useMutation(CreateChecklistItemDocument, { refetchQueries: AFTER_ITEM_CHANGE });
}

export function useUpdateChecklistItem() {
  return useMutation(UpdateChecklistItemDocument, { refetchQueries: AFTER_ITEM_CHANGE });
}

export function useDeleteChecklistItem() {
  return useMutation(DeleteChecklistItemDocument, { refetchQueries: AFTER_ITEM_CHANGE });
}

/** The answer carries the moved items' new item_order (the cache updates them); the list is read again for its order. */
export function useReorderChecklistItems() {
  return useMutation(ReorderChecklistItemsDocument, { refetchQueries: ['AdminChecklistItems'], awaitRefetchQueries: true });
}
