import { useEffect, useRef, type ReactNode } from 'react';
import { Icon, cx } from '@embark/shared-ui';

export type SortOrder = 'asc' | 'desc';
export type RowKey = string | number;

export interface DataTableColumn<T> {
  key: string;
  header: ReactNode;
  cell(row: T): ReactNode;
  /** Makes the header a sort button reporting this key. */
  sortKey?: string;
  align?: 'start' | 'end' | 'center';
  /** The cell names its row for assistive technology (a `<th scope="row">`), e.g. the name column. */
  rowHeader?: boolean;
  className?: string;
}

export interface DataTableSelection<T, K extends RowKey> {
  selected: ReadonlySet<K>;
  onChange(next: Set<K>): void;
  /** Accessible name of a row's checkbox, e.g. "Select Ana Lopez". */
  rowLabel(row: T): string;
  /** Accessible name of the header checkbox, e.g. "Select all users on this page". */
  allLabel: string;
}

export interface DataTableProps<T, K extends RowKey> {
  /** The table's name; visually hidden unless `showCaption`. */
  caption: string;
  showCaption?: boolean;
  columns: ReadonlyArray<DataTableColumn<T>>;
  rows: readonly T[];
  rowKey(row: T): K;
  sort?: { key: string; order: SortOrder };
  onSortChange?(key: string): void;
  selection?: DataTableSelection<T, K>;
  /** Shown in the body when there are no rows. */
  empty?: ReactNode;
  /** A refresh is under way (the rows shown are the previous ones). */
  busy?: boolean;
  className?: string;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * A data table: a real `<table>` with a caption, column headers, sortable headers as buttons
 * (`aria-sort` on the sorted one), an optional checkbox column for bulk actions, and a
 * horizontally scrollable, focusable wrapper on narrow screens. Everything is reachable and
 * operable with the keyboard; cells render whatever controls a row needs.
 */
export function DataTable<T, K extends RowKey>({ caption, showCaption = false, columns, rows, rowKey, sort, onSortChange, selection, empty, busy = false, className }: DataTableProps<T, K>) {
  const keys = rows.map(rowKey);
  const selectedHere = selection ? keys.filter((k) => selection.selected.has(k)).length : 0;
  const allRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = selectedHere > 0 && selectedHere < keys.length;
  }, [selectedHere, keys.length]);
  const columnCount = columns.length + (selection ? 1 : 0);

  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (selectedHere === keys.length) keys.forEach((k) => next.delete(k));
    else keys.forEach((k) => next.add(k));
    selection.onChange(next);
  };
  const toggle = (key: K) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };

  return (
    // A focusable region: a table wider than the screen scrolls with the keyboard too.
    <div className={cx('ui-table-wrap', className)} role="region" aria-label={caption} tabIndex={0}>
      <table className="ui-table" aria-busy={busy || undefined}>
        <caption className={showCaption ? 'ui-table__caption' : 'ui-visually-hidden'}>{caption}</caption>
        <thead>
          <tr>
            {selection ? (
              <th scope="col" className="ui-table__select">
                <input ref={allRef} type="checkbox" aria-label={selection.allLabel} checked={keys.length > 0 && selectedHere === keys.length} disabled={keys.length === 0} onChange={toggleAll} />
              </th>
            ) : null}
            {columns.map((column) => {
              const sorted = sort && column.sortKey && sort.key === column.sortKey ? sort.order : null;
              return (
                <th key={column.key} scope="col" className={cx(column.align ? `ui-table__cell--${column.align}` : undefined, column.className)} aria-sort={sorted ? ARIA_SORT[sorted] : undefined}>
                  {column.sortKey && onSortChange ? (
                    <button type="button" className="ui-table__sort" onClick={() => onSortChange(column.sortKey as string)}>
                      {column.header}
                      <Icon name={sorted === 'desc' ? 'arrowDown' : 'arrowUp'} size={14} className={cx('ui-table__sort-icon', sorted ? 'is-active' : undefined)} />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columnCount} className="ui-table__empty">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => {
              const key = keys[index] as K;
              const checked = selection?.selected.has(key) ?? false;
              return (
                <tr key={key} className={checked ? 'is-selected' : undefined}>
                  {selection ? (
                    <td className="ui-table__select">
                      <input type="checkbox" aria-label={selection.rowLabel(row)} checked={checked} onChange={() => toggle(key)} />
                    </td>
                  ) : null}
                  {columns.map((column) => {
                    const Cell = column.rowHeader ? 'th' : 'td';
                    return (
                      <Cell
                        key={column.key}
                        scope={column.rowHeader ? 'row' : undefined}
                        className={cx(column.align ? `ui-table__cell--${column.align}` : undefined, column.className)}
                        // The column's name beside the value when a narrow screen folds the rows into cards.
                        data-label={typeof column.header === 'string' ? column.header : undefined}
                      >
                        {column.cell(row)}
                      </Cell>
                    );
                  })}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
