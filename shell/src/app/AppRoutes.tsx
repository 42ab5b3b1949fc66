import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { REMOTE_NAMES, ROUTES, Spinner } from '@embark/shared-ui';
import { LandingPage } from '../features/landing/LandingPage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { RemoteOutlet } from '../remotes/RemoteOutlet';
import { AppErrorBoundary } from './AppErrorBoundary';

const LoginPage = lazy(() => import('../features/login/LoginPage'));
const RegisterPage = lazy(() => import('../features/register/RegisterPage'));
const AppArea = lazy(() => import('./AppArea'));

/**
 * The shell's routes. Under /app, `admin/*` mounts admin_mfe and every other path mounts
 * employee_mfe; remotes render relative <Routes> inside the shared router.
 */
export function AppRoutes() {
  return (
    <AppErrorBoundary>
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route path={ROUTES.home} element={<LandingPage />} />
          <Route path={ROUTES.login} element={<LoginPage />} />
          <Route path={ROUTES.register} element={<RegisterPage />} />
          <Route path={ROUTES.app} element={<AppArea />}>
            <Route index element={<Navigate to={ROUTES.dashboard} replace />} />
            {/* Keyed: both routes render a RemoteOutlet at the same position, and switching remotes
                must not reuse the other remote's boundary state. */}
            <Route
              path="admin/*"
              element={<RemoteOutlet key={REMOTE_NAMES.admin} name={REMOTE_NAMES.admin} basePath={ROUTES.admin} />}
            />
            <Route
              path="*"
              element={<RemoteOutlet key={REMOTE_NAMES.employee} name={REMOTE_NAMES.employee} basePath={ROUTES.app} />}
            />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </AppErrorBoundary>
  );
}

function PageSpinner() {
  return (
    <div className="shell-page-loading">
      <Spinner size="lg" />
    </div>
  );
}
