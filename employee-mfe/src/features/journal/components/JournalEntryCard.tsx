import { Link } from 'react-router';
import { formatRelativeTime, Icon, RELATIVE_TIME_TEXT, ROUTES } from '@embark/shared-ui';
import { JOURNAL_TEXT } from '@embark/shared-ui/page-text/journal';
import type { JournalEntryFieldsFragment } from '../../../__generated__/graphql';
import { plainPreview } from '../entry-content';
import { TagList } from './TagList';
import { VisibilityBadge } from './VisibilityBadge';

/** One entry in the list: its title is the link, the rest describes it. */
export function JournalEntryCard({ entry }: { entry: JournalEntryFieldsFragment }) {
  const title = entry.title.trim() || JOURNAL_TEXT.untitled;
  const text = plainPreview(entry.preview);
  const preview = entry.preview.length < entry.content.length ? `${text}…` : text;
  const written = formatRelativeTime(entry.created_at);
  return (
    <article className="jrn-card">
      <header className="jrn-card__header">
        <h2 className="jrn-card__title">
          <Link to={`${ROUTES.journal}/${entry.id}`} className="jrn-card__link">
            {title}
          </Link>
        </h2>
        <VisibilityBadge visibility={entry.visibility} />
      </header>
      <p className="jrn-card__preview">{preview}</p>
      <footer className="jrn-card__meta">
        <time dateTime={entry.created_at} title={new Date(entry.created_at).toLocaleString()}>
          {/* Mid-sentence: 'Written just now', not 'Written Just now'. */}
          {JOURNAL_TEXT.createdAgo(written === RELATIVE_TIME_TEXT.justNow ? written.toLowerCase() : written)}
        </time>
        {entry.taskContext ? (
          <span className="jrn-card__task">
            <Icon name="links" size={14} />
            {entry.taskContext.taskTitle}
          </span>
        ) : null}
        <TagList tags={entry.tags} />
      </footer>
    </article>
  );
}
