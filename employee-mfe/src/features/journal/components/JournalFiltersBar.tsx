import type { ReactNode } from 'react';
import { Button } from '@embark/shared-ui';
import { FilterSearch, FilterSelect } from '@embark/shared-ui/components/FilterSelect';
import { JOURNAL_TEXT } from '@embark/shared-ui/page-text/journal';
import { DATE_RANGES, SORT_OPTIONS, VISIBILITY_FILTERS, type JournalFilters } from '../journal-filters';

export interface JournalFiltersBarProps {
  filters: JournalFilters;
  /** What the search box shows (updated on every key; the list follows once typing pauses). */
  searchText: string;
  onSearchText(text: string): void;
  /** Every tag of the user, for the tag select. */
  tagNames: readonly string[];
  /** Called with the fields that change; the page applies them to the latest filters. */
  onChange(patch: Partial<JournalFilters>): void;
  onClear(): void;
  canClear: boolean;
  /** 'Showing 1–10 of 24 entries', announced politely as it changes. */
  summary: ReactNode;
}

/** The search box: where "Clear filters" leaves the keyboard once its button has gone. */
export const FIRST_FILTER_ID = 'jrn-filter-search';

/** Search box and filters as native labelled controls (keyboard and screen readers for free). */
export function JournalFiltersBar({ filters, searchText, onSearchText, tagNames, onChange, onClear, canClear, summary }: JournalFiltersBarProps) {
  // A change of filter starts again from the first page.
  const set = <K extends keyof JournalFilters>(key: K) => (value: JournalFilters[K]) => onChange({ [key]: value, page: 1 });
  // The tag of the address stays selectable even before the tag list has arrived.
  const tags = filters.tag !== '' && !tagNames.some((t) => t.toLowerCase() === filters.tag.toLowerCase()) ? [filters.tag, ...tagNames] : tagNames;
  return (
    <div className="ui-card jrn-filters" role="search" aria-label={JOURNAL_TEXT.filtersLabel}>
      <FilterSearch id={FIRST_FILTER_ID} label={JOURNAL_TEXT.searchLabel} value={searchText} placeholder={JOURNAL_TEXT.searchPlaceholder} maxLength={500} onChange={onSearchText} />
      <div className="jrn-filters__fields">
        <FilterSelect
          label={JOURNAL_TEXT.visibilityFilterLabel}
          value={filters.visibility}
          options={VISIBILITY_FILTERS}
          optionLabel={(v) => JOURNAL_TEXT.visibilityFilterOptions[v]}
          onChange={set('visibility')}
        />
        <FilterSelect label={JOURNAL_TEXT.dateRangeLabel} value={filters.dateRange} options={DATE_RANGES} optionLabel={(v) => JOURNAL_TEXT.dateRangeOptions[v]} onChange={set('dateRange')} />
        <FilterSelect label={JOURNAL_TEXT.tagFilterLabel} value={filters.tag} options={['', ...tags]} optionLabel={(v) => (v === '' ? JOURNAL_TEXT.allTags : v)} onChange={set('tag')} />
        <FilterSelect label={JOURNAL_TEXT.sortLabel} value={filters.sort} options={SORT_OPTIONS} optionLabel={(v) => JOURNAL_TEXT.sortOptions[v]} onChange={set('sort')} />
      </div>
      <div className="jrn-filters__footer">
        <p className="jrn-filters__summary" aria-live="polite">
          {summary}
        </p>
        {canClear ? (
          <Button variant="ghost" size="sm" onClick={onClear}>
            {JOURNAL_TEXT.clearFilters}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
