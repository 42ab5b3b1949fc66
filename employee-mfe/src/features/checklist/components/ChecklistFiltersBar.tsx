import type { ReactNode } from 'react';
import { Button, TASK_PRIORITY_TEXT, TASK_TYPE_TEXT } from '@embark/shared-ui';
import { FilterSelect } from '@embark/shared-ui/components/FilterSelect';
import { CHECKLIST_TEXT } from '@embark/shared-ui/page-text/checklist';
import {
  DUE_FILTERS,
  hasActiveFilters,
  PRIORITY_FILTERS,
  STATUS_FILTERS,
  TYPE_FILTERS,
  type ChecklistFilters,
} from '../checklist-filters';

export interface ChecklistFiltersBarProps {
  filters: ChecklistFilters;
  /** Called with the filter that changes; the page applies it to the latest filters. */
  onChange(patch: Partial<ChecklistFilters>): void;
  onClear(): void;
  /** 'Showing N of M tasks', announced as it changes. */
  summary: ReactNode;
}

/** The first filter: where "Clear filters" leaves the keyboard once its button has gone. */
export const FIRST_FILTER_ID = 'ckl-filter-status';

/** The checklist's filters as four labelled selects (native controls: keyboard and screen readers for free). */
export function ChecklistFiltersBar({ filters, onChange, onClear, summary }: ChecklistFiltersBarProps) {
  const set = <K extends keyof ChecklistFilters>(key: K) => (value: ChecklistFilters[K]) => onChange({ [key]: value });
  return (
    <div className="ui-card ckl-filters">
      <div className="ckl-filters__fields" role="group" aria-label={CHECKLIST_TEXT.filtersLabel}>
        <FilterSelect
          id={FIRST_FILTER_ID}
          label={CHECKLIST_TEXT.statusFilter}
          value={filters.status}
          options={STATUS_FILTERS}
          optionLabel={(v) => CHECKLIST_TEXT.statusOptions[v]}
          onChange={set('status')}
        />
        <FilterSelect
          label={CHECKLIST_TEXT.typeFilter}
          value={filters.type}
          options={TYPE_FILTERS}
          optionLabel={(v) => (v === 'all' ? CHECKLIST_TEXT.allTypes : TASK_TYPE_TEXT[v])}
          onChange={set('type')}
        />
        <FilterSelect
          label={CHECKLIST_TEXT.dueFilter}
          value={filters.due}
          options={DUE_FILTERS}
          optionLabel={(v) => CHECKLIST_TEXT.dueOptions[v]}
          onChange={set('due')}
        />
        <FilterSelect
          label={CHECKLIST_TEXT.priorityFilter}
          value={filters.priority}
          options={PRIORITY_FILTERS}
          optionLabel={(v) => (v === 'all' ? CHECKLIST_TEXT.allPriorities : TASK_PRIORITY_TEXT[v])}
          onChange={set('priority')}
        />
      </div>
      <div className="ckl-filters__footer">
        <p className="ckl-filters__summary" role="status" aria-live="polite">
          {summary}
        </p>
        {hasActiveFilters(filters) ? (
          <Button variant="ghost" size="sm" onClick={onClear}>
            {CHECKLIST_TEXT.clearFilters}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
