import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { use } from 'react';
import { ApolloProvider } from '@apollo/client/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AuthContext, NotificationsContext, type AuthContextValue, type NotificationsApi } from '@embark/shared-ui';
import { authFor, fakeRestServer, firstFramePassed, LocationProbe, rolesClient, type Visitor } from '../test-support';
import { AppLayout } from './AppLayout';
import { initialsOf } from './UserMenu';

interface Options {
  visitor?: Visitor;
  auth?: AuthContextValue;
  client?: ReturnType<typeof rolesClient>;
  notifications?: NotificationsApi;
  /** A page under /app that never finishes loading (its chunk or data still on the way). */
  loadingPath?: string;
}

const neverLoads = new Promise<never>(() => undefined);
function LoadingPage(): never {
  return use(neverLoads);
}

async function renderLayout(path: string, { visitor = 'employee', auth = authFor(visitor), client = rolesClient(), notifications, loadingPath }: Options = {}) {
  const tree = (
    <AuthContext.Provider value={auth}>
      <ApolloProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/app" element={<AppLayout />}>
              {loadingPath ? <Route path={loadingPath} element={<LoadingPage />} /> : null}
              <Route path="*" element={<h1>Page</h1>} />
            </Route>
            <Route path="*" element={<h1>Outside</h1>} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </ApolloProvider>
    </AuthContext.Provider>
  );
  await act(async () => {
    render(notifications ? <NotificationsContext.Provider value={notifications}>{tree}</NotificationsContext.Provider> : tree);
  });
  await firstFramePassed();
  return auth;
}

const sidebar = () => screen.getByRole('navigation', { name: 'Main navigation', hidden: true });
const menuButton = () => screen.getByRole('button', { name: 'Open menu' });
const isOpen = () => sidebar().classList.contains('is-open');
const location = () => screen.getByTestId('location').textContent;

function setWidth(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}

beforeEach(() => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
});

describe('mobile sidebar', () => {
  it("opens from the 'Open menu' button, which says it controls the sidebar", async () => {
    await renderLayout('/app/dashboard');
    expect(menuButton().getAttribute('aria-controls')).toBe(sidebar().id);
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    expect(isOpen()).toBe(false);
    fireEvent.click(menuButton());
    expect(isOpen()).toBe(true);
    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
    // Focus moves into the drawer.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close menu' }));
  });

  it('closes on Escape and gives focus back to the menu button', async () => {
    await renderLayout('/app/dashboard');
    fireEvent.click(menuButton());
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(isOpen()).toBe(false);
    expect(document.activeElement).toBe(menuButton());
  });

  it('closes after navigation', async () => {
    await renderLayout('/app/dashboard');
    fireEvent.click(menuButton());
    await act(async () => {
      fireEvent.click(within(sidebar()).getByRole('link', { name: 'Sections' }));
    });
    expect(location()).toBe('/app/sections');
    expect(isOpen()).toBe(false);
  });

  it('gives the keyboard to the page when a link followed in the drawer hides it', async () => {
    await renderLayout('/app/dashboard');
    fireEvent.click(menuButton());
    const link = within(sidebar()).getByRole('link', { name: 'Sections' });
    link.focus();
    await act(async () => {
      fireEvent.click(link);
    });
    expect(isOpen()).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('leaves the focus where it is on a navigation from elsewhere while the drawer is open', async () => {
    await renderLayout('/app/sections');
    fireEvent.click(menuButton());
    const home = screen.getByRole('link', { name: 'Embark' });
    home.focus();
    await act(async () => {
      fireEvent.click(home);
    });
    expect(location()).toBe('/app/dashboard');
    expect(document.activeElement).toBe(home);
  });

  it('closes when the window grows to 1025 px or more, not before', async () => {
    await renderLayout('/app/dashboard');
    fireEvent.click(menuButton());
    setWidth(1024);
    expect(isOpen()).toBe(true);
    setWidth(1025);
    expect(isOpen()).toBe(false);
    // Back to a phone width: it stays closed.
    setWidth(390);
    expect(isOpen()).toBe(false);
  });

  it('closes from its own close button and from the backdrop, giving focus back to the menu button', async () => {
    await renderLayout('/app/dashboard');
    fireEvent.click(menuButton());
    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(isOpen()).toBe(false);
    expect(document.activeElement).toBe(menuButton());
    fireEvent.click(menuButton());
    const backdrop = document.querySelector('.shell-backdrop');
    expect(backdrop).not.toBeNull();
    fireEvent.click(backdrop as Element);
    expect(isOpen()).toBe(false);
    expect(document.activeElement).toBe(menuButton());
  });
});

describe('sidebar content', () => {
  const labels = () => within(sidebar()).getAllByRole('listitem').map((li) => li.textContent);

  it('shows the non-admin sidebar, with placeholders marked coming soon and the help card', async () => {
    await renderLayout('/app/dashboard');
    expect(labels()).toEqual([
      'Dashboard',
      'My Checklist',
      'Sections',
      'My Journal',
      'Documents',
      'Trainingcoming soon',
      'Find Colleaguescoming soon',
      'Contact Supportcoming soon',
      'My Profile',
    ]);
    expect(within(sidebar()).queryByRole('link', { name: /Training|Find Colleagues|Contact Support/ })).toBeNull();
    expect(within(sidebar()).getByText('Need Help?')).toBeTruthy();
    expect(within(sidebar()).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the admin sidebar to administrators', async () => {
    await renderLayout('/app/admin/users', { visitor: 'admin' });
    expect(labels()).toEqual([
      'Admin Dashboard',
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
    expect(within(sidebar()).getByRole('list', { name: 'Entity Management' })).toBeTruthy();
    // 'Admin Dashboard' is active on /app/admin only; on a section, the section is.
    expect(within(sidebar()).getByRole('link', { name: 'Admin Dashboard' }).getAttribute('aria-current')).toBeNull();
    expect(within(sidebar()).getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page');
  });

  it('keeps My Checklist active on a task page', async () => {
    await renderLayout('/app/checklist/4');
    expect(within(sidebar()).getByRole('link', { name: 'My Checklist' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('sidebar links for work done for others', () => {
  const labels = () => within(sidebar()).getAllByRole('listitem').map((li) => li.textContent);
  const TEAM = { data: [{ user: { id: 9, name: 'Hana Hire' }, stats: { completed: 1, total: 4 } }] };
  let rest: ReturnType<typeof fakeRestServer> | undefined;
  afterEach(() => rest?.restore());

  function serve({ openTasks = 0, team = { data: [] as unknown[] }, fail = false } = {}) {
    rest = fakeRestServer((_method, url) => {
      if (fail) return [500, { error: 'Internal server error' }];
      if (url === '/api/my-tasks?limit=1') return [200, { data: [], total: openTasks }];
      if (url === '/api/team') return [200, team];
      return [404, { error: 'Not found' }];
    });
    return rest;
  }

  it("shows 'Tasks for my hires' and 'My team' in a People group when they lead somewhere", async () => {
    const { calls } = serve({ openTasks: 3, team: TEAM });
    await renderLayout('/app/dashboard');
    await waitFor(() => expect(within(sidebar()).getByRole('list', { name: 'People' })).toBeTruthy());
    expect(calls.sort()).toEqual(['GET /api/my-tasks?limit=1', 'GET /api/team']);
    expect(labels().slice(0, 6)).toEqual(['Dashboard', 'My Checklist', 'Sections', 'My Journal', 'Tasks for my hires', 'My team']);
    expect(within(sidebar()).getByRole('link', { name: 'Tasks for my hires' }).getAttribute('href')).toBe('/app/my-tasks');
    expect(within(sidebar()).getByRole('link', { name: 'My team' }).getAttribute('href')).toBe('/app/team');
  });

  it('marks the page it is on, and follows the link', async () => {
    serve({ openTasks: 1, team: TEAM });
    await renderLayout('/app/team');
    await waitFor(() => expect(within(sidebar()).getByRole('link', { name: 'My team' }).getAttribute('aria-current')).toBe('page'));
    await act(async () => fireEvent.click(within(sidebar()).getByRole('link', { name: 'Tasks for my hires' })));
    expect(location()).toBe('/app/my-tasks');
  });

  it('shows each link only when its own answer says so', async () => {
    const { calls } = serve({ openTasks: 2 });
    await renderLayout('/app/dashboard');
    await waitFor(() => expect(within(sidebar()).getByRole('link', { name: 'Tasks for my hires' })).toBeTruthy());
    expect(calls).toHaveLength(2);
    expect(within(sidebar()).queryByRole('link', { name: 'My team' })).toBeNull();
  });

  it('shows them to administrators too, after the admin dashboard', async () => {
    serve({ team: TEAM });
    await renderLayout('/app/admin', { visitor: 'admin' });
    await waitFor(() => expect(within(sidebar()).getByRole('link', { name: 'My team' })).toBeTruthy());
    expect(labels().slice(0, 3)).toEqual(['Admin Dashboard', 'My team', 'Users']);
    expect(within(sidebar()).queryByRole('link', { name: 'Tasks for my hires' })).toBeNull();
  });

  it('shows neither without open tasks or reports', async () => {
    const { calls } = serve();
    await renderLayout('/app/dashboard');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(within(sidebar()).queryByRole('list', { name: 'People' })).toBeNull();
  });

  it('shows neither when the questions fail', async () => {
    const { calls } = serve({ fail: true, openTasks: 1, team: TEAM });
    await renderLayout('/app/dashboard');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(within(sidebar()).queryByRole('list', { name: 'People' })).toBeNull();
    expect(labels()[0]).toBe('Dashboard');
  });

  it('asks again after a navigation, at most every 30 s: the last open task done, the link goes', async () => {
    let open = 1;
    let now = Date.now();
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    rest = fakeRestServer((_method, url) => (url === '/api/team' ? [200, { data: [] }] : [200, { data: [], total: open }]));
    await renderLayout('/app/dashboard');
    await waitFor(() => expect(within(sidebar()).getByRole('link', { name: 'Tasks for my hires' })).toBeTruthy());
    open = 0;
    now += 30_000;
    await act(async () => fireEvent.click(within(sidebar()).getByRole('link', { name: 'Sections' })));
    await waitFor(() => expect(within(sidebar()).queryByRole('link', { name: 'Tasks for my hires' })).toBeNull());
    expect(rest.calls).toHaveLength(4);
  });
});

describe('header', () => {
  it('links the logo to the dashboard (the admin area for administrators) and shows the page title', async () => {
    await renderLayout('/app/journal/new');
    expect(screen.getByRole('link', { name: 'Embark' }).getAttribute('href')).toBe('/app/dashboard');
    expect(document.querySelector('.shell-header__title')?.textContent).toBe('New Journal Entry');
  });

  it('links the logo to /app/admin for administrators', async () => {
    await renderLayout('/app/admin', { visitor: 'admin' });
    expect(screen.getByRole('link', { name: 'Embark' }).getAttribute('href')).toBe('/app/admin');
  });

  it('shows breadcrumbs in a nav named Breadcrumb, the last one marking the page', async () => {
    await renderLayout('/app/admin/checklist-items', { visitor: 'admin' });
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Dashboard', '/app'],
      ['Admin', '/app/admin'],
    ]);
    expect(within(nav).getByText('Checklist Items').getAttribute('aria-current')).toBe('page');
  });

  it.each([
    ['/app/my-tasks', 'Tasks for my hires'],
    ['/app/team', 'My team'],
    ['/app/profile/notifications', 'Notification preferences'],
  ])('titles %s "%s" in the header and the last breadcrumb', async (path, title) => {
    await renderLayout(path);
    expect(document.querySelector('.shell-header__title')?.textContent).toBe(title);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getByText(title).getAttribute('aria-current')).toBe('page');
  });
});

describe('user menu', () => {
  it("shows the name, the role name from the roles list and the email, with Profile Settings and Sign Out", async () => {
    await renderLayout('/app/dashboard');
    const button = screen.getByRole('button', { name: 'User menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(panel.hidden).toBe(false);
    expect(within(panel).getByText('Erin Employee')).toBeTruthy();
    expect(within(panel).getByText('Employee')).toBeTruthy();
    expect(within(panel).getByText('employee@example.com')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Profile Settings' }).getAttribute('href')).toBe('/app/profile');
    expect(within(panel).getByRole('button', { name: 'Sign Out' })).toBeTruthy();
  });

  it("says 'Front-Line Staff' when the role is not in the list", async () => {
    const auth = authFor('employee');
    await renderLayout('/app/dashboard', { auth: { ...auth, user: auth.user && { ...auth.user, role_id: 99 } } });
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    expect(screen.getAllByText('Front-Line Staff').length).toBeGreaterThan(0);
  });

  it("says 'Front-Line Staff' when the roles cannot be loaded", async () => {
    await renderLayout('/app/dashboard', { client: rolesClient([], new Error('offline')) });
    expect(screen.getAllByText('Front-Line Staff').length).toBeGreaterThan(0);
  });

  it('signs out through the auth contract', async () => {
    const auth = await renderLayout('/app/dashboard');
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    });
    expect(auth.logout).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape, on a click outside, and after following Profile Settings', async () => {
    await renderLayout('/app/dashboard');
    const button = screen.getByRole('button', { name: 'User menu' });
    fireEvent.click(button);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    fireEvent.mouseDown(screen.getByRole('heading', { name: 'Page' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(button);
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Profile Settings' }));
    });
    expect(location()).toBe('/app/profile');
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes at once on following Profile Settings, while the profile page is still loading', async () => {
    await renderLayout('/app/dashboard', { loadingPath: 'profile' });
    const button = screen.getByRole('button', { name: 'User menu' });
    fireEvent.click(button);
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Profile Settings' }));
    });
    // The router keeps the current page on screen meanwhile; the menu must not stay open over it.
    expect(screen.getByRole('heading', { name: 'Page' })).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('following a link from the keyboard gives focus back to the menu button; a link opened elsewhere leaves the menu open', async () => {
    await renderLayout('/app/dashboard', { loadingPath: 'profile' });
    const button = screen.getByRole('button', { name: 'User menu' });
    fireEvent.click(button);
    const link = screen.getByRole('link', { name: 'Profile Settings' });
    // Ctrl-click: a new tab, this page stays as it is.
    fireEvent.click(link, { ctrlKey: true });
    expect(button.getAttribute('aria-expanded')).toBe('true');

    link.focus();
    await act(async () => {
      fireEvent.click(link);
    });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada', 'A'],
    ['  Jean  Luc  Picard ', 'JP'],
    ['', '?'],
  ])('initials of %p are %p', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});

describe('notification bell', () => {
  it("says 'No notifications' until the checklist provides them, with no unread dot", async () => {
    await renderLayout('/app/dashboard');
    const bell = screen.getByRole('button', { name: 'Notifications' });
    expect(screen.queryByTestId('unread-dot')).toBeNull();
    fireEvent.click(bell);
    expect(screen.getByText('No notifications')).toBeTruthy();
  });

  it('shows the unread dot and lists notifications from the contract; marks them read', async () => {
    const markRead = jest.fn();
    const markAllRead = jest.fn();
    const now = Date.now();
    await renderLayout('/app/dashboard', {
      notifications: {
        hasUnread: true,
        markRead,
        markAllRead,
        notifications: [
          { id: 'c1', title: 'Task Completed', description: 'Sign your contract', timestamp: new Date(now - 5 * 60_000).toISOString(), status: 'unread', href: '/app/checklist/1' },
          { id: 'n2', title: 'Next Task', description: 'Safety training', timestamp: new Date(now - 2 * 3_600_000).toISOString(), status: 'read' },
        ],
      },
    });
    expect(screen.getByTestId('unread-dot')).toBeTruthy();
    // The name says what the dot shows.
    const bell = screen.getByRole('button', { name: 'Notifications (1 unread)' });
    fireEvent.click(bell);
    const panel = document.getElementById(bell.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(within(panel).getByText('5m ago')).toBeTruthy();
    expect(within(panel).getByText('2h ago')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Mark as read: Task Completed, Sign your contract' }));
    expect(markRead).toHaveBeenCalledWith('c1');
    // The used button goes away with the unread state; focus stays in the panel.
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'Notifications' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    expect(markAllRead).toHaveBeenCalledTimes(1);
  });
});
