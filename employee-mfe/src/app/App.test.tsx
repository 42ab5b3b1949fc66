import { act, render, screen } from '@testing-library/react';
import { MockedProvider, type MockedProviderProps } from '@apollo/client/testing/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { DashboardDocument, MyChecklistDocument, SectionsChecklistDocument } from '../__generated__/graphql';
import EmployeeApp from './App';

type Mocks = NonNullable<MockedProviderProps['mocks']>;

/** Requests that stay in flight: enough to mount a page and check its frame. */
const pending = (query: Mocks[number]['request']['query'], variables?: Record<string, unknown>): Mocks[number] => ({
  request: { query, ...(variables ? { variables } : {}) },
  delay: Infinity,
});
const DASHBOARD_PENDING = pending(DashboardDocument, { tasksShown: 3, activitiesShown: 3 });

/** Mounts the remote the way the shell does: under /app/*, with the shell's router and client. */
async function renderAt(path: string, mocks: Mocks = []) {
  await act(async () => {
    render(
      // The routing tests mount screens without their data on purpose: no warnings for the answers they leave out.
      <MockedProvider mocks={mocks} showWarnings={mocks.length > 0}>
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
  it('mounts the dashboard at /app/dashboard (one Dashboard query) with its loading skeleton', async () => {
    await renderAt('/app/dashboard', [DASHBOARD_PENDING]);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading your dashboard' })).toBeTruthy();
    expect(document.title).toBe('Dashboard — Embark');
  });

  it.each([
    ['/app/checklist', 'My Checklist', MyChecklistDocument],
    ['/app/checklist/12', 'Task Details', MyChecklistDocument],
    ['/app/sections', 'Sections', SectionsChecklistDocument],
  ])('mounts %s headed %s while its checklist loads', async (path, title, query) => {
    await renderAt(path, [pending(query)]);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it.each([
    ['/app/journal', 'My Journal'],
    ['/app/journal/new', 'New Journal Entry'],
    ['/app/journal/7', 'Journal Entry'],
    ['/app/documents', 'Documents'],
    ['/app/policies', 'Company Policies'],
  ])('renders a placeholder page for %s headed %s', async (path, title) => {
    await renderAt(path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  describe('pages for work done for others, over REST', () => {
    // Requests that stay in flight, as above (jsdom has no fetch of its own).
    const fetchMock = jest.fn((_url: string) => new Promise<Response>(() => undefined));
    beforeEach(() => {
      globalThis.fetch = fetchMock as unknown as typeof fetch;
    });
    afterEach(() => {
      Reflect.deleteProperty(globalThis, 'fetch');
    });

    it.each([
      ['/app/my-tasks', 'Tasks for my hires', 'Loading your tasks', '/api/my-tasks?limit=200&offset=0'],
      ['/app/team', 'My team', 'Loading your team', '/api/team'],
      ['/app/profile/notifications', 'Notification preferences', 'Loading your notification preferences', '/api/notifications/preferences'],
    ])('mounts %s headed %s while it loads', async (path, title, loading, request) => {
      await renderAt(path);
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(screen.getByRole('status', { name: loading })).toBeTruthy();
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([request]);
    });
  });

  it('redirects its index to the dashboard', async () => {
    await renderAt('/app', [DASHBOARD_PENDING]);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
  });

  it('shows a not-found page with a way back for unknown paths', async () => {
    await renderAt('/app/unknown');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your dashboard' }).getAttribute('href')).toBe('/app/dashboard');
  });
});
