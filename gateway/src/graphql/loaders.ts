import DataLoader from 'dataloader';
import type { LinkedDocumentType } from '../modules/checklist';
import type { Services } from '../services';

/**
 * Request-scoped DataLoaders (one query per field, not one per item). Built fresh for every
 * GraphQL request, so nothing is cached across users or requests; fields that
 * resolve per item batch into one call per request.
 */
export interface Loaders {
  /** The documents linked to a checklist item (ChecklistItem.documents, UserChecklistItem.documents). */
  documentsByItem: DataLoader<number, LinkedDocumentType[]>;
}

export function createLoaders(services: Services): Loaders {
  return {
    documentsByItem: new DataLoader((itemIds: readonly number[]) => services.checklist.documentsForItems(itemIds)),
  };
}
