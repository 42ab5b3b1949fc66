import type { ReactNode } from 'react';
import { Button } from '@embark/shared-ui';
import { FilterSearch, FilterSelect } from '@embark/shared-ui/components/FilterSelect';
import { DOCUMENTS_TEXT } from '@embark/shared-ui/page-text/documents';
import type { DocumentClass } from '../api/documents-api';
import { DOCUMENT_SORTS, hasActiveFilters, VIEW_STATUSES, type DocumentFilters } from '../document-filters';

export interface DocumentFiltersBarProps {
  filters: DocumentFilters;
  classes: readonly DocumentClass[];
  /** Called with the fields that change; the page applies them to the latest filters. */
  onChange(patch: Partial<DocumentFilters>): void;
  /** Clears the filters that narrow the list (the sort stays). */
  onClear(): void;
  /** 'Showing N of M documents', announced as it changes. */
  summary: ReactNode;
}

/** The search box: where "Clear filters" leaves the keyboard once its button has gone. */
export const FIRST_FILTER_ID = 'docs-filter-search';

/** Search, category, view status and sort as labelled native controls: keyboard and screen readers for free. */
export function DocumentFiltersBar({ filters, classes, onChange, onClear, summary }: DocumentFiltersBarProps) {
  return (
    <div className="ui-card docs-filters">
      <div className="docs-filters__fields" role="group" aria-label={DOCUMENTS_TEXT.filtersLabel}>
        <FilterSearch
          id={FIRST_FILTER_ID}
          className="docs-filter--search"
          label={DOCUMENTS_TEXT.searchLabel}
          value={filters.q}
          placeholder={DOCUMENTS_TEXT.searchPlaceholder}
          maxLength={200}
          onChange={(q) => onChange({ q })}
        />
        <FilterSelect
          label={DOCUMENTS_TEXT.categoryLabel}
          value={filters.category === null ? '' : String(filters.category)}
          options={['', ...classes.map((c) => String(c.id))]}
          optionLabel={(id) => (id === '' ? DOCUMENTS_TEXT.allCategories : (classes.find((c) => String(c.id) === id)?.name ?? id))}
          onChange={(id) => onChange({ category: id === '' ? null : Number(id) })}
        />
        <FilterSelect label={DOCUMENTS_TEXT.statusLabel} value={filters.status} options={VIEW_STATUSES} optionLabel={(v) => DOCUMENTS_TEXT.statusOptions[v]} onChange={(status) => onChange({ status })} />
        <FilterSelect label={DOCUMENTS_TEXT.sortLabel} value={filters.sort} options={DOCUMENT_SORTS} optionLabel={(v) => DOCUMENTS_TEXT.sortOptions[v]} onChange={(sort) => onChange({ sort })} />
      </div>
      <div className="docs-filters__footer">
        <p className="docs-filters__summary" role="status">
          {summary}
        </p>
        {hasActiveFilters(filters) ? (
          <Button variant="ghost" size="sm" onClick={onClear}>
            {DOCUMENTS_TEXT.clearFilters}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
