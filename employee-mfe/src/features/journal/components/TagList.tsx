import { JOURNAL_TEXT } from '@embark/shared-ui/page-text/journal';

/** An entry's tags as a labelled list of chips. */
export function TagList({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="jrn-tags" aria-label={JOURNAL_TEXT.tagsListLabel}>
      {tags.map((tag) => (
        <li key={tag} className="jrn-tag">
          {tag}
        </li>
      ))}
    </ul>
  );
}
