import { Button, cx } from '@embark/shared-ui';

export interface PaginationProps {
  page: number;
  pageCount: number;
  onChange(page: number): void;
  /** The navigation landmark's name (e.g. "Users pages"). */
  label: string;
  previousLabel?: string;
  nextLabel?: string;
  /** "Page 2 of 5" wording. */
  pageOf?: (page: number, pages: number) => string;
  className?: string;
}

/** How many pages `total` rows fill at `pageSize` a page; at least one (an empty list is one empty page), one while the total is unknown. */
export function pageCountOf(total: number | undefined, pageSize: number): number {
  return total === undefined ? 1 : Math.max(1, Math.ceil(total / pageSize));
}

/** Previous / next page controls with the current position; nothing when everything fits on one page. */
export function Pagination({ page, pageCount, onChange, label, previousLabel = 'Previous', nextLabel = 'Next', pageOf = (p, n) => `Page ${p} of ${n}`, className }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className={cx('ui-pagination', className)} aria-label={label}>
      <Button variant="secondary" size="sm" onClick={() => onChange(page - 1)} disabled={page <= 1}>
        {previousLabel}
      </Button>
      <span className="ui-pagination__position" aria-live="polite">
        {pageOf(page, pageCount)}
      </span>
      <Button variant="secondary" size="sm" onClick={() => onChange(page + 1)} disabled={page >= pageCount}>
        {nextLabel}
      </Button>
    </nav>
  );
}
