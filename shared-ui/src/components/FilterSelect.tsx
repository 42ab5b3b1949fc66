import { useId, type ReactNode } from 'react';
import { cx } from '@embark/shared-ui';

/** A filter bar's field: its label above the control, which gets the label's id. */
function FilterField({ label, className, children }: { label: string; className?: string; children(id: string): ReactNode }) {
  const id = useId();
  return (
    <div className={cx('ui-filter', className)}>
      <label htmlFor={id} className="ui-filter__label">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

export interface FilterSelectProps<T extends string> {
  label: string;
  value: T;
  options: readonly T[];
  /** The words for an option. */
  optionLabel(value: T): string;
  onChange(value: T): void;
  /** Extra class on the field, for a page's layout (e.g. a column span). */
  className?: string;
}

/**
 * One labelled native select of a list's filter bar (keyboard and screen readers for free). The
 * checklist, documents and journal filter bars are built from it.
 */
export function FilterSelect<T extends string>({ label, value, options, optionLabel, onChange, className }: FilterSelectProps<T>) {
  return (
    <FilterField label={label} className={className}>
      {(id) => (
        <select id={id} className="ui-filter__control" value={value} onChange={(event) => onChange(event.target.value as T)}>
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabel(option)}
            </option>
          ))}
        </select>
      )}
    </FilterField>
  );
}

export interface FilterSearchProps {
  label: string;
  value: string;
  placeholder: string;
  maxLength: number;
  onChange(value: string): void;
  className?: string;
}

/** The filter bar's search box, styled and labelled like its selects. */
export function FilterSearch({ label, value, placeholder, maxLength, onChange, className }: FilterSearchProps) {
  return (
    <FilterField label={label} className={className}>
      {(id) => (
        <input
          id={id}
          type="search"
          className="ui-filter__control"
          value={value}
          placeholder={placeholder}
          maxLength={maxLength}
          autoComplete="off"
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FilterField>
  );
}
