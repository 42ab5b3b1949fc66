import { Badge, Button, cx, formatCalendarDate, Icon, isSafeDocumentUrl } from '@embark/shared-ui';
import { documentTypeSlug } from '@embark/shared-ui/kit/documents';
import { DOCUMENTS_TEXT } from '@embark/shared-ui/page-text/documents';
import type { LibraryDocument } from '../api/documents-api';
import { DocumentTypeBadge } from './DocumentTypeBadge';

export interface DocumentCardProps {
  document: LibraryDocument;
  viewed: boolean;
  onOpen(document: LibraryDocument): void;
}

/** One document of the library: its type (colour class), title, description, status and an Open button (new tab). */
export function DocumentCard({ document: doc, viewed, onOpen }: DocumentCardProps) {
  // Only an http(s) link opens; anything else reads as no link at all (docs/product.md#documents).
  const opens = isSafeDocumentUrl(doc.url);
  const titleId = `doc-${doc.id}-title`;
  return (
    <li className={cx('doc-card', `doc-type--${documentTypeSlug(doc.document_class_name)}`, viewed && 'doc-card--viewed')} aria-labelledby={titleId}>
      <div className="doc-card__head">
        <DocumentTypeBadge name={doc.document_class_name} />
        {doc.is_company_policy ? <Badge tone="primary">{DOCUMENTS_TEXT.companyPolicy}</Badge> : null}
        <span className="doc-card__status">
          {viewed ? (
            <span className="doc-card__viewed">
              <Icon name="check" size={14} />
              {DOCUMENTS_TEXT.viewed}
            </span>
          ) : (
            <Badge tone="info">{DOCUMENTS_TEXT.notViewed}</Badge>
          )}
        </span>
      </div>
      <h3 id={titleId} className="doc-card__title">
        {doc.title}
      </h3>
      <p className={cx('doc-card__description', !doc.description && 'doc-card__description--empty')}>{doc.description ?? DOCUMENTS_TEXT.noDescription}</p>
      <div className="doc-card__foot">
        <span className="doc-card__meta">
          <Icon name="clock" size={14} />
          <time dateTime={doc.updated_at}>{DOCUMENTS_TEXT.updated(formatCalendarDate(new Date(doc.updated_at)))}</time>
          {opens ? null : <span className="doc-card__no-link">· {DOCUMENTS_TEXT.noLink}</span>}
        </span>
        <Button variant={viewed ? 'secondary' : 'primary'} size="sm" onClick={() => onOpen(doc)} {...(opens ? { 'aria-label': DOCUMENTS_TEXT.openLabel(doc.title) } : {})}>
          {DOCUMENTS_TEXT.open}
        </Button>
      </div>
    </li>
  );
}
