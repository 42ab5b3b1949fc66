import { forwardRef, type ReactNode } from 'react';
import { cx } from '@embark/shared-ui';

export interface FormAlertProps {
  children?: ReactNode;
  tone?: 'error' | 'warning';
  className?: string;
}

/**
 * A form-level message (server refusal, network failure), announced when it appears. Focusable
 * (tabIndex -1) so a screen can move focus to it after a failed submit.
 */
export const FormAlert = forwardRef<HTMLDivElement, FormAlertProps>(function FormAlert({ children, tone = 'error', className }, ref) {
  if (!children) return null;
  return (
    <div ref={ref} role="alert" tabIndex={-1} className={cx('auth-alert', `auth-alert--${tone}`, className)}>
      <span className="auth-alert__icon" aria-hidden="true">
        {tone === 'error' ? '!' : 'i'}
      </span>
      <div className="auth-alert__body">{children}</div>
    </div>
  );
});
