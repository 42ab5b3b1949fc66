// A file of its own: useAfterFirstPaint remembers a drawn frame for the whole module, and this case
// starts before any frame.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { of } from 'rxjs';
import { MemoryRouter } from 'react-router';
import { AuthContext } from '@embark/shared-ui';
import { AFTER_FIRST_PAINT_TIMEOUT_MS } from '../../app/after-first-paint';
import { authFor, EMPLOYEE, fakeRestServer, heldIdleCallback, testCache } from '../../app/test-support';
import { NotificationBell } from './NotificationBell';
import { NotificationsProvider } from './NotificationsProvider';

// Fake timers hold the frame and the 1 s cap; the idle moment comes when the test says so.
const { idle, requestIdleCallback } = heldIdleCallback({ fakeTimers: true });
let rest: ReturnType<typeof fakeRestServer> | undefined;

beforeEach(() => window.localStorage.clear());
afterEach(() => rest?.restore());

const checklistItem = (id: number, title: string) => ({
  __typename: 'UserChecklistItem' as const,
  id,
  title,
  item_order: id,
  completed: false,
  completed_at: null,
  dueDate: '2099-01-01',
  daysUntilDue: 26_000,
  owner_type: 'new_hire' as const,
});

const bell = () => screen.getByRole('button', { name: /^Notifications/ });
const panel = () => document.getElementById(bell().getAttribute('aria-controls') ?? '') as HTMLElement;

it("asks for the signed-in user's checklist and server notifications only after the first frame and an idle moment, once", async () => {
  const checklistRequests: Array<string | undefined> = [];
  const link = new ApolloLink((operation) => {
    checklistRequests.push(operation.operationName);
    return of({ data: { myChecklist: [checklistItem(1, 'Sign your contract'), checklistItem(2, 'Safety training')] } });
  });
  const client = new ApolloClient({ link, cache: testCache() });
  rest = fakeRestServer((method, url) => {
    if (method === 'GET' && url === '/api/notifications') {
      const escalation = { id: 1, type: 'escalation', title: 'Escalation', body: 'A task is overdue', link: null, created_at: new Date().toISOString(), read_at: null };
      return [200, { data: [escalation], unread: 1 }];
    }
    return [404, { error: 'Not found' }];
  });
  const { calls } = rest;

  render(
    <AuthContext.Provider value={authFor('employee', { user: EMPLOYEE })}>
      <ApolloProvider client={client}>
        <MemoryRouter initialEntries={['/app/dashboard']}>
          <NotificationsProvider>
            <NotificationBell />
          </NotificationsProvider>
        </MemoryRouter>
      </ApolloProvider>
    </AuthContext.Provider>,
  );
  fireEvent.click(bell());
  const nothingYet = () => {
    expect(checklistRequests).toEqual([]);
    expect(calls).toEqual([]);
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    expect(screen.queryByTestId('unread-dot')).toBeNull();
    expect(within(panel()).getByText('No notifications')).toBeTruthy();
  };
  nothingYet();

  // A drawn frame alone is not enough: the bell's data waits for the browser to be idle too.
  act(() => jest.advanceTimersToNextFrame());
  expect(requestIdleCallback).toHaveBeenCalledTimes(1);
  nothingYet();

  act(() => idle[0]?.());
  await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications (3 unread)'));
  expect(checklistRequests).toEqual(['ShellChecklist']);
  expect(calls).toEqual(['GET /api/notifications']);
  const titles = within(panel())
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.shell-bell__item-title')?.firstChild?.textContent);
  expect(titles).toEqual(['Escalation', 'Next Task', 'Next Task']);

  // The 1 s cap passing later asks nothing more.
  act(() => jest.advanceTimersByTime(AFTER_FIRST_PAINT_TIMEOUT_MS));
  expect(checklistRequests).toEqual(['ShellChecklist']);
  expect(calls).toEqual(['GET /api/notifications']);
});
