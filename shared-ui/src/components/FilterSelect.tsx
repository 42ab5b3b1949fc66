import { useId, type ReactNode } from 'react';
import { cx } from '@embark/shared-ui';

/** A filter bar's field: its label above the control, which gets the label's id (`id`, or a generated one). */
function FilterField({ id: given, label, className, children }: { id?: string; label: string; className?: string; children(id: string): ReactNode }) {
  const generated = useId();
  const id = given ?? generated;
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
  /** The control's id, for a page that moves focus to it (after "Clear filters", say). */
  id?: string;
}

/**
 * One labelled native select of a list's filter bar (keyboard and screen readers for free). The
 * checklist, documents and journal filter bars are built from it.
 */
export function FilterSelect<T extends string>({ id, label, value, options, optionLabel, onChange, className }: FilterSelectProps<T>) {
  return (
    <FilterField id={id} label={label} className={className}>
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
  /** The control's id, for a page that moves focus to it. */
  id?: string;
}

/** The filter bar's search box, styled and labelled like its selects. */
export function FilterSearch({ id, label, value, placeholder, maxLength, onChange, className }: FilterSearchProps) {
  return (
    <FilterField id={id} label={label} className={className}>
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
