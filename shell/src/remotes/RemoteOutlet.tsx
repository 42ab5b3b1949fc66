import { Suspense, use, useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ErrorScreen, ROUTES, Spinner, type RemoteName } from '@embark/shared-ui';
import { CONTRACT_MESSAGES, contractMismatchOf } from './contract';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { useRemoteLoader } from './RemoteLoaderContext';

export interface RemoteOutletProps {
  name: RemoteName;
  /** Where the remote is mounted, e.g. `/app` or `/app/admin`. */
  basePath: string;
}

/**
 * Mounts a remote's `./App`, loading it on first render. Load and render failures show the generic
 * error screen (with the contract's wording when the remote does not fit this shell); "Try Again", "Go to Dashboard" or moving to another page clears the error and
 * re-attempts a failed load.
 */
export function RemoteOutlet({ name, basePath }: RemoteOutletProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const loader = useRemoteLoader();
  // Coming back to a remote that failed earlier (another page in between) re-attempts it once on
  // mount; within this mount, a failure stays until Try Again / navigation (idempotent, StrictMode-safe).
  useState(() => loader.forgetFailure(name));
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const goToDashboard = useCallback(() => {
    navigate(ROUTES.dashboard);
    setAttempt((n) => n + 1); // already on the dashboard: still clear the error and re-attempt
  }, [navigate]);

  return (
    <RemoteErrorBoundary
      label={name}
      resetKeys={[pathname, attempt]}
      onReset={() => loader.forgetFailure(name)}
      fallback={(error) => {
        // A remote that does not fit this shell (docs/federation.md, "Contract") says which side is behind.
        const mismatch = contractMismatchOf(error);
        return <ErrorScreen onRetry={retry} onGoToDashboard={goToDashboard} {...(mismatch ? { message: CONTRACT_MESSAGES[mismatch.skew] } : {})} />;
      }}
    >
      <Suspense
        fallback={
          <div className="shell-remote-loading">
            <Spinner size="lg" />
          </div>
        }
      >
        <RemoteApp name={name} basePath={basePath} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

function RemoteApp({ name, basePath }: RemoteOutletProps) {
  const loader = useRemoteLoader();
  const { default: App } = use(loader.load(name));
  return <App basePath={basePath} />;
}
