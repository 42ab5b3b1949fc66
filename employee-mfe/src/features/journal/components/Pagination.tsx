import { Button } from '@embark/shared-ui';
import { JOURNAL_TEXT } from '@embark/shared-ui/page-text/journal';

export interface PaginationProps {
  page: number;
  pages: number;
  onPage(page: number): void;
}

/** Previous / Next with 'Page n of m'; nothing when everything fits on one page. */
export function Pagination({ page, pages, onPage }: PaginationProps) {
  if (pages <= 1) return null;
  return (
    <nav className="jrn-pagination" aria-label={JOURNAL_TEXT.pagination}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {JOURNAL_TEXT.previousPage}
      </Button>
      <span className="jrn-pagination__status">{JOURNAL_TEXT.pageOf(page, pages)}</span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {JOURNAL_TEXT.nextPage}
      </Button>
    </nav>
  );
}
