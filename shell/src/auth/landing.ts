import { isAdminUser, ROUTES, type SessionUser } from '@embark/shared-ui';

/** After sign-in or registration, administrators (role 4) land on /app/admin, everyone else on /app/dashboard. */
export function landingPathFor(user: Pick<SessionUser, 'role_id'>): string {
  return isAdminUser(user) ? ROUTES.admin : ROUTES.dashboard;
}
