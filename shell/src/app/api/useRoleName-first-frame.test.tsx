// A file of its own: useAfterFirstPaint remembers a drawn frame for the whole module, and this case
// starts before any frame.
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { of } from 'rxjs';
import { AFTER_FIRST_PAINT_TIMEOUT_MS } from '../after-first-paint';
import { EMPLOYEE, heldIdleCallback, ROLES, testCache } from '../test-support';
import { useRoleName } from './useRoleName';

// Fake timers hold the frame and the 1 s cap; the idle moment comes when the test says so.
const { idle, requestIdleCallback } = heldIdleCallback({ fakeTimers: true });


it("asks for the signed-in user's role name only after the first frame and an idle moment, once", async () => {
  const requests: Array<string | undefined> = [];
  const link = new ApolloLink((operation) => {
    requests.push(operation.operationName);
    return of({ data: { roles: ROLES } });
  });
  const client = new ApolloClient({ link, cache: testCache() });
  const wrapper = ({ children }: { children: ReactNode }) => <ApolloProvider client={client}>{children}</ApolloProvider>;

  const { result } = renderHook(() => useRoleName(EMPLOYEE.role_id), { wrapper });
  expect(result.current).toBeNull();
  expect(requests).toEqual([]);

  // A drawn frame alone is not enough: the header's data waits for the browser to be idle too.
  act(() => jest.advanceTimersToNextFrame());
  expect(requestIdleCallback).toHaveBeenCalledTimes(1);
  expect(result.current).toBeNull();
  expect(requests).toEqual([]);

  act(() => idle[0]?.());
  await waitFor(() => expect(result.current).toBe('Employee'));
  expect(requests).toEqual(['ShellRoles']);

  // The 1 s cap passing later asks nothing more.
  act(() => jest.advanceTimersByTime(AFTER_FIRST_PAINT_TIMEOUT_MS));
  expect(requests).toEqual(['ShellRoles']);
  expect(result.current).toBe('Employee');
});
