import type { ReactNode } from 'react';

export interface DashPanelProps {
  /** The heading's id: the panel and its list are named by it. */
  headingId: string;
  heading: string;
  /** The heading can take focus from script (where focus goes when the pressed button disappears). */
  focusableHeading?: boolean;
  /** Beside the heading, e.g. a link to the full list. */
  actions?: ReactNode;
  children: ReactNode;
}

/** One panel of the dashboard: a card region named by its heading. */
export function DashPanel({ headingId, heading, focusableHeading = false, actions, children }: DashPanelProps) {
  return (
    <section className="ui-card dash-panel" aria-labelledby={headingId}>
      <header className="ui-card__header">
        <h2 id={headingId} className="ui-card__title" tabIndex={focusableHeading ? -1 : undefined}>
          {heading}
        </h2>
        {actions}
      </header>
      {children}
    </section>
  );
}
