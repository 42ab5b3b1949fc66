import { useContext } from 'react';
import {
  AREA_MESSAGES,
  Button,
  EmptyList,
  ErrorState,
  PageHeader,
  ToastContext,
  useDocumentTitle,
} from '@embark/shared-ui';
import { openDocumentMessage, openDocumentUrl } from '@embark/shared-ui/kit/documents';
import { ProgressSummary } from '@embark/shared-ui/components/ProgressSummary';
import { DOCUMENTS_TEXT } from '@embark/shared-ui/page-text/documents';
import { useUrlFilters } from '../../shared/useUrlFilters';
import type { DocumentsApi, LibraryDocument } from './api/documents-api';
import { useDocumentLibrary } from './api/useDocumentLibrary';
import { DocumentCard } from './components/DocumentCard';
import { refocusIfLost } from '../../shared/focus';
import { DocumentFiltersBar, FIRST_FILTER_ID } from './components/DocumentFiltersBar';
import { RecentDocuments } from './components/RecentDocuments';
import { applyFilters, DEFAULT_FILTERS, filtersFromSearch, filtersToSearch, hasActiveFilters, recentDocuments } from './document-filters';
import './documents.css';

function LibrarySkeleton() {
  return (
    <div className="docs-skeleton" role="status" aria-label={DOCUMENTS_TEXT.loading} aria-busy="true">
      <span className="ui-visually-hidden">{DOCUMENTS_TEXT.loading}</span>
      <div className="docs-skeleton__bar" aria-hidden="true" />
      <div className="docs-skeleton__grid" aria-hidden="true">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <div key={i} className="docs-skeleton__card" />
        ))}
      </div>
    </div>
  );
}

export interface DocumentsPageProps {
  /** The documents calls (tests pass a fake). */
  api?: DocumentsApi;
}

/**
 * `/app/documents` (docs/product.md#documents): the library of the user's role. Filters (search,
 * category, view status) and sort work on the loaded library and live in the URL; documents open in a
 * new tab and count as viewed, locally and on the server.
 */
export function DocumentsPage({ api }: DocumentsPageProps) {
  useDocumentTitle(DOCUMENTS_TEXT.title);
  const toast = useContext(ToastContext);
  const [filters, updateFilters] = useUrlFilters(filtersFromSearch, filtersToSearch);
  const { state, isViewed, markViewed, reload } = useDocumentLibrary(api);
  // Clearing keeps the sort: it orders the list, it does not narrow it.
  const clearFilters = () => {
    updateFilters((latest) => ({ ...DEFAULT_FILTERS, sort: latest.sort }));
    // The pressed button leaves with the filters.
    refocusIfLost(FIRST_FILTER_ID);
  };

  const open = (doc: LibraryDocument) => {
    const result = openDocumentUrl(doc.url);
    const problem = openDocumentMessage(result);
    if (problem) {
      toast?.error(problem);
      return;
    }
    markViewed(doc);
    // Under "Not viewed yet" the opened card leaves the list, and its button the keyboard.
    refocusIfLost(FIRST_FILTER_ID);
  };

  const header = <PageHeader title={DOCUMENTS_TEXT.title} description={DOCUMENTS_TEXT.lead} />;

  if (state.status !== 'ready') {
    return (
      <div className="employee-page docs">
        {header}
        {state.status === 'error' ? (
          <ErrorState icon="documents" message={AREA_MESSAGES.documentsUnableToLoad(state.message)} onRetry={reload} retryLabel={DOCUMENTS_TEXT.retry} />
        ) : (
          <LibrarySkeleton />
        )}
      </div>
    );
  }

  const { documents, classes } = state;
  if (documents.length === 0) {
    return (
      <div className="employee-page docs">
        {header}
        <EmptyList icon="documents" title={AREA_MESSAGES.documentsEmpty} hint={DOCUMENTS_TEXT.emptyHint} />
      </div>
    );
  }

  const shown = applyFilters(documents, filters, isViewed);
  const viewedCount = documents.filter(isViewed).length;
  const percent = Math.round((viewedCount / documents.length) * 100);
  // Only categories the role has documents in: an option that always shows nothing is noise.
  const presentClasses = classes.filter((c) => documents.some((d) => d.document_class_id === c.id));

  return (
    <div className="employee-page docs">
      {header}
      <ProgressSummary label={DOCUMENTS_TEXT.progressLabel} count={DOCUMENTS_TEXT.progressCount(viewedCount, documents.length)} percent={percent} />
      <RecentDocuments documents={recentDocuments(documents)} isViewed={isViewed} onOpen={open} />
      <section className="docs-library" aria-labelledby="docs-library-heading">
        <h2 id="docs-library-heading" className="docs-section-title">
          {DOCUMENTS_TEXT.listLabel}
        </h2>
        <DocumentFiltersBar filters={filters} classes={presentClasses} onChange={updateFilters} onClear={clearFilters} summary={DOCUMENTS_TEXT.showing(shown.length, documents.length)} />
        {shown.length === 0 ? (
          <EmptyList
            icon="documents"
            title={DOCUMENTS_TEXT.noMatchTitle}
            hint={DOCUMENTS_TEXT.noMatchHint}
            action={
              hasActiveFilters(filters) ? (
                <Button variant="secondary" onClick={clearFilters}>
                  {DOCUMENTS_TEXT.clearFilters}
                </Button>
              ) : undefined
            }
          />
        ) : (
          <ul className="docs-grid" aria-label={DOCUMENTS_TEXT.listLabel}>
            {shown.map((doc) => (
              <DocumentCard key={doc.id} document={doc} viewed={isViewed(doc)} onOpen={open} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
