import { useLocation } from 'react-router';
import { ErrorScreen, ROUTES } from '@embark/shared-ui';
import type { ReactNode } from 'react';
import { RemoteErrorBoundary } from '../remotes/RemoteErrorBoundary';

/** Last-resort boundary around every shell route: a render error shows the generic error screen. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <RemoteErrorBoundary
      label="shell"
      resetKeys={[pathname]}
      fallback={(_error, reset) => (
        <ErrorScreen onRetry={reset} onGoToDashboard={() => window.location.assign(ROUTES.dashboard)} />
      )}
    >
      {children}
    </RemoteErrorBoundary>
  );
}
