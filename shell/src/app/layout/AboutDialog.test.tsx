import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApolloProvider } from '@apollo/client/react';
import { MemoryRouter } from 'react-router';
import { AuthContext } from '@embark/shared-ui';
import { seriousViolations } from '@embark/shared-ui/testing/axe';
import { authFor, rolesClient } from '../test-support';
import { configureManifests, markLoaded, type ManifestFetch } from '../../remotes/manifests';
import { UserMenu } from './UserMenu';

// The employee remote is configured by its manifest; the admin remote by its remoteEntry.js (no
// manifest is read for it).
const serveManifests: ManifestFetch = async (url) => {
  if (url.startsWith('https://employee.example.com/')) {
    return {
      ok: true,
      status: 200,
      json: async () => ({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
        embark: { name: '@embark/employee-mfe', version: '0.4.0', commit: 'e1e2e3e4e5e6' },
      }),
    };
  }
  return { ok: false, status: 404, json: async () => null };
};

async function openAbout() {
  configureManifests({ employee_mfe: 'https://employee.example.com/mf-manifest.json', admin_mfe: 'https://admin.example.com/remoteEntry.js' }, serveManifests);
  await act(async () => {
    render(
      <AuthContext.Provider value={authFor('employee')}>
        <ApolloProvider client={rolesClient()}>
          <MemoryRouter initialEntries={['/app/dashboard']}>
            <UserMenu />
          </MemoryRouter>
        </ApolloProvider>
      </AuthContext.Provider>,
    );
  });
  const menuButton = screen.getByRole('button', { name: 'User menu' });
  fireEvent.click(menuButton);
  fireEvent.click(screen.getByRole('button', { name: 'About Embark' }));
  const dialog = await screen.findByRole('dialog', { name: 'About Embark' });
  await waitFor(() => expect(within(dialog).getByRole('rowheader', { name: 'Employee pages' })).toBeTruthy());
  return { dialog, menuButton };
}

const cells = (dialog: HTMLElement, part: string) =>
  within(dialog)
    .getByRole('rowheader', { name: part })
    .closest('tr')
    ?.querySelectorAll('td') ?? [];

describe('About Embark', () => {
  it('opens from the user menu and lists the shell and each remote with version, commit and status', async () => {
    markLoaded('employee_mfe', { entry: 'https://employee.example.com/remoteEntry.js', version: '0.4.0', commit: 'e1e2e3e4e5e6' });
    const { dialog } = await openAbout();
    expect(within(dialog).getByText('The versions running in this page. Quote them when you report a problem.')).toBeTruthy();
    expect([...cells(dialog, 'App shell')].map((cell) => cell.textContent)).toEqual(['0.0.0', 'unknown', 'Running']);
    expect([...cells(dialog, 'Employee pages')].map((cell) => cell.textContent)).toEqual(['0.4.0', 'e1e2e3e4e5e6', 'Running']);
    expect([...cells(dialog, 'Admin pages')].map((cell) => cell.textContent)).toEqual(['–', '–', 'Version not published (configured by its remoteEntry.js)']);
    expect(within(dialog).getByRole('rowheader', { name: 'Federation runtime' })).toBeTruthy();
  });

  it('has no serious accessibility violations', async () => {
    const { dialog } = await openAbout();
    expect(await seriousViolations(dialog)).toEqual([]);
  });

  it('closes with Escape or its close button, giving the focus back to the user menu', async () => {
    const { dialog, menuButton } = await openAbout();
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(menuButton);

    fireEvent.click(menuButton);
    fireEvent.click(screen.getByRole('button', { name: 'About Embark' }));
    const again = await screen.findByRole('dialog', { name: 'About Embark' });
    fireEvent.click(within(again).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(menuButton);
  });
});
