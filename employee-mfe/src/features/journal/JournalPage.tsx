import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  AREA_MESSAGES,
  Button,
  buttonClassName,
  EmptyList,
  EmptyState,
  ErrorState,
  LoadingState,
  PageHeader,
  ROUTES,
  useDebouncedValue,
  useDocumentTitle,
} from '@embark/shared-ui';
import { pageCountOf, Pagination } from '@embark/shared-ui/components/Pagination';
import { JOURNAL_TEXT } from '@embark/shared-ui/page-text/journal';
import { useUrlFilters } from '../../shared/useUrlFilters';
import { useJournalList, useJournalTags } from './api/useJournal';
import { JournalEntryCard } from './components/JournalEntryCard';
import { refocusIfLost } from '../../shared/focus';
import { FIRST_FILTER_ID, JournalFiltersBar } from './components/JournalFiltersBar';
import { JournalStatsBar } from './components/JournalStatsBar';
import { PopularTags } from './components/PopularTags';
import { DEFAULT_FILTERS, filtersFromParams, filtersToParams, isFiltered, PAGE_SIZE, toQueryFilter } from './journal-filters';
import './journal.css';

/** Search waits for typing to pause this long, so a word is one request, not one per key. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * `/app/journal` (docs/product.md#journal): the user's entries with search, tag, date range, visibility and
 * sort, stats and popular tags. The filters live in the address, so reload and back keep them.
 */
export function JournalPage() {
  useDocumentTitle(JOURNAL_TEXT.listTitle);
  const [filters, updateFilters] = useUrlFilters(filtersFromParams, filtersToParams);

  // The box shows every key at once; the address (and so the query) follows once typing pauses.
  const [searchText, setSearchText] = useState(filters.q);
  const settledSearch = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (settledSearch !== filters.q) updateFilters({ q: settledSearch, page: 1 });
    // Only a settled change of the box moves the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settledSearch]);
  // The address moved on its own (the sidebar's My Journal, Back): the box follows it, in the same
  // render. The box's own search reaches the address only once settled, so a match means the change
  // came from the box.
  const [addressSearch, setAddressSearch] = useState(filters.q);
  if (filters.q !== addressSearch) {
    setAddressSearch(filters.q);
    if (filters.q !== settledSearch) setSearchText(filters.q);
  }

  const { searching, page, loading, error, refetch } = useJournalList(filters.q, toQueryFilter(filters));
  const tagsQuery = useJournalTags();
  const tagNames = (tagsQuery.data?.tags ?? []).map((t) => t.name);
  const entries = page?.data ?? [];
  const total = page?.total ?? 0;
  const pages = pageCountOf(total, PAGE_SIZE);
  const filtered = isFiltered(filters);

  const clear = () => {
    setSearchText('');
    updateFilters(() => DEFAULT_FILTERS);
    // The pressed button leaves with the filters.
    refocusIfLost(FIRST_FILTER_ID);
  };

  // Numbered from the answer's own page, so a page still shown while the next loads is described as it is.
  const first = page === undefined ? 0 : (page.page - 1) * page.limit + 1;
  const summary = page === undefined ? null : total === 0 ? JOURNAL_TEXT.noResultsSummary : JOURNAL_TEXT.resultsSummary(first, first + entries.length - 1, total);

  let body;
  if (loading && page === undefined) {
    body = (
      <LoadingState label={JOURNAL_TEXT.loadingEntries} className="ui-state--tall" />
    );
  } else if (error && page === undefined) {
    body = (
      <ErrorState icon="journal" message={searching ? AREA_MESSAGES.journalSearch : AREA_MESSAGES.journalFetchAll} onRetry={refetch} retryLabel={JOURNAL_TEXT.retry} />
    );
  } else if (entries.length === 0 && filtered) {
    body = (
      <EmptyList
        icon="journal"
        title={JOURNAL_TEXT.noMatchesTitle}
        hint={JOURNAL_TEXT.noMatchesDescription}
        action={
          <Button variant="secondary" onClick={clear}>
            {JOURNAL_TEXT.clearFilters}
          </Button>
        }
      />
    );
  } else if (entries.length === 0 && filters.page > 1) {
    // A page past the end (entries deleted since): back to the first.
    body = (
      <EmptyState
        title={JOURNAL_TEXT.noResultsSummary}
        action={
          <Button variant="secondary" onClick={() => updateFilters({ page: 1 })}>
            {JOURNAL_TEXT.pageOf(1, pages)}
          </Button>
        }
      />
    );
  } else if (entries.length === 0) {
    body = (
      <EmptyList
        icon="journal"
        title={JOURNAL_TEXT.emptyTitle}
        hint={JOURNAL_TEXT.emptyDescription}
        action={
          <Link to={ROUTES.journalNew} className={buttonClassName()}>
            {JOURNAL_TEXT.writeFirst}
          </Link>
        }
      />
    );
  } else {
    body = (
      <>
        <ul className="jrn-list" aria-label={JOURNAL_TEXT.entriesLabel} aria-busy={loading || undefined}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <JournalEntryCard entry={entry} />
            </li>
          ))}
        </ul>
        <Pagination
          page={filters.page}
          pageCount={pages}
          onChange={(p) => updateFilters({ page: p })}
          label={JOURNAL_TEXT.pagination}
          pageOf={JOURNAL_TEXT.pageOf}
          previousLabel={JOURNAL_TEXT.previousPage}
          nextLabel={JOURNAL_TEXT.nextPage}
          className="jrn-pagination"
        />
      </>
    );
  }

  return (
    <div className="employee-page jrn-page">
      <PageHeader
        title={JOURNAL_TEXT.listTitle}
        description={JOURNAL_TEXT.listLead}
        actions={
          <Link to={ROUTES.journalNew} className={buttonClassName()}>
            {JOURNAL_TEXT.newEntry}
          </Link>
        }
      />
      <JournalStatsBar />
      <div className="jrn-layout">
        <div className="jrn-layout__main">
          <JournalFiltersBar
            filters={filters}
            searchText={searchText}
            onSearchText={setSearchText}
            tagNames={tagNames}
            onChange={updateFilters}
            onClear={clear}
            canClear={filtered || filters.sort !== DEFAULT_FILTERS.sort}
            summary={summary}
          />
          {body}
        </div>
        <aside className="jrn-layout__side" aria-label={JOURNAL_TEXT.popularTags}>
          <PopularTags selected={filters.tag} onSelect={(tag) => updateFilters({ tag, page: 1 })} />
        </aside>
      </div>
    </div>
  );
}
