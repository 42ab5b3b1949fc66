/** Absolute paths of the portal that more than one package links to. */
export const ROUTES = {
  home: '/',
  login: '/login',
  register: '/register',
  app: '/app',
  dashboard: '/app/dashboard',
  checklist: '/app/checklist',
  admin: '/app/admin',
} as const;
