import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { NOTIFICATIONS } from '@embark/shared-ui';

/**
 * Calls `refresh` after a navigation and when the tab becomes visible again, at most every 30 s
 * (docs/product.md#notifications), counting from the first render: what the page opened with is
 * fresh. Nothing while `enabled` is false (no signed-in user). `refresh` should be stable.
 */
export function useRefreshCadence(refresh: () => void, enabled: boolean): void {
  const { pathname } = useLocation();
  const lastRefresh = useRef(Date.now());
  const throttled = useCallback(() => {
    if (!enabled || Date.now() - lastRefresh.current < NOTIFICATIONS.refetchMinIntervalMs) return;
    lastRefresh.current = Date.now();
    refresh();
  }, [refresh, enabled]);
  useEffect(() => {
    throttled();
  }, [pathname, throttled]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') throttled();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [throttled]);
}
