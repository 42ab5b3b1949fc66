import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { of } from 'rxjs';
import { Link, MemoryRouter } from 'react-router';
import { AuthContext, STORAGE_KEYS } from '@embark/shared-ui';
import { authFor, EMPLOYEE } from '../../app/test-support';
import { ShellChecklistDocument } from '../../__generated__/graphql';
import { NotificationBell } from './NotificationBell';
import { NotificationsProvider } from './NotificationsProvider';

interface Item {
  __typename: 'UserChecklistItem';
  id: number;
  title: string;
  item_order: number;
  completed: boolean;
  completed_at: string | null;
  dueDate: string;
  daysUntilDue: number;
}

const item = (id: number, title: string, fields: Partial<Item> = {}): Item => ({
  __typename: 'UserChecklistItem',
  id,
  title,
  item_order: id,
  completed: false,
  completed_at: null,
  dueDate: '2099-01-01',
  daysUntilDue: 26_000,
  ...fields,
});

/** A client whose server holds `server.items`; counts the checklist requests. */
function checklistServer(items: Item[]) {
  const server = { items, requests: 0 };
  const link = new ApolloLink((operation) => {
    if (operation.operationName === 'ShellChecklist') server.requests += 1;
    return of({ data: { myChecklist: server.items.map((i) => ({ ...i })) } });
  });
  const client = new ApolloClient({ link, cache: new InMemoryCache() });
  return { server, client };
}

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
          </MemoryRouter>
        </ApolloProvider>
      </AuthContext.Provider>,
    );
  });
  return utils as ReturnType<typeof render>;
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });
const panel = () => document.getElementById(bell().getAttribute('aria-controls') ?? '') as HTMLElement;
const titles = () => within(panel()).getAllByRole('listitem').map((li) => li.querySelector('.shell-bell__item-title')?.firstChild?.textContent);

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
    await act(async () => {
      render(
        <AuthContext.Provider value={authFor('anonymous')}>
          <ApolloProvider client={client}>
            <MemoryRouter>
              <NotificationsProvider>
                <NotificationBell />
              </NotificationsProvider>
            </MemoryRouter>
          </ApolloProvider>
        </AuthContext.Provider>,
      );
    });
    expect(server.requests).toBe(0);
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
    const client = new ApolloClient({ link, cache: new InMemoryCache() });
    await renderBell(client);
    fireEvent.click(bell());
    expect(within(panel()).getByText('No notifications')).toBeTruthy();
  });
});
