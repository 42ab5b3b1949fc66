import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '@embark/shared-ui';
import { LazyNotFoundPage } from '../features/not-found/LazyNotFoundPage';
import { PageSpinner } from './PageSpinner';
import { decideRoute } from './route-access';

/**
 * Wraps every route: applies the route guards (`decideRoute`, docs/shell.md) before anything renders. While the
 * stored session is still being checked it shows a spinner, so no page (and no redirect) ever
 * appears for the wrong visitor.
 */
export function RouteGuard() {
  const { pathname } = useLocation();
  const { status, isAdmin } = useAuth();
  const decision = decideRoute(pathname, { status, isAdmin });
  switch (decision.kind) {
    case 'wait':
      return <PageSpinner />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'not-found':
      return <LazyNotFoundPage />;
    case 'render':
      return <Outlet />;
  }
}
