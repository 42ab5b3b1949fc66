import type { ButtonHTMLAttributes } from 'react';
import { cx } from './cx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'md' | 'sm' | 'lg';

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string | undefined;
}

/** Class names of a button, for links that must look like one (e.g. react-router `<Link>`). */
export function buttonClassName({ variant = 'primary', size = 'md', className }: ButtonStyleOptions = {}): string {
  return cx('ui-button', `ui-button--${variant}`, `ui-button--${size}`, className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyleOptions {
  /** Shows a busy state and disables the button. */
  busy?: boolean;
}

/** A button; `type="button"` unless told otherwise, so it never submits a form by accident. */
export function Button({ variant, size, className, busy = false, disabled, type = 'button', children, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClassName({ variant, size, className })}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {children}
    </button>
  );
}
