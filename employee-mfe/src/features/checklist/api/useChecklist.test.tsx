import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { of } from 'rxjs';
import { TIMING_MS } from '@embark/shared-ui';
import { CACHE_TYPE_POLICIES } from '@embark/shared-ui/kit/apollo-client';
import { sampleChecklist } from '../test-data';
import { resetChecklistFreshness, useMyChecklist } from './useChecklist';

let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  resetChecklistFreshness();
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
  Reflect.deleteProperty(document, 'visibilityState');
});

/** The hook on a client whose server counts the checklist requests. */
function renderChecklist() {
  const asked = { count: 0 };
  const link = new ApolloLink(() => {
    asked.count += 1;
    return of({ data: { myChecklist: sampleChecklist() } });
  });
  const client = new ApolloClient({ link, cache: new InMemoryCache({ typePolicies: CACHE_TYPE_POLICIES }) });
  renderHook(() => useMyChecklist(), { wrapper: ({ children }: { children: ReactNode }) => <ApolloProvider client={client}>{children}</ApolloProvider> });
  return asked;
}

const halfHourPasses = () => act(async () => jest.advanceTimersByTimeAsync(TIMING_MS.checklistCacheRefresh));

/** Someone uses the page: a key, a pointer, the wheel, a touch or a focus change. */
const used = (type: 'keydown' | 'pointerdown' | 'pointermove' | 'wheel' | 'touchstart' | 'focusin') => window.dispatchEvent(new Event(type));

describe('useMyChecklist, a page left open', () => {
  it('refreshes the checklist every 30 minutes while its tab is visible and someone uses it', async () => {
    const asked = renderChecklist();
    await act(async () => jest.advanceTimersByTimeAsync(0));
    expect(asked.count).toBe(1);
    await halfHourPasses();
    expect(asked.count).toBe(2);
    for (const type of ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart', 'focusin'] as const) {
      used(type);
      await halfHourPasses();
    }
    expect(asked.count).toBe(8);
  });

  it('nobody using it: one more refresh at most, then nothing, so the session can idle out; used again, it goes on', async () => {
    const asked = renderChecklist();
    await act(async () => jest.advanceTimersByTimeAsync(0));
    for (let i = 0; i < 8; i++) await halfHourPasses();
    expect(asked.count).toBe(2);
    used('pointerdown');
    await halfHourPasses();
    expect(asked.count).toBe(3);
  });

  it('one of two open pages closing does not stop the other noticing use', async () => {
    const asked = { count: 0 };
    const link = new ApolloLink(() => {
      asked.count += 1;
      return of({ data: { myChecklist: sampleChecklist() } });
    });
    const client = new ApolloClient({ link, cache: new InMemoryCache({ typePolicies: CACHE_TYPE_POLICIES }) });
    const wrapper = ({ children }: { children: ReactNode }) => <ApolloProvider client={client}>{children}</ApolloProvider>;
    const first = renderHook(() => useMyChecklist(), { wrapper });
    renderHook(() => useMyChecklist(), { wrapper });
    await act(async () => jest.advanceTimersByTimeAsync(0));
    await halfHourPasses();
    first.unmount();
    for (let i = 0; i < 3; i++) await halfHourPasses();
    const before = asked.count;
    used('keydown');
    await halfHourPasses();
    expect(asked.count).toBe(before + 1);
  });

  it('asks nothing while its tab is hidden, so an unattended session can idle out; visible again, it goes on', async () => {
    const asked = renderChecklist();
    await act(async () => jest.advanceTimersByTimeAsync(0));
    expect(asked.count).toBe(1);
    visibility = 'hidden';
    for (let i = 0; i < 5; i++) await halfHourPasses();
    expect(asked.count).toBe(1);
    visibility = 'visible';
    await halfHourPasses();
    expect(asked.count).toBe(2);
  });
});
