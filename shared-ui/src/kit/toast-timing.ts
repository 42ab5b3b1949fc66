import type { ToastOptions, ToastType } from '../contracts/toasts';
import { TIMING_MS } from './constants';

/** How long each type of toast stays (docs/product.md#messages) (info and success 5 s, warning 6 s, error 8 s). */
export const TOAST_DURATION_MS: Readonly<Record<ToastType, number>> = {
  success: TIMING_MS.toastSuccess,
  info: TIMING_MS.toastInfo,
  warning: TIMING_MS.toastWarning,
  error: TIMING_MS.toastError,
};

/** The type of a toast shown without one. */
export const DEFAULT_TOAST_TYPE: ToastType = 'info';

/**
 * Milliseconds before a toast closes by itself, or null when it stays until dismissed (persistent).
 * An explicit `duration` wins over the type's default; a non-positive or non-finite one falls back
 * to the default (5 s) rather than closing at once or never.
 */
export function toastDuration(options: Pick<ToastOptions, 'type' | 'duration' | 'persistent'> = {}): number | null {
  if (options.persistent) return null;
  const { duration } = options;
  if (duration !== undefined && Number.isFinite(duration) && duration > 0) return duration;
  if (duration !== undefined) return TIMING_MS.toastDefault;
  return options.type ? TOAST_DURATION_MS[options.type] : TIMING_MS.toastDefault;
}
