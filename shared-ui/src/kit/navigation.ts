/**
 * The portal's route table (docs/product.md#roles) and the rules derived from the path alone: which route a path
 * is, its page and document titles, its breadcrumbs, and the two sidebars. One table, read by the
 * shell's guards and layout, by the remotes and by the tests, so a route is declared once.
 */
import { formatDocumentTitle } from './document-title';
import { BRAND, SHELL_TEXT, UI_TEXT } from './messages';
import { ROUTES } from './routes';

/**
 * Who may open a route (docs/product.md#roles):
 * - `landing`: `/`, for guests; signed-in users go to their home (admins `/app/admin`);
 * - `guest`: guests only (`/login`, `/register`, the invitation and password-reset screens), same redirect for signed-in users;
 * - `app-index`: bare `/app`, a redirect by role (guests to `/login`);
 * - `member`: any signed-in user, administrators included (profile, checklist, a task);
 * - `employee`: signed-in users; an administrator is sent to `/app/admin`;
 * - `admin`: administrators only; other signed-in users are sent to `/app/dashboard`.
 */
export type RouteAccess = 'landing' | 'guest' | 'app-index' | 'member' | 'employee' | 'admin';

export interface PortalRoute {
  /** Absolute pattern; `:name` matches one path segment. Literal routes are listed before params. */
  pattern: string;
  access: RouteAccess;
  /** Page title (header and document title). Routes without one use the defaults. */
  title?: string;
  /** Its breadcrumb reads the title, where the path segment alone would not say what the page is. */
  titledCrumb?: boolean;
}

/** Page title when a route has none. */
export const DEFAULT_PAGE_TITLE = 'Dashboard';

/** Every route of the portal; anything else is the not-found page. First match wins. */
export const PORTAL_ROUTES: readonly PortalRoute[] = [
  { pattern: ROUTES.home, access: 'landing' },
  // Same words as the sign-in and registration screens' own titles (AUTH_TEXT), so they agree.
  { pattern: ROUTES.login, access: 'guest', title: 'Sign In' },
  { pattern: ROUTES.register, access: 'guest', title: 'Join Our Team' },
  // The same words as those screens' headings (ACCOUNT_TEXT in page-text/auth).
  { pattern: ROUTES.acceptInvite, access: 'guest', title: 'Accept Invitation' },
  { pattern: ROUTES.forgotPassword, access: 'guest', title: 'Forgot Password' },
  { pattern: ROUTES.resetPassword, access: 'guest', title: 'Reset Password' },
  { pattern: ROUTES.app, access: 'app-index' },
  { pattern: ROUTES.dashboard, access: 'employee', title: 'Dashboard' },
  { pattern: ROUTES.checklist, access: 'member', title: 'My Checklist' },
  { pattern: `${ROUTES.checklist}/:taskId`, access: 'member', title: 'Task Details' },
  { pattern: ROUTES.sections, access: 'employee', title: 'Sections' },
  { pattern: ROUTES.journal, access: 'employee', title: 'My Journal' },
  { pattern: ROUTES.journalNew, access: 'employee', title: 'New Journal Entry' },
  { pattern: `${ROUTES.journal}/:id`, access: 'employee', title: 'Journal Entry' },
  { pattern: ROUTES.documents, access: 'employee', title: 'Documents' },
  { pattern: ROUTES.policies, access: 'employee', title: 'Company Policies' },
  { pattern: ROUTES.profile, access: 'member', title: 'Profile' },
  // docs/product.md#certificate; under the profile, so the same access (administrators may open their profile too).
  { pattern: ROUTES.profileCertificate, access: 'member', title: 'Certificate' },
  { pattern: ROUTES.profileNotifications, access: 'member', title: 'Notification preferences', titledCrumb: true },
  // Anyone may own work for others (a manager, a buddy, a team member), administrators included.
  { pattern: ROUTES.myTasks, access: 'member', title: 'Tasks for my hires', titledCrumb: true },
  { pattern: ROUTES.team, access: 'member', title: 'My team', titledCrumb: true },
  { pattern: ROUTES.admin, access: 'admin', title: 'Administration' },
  { pattern: ROUTES.adminRoles, access: 'admin', title: 'Manage Roles' },
  { pattern: ROUTES.adminChecklistItems, access: 'admin', title: 'Manage Checklist Items' },
  { pattern: ROUTES.adminUsers, access: 'admin', title: 'Manage Users' },
  { pattern: ROUTES.adminRoleChecklists, access: 'admin', title: 'Role-Checklist Items' },
  { pattern: ROUTES.adminUserRoles, access: 'admin', title: 'User-Role Assignment' },
  { pattern: ROUTES.adminDocumentChecklist, access: 'admin', title: 'Document-Checklist Items' },
  { pattern: ROUTES.adminDocuments, access: 'admin', title: 'Manage Documents' },
  { pattern: ROUTES.adminSettings, access: 'admin', title: 'Settings' },
];

/** `/app/checklist/` → `/app/checklist`; the root stays `/`. Query and hash are not part of a pathname. */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function matches(pattern: string, path: string): boolean {
  const want = segmentsOf(pattern);
  const got = segmentsOf(path);
  return want.length === got.length && want.every((segment, i) => segment.startsWith(':') || segment === got[i]);
}

/** The route a path belongs to, or null when it is "any other path" (the not-found page). */
export function matchPortalRoute(pathname: string): PortalRoute | null {
  const path = normalisePath(pathname);
  return PORTAL_ROUTES.find((route) => matches(route.pattern, path)) ?? null;
}

/** The page title of a path: the route's title, else 'Dashboard'. */
export function pageTitleFor(pathname: string): string {
  return matchPortalRoute(pathname)?.title ?? DEFAULT_PAGE_TITLE;
}

/**
 * `document.title` for a path: `My Checklist — Embark`; the fixed portal title where the route has
 * no page title of its own (the landing page, bare `/app`); `Page not found — Embark` elsewhere.
 */
export function documentTitleFor(pathname: string): string {
  const route = matchPortalRoute(pathname);
  if (!route) return formatDocumentTitle(UI_TEXT.notFoundTitle);
  return route.title ? formatDocumentTitle(route.title) : BRAND.defaultTitle;
}

export interface Breadcrumb {
  label: string;
  /** Where the crumb leads (the path up to and including its segment). */
  href: string;
  /** The last crumb: the page itself. */
  current: boolean;
}

/** `checklist-items` → `Checklist Items`, `user_roles` → `User Roles`. */
export function titleCaseSegment(segment: string): string {
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // A malformed escape (`%E0%A4%A`) is shown as typed rather than breaking the layout.
  }
  return text
    .split(/[-_\s]+/)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/**
 * Paths without breadcrumbs: sign-in and registration (docs/product.md#brand). The other public account screens
 * are not listed: breadcrumbs render only in the `/app` layout, and every entry here costs every page.
 */
const NO_BREADCRUMBS: readonly string[] = [ROUTES.login, ROUTES.register];

/**
 * Breadcrumbs come from the path (docs/product.md#brand); the first segment `app` gives a 'Dashboard' crumb, the
 * others are title-cased with dashes and underscores as spaces. A crumb that repeats the one before
 * it (`/app/dashboard` would read "Dashboard › Dashboard") is merged into it, keeping the deeper link.
 */
export function breadcrumbsFor(pathname: string): Breadcrumb[] {
  const path = normalisePath(pathname);
  if (NO_BREADCRUMBS.includes(path)) return [];
  const segments = segmentsOf(path);
  const crumbs: Array<Omit<Breadcrumb, 'current'>> = [];
  segments.forEach((segment, i) => {
    const href = `/${segments.slice(0, i + 1).join('/')}`;
    const titled = matchPortalRoute(href);
    const label =
      i === 0 && segment === 'app' ? SHELL_TEXT.dashboardCrumb : titled?.titledCrumb && titled.title ? titled.title : titleCaseSegment(segment);
    if (label === '') return;
    const previous = crumbs[crumbs.length - 1];
    if (previous && previous.label === label) previous.href = href;
    else crumbs.push({ label, href });
  });
  return crumbs.map((crumb, i) => ({ ...crumb, current: i === crumbs.length - 1 }));
}

/** Icons the sidebars use; the shell maps each to an inline SVG. */
export type NavIcon =
  | 'dashboard'
  | 'checklist'
  | 'sections'
  | 'journal'
  | 'documents'
  | 'training'
  | 'colleagues'
  | 'support'
  | 'profile'
  | 'users'
  | 'roles'
  | 'links'
  | 'assign'
  | 'settings';

export type NavItem =
  | { kind: 'link'; label: string; to: string; icon: NavIcon; /** Active only on this exact path. */ end?: boolean }
  /** A feature that does not exist yet: shown, marked 'coming soon', not a link. */
  | { kind: 'placeholder'; label: string; icon: NavIcon };

export interface NavGroup {
  /** Group heading (e.g. 'Resources'); ungrouped items have none. */
  label?: string;
  items: readonly NavItem[];
}

export type NavLinkItem = Extract<NavItem, { kind: 'link' }>;

const link = (label: string, to: string, icon: NavIcon, end = false): NavLinkItem => ({ kind: 'link', label, to, icon, end });
const placeholder = (label: string, icon: NavIcon): NavItem => ({ kind: 'placeholder', label, icon });

/** Sidebar for everyone but administrators. 'Need Help?' closes it, as a help card. */
export const EMPLOYEE_SIDEBAR: readonly NavGroup[] = [
  {
    items: [
      link('Dashboard', ROUTES.dashboard, 'dashboard'),
      link('My Checklist', ROUTES.checklist, 'checklist'),
      link('Sections', ROUTES.sections, 'sections'),
      link('My Journal', ROUTES.journal, 'journal'),
    ],
  },
  { label: 'Resources', items: [link('Documents', ROUTES.documents, 'documents'), placeholder('Training', 'training')] },
  {
    label: 'Help & Support',
    items: [placeholder('Find Colleagues', 'colleagues'), placeholder('Contact Support', 'support')],
  },
  { items: [link('My Profile', ROUTES.profile, 'profile')] },
];

/** Sidebar for administrators. */
export const ADMIN_SIDEBAR: readonly NavGroup[] = [
  { items: [link('Admin Dashboard', ROUTES.admin, 'dashboard', true)] },
  {
    label: 'Entity Management',
    items: [
      link('Users', ROUTES.adminUsers, 'users'),
      link('Roles', ROUTES.adminRoles, 'roles'),
      link('Checklists', ROUTES.adminChecklistItems, 'checklist'),
      link('Documents', ROUTES.adminDocuments, 'documents'),
    ],
  },
  {
    label: 'Relationship Management',
    items: [
      link('Role-Checklist Items', ROUTES.adminRoleChecklists, 'links'),
      link('User-Role Assignment', ROUTES.adminUserRoles, 'assign'),
      link('Document-Checklist Items', ROUTES.adminDocumentChecklist, 'links'),
    ],
  },
  { label: 'Company', items: [link('Settings', ROUTES.adminSettings, 'settings')] },
  { label: 'Quick Access', items: [link('View Checklist', ROUTES.checklist, 'checklist')] },
];

/**
 * Links for people who do work for others, in either sidebar; the shell shows each only when it
 * leads somewhere: 'Tasks for my hires' while the user owns an open task for someone, 'My team'
 * while the user has direct reports.
 */
export const PEOPLE_NAV = {
  label: 'People',
  myTasks: link('Tasks for my hires', ROUTES.myTasks, 'assign'),
  team: link('My team', ROUTES.team, 'colleagues'),
} as const;

/** Where a signed-in user belongs: administrators `/app/admin`, everyone else `/app/dashboard`. */
export function homePathFor(isAdmin: boolean): string {
  return isAdmin ? ROUTES.admin : ROUTES.dashboard;
}
