import { createContext, useContext } from 'react';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface ToastOptions {
  type?: ToastType;
  /** Milliseconds before it closes; defaults by type (error 8 s, warning 6 s, info and success 5 s: docs/product.md#messages). */
  duration?: number;
  /** Stays until dismissed. */
  persistent?: boolean;
  /** Whether the close button is shown (default true). */
  dismissible?: boolean;
  title?: string;
}

/** The shell's toast service, usable from the shell and every remote (shared singleton context). */
export interface ToastApi {
  show(message: string, options?: ToastOptions): string;
  success(message: string, options?: Omit<ToastOptions, 'type'>): string;
  error(message: string, options?: Omit<ToastOptions, 'type'>): string;
  warning(message: string, options?: Omit<ToastOptions, 'type'>): string;
  info(message: string, options?: Omit<ToastOptions, 'type'>): string;
  dismiss(id: string): void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast() must be used inside the shell\'s ToastProvider');
  return value;
}
