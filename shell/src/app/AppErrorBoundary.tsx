import { useLocation } from 'react-router';
import { ErrorScreen, ROUTES } from '@embark/shared-ui';
import type { ReactNode } from 'react';
import { RemoteErrorBoundary } from '../remotes/RemoteErrorBoundary';

/**
 * Last-resort boundary around the whole shell: a render error anywhere (header, a page, a guard)
 * shows the generic error screen. Moving to another path clears it; 'Go to Dashboard' is a full
 * navigation so that whatever state broke is rebuilt from scratch.
 */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <RemoteErrorBoundary
      label="shell"
      resetKeys={[pathname]}
      fallback={(_error, reset) => (
        <main id="main-content" className="shell-error-page">
          <ErrorScreen onRetry={reset} onGoToDashboard={() => window.location.assign(ROUTES.dashboard)} />
        </main>
      )}
    >
      {children}
    </RemoteErrorBoundary>
  );
}
