import { useId, type ReactNode } from 'react';
import { cx } from './cx';

export interface CardProps {
  title?: ReactNode;
  /** Heading level of the title (default 2). */
  headingLevel?: 2 | 3 | 4;
  /** Content rendered at the right of the title. */
  actions?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/** A surface grouping related content; with a title it is a labelled region. */
export function Card({ title, headingLevel = 2, actions, className, children }: CardProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  if (title === undefined) {
    return <div className={cx('ui-card', className)}>{children}</div>;
  }
  return (
    <section className={cx('ui-card', className)} aria-labelledby={headingId}>
      <header className="ui-card__header">
        <Heading id={headingId} className="ui-card__title">
          {title}
        </Heading>
        {actions ? <div className="ui-card__actions">{actions}</div> : null}
      </header>
      <div className="ui-card__body">{children}</div>
    </section>
  );
}
