import {
  ADMIN_SIDEBAR,
  breadcrumbsFor,
  documentTitleFor,
  EMPLOYEE_SIDEBAR,
  homePathFor,
  matchPortalRoute,
  normalisePath,
  pageTitleFor,
  PEOPLE_NAV,
  PORTAL_ROUTES,
  titleCaseSegment,
  type NavGroup,
} from './navigation';

const crumbs = (path: string) => breadcrumbsFor(path).map((c) => [c.label, c.href, c.current]);

describe('breadcrumbs', () => {
  it.each([
    ['/app/checklist', [['Dashboard', '/app', false], ['Checklist', '/app/checklist', true]]],
    [
      '/app/admin/checklist-items',
      [['Dashboard', '/app', false], ['Admin', '/app/admin', false], ['Checklist Items', '/app/admin/checklist-items', true]],
    ],
    [
      '/app/admin/user_roles',
      [['Dashboard', '/app', false], ['Admin', '/app/admin', false], ['User Roles', '/app/admin/user_roles', true]],
    ],
    ['/app/journal/new', [['Dashboard', '/app', false], ['Journal', '/app/journal', false], ['New', '/app/journal/new', true]]],
    ['/app/checklist/42', [['Dashboard', '/app', false], ['Checklist', '/app/checklist', false], ['42', '/app/checklist/42', true]]],
    ['/app', [['Dashboard', '/app', true]]],
    ['/app/my-tasks', [['Dashboard', '/app', false], ['Tasks for my hires', '/app/my-tasks', true]]],
    ['/app/team', [['Dashboard', '/app', false], ['My team', '/app/team', true]]],
    [
      '/app/profile/notifications',
      [['Dashboard', '/app', false], ['Profile', '/app/profile', false], ['Notification preferences', '/app/profile/notifications', true]],
    ],
  ])('%s', (path, expected) => {
    expect(crumbs(path)).toEqual(expected);
  });

  it("turns the first segment 'app' into a 'Dashboard' crumb, and merges the repeated one of /app/dashboard", () => {
    expect(crumbs('/app/dashboard')).toEqual([['Dashboard', '/app/dashboard', true]]);
  });

  it('only treats the FIRST segment app specially', () => {
    expect(crumbs('/docs/app')).toEqual([
      ['Docs', '/docs', false],
      ['App', '/docs/app', true],
    ]);
  });

  it('has none on login and register (trailing slash too), and none on /', () => {
    expect(breadcrumbsFor('/login')).toEqual([]);
    expect(breadcrumbsFor('/register/')).toEqual([]);
    expect(breadcrumbsFor('/')).toEqual([]);
  });

  it('ignores empty segments and a trailing slash', () => {
    expect(crumbs('/app//sections/')).toEqual([
      ['Dashboard', '/app', false],
      ['Sections', '/app/sections', true],
    ]);
  });
});

describe('titleCaseSegment', () => {
  it.each([
    ['checklist-items', 'Checklist Items'],
    ['user_roles', 'User Roles'],
    ['role-checklists', 'Role Checklists'],
    ['DOCUMENTS', 'Documents'],
    ['a--b__c', 'A B C'],
    ['caf%C3%A9-menu', 'Café Menu'],
    ['%E0%A4%A', '%e0%a4%a'],
    ['12', '12'],
  ])('%s → %s', (segment, label) => {
    expect(titleCaseSegment(segment)).toBe(label);
  });
});

describe('page and document titles', () => {
  it.each([
    ['/app/dashboard', 'Dashboard', 'Dashboard — Embark'],
    ['/app/checklist', 'My Checklist', 'My Checklist — Embark'],
    ['/app/checklist/12', 'Task Details', 'Task Details — Embark'],
    ['/app/journal/new', 'New Journal Entry', 'New Journal Entry — Embark'],
    ['/app/journal/3', 'Journal Entry', 'Journal Entry — Embark'],
    ['/app/admin', 'Administration', 'Administration — Embark'],
    ['/app/admin/roles', 'Manage Roles', 'Manage Roles — Embark'],
    ['/app/admin/documents', 'Manage Documents', 'Manage Documents — Embark'],
    ['/login', 'Sign In', 'Sign In — Embark'],
    ['/register', 'Join Our Team', 'Join Our Team — Embark'],
    ['/accept-invite', 'Accept Invitation', 'Accept Invitation — Embark'],
    ['/forgot-password', 'Forgot Password', 'Forgot Password — Embark'],
    ['/reset-password', 'Reset Password', 'Reset Password — Embark'],
    ['/app/my-tasks', 'Tasks for my hires', 'Tasks for my hires — Embark'],
    ['/app/team', 'My team', 'My team — Embark'],
    ['/app/profile/notifications', 'Notification preferences', 'Notification preferences — Embark'],
  ])('%s → page "%s", document "%s"', (path, page, doc) => {
    expect(pageTitleFor(path)).toBe(page);
    expect(documentTitleFor(path)).toBe(doc);
  });

  it("defaults the page title to 'Dashboard' and the document title to the portal's fixed title", () => {
    expect(pageTitleFor('/')).toBe('Dashboard');
    expect(pageTitleFor('/app')).toBe('Dashboard');
    expect(documentTitleFor('/')).toBe('Embark — Onboarding Portal');
    expect(documentTitleFor('/app')).toBe('Embark — Onboarding Portal');
  });

  it('titles any other path as not found', () => {
    expect(pageTitleFor('/nowhere')).toBe('Dashboard');
    expect(documentTitleFor('/nowhere')).toBe('Page not found — Embark');
  });
});

describe('route table', () => {
  it('matches literal routes before parameters and ignores a trailing slash', () => {
    expect(matchPortalRoute('/app/journal/new')?.title).toBe('New Journal Entry');
    expect(matchPortalRoute('/app/journal/new/')?.title).toBe('New Journal Entry');
    expect(matchPortalRoute('/app/journal/9')?.pattern).toBe('/app/journal/:id');
  });

  it.each(['/app/checklist/1/extra', '/app/admin/users/7', '/appx', '/App/dashboard', '/app/unknown', '/login/x'])(
    '%s is "any other path"',
    (path) => {
      expect(matchPortalRoute(path)).toBeNull();
    },
  );

  it('declares every pattern once', () => {
    const patterns = PORTAL_ROUTES.map((r) => r.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('normalises paths', () => {
    expect(normalisePath('/')).toBe('/');
    expect(normalisePath('//')).toBe('/');
    expect(normalisePath('/app/')).toBe('/app');
  });

  it('sends administrators home to /app/admin and everyone else to /app/dashboard', () => {
    expect(homePathFor(true)).toBe('/app/admin');
    expect(homePathFor(false)).toBe('/app/dashboard');
  });
});

describe('sidebars', () => {
  const outline = (groups: readonly NavGroup[]) =>
    groups.map((group) => ({
      group: group.label ?? null,
      items: group.items.map((item) => (item.kind === 'link' ? `${item.label} → ${item.to}` : `${item.label} (coming soon)`)),
    }));

  it('lists the non-admin sidebar exactly', () => {
    expect(outline(EMPLOYEE_SIDEBAR)).toEqual([
      { group: null, items: ['Dashboard → /app/dashboard', 'My Checklist → /app/checklist', 'Sections → /app/sections', 'My Journal → /app/journal'] },
      { group: 'Resources', items: ['Documents → /app/documents', 'Training (coming soon)'] },
      { group: 'Help & Support', items: ['Find Colleagues (coming soon)', 'Contact Support (coming soon)'] },
      { group: null, items: ['My Profile → /app/profile'] },
    ]);
  });

  it('lists the admin sidebar exactly', () => {
    expect(outline(ADMIN_SIDEBAR)).toEqual([
      { group: null, items: ['Admin Dashboard → /app/admin'] },
      {
        group: 'Entity Management',
        items: ['Users → /app/admin/users', 'Roles → /app/admin/roles', 'Checklists → /app/admin/checklist-items', 'Documents → /app/admin/documents'],
      },
      {
        group: 'Relationship Management',
        items: [
          'Role-Checklist Items → /app/admin/role-checklists',
          'User-Role Assignment → /app/admin/user-roles',
          'Document-Checklist Items → /app/admin/document-checklist',
        ],
      },
      { group: 'Company', items: ['Settings → /app/admin/settings'] },
      { group: 'Quick Access', items: ['View Checklist → /app/checklist'] },
    ]);
  });

  it('links only to routes of the table', () => {
    for (const group of [...EMPLOYEE_SIDEBAR, ...ADMIN_SIDEBAR]) {
      for (const item of group.items) if (item.kind === 'link') expect(matchPortalRoute(item.to)).not.toBeNull();
    }
    expect(matchPortalRoute(PEOPLE_NAV.myTasks.to)?.access).toBe('member');
    expect(matchPortalRoute(PEOPLE_NAV.team.to)?.access).toBe('member');
  });
});
