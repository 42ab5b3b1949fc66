import { AREA_MESSAGES, Button, Card, Spinner } from '@embark/shared-ui';
import { JOURNAL_TEXT } from '@embark/shared-ui/page-text/journal';
import { usePopularTags } from '../api/useJournal';

export interface PopularTagsProps {
  /** The tag filtering the list now ('' for none), shown pressed. */
  selected: string;
  onSelect(tag: string): void;
}

/** The user's 10 most used tags; each toggles the list's tag filter. */
export function PopularTags({ selected, onSelect }: PopularTagsProps) {
  const { data, loading, error, refetch } = usePopularTags();
  const tags = data?.popularTags ?? [];
  let body;
  if (loading && tags.length === 0) {
    body = <Spinner size="sm" label={JOURNAL_TEXT.popularTags} />;
  } else if (error && tags.length === 0) {
    body = (
      <div className="jrn-side__error" role="alert">
        <p>{AREA_MESSAGES.tagsFetch}</p>
        <Button variant="secondary" size="sm" onClick={() => void refetch().catch(() => undefined)}>
          {JOURNAL_TEXT.retry}
        </Button>
      </div>
    );
  } else if (tags.length === 0) {
    body = <p className="jrn-side__empty">{JOURNAL_TEXT.noTags}</p>;
  } else {
    body = (
      <>
        <p className="jrn-side__hint">{JOURNAL_TEXT.popularTagsHint}</p>
        <ul className="jrn-popular" aria-label={JOURNAL_TEXT.popularTags}>
          {tags.map((tag) => {
            const pressed = selected.toLowerCase() === tag.name.toLowerCase();
            return (
              <li key={tag.id}>
                {/* Named by its content, so the name starts with the text on screen (WCAG 2.5.3). */}
                <button type="button" className="jrn-popular__tag" aria-pressed={pressed} onClick={() => onSelect(pressed ? '' : tag.name)}>
                  <span>{tag.name}</span>
                  <span className="jrn-popular__count" aria-hidden="true">
                    {tag.count}
                  </span>
                  <span className="ui-visually-hidden">{JOURNAL_TEXT.tagCountSuffix(tag.count)}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </>
    );
  }
  return (
    <Card title={JOURNAL_TEXT.popularTags} className="jrn-side">
      {body}
    </Card>
  );
}
