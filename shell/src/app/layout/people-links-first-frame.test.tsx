// A file of its own: useAfterFirstPaint remembers a drawn frame for the whole module, and this case
// starts before any frame.
import { act, renderHook, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AFTER_FIRST_PAINT_TIMEOUT_MS } from '../after-first-paint';
import { EMPLOYEE, fakeRestServer, heldIdleCallback } from '../test-support';
import { usePeopleLinks } from './people-links';

// Fake timers hold the frame and the 1 s cap; the idle moment comes when the test says so.
const { idle, requestIdleCallback } = heldIdleCallback({ fakeTimers: true });
let rest: ReturnType<typeof fakeRestServer> | undefined;

afterEach(() => rest?.restore());

it("asks for the signed-in user's people links only after the first frame and an idle moment, once", async () => {
  rest = fakeRestServer((_method, url) => {
    if (url === '/api/my-tasks?limit=1') return [200, { data: [], total: 2 }];
    if (url === '/api/team') return [200, { data: [{ user: { id: 9, name: 'Hana Hire' }, stats: { completed: 1, total: 4 } }] }];
    return [404, { error: 'Not found' }];
  });
  const { calls } = rest;

  const { result } = renderHook(() => usePeopleLinks(EMPLOYEE.id), { wrapper: MemoryRouter });
  expect(result.current).toEqual({ myTasks: false, team: false });
  expect(calls).toEqual([]);

  // A drawn frame alone is not enough: the sidebar's data waits for the browser to be idle too.
  act(() => jest.advanceTimersToNextFrame());
  expect(requestIdleCallback).toHaveBeenCalledTimes(1);
  expect(result.current).toEqual({ myTasks: false, team: false });
  expect(calls).toEqual([]);

  act(() => idle[0]?.());
  await waitFor(() => expect(result.current).toEqual({ myTasks: true, team: true }));
  expect([...calls].sort()).toEqual(['GET /api/my-tasks?limit=1', 'GET /api/team']);

  // The 1 s cap passing later asks nothing more.
  act(() => jest.advanceTimersByTime(AFTER_FIRST_PAINT_TIMEOUT_MS));
  expect(calls).toHaveLength(2);
  expect(result.current).toEqual({ myTasks: true, team: true });
});
