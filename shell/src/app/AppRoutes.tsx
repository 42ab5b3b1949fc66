import { lazy, Suspense, use } from 'react';
import { Route, Routes } from 'react-router';
import { REMOTE_NAMES, ROUTES } from '@embark/shared-ui';
import { LazyNotFoundPage } from '../features/not-found/LazyNotFoundPage';
import { RemoteOutlet } from '../remotes/RemoteOutlet';
import { loadAppArea } from './app-area-chunk';
import { AppErrorBoundary } from './AppErrorBoundary';
import { NavigationEffects } from './NavigationEffects';
import { PageSpinner } from './PageSpinner';
import { RouteGuard } from './RouteGuard';
import './app.css';

// Every page is its own chunk. A first visit to `/` is served as static HTML and boots none of
// this (see shell/webpack.config.mjs); the React landing page is for in-app navigation to `/`.
const LandingPage = lazy(() => import('../features/landing/LandingPage'));
const LoginPage = lazy(() => import('../features/login/LoginPage'));
const RegisterPage = lazy(() => import('../features/register/RegisterPage'));
const AcceptInvitePage = lazy(() => import('../features/accept-invite/AcceptInvitePage'));
const ForgotPasswordPage = lazy(() => import('../features/password-reset/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/password-reset/ResetPasswordPage'));

/** `/app`: read through a tracked promise, so an area loaded ahead (early-start.ts) does not suspend. */
function AppAreaRoute() {
  const { default: AppArea } = use(loadAppArea());
  return <AppArea />;
}

/**
 * The shell's routes. `RouteGuard` decides every path first (the guards, unknown paths to the
 * not-found page). Under /app, `admin/*` mounts admin_mfe and every other page mounts
 * employee_mfe; the remotes render relative <Routes> inside the shared router.
 */
export function AppRoutes() {
  return (
    <AppErrorBoundary>
      <NavigationEffects />
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route element={<RouteGuard />}>
            <Route path={ROUTES.home} element={<LandingPage />} />
            <Route path={ROUTES.login} element={<LoginPage />} />
            <Route path={ROUTES.register} element={<RegisterPage />} />
            <Route path={ROUTES.acceptInvite} element={<AcceptInvitePage />} />
            <Route path={ROUTES.forgotPassword} element={<ForgotPasswordPage />} />
            <Route path={ROUTES.resetPassword} element={<ResetPasswordPage />} />
            <Route path={ROUTES.app} element={<AppAreaRoute />}>
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
            {/* RouteGuard already answers unknown paths; this keeps the table total. */}
            <Route path="*" element={<LazyNotFoundPage />} />
          </Route>
        </Routes>
      </Suspense>
    </AppErrorBoundary>
  );
}
