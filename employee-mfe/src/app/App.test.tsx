import { act, render, screen, within } from '@testing-library/react';
import { MockedProvider, type MockedProviderProps } from '@apollo/client/testing/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { RolesDocument } from '../__generated__/graphql';
import EmployeeApp from './App';

type Mocks = NonNullable<MockedProviderProps['mocks']>;

const roles = [
  { __typename: 'Role' as const, id: 1, name: 'Employee', description: 'Staff members' },
  { __typename: 'Role' as const, id: 2, name: 'Manager', description: null },
];

/** Mounts the remote the way the shell does: under /app/*, with the shell's router and client. */
async function renderAt(path: string, mocks: Mocks = []) {
  await act(async () => {
    render(
      <MockedProvider mocks={mocks}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/app/*" element={<EmployeeApp basePath="/app" />} />
          </Routes>
        </MemoryRouter>
      </MockedProvider>,
    );
  });
}

describe('employee remote', () => {
  it('lists the roles on the dashboard from the generated Roles query', async () => {
    await renderAt('/app/dashboard', [{ request: { query: RolesDocument }, result: { data: { roles } } }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Roles' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['EmployeeStaff members', 'ManagerNo description']);
    expect(document.title).toBe('Dashboard — Embark');
  });

  it('shows a loading state first', async () => {
    await renderAt('/app/dashboard', [{ request: { query: RolesDocument }, result: { data: { roles } }, delay: 10_000 }]);
    expect(screen.getByRole('status', { name: 'Loading roles' })).toBeTruthy();
  });

  it("shows the spec's roles error when the query fails", async () => {
    await renderAt('/app/dashboard', [{ request: { query: RolesDocument }, error: new Error('Network error') }]);
    expect(await screen.findByText('Failed to load roles. Please refresh the page.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('shows an empty state when there are no roles', async () => {
    await renderAt('/app/dashboard', [{ request: { query: RolesDocument }, result: { data: { roles: [] } } }]);
    expect(await screen.findByText('No roles have been set up yet.')).toBeTruthy();
  });

  it('renders the checklist placeholder', async () => {
    await renderAt('/app/checklist');
    expect(screen.getByRole('heading', { level: 1, name: 'My Checklist' })).toBeTruthy();
  });

  it.each([
    ['/app/checklist/12', 'Task Details'],
    ['/app/sections', 'Sections'],
    ['/app/journal', 'My Journal'],
    ['/app/journal/new', 'New Journal Entry'],
    ['/app/journal/7', 'Journal Entry'],
    ['/app/documents', 'Documents'],
    ['/app/policies', 'Company Policies'],
  ])('renders a placeholder page for %s headed %s', async (path, title) => {
    await renderAt(path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it('redirects its index to the dashboard', async () => {
    await renderAt('/app', [{ request: { query: RolesDocument }, result: { data: { roles } } }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
  });

  it('shows a not-found page with a way back for unknown paths', async () => {
    await renderAt('/app/unknown');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your dashboard' }).getAttribute('href')).toBe('/app/dashboard');
  });
});
