import type { ReactNode } from 'react';
import { UI_TEXT } from '../kit/messages';
import { Button } from './Button';
import { cx } from './cx';
import { EmptyState } from './EmptyState';
import { Icon, type IconName } from './Icon';
import { Spinner, type SpinnerProps } from './Spinner';

// The three states every data page goes through before (or instead of) its content, written once so
// each page shows them the same way; the wording stays the page's own and comes in as props.

export interface LoadingStateProps {
  /** What is loading, announced as the status's name. */
  label: string;
  size?: SpinnerProps['size'];
  className?: string;
}

/** A region still loading: a named status, so screen readers hear what is loading. */
export function LoadingState({ label, size, className }: LoadingStateProps) {
  return (
    <div className={cx('ui-state', className)}>
      <Spinner size={size} label={label} />
    </div>
  );
}

export interface ErrorStateProps {
  message: ReactNode;
  /**
   * Offers the retry button when given; called without arguments (a query's `refetch` can be passed
   * as it is). A rejected retry is dropped: the query's own error state shows it.
   */
  onRetry?: () => unknown;
  /** The retry button's name (default 'Try Again'). */
  retryLabel?: string;
  /** null: no icon. */
  icon?: IconName | null;
}

/** A load that failed: the message as an alert, and a way to try again. */
export function ErrorState({ message, onRetry, retryLabel = UI_TEXT.retry, icon = 'alert' }: ErrorStateProps) {
  return (
    <div role="alert">
      <EmptyState
        icon={icon ? <Icon name={icon} size={24} /> : undefined}
        title={message}
        action={
          onRetry ? (
            <Button variant="secondary" onClick={() => retry(onRetry)}>
              {retryLabel}
            </Button>
          ) : undefined
        }
      />
    </div>
  );
}

function retry(onRetry: () => unknown): void {
  const result = onRetry();
  if (result instanceof Promise) result.catch(() => undefined);
}

export interface EmptyListProps {
  title: ReactNode;
  hint?: ReactNode;
  icon?: IconName;
  /** What to do about it, e.g. a button that clears the filters. */
  action?: ReactNode;
}

/** Nothing to show yet, with what to do about it. */
export function EmptyList({ title, hint, icon = 'checklist', action }: EmptyListProps) {
  return <EmptyState icon={<Icon name={icon} size={24} />} title={title} description={hint} action={action} />;
}
