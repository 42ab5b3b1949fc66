import type { ReactNode } from 'react';
import { cx } from './cx';

export interface PageHeaderProps {
  /** The page's h1. */
  title: ReactNode;
  description?: ReactNode;
  /** Small label above the title (e.g. 'Administration'). */
  eyebrow?: ReactNode;
  /** Buttons or links at the right of the title. */
  actions?: ReactNode;
  className?: string;
}

/** The top of every portal page: one h1, an optional lead and actions, laid out the same everywhere. */
export function PageHeader({ title, description, eyebrow, actions, className }: PageHeaderProps) {
  return (
    <header className={cx('ui-page-header', className)}>
      <div className="ui-page-header__text">
        {eyebrow ? <p className="ui-page-header__eyebrow">{eyebrow}</p> : null}
        <h1 className="ui-page-header__title">{title}</h1>
        {description ? <p className="ui-page-header__description">{description}</p> : null}
      </div>
      {actions ? <div className="ui-page-header__actions">{actions}</div> : null}
    </header>
  );
}
