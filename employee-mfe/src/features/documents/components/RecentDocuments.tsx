import { cx, formatCalendarDate, Icon, isSafeDocumentUrl } from '@embark/shared-ui';
import { documentTypeSlug } from '@embark/shared-ui/kit/documents';
import { DOCUMENTS_TEXT } from '@embark/shared-ui/page-text/documents';
import type { LibraryDocument } from '../api/documents-api';
import { DocumentTypeBadge } from './DocumentTypeBadge';

export interface RecentDocumentsProps {
  documents: readonly LibraryDocument[];
  isViewed(document: LibraryDocument): boolean;
  onOpen(document: LibraryDocument): void;
}

/** Recent documents (5): the newest additions, each opening in a new tab. */
export function RecentDocuments({ documents, isViewed, onOpen }: RecentDocumentsProps) {
  if (documents.length === 0) return null;
  return (
    <section className="docs-recent" aria-labelledby="docs-recent-heading">
      <div className="docs-recent__header">
        <h2 id="docs-recent-heading" className="docs-section-title">
          {DOCUMENTS_TEXT.recentHeading}
        </h2>
        <p className="docs-recent__lead">{DOCUMENTS_TEXT.recentLead}</p>
      </div>
      <ul className="docs-recent__list" aria-label={DOCUMENTS_TEXT.recentListLabel}>
        {documents.map((doc) => (
          <li key={doc.id} className={cx('docs-recent__item', `doc-type--${documentTypeSlug(doc.document_class_name)}`)}>
            {/* Named by what it shows (WCAG 2.5.3: the visible words are the name), plus where it opens. */}
            <button type="button" className="docs-recent__open" onClick={() => onOpen(doc)}>
              <span className="docs-recent__top">
                <DocumentTypeBadge name={doc.document_class_name} />
                {isViewed(doc) ? (
                  <span className="docs-recent__viewed" title={DOCUMENTS_TEXT.viewed}>
                    <Icon name="check" size={14} />
                    <span className="ui-visually-hidden">{DOCUMENTS_TEXT.viewed}</span>
                  </span>
                ) : null}
              </span>
              <span className="docs-recent__title">{doc.title}</span>
              <span className="docs-recent__meta">{DOCUMENTS_TEXT.added(formatCalendarDate(new Date(doc.created_at)))}</span>
              {isSafeDocumentUrl(doc.url) ? <span className="ui-visually-hidden">{DOCUMENTS_TEXT.opensInNewTab}</span> : null}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
