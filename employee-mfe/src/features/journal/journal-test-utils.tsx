import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MockedProvider, type MockedProviderProps } from '@apollo/client/testing/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AuthContext, ToastContext, type AuthContextValue, type ToastApi } from '@embark/shared-ui';
import { JournalEntriesDocument, JournalStatsDocument, JournalTagsDocument, PopularTagsDocument, type JournalEntryFieldsFragment } from '../../__generated__/graphql';
import { JournalEntryPage } from './JournalEntryPage';
import { JournalPage } from './JournalPage';
import { NewJournalEntryPage } from './NewJournalEntryPage';

/* Test helpers for the journal screens: the routes as the remote mounts them, with mocks. */

export type Mocks = NonNullable<MockedProviderProps['mocks']>;

export const USER_ID = 7;

export function fakeToasts() {
  return { show: jest.fn(), success: jest.fn(), error: jest.fn(), warning: jest.fn(), info: jest.fn(), dismiss: jest.fn() } satisfies Record<keyof ToastApi, jest.Mock>;
}

const auth: AuthContextValue = {
  status: 'authenticated',
  user: { id: USER_ID, name: 'Nina New', email: 'nina@example.com', role_id: 1, completion_percentage: 0, last_login_at: null, created_at: '2025-01-01T00:00:00.000Z', start_date: '2025-01-01' },
  isAdmin: false,
  refreshUser: () => Promise.resolve(),
  logout: () => Promise.resolve(),
};

/** Shows where the router is, so tests can assert navigations. */
function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** `around`: rendered beside the routes, inside the router (a link standing for the sidebar's, say). */
export async function renderJournal(path: string, mocks: Mocks, around?: ReactNode) {
  const toasts = fakeToasts();
  const view = await act(async () =>
    render(
      <MockedProvider mocks={mocks}>
        <AuthContext.Provider value={auth}>
          <ToastContext.Provider value={toasts}>
            <MemoryRouter initialEntries={[path]}>
              <Routes>
                <Route path="/app/journal" element={<JournalPage />} />
                <Route path="/app/journal/new" element={<NewJournalEntryPage />} />
                <Route path="/app/journal/:id" element={<JournalEntryPage />} />
              </Routes>
              <Location />
              {around}
            </MemoryRouter>
          </ToastContext.Provider>
        </AuthContext.Provider>
      </MockedProvider>,
    ),
  );
  return { toasts, ...view };
}

const ISO = '2025-03-01T10:00:00.000Z';

export function entryData(overrides: Partial<JournalEntryFieldsFragment> = {}): JournalEntryFieldsFragment & { __typename: 'JournalEntry' } {
  const content = overrides.content ?? 'I met the team and set up my laptop.';
  return {
    __typename: 'JournalEntry',
    id: 1,
    user_id: USER_ID,
    title: 'First week',
    content,
    preview: Array.from(content).slice(0, 150).join(''),
    visibility: 'private',
    tags: ['onboarding'],
    linked_task_ids: '',
    linked_tasks: [],
    linked_documents: [],
    taskContext: null,
    created_at: ISO,
    updated_at: ISO,
    ...overrides,
  };
}

/** A GraphQL error answer as the gateway sends it. */
export function gqlError(message: string, code: string) {
  return { errors: [{ message, extensions: { code } }] };
}

/**
 * An empty list page (its list, stats and tags), for tests that end up on /app/journal, answered
 * `times` times: twice when a save lands after the page has loaded, since a save reloads the list.
 */
export function listPageMocks(times = 1): Mocks {
  const page: Mocks = [
    {
      request: { query: JournalEntriesDocument, variables: { filter: { visibility: 'all', sort: 'created_at', order: 'desc', page: 1, limit: 10 } } },
      result: { data: { journalEntries: { __typename: 'JournalEntryPage', total: 0, page: 1, limit: 10, data: [] } } },
    },
    { request: { query: JournalStatsDocument }, result: { data: { journalStats: { __typename: 'JournalStats', total_entries: 0, recent_entries: 0, total_tags: 0 } } } },
    { request: { query: JournalTagsDocument }, result: { data: { tags: [] } } },
    { request: { query: PopularTagsDocument, variables: { limit: 10 } }, result: { data: { popularTags: [] } } },
  ];
  return page.map((mock) => ({ ...mock, maxUsageCount: times }));
}
