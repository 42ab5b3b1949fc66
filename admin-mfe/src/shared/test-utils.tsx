import type { ReactElement } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MockedProvider, type MockedProviderProps } from '@apollo/client/testing/react';
import { MemoryRouter } from 'react-router';
import { AuthContext, ToastContext, type AuthContextValue, type ToastApi } from '@embark/shared-ui';
import { AdminRolesDocument, AdminUsersDocument, type AdminUserFieldsFragment, type AdminUsersFilter } from '../__generated__/graphql';

/* Test helpers of the admin screens: the providers the shell gives a remote, with mocked GraphQL. */

export type Mocks = NonNullable<MockedProviderProps['mocks']>;

export const ADMIN_ID = 1;
/**
 * How long a mocked answer waits when a test first checks the loading state: long enough that a
 * slow first render on a busy CI machine cannot outlast it, short enough for the test's timeout.
 */
export const LOADING_DELAY_MS = 1500;

export function fakeToasts() {
  return { show: jest.fn(), success: jest.fn(), error: jest.fn(), warning: jest.fn(), info: jest.fn(), dismiss: jest.fn() } satisfies Record<keyof ToastApi, jest.Mock>;
}

const auth: AuthContextValue = {
  status: 'authenticated',
  user: { id: ADMIN_ID, name: 'Alex Admin', email: 'admin@example.com', role_id: 4, completion_percentage: 0, last_login_at: null, created_at: '2025-01-01T00:00:00.000Z', start_date: '2025-01-01' },
  isAdmin: true,
  refreshUser: () => Promise.resolve(),
  logout: () => Promise.resolve(),
};

/**
 * `cache`: what the shell's client already holds when the screen opens (a screen visited before).
 * `showWarnings: false` for tests that mount screens without their data on purpose (routing), so the
 * mocks' "no more mocked responses" warnings stay for tests where a missing answer is a mistake.
 */
export async function renderAdmin(ui: ReactElement, mocks: Mocks, path = '/app/admin', { cache, showWarnings = true }: { cache?: MockedProviderProps['cache']; showWarnings?: boolean } = {}) {
  const toasts = fakeToasts();
  const view = await act(async () =>
    render(
      <MockedProvider mocks={mocks} cache={cache} showWarnings={showWarnings}>
        <AuthContext.Provider value={auth}>
          <ToastContext.Provider value={toasts}>
            <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
          </ToastContext.Provider>
        </AuthContext.Provider>
      </MockedProvider>,
    ),
  );
  return { toasts, ...view };
}

export const ROLES = [
  { __typename: 'Role' as const, id: 1, name: 'Employee', description: 'Regular employees.' },
  { __typename: 'Role' as const, id: 2, name: 'Manager', description: null },
  { __typename: 'Role' as const, id: 4, name: 'SysAdmin', description: 'Administrators.' },
];

/** The roles query, answered `times` times. */
export function rolesMock(roles = ROLES, times = 5): Mocks[number] {
  return { request: { query: AdminRolesDocument }, result: { data: { roles } }, maxUsageCount: times };
}

/** A user as the admin lists answer them: Ana, an employee with no manager or buddy, unless overridden. */
export function adminUser(overrides: Partial<AdminUserFieldsFragment> = {}): AdminUserFieldsFragment & { __typename: 'AdminUser' } {
  return {
    __typename: 'AdminUser',
    id: 10,
    name: 'Ana Lopez',
    email: 'ana@example.com',
    role_id: 1,
    role_name: 'Employee',
    start_date: '2025-03-03',
    completion_percentage: 40,
    last_login_at: null,
    is_active: true,
    two_factor_enabled: false,
    manager_id: null,
    manager_name: null,
    buddy_id: null,
    buddy_name: null,
    ...overrides,
  };
}

/** The search a person field (manager, buddy) sends with nothing typed. */
export const PICKER: AdminUsersFilter = { search: null, roleId: null, status: 'active', sort: 'name', order: 'asc', page: 1, limit: 8 };

/** A person field's search for `search`, answered with `data`. */
export function peopleMock(search: string | null, data: AdminUserFieldsFragment[]): Mocks[number] {
  return { request: { query: AdminUsersDocument, variables: { filter: { ...PICKER, search } } }, result: { data: { adminUsers: { __typename: 'AdminUserPage', total: data.length, page: 1, limit: 8, data } } }, maxUsageCount: 10 };
}

/** Types into a person field and waits for the debounced search's suggestions. */
export async function searchPeople(label: string, text: string) {
  fireEvent.change(screen.getByRole('combobox', { name: label }), { target: { value: text } });
  return screen.findByRole('listbox', { name: label });
}

/** A GraphQL error the gateway would send for a rule (e.g. CONFLICT), as a mock result. */
export function domainError(message: string, code: string) {
  return { errors: [{ message, extensions: { code } }] };
}

/** Escape on a dialog: the cancel event the browser sends it (jsdom has no showModal). */
export function pressEscape(dialog: HTMLElement) {
  fireEvent(dialog, new Event('cancel', { cancelable: true }));
}

/** While its action is under way a dialog stays: × is disabled, and neither it nor Escape closes it. */
export function expectStaysOpen(dialog: HTMLElement, onClose: jest.Mock) {
  const close = within(dialog).getByRole('button', { name: 'Close' }) as HTMLButtonElement;
  expect(close.disabled).toBe(true);
  fireEvent.click(close);
  pressEscape(dialog);
  expect(onClose).not.toHaveBeenCalled();
}
