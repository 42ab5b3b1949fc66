import { forwardRef, type ReactNode } from 'react';
import { cx } from '@embark/shared-ui';

export interface FormAlertProps {
  children?: ReactNode;
  /** Errors and warnings are announced as alerts; a success (a confirmation) as a status message. */
  tone?: 'error' | 'warning' | 'success';
  className?: string;
}

const ALERT_ICONS = { error: '!', warning: 'i', success: '✓' } as const;

/**
 * A form-level message (server refusal, network failure, a confirmation), announced when it appears. Focusable
 * (tabIndex -1) so a screen can move focus to it after a failed submit.
 */
export const FormAlert = forwardRef<HTMLDivElement, FormAlertProps>(function FormAlert({ children, tone = 'error', className }, ref) {
  if (!children) return null;
  return (
    <div ref={ref} role={tone === 'success' ? 'status' : 'alert'} tabIndex={-1} className={cx('auth-alert', `auth-alert--${tone}`, className)}>
      <span className="auth-alert__icon" aria-hidden="true">
        {ALERT_ICONS[tone]}
      </span>
      <div className="auth-alert__body">{children}</div>
    </div>
  );
});
