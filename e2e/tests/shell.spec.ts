// The shell (docs/shell.md): the landing page, the /app layout, every route guard, breadcrumbs and titles, the
// mobile sidebar, toasts, the not-found and error screens, and axe-core on the public pages and the
// layout (desktop and phone widths).
import { test, expect, type Page } from './support/csp.js';
import { urls } from '../stack.mjs';
import { signInAs, useSession, type SignedIn } from './support/session.js';
import { seriousViolations } from './support/axe.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
const toasts = (page: Page) => page.getByRole('list', { name: 'Messages' });

/**
 * The sidebar's 'People' links the server's answers call for (docs/shell.md): 'Tasks for my hires'
 * with an open task owned for someone, 'My team' with a direct report. The demo employee is a
 * colleague's buddy, so may own some.
 */
async function peopleLinks(page: Page, session: SignedIn): Promise<string[]> {
  const headers = { Authorization: `Bearer ${session.token}` };
  const tasks = (await (await page.request.get(`${urls.gateway}/api/my-tasks?limit=1`, { headers })).json()) as { total: number };
  const team = (await (await page.request.get(`${urls.gateway}/api/team`, { headers })).json()) as { data: unknown[] };
  return [...(tasks.total > 0 ? ['Tasks for my hires'] : []), ...(team.data.length > 0 ? ['My team'] : [])];
}

/** Opens `path` and waits until the sidebar has asked which 'People' links to show. */
async function gotoWithPeopleLinks(page: Page, path: string): Promise<void> {
  const asked = Promise.all([page.waitForResponse((r) => r.url().includes('/api/my-tasks')), page.waitForResponse((r) => r.url().endsWith('/api/team'))]);
  await page.goto(path);
  await asked;
}

test.describe('landing page', () => {
  test('paints from static HTML with every part of the page, and loads no script', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script' || r.url().endsWith('/graphql')) scripts.push(r.url());
    });
    await page.goto('/');
    await expect(page).toHaveTitle('Embark — Onboarding Portal');
    const hero = page.getByRole('region', { name: 'Onboarding your new hires actually finish' });
    await expect(hero.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await expect(hero.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/register');
    await expect(hero.getByRole('button', { name: 'See how it works' })).toBeVisible();

    const features = page.getByRole('region', { name: 'Everything a new hire needs, in one place' });
    await expect(features.getByRole('heading', { level: 3 })).toHaveText([
      'Interactive checklists',
      'Document management',
      'Progress tracking',
      'Team collaboration',
      'Learning journal',
      'Admin dashboard',
    ]);
    const pricing = page.getByRole('region', { name: 'Simple pricing that grows with your team' });
    await expect(pricing).toContainText('$2per seat per month');
    for (const term of ['7-day free trial', 'No credit card required', 'Cancel anytime']) await expect(pricing.getByText(term)).toBeVisible();
    await expect(page.getByText('Interactive Demo Coming Soon')).toBeAttached();

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link')).toHaveText(['Privacy', 'Terms', 'Support']);
    await expect(footer).toContainText('© 2025 Embark');

    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
  });

  test("the mockup's progress bar animates up to 75 %", async ({ page }) => {
    await page.goto('/');
    const bar = page.getByRole('progressbar', { name: 'Onboarding progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '75');
    const fill = bar.locator('div').first();
    expect(await fill.evaluate((el) => getComputedStyle(el).animationName)).toBe('landing-progress');
    await expect
      .poll(async () => bar.evaluate((el) => (el.firstElementChild as HTMLElement).getBoundingClientRect().width / el.getBoundingClientRect().width))
      .toBeCloseTo(0.75, 2);
  });

  test('the hero button scrolls smoothly to the demo area and focuses it', async ({ page }) => {
    await page.goto('/');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('button', { name: 'See how it works' }).click();
    const demo = page.getByRole('region', { name: 'See Embark in action' });
    await expect(demo).toBeInViewport();
    await expect(demo).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await expect(page).toHaveURL('/');
  });

  test('the footer links are inert', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    for (const name of ['Privacy', 'Terms', 'Support']) {
      await page.getByRole('contentinfo').getByRole('link', { name }).click();
      await expect(page).toHaveURL('/');
    }
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
  });

  test('fits a 360 px screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('in-app navigation to / renders the same page with React', async ({ page }) => {
    await page.goto('/no/such/page');
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Onboarding your new hires actually finish' })).toBeVisible();
    await expect(page.locator('#static-landing')).toHaveCount(0);
    await expect(page).toHaveTitle('Embark — Onboarding Portal');
    await page.getByRole('button', { name: 'See how it works' }).click();
    await expect(page.getByRole('region', { name: 'See Embark in action' })).toBeInViewport();
  });
});

const EMPLOYEE_PAGES = [
  '/app/dashboard',
  '/app/sections',
  '/app/journal',
  '/app/journal/new',
  '/app/journal/3',
  '/app/documents',
  '/app/policies',
];
const SHARED_PAGES = ['/app/checklist', '/app/checklist/1', '/app/profile'];
const ADMIN_PAGES = [
  '/app/admin',
  '/app/admin/roles',
  '/app/admin/checklist-items',
  '/app/admin/users',
  '/app/admin/role-checklists',
  '/app/admin/user-roles',
  '/app/admin/document-checklist',
  '/app/admin/documents',
];

/** Opens each path and expects to end on `target(path)`, with the layout rendered. */
async function expectLanding(page: Page, paths: readonly string[], target: (path: string) => string) {
  for (const path of paths) {
    await page.goto(path);
    await expect(page, `${path} should end on ${target(path)}`).toHaveURL(target(path));
  }
}

test.describe('guards: anonymous visitors', () => {
  test('every login-only page sends them to /login', async ({ page }) => {
    await expectLanding(page, ['/app', ...EMPLOYEE_PAGES, ...SHARED_PAGES, ...ADMIN_PAGES], () => '/login');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('/, /login and /register are theirs', async ({ page }) => {
    await expectLanding(page, ['/', '/login', '/register'], (path) => path);
  });
});

test.describe('guards: employees', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, 'employee');
  });

  test('/, /login, /register and bare /app go to the dashboard', async ({ page }) => {
    await expectLanding(page, ['/', '/login', '/register', '/app'], () => '/app/dashboard');
    await expect(mainNav(page)).toBeVisible();
  });

  test('admin-only pages go to the dashboard', async ({ page }) => {
    await expectLanding(page, ADMIN_PAGES, () => '/app/dashboard');
  });

  test('every regular page opens', async ({ page }) => {
    test.slow();
    await expectLanding(page, [...EMPLOYEE_PAGES, ...SHARED_PAGES], (path) => path);
    await expect(mainNav(page)).toBeVisible();
  });
});

test.describe('guards: administrators', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, 'admin');
  });

  test('/, /login, /register and bare /app go to /app/admin', async ({ page }) => {
    await expectLanding(page, ['/', '/login', '/register', '/app'], () => '/app/admin');
  });

  test('regular pages other than profile and the checklist go to /app/admin', async ({ page }) => {
    await expectLanding(page, EMPLOYEE_PAGES, () => '/app/admin');
  });

  test('profile, the checklist (a task included) and every admin page open', async ({ page }) => {
    // A dozen pages loaded one after the other, each with its data: more than the default on a loaded machine.
    test.slow();
    await expectLanding(page, [...SHARED_PAGES, ...ADMIN_PAGES], (path) => path);
  });
});

test.describe('not-found page', () => {
  test('any other path shows it to guests, with a way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found — Embark');
    await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });

  test('signed-in users get it for unknown /app paths too, with a way back to their dashboard', async ({ page }) => {
    await signInAs(page, 'employee');
    await page.goto('/app/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to your dashboard' }).click();
    await expect(page).toHaveURL('/app/dashboard');
  });
});

test.describe('layout', () => {
  test('employee: header, sidebar, breadcrumbs, footer', async ({ page }) => {
    const session = await signInAs(page, 'employee');
    const { user } = session;
    await gotoWithPeopleLinks(page, '/app/policies');
    await expect(page.getByRole('link', { name: 'Embark' })).toHaveAttribute('href', '/app/dashboard');
    await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
    const nav = mainNav(page);
    const people = await peopleLinks(page, session);
    await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'My Checklist', 'Sections', 'My Journal', ...people, 'Documents', 'My Profile', 'Read company policies']);
    for (const name of ['Training', 'Find Colleagues', 'Contact Support']) {
      await expect(nav.getByRole('listitem').filter({ hasText: name })).toContainText('coming soon');
    }
    await expect(nav.getByText('Need Help?')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('© 2025 Embark');

    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByText(user.name, { exact: true }).last()).toBeVisible();
    await expect(page.getByText('Employee', { exact: true }).last()).toBeVisible();
    await expect(page.getByText(user.email, { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Profile Settings' }).click();
    await expect(page).toHaveURL('/app/profile');
  });

  test('administrator: the admin sidebar and role name', async ({ page }) => {
    const session = await signInAs(page, 'admin');
    await gotoWithPeopleLinks(page, '/app/admin/users');
    await expect(page.getByRole('link', { name: 'Embark' })).toHaveAttribute('href', '/app/admin');
    await expect(mainNav(page).getByRole('link')).toHaveText([
      'Admin Dashboard',
      ...(await peopleLinks(page, session)),
      'Users',
      'Roles',
      'Checklists',
      'Documents',
      'Role-Checklist Items',
      'User-Role Assignment',
      'Document-Checklist Items',
      'Settings',
      'View Checklist',
    ]);
    await expect(mainNav(page).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByText('SysAdmin', { exact: true }).last()).toBeVisible();
  });

  test('the notification bell says there is nothing yet', async ({ page }) => {
    // An administrator has no onboarding checklist, so nothing to notify (employees: profile.spec.ts).
    await signInAs(page, 'admin');
    await page.goto('/app/admin/users');
    await page.getByRole('button', { name: 'Notifications' }).click();
    await expect(page.getByText('No notifications')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByText('No notifications')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Notifications' })).toBeFocused();
  });
});

test.describe('after each navigation', () => {
  test('breadcrumbs are rebuilt from the path', async ({ page }) => {
    await signInAs(page, 'employee');
    const cases: Array<[string, string[]]> = [
      ['/app/dashboard', ['Dashboard']],
      ['/app/checklist/1', ['Dashboard', 'Checklist', '1']],
      ['/app/journal/new', ['Dashboard', 'Journal', 'New']],
      ['/app/documents', ['Dashboard', 'Documents']],
    ];
    for (const [path, expected] of cases) {
      await page.goto(path);
      await expect(crumbs(page)).toHaveText(expected);
    }
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL('/app/dashboard');
  });

  test('breadcrumbs on admin pages, and none on login and register', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
    await page.goto('/register');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
    await signInAs(page, 'admin');
    await page.goto('/app/admin/checklist-items');
    await expect(crumbs(page)).toHaveText(['Dashboard', 'Admin', 'Checklist Items']);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Checklist Items')).toHaveAttribute('aria-current', 'page');
  });

  test('the document title follows the route', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Sign In — Embark');
    await page.goto('/register');
    await expect(page).toHaveTitle('Join Our Team — Embark');
    await signInAs(page, 'employee');
    const cases: Array<[string, string]> = [
      ['/app/dashboard', 'Dashboard — Embark'],
      ['/app/checklist', 'My Checklist — Embark'],
      ['/app/journal/new', 'New Journal Entry — Embark'],
      ['/app/policies', 'Company Policies — Embark'],
    ];
    for (const [path, title] of cases) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
    }
    // Client-side navigation too.
    await mainNav(page).getByRole('link', { name: 'Sections' }).click();
    await expect(page).toHaveTitle('Sections — Embark');
  });

  test('the page scrolls back to the top', async ({ page }) => {
    await signInAs(page, 'employee');
    await page.goto('/app/policies');
    await page.locator('#main-content').evaluate((main) => {
      main.style.minHeight = '4000px';
    });
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await mainNav(page).getByRole('link', { name: 'Documents' }).click();
    await expect(page).toHaveURL('/app/documents');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('mobile sidebar', () => {
  test.use({ viewport: PHONE });

  test("hides behind 'Open menu'; Escape and navigation close it", async ({ page }) => {
    await signInAs(page, 'employee');
    await page.goto('/app/policies');
    const open = page.getByRole('button', { name: 'Open menu' });
    await expect(mainNav(page)).toBeHidden();
    await open.click();
    await expect(mainNav(page)).toBeVisible();
    await expect(open).toHaveAttribute('aria-expanded', 'true');

    await page.keyboard.press('Escape');
    await expect(mainNav(page)).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await mainNav(page).getByRole('link', { name: 'My Journal' }).click();
    await expect(page).toHaveURL('/app/journal');
    await expect(mainNav(page)).toBeHidden();
  });

  test('closes when the window grows to 1025 px or more', async ({ page }) => {
    await signInAs(page, 'employee');
    await page.goto('/app/policies');
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.click();
    await expect(mainNav(page)).toBeVisible();
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    await page.setViewportSize({ width: 1025, height: 800 });
    await expect(open).toBeHidden();
    await expect(mainNav(page)).toBeVisible(); // the wide layout's own sidebar
    // The styles switch as soon as anything measures the page, the app's resize listener only at the
    // next rendered frame, which a busy machine may not draw before the window shrinks again.
    await expect(mainNav(page)).not.toHaveClass(/\bis-open\b/);
    await page.setViewportSize(PHONE);
    await expect(mainNav(page)).toBeHidden();
    await expect(open).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('toasts', () => {
  test('signing out shows a success toast, announced politely, that closes after 5 s', async ({ page }) => {
    // The page's clock stands still from just before Sign Out, so the 5 s are the page's own and
    // not however long a busy machine takes to show and find the toast.
    await page.clock.install();
    await signInAs(page, 'employee');
    await page.goto('/app/policies');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/login');
    const toast = toasts(page).getByRole('status').filter({ hasText: 'You have been logged out successfully' });
    await expect(toast).toBeVisible();
    await page.clock.runFor(4_900);
    await expect(toast).toBeVisible();
    await page.clock.runFor(200);
    await expect(toast).toBeHidden();
  });

  test('an expired session shows an error toast, announced as an alert, that can be dismissed', async ({ page }) => {
    await useSession(page, {
      token: 'not-a-valid-token',
      user: { id: 2, name: 'Emma Employee', email: 'employee@example.com', role_id: 1 },
    });
    await page.goto('/app/dashboard');
    await expect(page).toHaveURL('/login');
    const toast = toasts(page).getByRole('listitem').filter({ hasText: 'Your session has expired. Please log in again.' });
    await expect(toast.getByRole('alert')).toBeVisible();
    await toast.getByRole('button', { name: 'Dismiss' }).click();
    await expect(toast).toBeHidden();
  });
});

test.describe('error screen', () => {
  test('a render error in the layout shows the generic error screen; Reload Page recovers', async ({ page }) => {
    await signInAs(page, 'employee');
    // A malformed roles answer (an object where the role name belongs) makes the header fail to render.
    await page.route('**/graphql', async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string } | null;
      if (body?.operationName !== 'ShellRoles') return route.fallback();
      await route.fulfill({ json: { data: { roles: [{ __typename: 'Role', id: 1, name: { broken: true } }] } } });
    });
    await page.goto('/app/policies');
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'An unexpected error occurred. Please try again.' })).toBeVisible();
    for (const name of ['Reload Page', 'Try Again', 'Go to Dashboard']) await expect(page.getByRole('button', { name })).toBeVisible();

    await page.unroute('**/graphql');
    await page.getByRole('button', { name: 'Reload Page' }).click();
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    await expect(page).toHaveURL('/app/policies');
  });

  test('Go to Dashboard leaves the broken page', async ({ page }) => {
    await signInAs(page, 'employee');
    let broken = true;
    await page.route('**/graphql', async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string } | null;
      if (!broken || body?.operationName !== 'ShellRoles') return route.fallback();
      broken = false;
      await route.fulfill({ json: { data: { roles: [{ __typename: 'Role', id: 1, name: { broken: true } }] } } });
    });
    await page.goto('/app/policies');
    await page.getByRole('button', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL('/app/dashboard');
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  });
});

test.describe('accessibility (axe-core: no serious or critical violations)', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test.describe(`${viewport.width} px`, () => {
      test.use({ viewport });

      for (const path of ['/', '/login', '/register', '/forgot-password', '/reset-password?token=not-a-real-token', '/accept-invite?token=not-a-real-token']) {
        test(`${path}`, async ({ page }) => {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          expect(await seriousViolations(page)).toEqual([]);
        });
      }

      test('the /app layout (employee)', async ({ page }) => {
        await signInAs(page, 'employee');
        await page.goto('/app/policies');
        await expect(page.getByRole('heading', { level: 1, name: 'Company Policies' })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        await page.getByRole('button', { name: 'User menu' }).click();
        expect(await seriousViolations(page)).toEqual([]);
      });

      test('the people pages (a manager): tasks for my hires, my team, notification preferences', async ({ page }) => {
        // Three full page loads and three axe scans: on a loaded CI machine that has taken 31 s.
        test.slow();
        await signInAs(page, 'manager');
        for (const [path, heading] of [
          ['/app/my-tasks', 'Tasks for my hires'],
          ['/app/team', 'My team'],
          ['/app/profile/notifications', 'Notification preferences'],
        ] as const) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
          // The lists, not their loading skeletons: contrast is checked on what the manager reads.
          await expect(page.getByRole('status', { name: /^Loading your/ })).toHaveCount(0);
          expect(await seriousViolations(page)).toEqual([]);
        }
      });

      test('the /app layout (administrator)', async ({ page }) => {
        await signInAs(page, 'admin');
        await page.goto('/app/admin/roles');
        await expect(page.getByRole('heading', { level: 1, name: 'Manage Roles' })).toBeVisible();
        if (viewport.width < 1025) await page.getByRole('button', { name: 'Open menu' }).click();
        expect(await seriousViolations(page)).toEqual([]);
      });
    });
  }
});
