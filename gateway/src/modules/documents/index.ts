/** The documents module's public surface: other modules import only this file. */
export { DocumentsService } from './documents.service';
export { linkedDocumentsForItems, POLICY_AUDIENCE_CTES, visibleDocumentIds } from './documents.sql';
export { DOCUMENT_LIMITS, DOCUMENT_MESSAGES } from './documents.messages';
export * from './documents.types';
export { DocumentsResolver } from './documents.resolver';
export { documentsRouter } from './documents.routes';
