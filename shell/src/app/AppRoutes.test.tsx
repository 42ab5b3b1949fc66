import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { RemoteAppProps } from '@embark/shared-ui';
import { createRemoteLoader, type LoadModule } from '../remotes/remote-loader';
import { RemoteLoaderProvider } from '../remotes/RemoteLoaderContext';
import { AppRoutes } from './AppRoutes';

function fakeRemote(id: string) {
  return {
    default: function FakeRemote({ basePath }: RemoteAppProps) {
      return <h1>{`${id} at ${basePath}`}</h1>;
    },
  };
}

/** Renders inside an awaited act(): React 19 only flushes work pinged by a suspended `use()` then. */
async function renderAt(path: string, loadModule: LoadModule) {
  const loader = createRemoteLoader(loadModule);
  await act(async () => {
    render(
      <RemoteLoaderProvider loader={loader}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </RemoteLoaderProvider>,
    );
  });
}

beforeEach(() => {
  // The remote boundary reports failures on the console; keep the test output readable.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('shell routes', () => {
  it('renders the landing page on / without loading any remote', async () => {
    const load = jest.fn(async (id: string) => fakeRemote(id));
    await renderAt('/', load);
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Sign in' })[0]?.getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Get started' }).getAttribute('href')).toBe('/register');
    expect(load).not.toHaveBeenCalled();
    expect(document.title).toBe('Embark — Onboarding Portal');
  });

  it('mounts the employee remote for /app/* inside the layout, and never the admin remote', async () => {
    const load = jest.fn(async (id: string) => fakeRemote(id));
    await renderAt('/app/checklist', load);
    expect(await screen.findByRole('heading', { name: 'employee_mfe/App at /app' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Embark' })).toBeTruthy();
    expect(load.mock.calls).toEqual([['employee_mfe/App']]);
  });

  it('redirects /app to the dashboard (employee remote)', async () => {
    const load = jest.fn(async (id: string) => fakeRemote(id));
    await renderAt('/app', load);
    expect(await screen.findByRole('heading', { name: 'employee_mfe/App at /app' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
  });

  it.each(['/app/admin', '/app/admin/users/7'])('mounts only the admin remote for %s', async (path) => {
    const load = jest.fn(async (id: string) => fakeRemote(id));
    await renderAt(path, load);
    expect(await screen.findByRole('heading', { name: 'admin_mfe/App at /app/admin' })).toBeTruthy();
    expect(load.mock.calls).toEqual([['admin_mfe/App']]);
  });

  it('shows the not-found page for other paths', async () => {
    const load = jest.fn(async (id: string) => fakeRemote(id));
    await renderAt('/no/such/page', load);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
    expect(load).not.toHaveBeenCalled();
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
});

describe('remote failures across pages', () => {
  it('re-attempts a remote that failed earlier when its page is opened again', async () => {
    let adminUp = false;
    const load = jest.fn(async (id: string) => {
      if (id.startsWith('admin_mfe') && !adminUp) throw new Error('down');
      return fakeRemote(id);
    });
    await renderAt('/app/admin', load);
    await screen.findByRole('heading', { name: 'Something went wrong' });
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    });
    expect(await screen.findByRole('heading', { name: 'employee_mfe/App at /app' })).toBeTruthy();
    adminUp = true;
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Administration' }));
    });
    expect(await screen.findByRole('heading', { name: 'admin_mfe/App at /app/admin' })).toBeTruthy();
    expect(load.mock.calls.map(([id]) => id)).toEqual(['admin_mfe/App', 'employee_mfe/App', 'admin_mfe/App']);
  });
});
