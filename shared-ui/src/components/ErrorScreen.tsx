import { useId, type ReactNode } from 'react';
import { ERROR_SCREEN_TEXT } from '../kit/messages';
import { ROUTES } from '../kit/routes';
import { Button } from './Button';
import { cx } from './cx';

export interface ErrorScreenProps {
  title?: string;
  message?: ReactNode;
  /** "Try Again": re-attempt what failed. Without it the button reloads the page. */
  onRetry?: () => void;
  /** "Reload Page" (default: reload the document). */
  onReload?: () => void;
  /** "Go to Dashboard" (default: a full navigation to /app/dashboard). */
  onGoToDashboard?: () => void;
  /** Heading level (default 1: the error replaces the page content). */
  headingLevel?: 1 | 2;
  /** Extra technical detail for operators, shown collapsed. */
  detail?: string;
  className?: string;
}

/**
 * The spec's generic error screen: "Something went wrong", the boundary message, and the three
 * buttons Reload Page, Try Again, Go to Dashboard. Used for remote load failures and render errors.
 */
export function ErrorScreen({
  title = ERROR_SCREEN_TEXT.title,
  message = ERROR_SCREEN_TEXT.message,
  onRetry,
  onReload,
  onGoToDashboard,
  headingLevel = 1,
  detail,
  className,
}: ErrorScreenProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const reload = onReload ?? (() => window.location.reload());
  const goToDashboard = onGoToDashboard ?? (() => window.location.assign(ROUTES.dashboard));
  return (
    <section className={cx('ui-error-screen', className)} aria-labelledby={headingId}>
      <div className="ui-error-screen__icon" aria-hidden="true">
        !
      </div>
      <Heading id={headingId} className="ui-error-screen__title">
        {title}
      </Heading>
      <p className="ui-error-screen__message" role="alert">
        {message}
      </p>
      <div className="ui-error-screen__actions">
        <Button variant="secondary" onClick={reload}>
          {ERROR_SCREEN_TEXT.reload}
        </Button>
        <Button variant="primary" onClick={onRetry ?? reload}>
          {ERROR_SCREEN_TEXT.retry}
        </Button>
        <Button variant="ghost" onClick={goToDashboard}>
          {ERROR_SCREEN_TEXT.dashboard}
        </Button>
      </div>
      {detail ? (
        <details className="ui-error-screen__detail">
          <summary>Technical details</summary>
          <code>{detail}</code>
        </details>
      ) : null}
    </section>
  );
}
