import { useEffect, useRef } from 'react';
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
  const nav = useRef<HTMLElement>(null);
  // Which button takes the keyboard when the one pressed turns disabled at the end of the pages.
  const handOver = useRef<'first' | 'last' | null>(null);
  useEffect(() => {
    const to = handOver.current;
    const buttons = nav.current?.querySelectorAll('button');
    const target = to && buttons ? buttons[to === 'first' ? 0 : buttons.length - 1] : undefined;
    if (!target || target.disabled) return;
    handOver.current = null;
    // A disabled button drops the focus to the page; only then is it moved, never taken from elsewhere.
    const active = document.activeElement;
    if (active === null || active === document.body || (active instanceof HTMLButtonElement && active.disabled && nav.current?.contains(active))) target.focus();
  }, [page, pageCount]);
  if (pageCount <= 1) return null;
  const go = (to: number) => {
    handOver.current = to <= 1 ? 'last' : to >= pageCount ? 'first' : null;
    onChange(to);
  };
  return (
    <nav ref={nav} className={cx('ui-pagination', className)} aria-label={label}>
      <Button variant="secondary" size="sm" onClick={() => go(page - 1)} disabled={page <= 1}>
        {previousLabel}
      </Button>
      <span className="ui-pagination__position" aria-live="polite">
        {pageOf(page, pageCount)}
      </span>
      <Button variant="secondary" size="sm" onClick={() => go(page + 1)} disabled={page >= pageCount}>
        {nextLabel}
      </Button>
    </nav>
  );
}
