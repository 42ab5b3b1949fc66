import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AuthContext, ToastProvider, type RemoteAppProps } from '@embark/shared-ui';
import { createRemoteLoader, type LoadModule } from '../remotes/remote-loader';
import { RemoteLoaderProvider } from '../remotes/RemoteLoaderContext';
import { AppRoutes } from './AppRoutes';
import { authFor, LocationProbe, rolesClient, type Visitor } from './test-support';

// The Apollo client of the signed-in area, swapped for one that answers without a network.
const mockApollo: { client: ReturnType<typeof rolesClient> | null } = { client: null };
jest.mock('./apollo', () => ({ sharedApolloClient: () => mockApollo.client }));
// The sign-in screens belong to the session code and have their own tests; here they only need to appear.
jest.mock('../features/login/LoginPage', () => ({ __esModule: true, default: () => <h1>Sign-in screen</h1> }));
jest.mock('../features/register/RegisterPage', () => ({ __esModule: true, default: () => <h1>Registration screen</h1> }));
jest.mock('../features/accept-invite/AcceptInvitePage', () => ({ __esModule: true, default: () => <h1>Invitation screen</h1> }));
jest.mock('../features/password-reset/ForgotPasswordPage', () => ({ __esModule: true, default: () => <h1>Forgot-password screen</h1> }));
jest.mock('../features/password-reset/ResetPasswordPage', () => ({ __esModule: true, default: () => <h1>Reset-password screen</h1> }));

function fakeRemote(id: string) {
  return {
    default: function FakeRemote({ basePath }: RemoteAppProps) {
      return <h1>{`${id} at ${basePath}`}</h1>;
    },
  };
}

const workingRemotes = () => jest.fn(async (id: string) => fakeRemote(id));

/** Renders inside an awaited act(): React 19 only flushes work pinged by a suspended `use()` then. */
async function renderAt(path: string, loadModule: LoadModule, visitor: Visitor = 'employee') {
  const loader = createRemoteLoader(loadModule);
  await act(async () => {
    render(
      <AuthContext.Provider value={authFor(visitor)}>
        <RemoteLoaderProvider loader={loader}>
          <MemoryRouter initialEntries={[path]}>
            <ToastProvider>
              <AppRoutes />
              <LocationProbe />
            </ToastProvider>
          </MemoryRouter>
        </RemoteLoaderProvider>
      </AuthContext.Provider>,
    );
  });
}

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  mockApollo.client = rolesClient();
  // Boundaries report failures on the console; keep the test output readable.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

describe('landing page', () => {
  it('renders on / for guests without loading any remote', async () => {
    const load = workingRemotes();
    await renderAt('/', load, 'anonymous');
    expect(await screen.findByRole('heading', { level: 1, name: 'Onboarding your new hires actually finish' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Sign in' })[0]?.getAttribute('href')).toBe('/login');
    expect(screen.getAllByRole('link', { name: /Get started/ })[0]?.getAttribute('href')).toBe('/register');
    expect(load).not.toHaveBeenCalled();
    expect(document.title).toBe('Embark — Onboarding Portal');
  });

  it.each([
    ['employee', '/app/dashboard', 'employee_mfe/App at /app'],
    ['admin', '/app/admin', 'admin_mfe/App at /app/admin'],
  ] as const)('sends a signed-in %s from / to %s', async (visitor, target, heading) => {
    await renderAt('/', workingRemotes(), visitor);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    expect(location()).toBe(target);
  });
});

describe('guards', () => {
  it.each([
    ['/app/dashboard', 'anonymous', '/login', 'Sign-in screen'],
    ['/app', 'anonymous', '/login', 'Sign-in screen'],
    ['/app/admin/users', 'anonymous', '/login', 'Sign-in screen'],
    ['/app/admin/roles', 'employee', '/app/dashboard', 'employee_mfe/App at /app'],
    ['/app/journal', 'admin', '/app/admin', 'admin_mfe/App at /app/admin'],
    ['/app', 'employee', '/app/dashboard', 'employee_mfe/App at /app'],
    ['/app', 'admin', '/app/admin', 'admin_mfe/App at /app/admin'],
    ['/login', 'employee', '/app/dashboard', 'employee_mfe/App at /app'],
    ['/register', 'admin', '/app/admin', 'admin_mfe/App at /app/admin'],
    ['/register', 'anonymous', '/register', 'Registration screen'],
    ['/accept-invite?token=abc', 'anonymous', '/accept-invite', 'Invitation screen'],
    ['/forgot-password', 'anonymous', '/forgot-password', 'Forgot-password screen'],
    ['/reset-password?token=abc', 'anonymous', '/reset-password', 'Reset-password screen'],
    ['/reset-password?token=abc', 'employee', '/app/dashboard', 'employee_mfe/App at /app'],
  ] as const)('%s as %s ends on %s', async (path, visitor, target, heading) => {
    await renderAt(path, workingRemotes(), visitor);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    expect(location()).toBe(target);
  });

  it.each(['/app/checklist', '/app/checklist/3', '/app/profile'])('lets an administrator open %s (employee remote)', async (path) => {
    const load = workingRemotes();
    await renderAt(path, load, 'admin');
    expect(await screen.findByRole('heading', { name: 'employee_mfe/App at /app' })).toBeTruthy();
    expect(location()).toBe(path);
    expect(load.mock.calls).toEqual([['employee_mfe/App']]);
  });

  it('shows a spinner and loads nothing while the session is being checked', async () => {
    const load = workingRemotes();
    await renderAt('/app/dashboard', load, 'uninitialised');
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
    expect(location()).toBe('/app/dashboard');
  });
});

describe('signed-in area', () => {
  it('mounts the employee remote for /app/* inside the layout, and never the admin remote', async () => {
    const load = workingRemotes();
    await renderAt('/app/checklist', load);
    expect(await screen.findByRole('heading', { name: 'employee_mfe/App at /app' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Embark' }).getAttribute('href')).toBe('/app/dashboard');
    expect(screen.getByRole('button', { name: 'User menu' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(load.mock.calls).toEqual([['employee_mfe/App']]);
  });

  it.each(['/app/admin', '/app/admin/users'])('mounts only the admin remote for %s', async (path) => {
    const load = workingRemotes();
    await renderAt(path, load, 'admin');
    expect(await screen.findByRole('heading', { name: 'admin_mfe/App at /app/admin' })).toBeTruthy();
    expect(load.mock.calls).toEqual([['admin_mfe/App']]);
  });

  it('sets the document title and breadcrumbs from the route, and updates them on navigation', async () => {
    await renderAt('/app/checklist', workingRemotes());
    await screen.findByRole('heading', { name: 'employee_mfe/App at /app' });
    expect(document.title).toBe('My Checklist — Embark');
    const crumbs = () =>
      within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(crumbs()).toEqual(['Dashboard', 'Checklist']);

    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'My Journal' }));
    });
    expect(document.title).toBe('My Journal — Embark');
    expect(crumbs()).toEqual(['Dashboard', 'Journal']);
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });
});

describe('not-found page', () => {
  it('shows the not-found page for other paths, with a way home', async () => {
    const load = workingRemotes();
    await renderAt('/no/such/page', load, 'anonymous');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Page not found — Embark');
    expect(load).not.toHaveBeenCalled();
  });

  it('leads signed-in users back to their dashboard (unknown /app paths included)', async () => {
    await renderAt('/app/nothing-here', workingRemotes(), 'admin');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your dashboard' }).getAttribute('href')).toBe('/app/admin');
  });
});

describe('render errors', () => {
  it('shows the generic error screen when the shell itself fails to render', async () => {
    // A malformed answer (an object where the role name should be) makes the header throw.
    mockApollo.client = rolesClient([{ __typename: 'Role', id: 1, name: { broken: true } }]);
    await renderAt('/app/dashboard', workingRemotes());
    const region = await screen.findByRole('region', { name: 'Something went wrong' });
    expect(within(region).getByRole('alert').textContent).toBe('An unexpected error occurred. Please try again.');
    expect(
      within(region)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Reload Page', 'Try Again', 'Go to Dashboard']);
  });
});

describe('remote failures', () => {
  it('shows the error screen inside the working layout, and Try Again re-attempts the load', async () => {
    let available = false;
    const load = jest.fn(async (id: string) => {
      if (!available) throw new Error('ScriptNetworkError: Failed to load script');
      return fakeRemote(id);
    });
    await renderAt('/app/checklist', load);

    const screenRegion = await screen.findByRole('region', { name: 'Something went wrong' });
    expect(within(screenRegion).getByRole('alert').textContent).toBe('An unexpected error occurred. Please try again.');
    expect(
      within(screenRegion)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Reload Page', 'Try Again', 'Go to Dashboard']);
    // The rest of the shell keeps working.
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);

    // Still down: Try Again re-attempts and fails again.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);

    // Back up: Try Again renders the remote.
    available = true;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    });
    expect(await screen.findByRole('heading', { name: 'employee_mfe/App at /app' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('Go to Dashboard navigates to /app/dashboard and re-attempts', async () => {
    let available = false;
    const load = jest.fn(async (id: string) => {
      if (!available) throw new Error('down');
      return fakeRemote(id);
    });
    await renderAt('/app/checklist', load);
    await screen.findByRole('heading', { name: 'Something went wrong' });
    expect(screen.getByRole('link', { name: 'My Checklist' }).getAttribute('aria-current')).toBe('page');
    available = true;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Go to Dashboard' }));
    });
    expect(await screen.findByRole('heading', { name: 'employee_mfe/App at /app' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('catches a render error of a remote the same way', async () => {
    const load = jest.fn(async () => ({
      default: function Broken(): never {
        throw new Error('render failed');
      },
    }));
    await renderAt('/app/dashboard', load);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
  });

  it('re-attempts a remote that failed earlier when its page is opened again', async () => {
    let adminUp = false;
    const load = jest.fn(async (id: string) => {
      if (id.startsWith('admin_mfe') && !adminUp) throw new Error('down');
      return fakeRemote(id);
    });
    await renderAt('/app/admin', load, 'admin');
    await screen.findByRole('heading', { name: 'Something went wrong' });
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'View Checklist' }));
    });
    expect(await screen.findByRole('heading', { name: 'employee_mfe/App at /app' })).toBeTruthy();
    adminUp = true;
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Admin Dashboard' }));
    });
    expect(await screen.findByRole('heading', { name: 'admin_mfe/App at /app/admin' })).toBeTruthy();
    expect(load.mock.calls.map(([id]) => id)).toEqual(['admin_mfe/App', 'employee_mfe/App', 'admin_mfe/App']);
  });
});
