import { useContext, useMemo } from 'react';
import { ToastContext, type ToastApi } from '@embark/shared-ui';

const silent: ToastApi = {
  show: () => '',
  success: () => '',
  error: () => '',
  warning: () => '',
  info: () => '',
  dismiss: () => undefined,
};

/**
 * The shell's toasts. Optional on purpose: the standalone development page has no ToastProvider,
 * and a screen must still work there (the outcome also shows on the page itself).
 */
export function useAdminToast(): ToastApi {
  const toast = useContext(ToastContext);
  return useMemo(() => toast ?? silent, [toast]);
}
