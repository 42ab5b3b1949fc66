// A file of its own: useAfterFirstPaint remembers a drawn frame for the whole module, and this case
// starts before any frame.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AFTER_FIRST_PAINT_TIMEOUT_MS } from '../../app/after-first-paint';
import { authFor, EMPLOYEE, fakeRestServer, heldIdleCallback } from '../../app/test-support';
import { bell, bellOnPage, checklistServer, item, panel, titles } from './test-support';

// Fake timers hold the frame and the 1 s cap; the idle moment comes when the test says so.
const { idle, requestIdleCallback } = heldIdleCallback({ fakeTimers: true });
let rest: ReturnType<typeof fakeRestServer> | undefined;

beforeEach(() => window.localStorage.clear());
afterEach(() => rest?.restore());

it("asks for the signed-in user's checklist and server notifications only after the first frame and an idle moment, once", async () => {
  const { server, client } = checklistServer([item(1, 'Sign your contract'), item(2, 'Safety training')]);
  rest = fakeRestServer((method, url) => {
    if (method === 'GET' && url === '/api/notifications') {
      const escalation = { id: 1, type: 'escalation', title: 'Escalation', body: 'A task is overdue', link: null, created_at: new Date().toISOString(), read_at: null };
      return [200, { data: [escalation], unread: 1 }];
    }
    return [404, { error: 'Not found' }];
  });
  const { calls } = rest;

  render(bellOnPage(client, authFor('employee', { user: EMPLOYEE })));
  fireEvent.click(bell());
  const nothingYet = () => {
    expect(server.requests).toBe(0);
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
  expect(server.requests).toBe(1);
  expect(calls).toEqual(['GET /api/notifications']);
  expect(titles()).toEqual(['Escalation', 'Next Task', 'Next Task']);

  // The 1 s cap passing later asks nothing more.
  act(() => jest.advanceTimersByTime(AFTER_FIRST_PAINT_TIMEOUT_MS));
  expect(server.requests).toBe(1);
  expect(calls).toEqual(['GET /api/notifications']);
});
