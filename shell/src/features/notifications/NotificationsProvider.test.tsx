import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense, use } from 'react';
import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { of } from 'rxjs';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { AuthContext, STORAGE_KEYS } from '@embark/shared-ui';
import { authFor, EMPLOYEE, fakeRestServer, firstFramePassed, LocationProbe, testCache } from '../../app/test-support';
import { ShellChecklistDocument } from '../../__generated__/graphql';
import { NotificationBell } from './NotificationBell';
import { NotificationsProvider } from './NotificationsProvider';
import type { ServerNotification } from './api/server-notifications';
import { bell, bellOnPage, checklistServer, item, panel, titles } from './test-support';

async function renderBell(client: ApolloClient, user = EMPLOYEE) {
  const auth = authFor('employee', { user });
  let utils: ReturnType<typeof render> | undefined;
  await act(async () => {
    utils = render(
      <AuthContext.Provider value={auth}>
        <ApolloProvider client={client}>
          <MemoryRouter initialEntries={['/app/dashboard']}>
            <NotificationsProvider>
              <NotificationBell />
              <Link to="/app/checklist">Checklist</Link>
              <Link to="/app/sections">Sections</Link>
            </NotificationsProvider>
            <LocationProbe />
          </MemoryRouter>
        </ApolloProvider>
      </AuthContext.Provider>,
    );
  });
  await firstFramePassed();
  return utils as ReturnType<typeof render>;
}


const NEW_HIRE_ITEMS = [item(1, 'Sign your contract'), item(2, 'Safety training'), item(3, 'Meet your buddy'), item(4, 'Set up your laptop')];

beforeEach(() => window.localStorage.clear());

describe('NotificationsProvider', () => {
  it("derives up to 3 notifications from the user's checklist; the dot and the button's name show the unread state", async () => {
    const { client } = checklistServer(NEW_HIRE_ITEMS);
    await renderBell(client);
    expect(screen.getByTestId('unread-dot')).toBeTruthy();
    expect(bell().getAttribute('aria-label')).toBe('Notifications (3 unread)');
    fireEvent.click(bell());
    expect(titles()).toEqual(['Next Task', 'Next Task', 'Next Task']);
    expect(within(panel()).getByText('Sign your contract · Due Jan 1, 2099')).toBeTruthy();
    // Nothing completed yet: the next tasks date from the account's creation.
    expect(within(panel()).getAllByText('Jan 6, 2025')).toHaveLength(3);
  });

  it('marks one read, then all; the dot goes and the read state survives a reload, for that user only', async () => {
    const { client } = checklistServer(NEW_HIRE_ITEMS);
    const first = await renderBell(client);
    fireEvent.click(bell());
    fireEvent.click(within(panel()).getByRole('button', { name: /^Mark as read: Next Task, Sign your contract/ }));
    expect(bell().getAttribute('aria-label')).toBe('Notifications (2 unread)');
    fireEvent.click(within(panel()).getByRole('button', { name: 'Mark all as read' }));
    expect(screen.queryByTestId('unread-dot')).toBeNull();
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    expect(within(panel()).queryByRole('button', { name: 'Mark all as read' })).toBeNull();
    expect(JSON.parse(window.localStorage.getItem(`${STORAGE_KEYS.notificationsReadPrefix}${EMPLOYEE.id}`) ?? '[]')).toEqual(['next:1', 'next:2', 'next:3']);
    first.unmount();

    await renderBell(client);
    expect(screen.queryByTestId('unread-dot')).toBeNull();
  });

  it('another user of the same browser starts with everything unread', async () => {
    window.localStorage.setItem(`${STORAGE_KEYS.notificationsReadPrefix}${EMPLOYEE.id}`, JSON.stringify(['next:1', 'next:2', 'next:3']));
    const { client } = checklistServer(NEW_HIRE_ITEMS);
    await renderBell(client, { ...EMPLOYEE, id: 99 });
    expect(bell().getAttribute('aria-label')).toBe('Notifications (3 unread)');
  });

  it('a task completed through GraphQL anywhere (the shared cache) shows at once as an unread "Task Completed"', async () => {
    const { client } = checklistServer(NEW_HIRE_ITEMS);
    await renderBell(client);
    fireEvent.click(bell());
    fireEvent.click(within(panel()).getByRole('button', { name: 'Mark all as read' }));
    expect(screen.queryByTestId('unread-dot')).toBeNull();

    // What a completion mutation's answer does to the normalised entry.
    await act(async () => {
      client.cache.modify({
        id: client.cache.identify({ __typename: 'UserChecklistItem', id: 1 }),
        fields: { completed: () => true, completed_at: () => new Date().toISOString() },
      });
      // Watches hear of cache changes asynchronously.
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByTestId('unread-dot')).toBeTruthy();
    expect(titles()).toEqual(['Task Completed', 'Next Task', 'Next Task']);
    expect(within(panel()).getByText('You completed "Sign your contract".')).toBeTruthy();
    // The next tasks became next with that completion.
    expect(within(panel()).getAllByText('Just now')).toHaveLength(3);
    // Only the completion is news: the two next tasks were next (and read) before.
    expect(bell().getAttribute('aria-label')).toBe('Notifications (1 unread)');
  });

  it('refetches on navigation, at most every 30 s (changes made through REST or another tab)', async () => {
    const { server, client } = checklistServer(NEW_HIRE_ITEMS);
    let now = Date.now();
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    await renderBell(client);
    expect(server.requests).toBe(1);

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Checklist' })));
    expect(server.requests).toBe(1);

    server.items = [item(1, 'Sign your contract', { completed: true, completed_at: new Date(now).toISOString() }), ...NEW_HIRE_ITEMS.slice(1)];
    now += 30_000;
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Sections' })));
    expect(server.requests).toBe(2);
    fireEvent.click(bell());
    expect(titles()).toEqual(['Task Completed', 'Next Task', 'Next Task']);
  });

  it('refetches when the tab becomes visible again', async () => {
    const { server, client } = checklistServer(NEW_HIRE_ITEMS);
    let now = Date.now();
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    await renderBell(client);
    now += 60_000;
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    expect(server.requests).toBe(2);
  });

  it('shows nothing (and asks nothing) without a signed-in user', async () => {
    const { server, client } = checklistServer(NEW_HIRE_ITEMS);
    const rest = notificationsServer([stored(1, 'Escalation')]).rest;
    await act(async () => {
      render(bellOnPage(client, authFor('anonymous')));
    });
    expect(server.requests).toBe(0);
    expect(rest.calls).toEqual([]);
    rest.restore();
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
  });

  it('reads the checklist the sign-in initialisation already cached, without a request', async () => {
    const { server, client } = checklistServer(NEW_HIRE_ITEMS);
    client.writeQuery({ query: ShellChecklistDocument, data: { myChecklist: NEW_HIRE_ITEMS } });
    await renderBell(client);
    expect(server.requests).toBe(0);
    expect(screen.getByTestId('unread-dot')).toBeTruthy();
  });

  it('follows read marks made in another tab', async () => {
    const { client } = checklistServer(NEW_HIRE_ITEMS);
    await renderBell(client);
    const key = `${STORAGE_KEYS.notificationsReadPrefix}${EMPLOYEE.id}`;
    window.localStorage.setItem(key, JSON.stringify(['next:1', 'next:2', 'next:3']));
    await act(async () => window.dispatchEvent(new StorageEvent('storage', { key })));
    expect(screen.queryByTestId('unread-dot')).toBeNull();
  });

  it('a failed checklist request leaves the bell empty, not broken', async () => {
    const link = new ApolloLink(() => of({ errors: [{ message: 'boom' }] }));
    const client = new ApolloClient({ link, cache: testCache() });
    await renderBell(client);
    fireEvent.click(bell());
    expect(within(panel()).getByText('No notifications')).toBeTruthy();
  });
});

type Stored = ServerNotification;

const stored = (id: number, title: string, fields: Partial<Stored> = {}): Stored => ({
  id,
  type: 'digest',
  title,
  body: `Body of ${title}`,
  link: '/app/my-tasks',
  created_at: new Date(Date.now() - id * 60_000).toISOString(),
  read_at: null,
  ...fields,
});

/** The notification routes over a list kept here; `fail` answers every call with a 500. */
function notificationsServer(list: Stored[], { unreadBeyond = 0 } = {}) {
  const state = { list, fail: false };
  const unread = () => state.list.filter((n) => n.read_at === null).length;
  const rest = fakeRestServer((method, url) => {
    if (state.fail) return [500, { error: 'Internal server error' }];
    if (method === 'GET' && url === '/api/notifications') return [200, { data: state.list, unread: unread() + unreadBeyond }];
    const one = /^\/api\/notifications\/(\d+)\/read$/.exec(url);
    if (method === 'POST' && one) {
      const found = state.list.find((n) => n.id === Number(one[1]));
      if (!found) return [404, { error: 'Notification not found' }];
      found.read_at = new Date().toISOString();
      return [200, found];
    }
    if (method === 'POST' && url === '/api/notifications/read-all') {
      const updated = unread();
      state.list.forEach((n) => (n.read_at ??= new Date().toISOString()));
      return [200, { updated }];
    }
    return [404, { error: 'Not found' }];
  });
  return { state, rest };
}

const location = () => screen.getByTestId('location').textContent;

describe('NotificationsProvider: notifications kept by the server', () => {
  let server: ReturnType<typeof notificationsServer>;
  afterEach(() => server.rest.restore());

  it('lists them (newest first) before the derived ones; the unread count and dot include them', async () => {
    server = notificationsServer([
      stored(1, 'Your checklist changed', { link: '/app/checklist' }),
      stored(2, '2 tasks need you', { read_at: '2026-01-01T00:00:00.000Z' }),
    ]);
    const { client } = checklistServer(NEW_HIRE_ITEMS);
    await renderBell(client);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications (4 unread)'));
    expect(server.rest.calls).toEqual(['GET /api/notifications']);
    fireEvent.click(bell());
    expect(titles()).toEqual(['Your checklist changed', '2 tasks need you', 'Next Task', 'Next Task', 'Next Task']);
    expect(within(panel()).getByText('Body of Your checklist changed')).toBeTruthy();
    expect(within(panel()).getByText('1m ago')).toBeTruthy();
    // The read one has no 'Mark as read' button; the unread one has.
    expect(within(panel()).queryByRole('button', { name: /^Mark as read: 2 tasks need you/ })).toBeNull();
    expect(within(panel()).getByRole('button', { name: 'Mark as read: Your checklist changed, Body of Your checklist changed' })).toBeTruthy();
  });

  it("counts the server's unread ones beyond the list it sends", async () => {
    server = notificationsServer([stored(1, 'Escalation')], { unreadBeyond: 60 });
    await renderBell(checklistServer([]).client);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications (61 unread)'));
    expect(screen.getByTestId('unread-dot')).toBeTruthy();
  });

  it('marks one read through the API, not in local storage', async () => {
    server = notificationsServer([stored(7, 'Your checklist changed')]);
    await renderBell(checklistServer([]).client);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications (1 unread)'));
    fireEvent.click(bell());
    fireEvent.click(within(panel()).getByRole('button', { name: /^Mark as read: Your checklist changed/ }));
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    expect(screen.queryByTestId('unread-dot')).toBeNull();
    await waitFor(() => expect(server.rest.calls).toEqual(['GET /api/notifications', 'POST /api/notifications/7/read']));
    expect(server.state.list[0]?.read_at).not.toBeNull();
    expect(window.localStorage.getItem(`${STORAGE_KEYS.notificationsReadPrefix}${EMPLOYEE.id}`)).toBeNull();
  });

  it('a mark that fails to send (offline) is undone, even when the reload fails too', async () => {
    server = notificationsServer([stored(7, 'Your checklist changed'), stored(8, 'Escalation')], { unreadBeyond: 3 });
    await renderBell(checklistServer([]).client);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications (5 unread)'));
    server.state.fail = true;
    fireEvent.click(bell());
    fireEvent.click(within(panel()).getByRole('button', { name: /^Mark as read: Your checklist changed/ }));
    expect(bell().getAttribute('aria-label')).toBe('Notifications (4 unread)');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications (5 unread)'));
    expect(within(panel()).getByRole('button', { name: /^Mark as read: Your checklist changed/ })).toBeTruthy();

    fireEvent.click(within(panel()).getByRole('button', { name: 'Mark all as read' }));
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications (5 unread)'));
    expect(within(panel()).getAllByRole('button', { name: /^Mark as read:/ })).toHaveLength(2);
    expect(server.state.list.every((n) => n.read_at === null)).toBe(true);
  });

  it("'Mark all as read' marks the derived ones locally and the server's through read-all", async () => {
    server = notificationsServer([stored(1, 'Escalation'), stored(2, 'Digest')]);
    await renderBell(checklistServer(NEW_HIRE_ITEMS).client);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications (5 unread)'));
    fireEvent.click(bell());
    fireEvent.click(within(panel()).getByRole('button', { name: 'Mark all as read' }));
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    expect(screen.queryByTestId('unread-dot')).toBeNull();
    await waitFor(() => expect(server.rest.calls).toEqual(['GET /api/notifications', 'POST /api/notifications/read-all']));
    expect(server.state.list.every((n) => n.read_at !== null)).toBe(true);
    expect(JSON.parse(window.localStorage.getItem(`${STORAGE_KEYS.notificationsReadPrefix}${EMPLOYEE.id}`) ?? '[]')).toEqual(['next:1', 'next:2', 'next:3']);
  });

  it("follows a notification's link and marks it read; a link off the site is not followed", async () => {
    server = notificationsServer([stored(1, 'Your checklist changed', { link: '/app/checklist' }), stored(2, 'Elsewhere', { link: 'https://example.org/x' }), stored(3, 'Sneaky', { link: '/\\example.org' })]);
    await renderBell(checklistServer([]).client);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications (3 unread)'));
    fireEvent.click(bell());
    expect(within(panel()).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/app/checklist']);
    await act(async () => fireEvent.click(within(panel()).getByRole('link', { name: /Your checklist changed/ })));
    expect(location()).toBe('/app/checklist');
    await waitFor(() => expect(server.rest.calls).toContain('POST /api/notifications/1/read'));
    expect(bell().getAttribute('aria-label')).toBe('Notifications (2 unread)');
  });

  it("closes on following a notification's link, while the next page is still loading", async () => {
    server = notificationsServer([stored(1, 'Your checklist changed', { link: '/app/checklist' })]);
    const neverLoads = new Promise<never>(() => undefined);
    function LoadingPage(): never {
      return use(neverLoads);
    }
    await act(async () => {
      render(
        <AuthContext.Provider value={authFor('employee', { user: EMPLOYEE })}>
          <ApolloProvider client={checklistServer([]).client}>
            <MemoryRouter initialEntries={['/app/dashboard']}>
              <NotificationsProvider>
                <NotificationBell />
                <Suspense fallback={<p>Loading page</p>}>
                  <Routes>
                    <Route path="/app/dashboard" element={<p>Dashboard page</p>} />
                    <Route path="/app/checklist" element={<LoadingPage />} />
                  </Routes>
                </Suspense>
              </NotificationsProvider>
            </MemoryRouter>
          </ApolloProvider>
        </AuthContext.Provider>,
      );
    });
    await firstFramePassed();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications (1 unread)'));
    fireEvent.click(bell());
    await act(async () => fireEvent.click(within(panel()).getByRole('link', { name: /Your checklist changed/ })));
    // The router keeps the old page on screen while the next one suspends; the panel must not stay open over it.
    expect(screen.getByText('Dashboard page')).toBeTruthy();
    expect(panel().hidden).toBe(true);
    expect(bell().getAttribute('aria-expanded')).toBe('false');
  });

  it('a failed notifications request leaves the derived ones working', async () => {
    server = notificationsServer([stored(1, 'Escalation')]);
    server.state.fail = true;
    await renderBell(checklistServer(NEW_HIRE_ITEMS).client);
    await waitFor(() => expect(server.rest.calls).toEqual(['GET /api/notifications']));
    expect(bell().getAttribute('aria-label')).toBe('Notifications (3 unread)');
    fireEvent.click(bell());
    expect(titles()).toEqual(['Next Task', 'Next Task', 'Next Task']);
    fireEvent.click(within(panel()).getByRole('button', { name: 'Mark all as read' }));
    expect(screen.queryByTestId('unread-dot')).toBeNull();
    // Nothing of the server's was unread, so nothing is sent.
    expect(server.rest.calls).toEqual(['GET /api/notifications']);
  });

  it('a mark the server refused is undone by loading the list again', async () => {
    server = notificationsServer([stored(1, 'Escalation')]);
    await renderBell(checklistServer([]).client);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications (1 unread)'));
    fireEvent.click(bell());
    server.rest.restore();
    const refusing = fakeRestServer((method) => (method === 'POST' ? [500, { error: 'Internal server error' }] : [200, { data: server.state.list, unread: 1 }]));
    server = { ...server, rest: refusing };
    fireEvent.click(within(panel()).getByRole('button', { name: /^Mark as read: Escalation/ }));
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications (1 unread)'));
    expect(refusing.calls).toEqual(['POST /api/notifications/1/read', 'GET /api/notifications']);
  });

  it('loads them again with the derived ones: on navigation at most every 30 s, and when the tab comes back', async () => {
    server = notificationsServer([]);
    let now = Date.now();
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    await renderBell(checklistServer(NEW_HIRE_ITEMS).client);
    await waitFor(() => expect(server.rest.calls).toHaveLength(1));

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Checklist' })));
    expect(server.rest.calls).toHaveLength(1);

    server.state.list = [stored(1, 'Your checklist changed')];
    now += 30_000;
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Sections' })));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications (4 unread)'));
    expect(server.rest.calls).toEqual(['GET /api/notifications', 'GET /api/notifications']);

    now += 60_000;
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(server.rest.calls).toHaveLength(3));
  });
});
