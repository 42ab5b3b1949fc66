import { UI_TEXT } from '../kit/messages';
import { cx } from './cx';

export interface SpinnerProps {
  /** Accessible label announced to screen readers (default "Loading…"). */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** An indeterminate loading indicator, announced politely as a status. */
export function Spinner({ label = UI_TEXT.loading, size = 'md', className }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} aria-live="polite" className={cx('ui-spinner', `ui-spinner--${size}`, className)}>
      <span className="ui-spinner__ring" aria-hidden="true" />
      <span className="ui-visually-hidden">{label}</span>
    </span>
  );
}
