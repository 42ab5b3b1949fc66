import { useId, type ReactNode } from 'react';
import { Button } from '@embark/shared-ui';
import { DOCUMENTS_TEXT } from '@embark/shared-ui/page-text/documents';
import type { DocumentClass } from '../api/documents-api';
import { DEFAULT_FILTERS, DOCUMENT_SORTS, hasActiveFilters, VIEW_STATUSES, type DocumentFilters, type DocumentSort, type ViewStatus } from '../document-filters';

export interface DocumentFiltersBarProps {
  filters: DocumentFilters;
  classes: readonly DocumentClass[];
  onChange(filters: DocumentFilters): void;
  /** 'Showing N of M documents', announced as it changes. */
  summary: ReactNode;
}

/** Search, category, view status and sort (spec §9) as labelled native controls: keyboard and screen readers for free. */
export function DocumentFiltersBar({ filters, classes, onChange, summary }: DocumentFiltersBarProps) {
  const ids = { q: useId(), category: useId(), status: useId(), sort: useId() };
  const set = (patch: Partial<DocumentFilters>) => onChange({ ...filters, ...patch });
  return (
    <div className="ui-card docs-filters">
      <div className="docs-filters__fields" role="group" aria-label={DOCUMENTS_TEXT.filtersLabel}>
        <div className="docs-filter docs-filter--search">
          <label htmlFor={ids.q} className="docs-filter__label">
            {DOCUMENTS_TEXT.searchLabel}
          </label>
          <input
            id={ids.q}
            type="search"
            className="docs-filter__control"
            value={filters.q}
            placeholder={DOCUMENTS_TEXT.searchPlaceholder}
            maxLength={200}
            autoComplete="off"
            onChange={(event) => set({ q: event.target.value })}
          />
        </div>
        <div className="docs-filter">
          <label htmlFor={ids.category} className="docs-filter__label">
            {DOCUMENTS_TEXT.categoryLabel}
          </label>
          <select
            id={ids.category}
            className="docs-filter__control"
            value={filters.category === null ? '' : String(filters.category)}
            onChange={(event) => set({ category: event.target.value === '' ? null : Number(event.target.value) })}
          >
            <option value="">{DOCUMENTS_TEXT.allCategories}</option>
            {classes.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="docs-filter">
          <label htmlFor={ids.status} className="docs-filter__label">
            {DOCUMENTS_TEXT.statusLabel}
          </label>
          <select id={ids.status} className="docs-filter__control" value={filters.status} onChange={(event) => set({ status: event.target.value as ViewStatus })}>
            {VIEW_STATUSES.map((s) => (
              <option key={s} value={s}>
                {DOCUMENTS_TEXT.statusOptions[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="docs-filter">
          <label htmlFor={ids.sort} className="docs-filter__label">
            {DOCUMENTS_TEXT.sortLabel}
          </label>
          <select id={ids.sort} className="docs-filter__control" value={filters.sort} onChange={(event) => set({ sort: event.target.value as DocumentSort })}>
            {DOCUMENT_SORTS.map((s) => (
              <option key={s} value={s}>
                {DOCUMENTS_TEXT.sortOptions[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="docs-filters__footer">
        <p className="docs-filters__summary" role="status">
          {summary}
        </p>
        {hasActiveFilters(filters) ? (
          <Button variant="ghost" size="sm" onClick={() => onChange({ ...DEFAULT_FILTERS, sort: filters.sort })}>
            {DOCUMENTS_TEXT.clearFilters}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
