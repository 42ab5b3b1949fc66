import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MockedProvider, type MockedProviderProps } from '@apollo/client/testing/react';
import { GraphQLError } from 'graphql';
import { ToastContext, type ToastApi } from '@embark/shared-ui';
import { MySessionsDocument, RevokeOtherSessionsDocument, RevokeSessionDocument } from '../../../__generated__/graphql';
import { SessionsCard } from './SessionsCard';

type Mocks = NonNullable<MockedProviderProps['mocks']>;

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const MINUTE = 60_000;

function session(id: string, userAgent: string | null, ip: string | null, lastSeenMsAgo: number, current = false) {
  return { __typename: 'SessionType' as const, id, createdAt: '2026-03-02T09:00:00.000Z', lastSeenAt: ago(lastSeenMsAgo), userAgent, ip, current };
}

const THIS = session('0d8a5a4e-0000-4000-8000-000000000001', CHROME_LINUX, '203.0.113.9', 10_000, true);
const FIREFOX = session('0d8a5a4e-0000-4000-8000-000000000002', FIREFOX_WINDOWS, '198.51.100.7', 5 * MINUTE + 5_000);
const PHONE = session('0d8a5a4e-0000-4000-8000-000000000003', SAFARI_IPHONE, '2001:db8::1', 3 * 60 * MINUTE);

// The server answers most recently active first; this device is not necessarily first.
const listMock = (sessions = [FIREFOX, THIS, PHONE]): Mocks[number] => ({ request: { query: MySessionsDocument }, result: { data: { mySessions: sessions } } });

function toasts(): { [K in keyof ToastApi]: jest.Mock } {
  return { show: jest.fn(), success: jest.fn(), error: jest.fn(), warning: jest.fn(), info: jest.fn(), dismiss: jest.fn() };
}

async function renderCard(mocks: Mocks) {
  const toast = toasts();
  await act(async () => {
    render(
      <MockedProvider mocks={mocks}>
        <ToastContext.Provider value={toast}>
          <SessionsCard />
        </ToastContext.Provider>
      </MockedProvider>,
    );
  });
  return toast;
}

const card = () => screen.getByRole('region', { name: 'Active sessions' });
const rows = () => within(screen.getByRole('list', { name: 'Signed-in devices' })).getAllByTestId('session');
const summary = () => screen.getByTestId('sessions-summary');

describe('active sessions', () => {
  it('lists each device with its address and last activity, this device first and marked', async () => {
    await renderCard([listMock()]);
    expect(await within(card()).findByText('Also signed in on 2 other devices.')).toBeTruthy();
    const [first, second, third] = rows();
    expect(within(first!).getByText('Chrome on Linux')).toBeTruthy();
    expect(within(first!).getByText('This device')).toBeTruthy();
    expect(first!.getAttribute('aria-current')).toBe('true');
    expect(within(first!).getByText('203.0.113.9')).toBeTruthy();
    expect(within(first!).getByText('Just now')).toBeTruthy();
    expect(within(first!).queryByRole('button')).toBeNull();

    expect(within(second!).getByText('Firefox on Windows')).toBeTruthy();
    expect(within(second!).queryByText('This device')).toBeNull();
    expect(within(second!).getByText('198.51.100.7')).toBeTruthy();
    expect(within(second!).getByText('5m ago')).toBeTruthy();
    expect(within(second!).getByText('Mar 2, 2026')).toBeTruthy();
    expect(within(second!).getByRole('button', { name: 'Sign out Firefox on Windows (198.51.100.7)' }).textContent).toBe('Sign out');

    expect(within(third!).getByText('Safari on iOS')).toBeTruthy();
    expect(within(third!).getByText('3h ago')).toBeTruthy();
    expect(within(third!).getByRole('button', { name: 'Sign out Safari on iOS (2001:db8::1)' })).toBeTruthy();
    expect(within(card()).getByRole('button', { name: 'Sign out everywhere else' })).toBeTruthy();
  });

  it('names what it cannot read as unknown', async () => {
    await renderCard([listMock([THIS, session('0d8a5a4e-0000-4000-8000-000000000004', null, null, 2 * MINUTE)])]);
    const other = (await screen.findAllByTestId('session'))[1]!;
    expect(within(other).getByText('Unknown device')).toBeTruthy();
    expect(within(other).getByText('Unknown')).toBeTruthy();
    expect(within(other).getByRole('button', { name: 'Sign out Unknown device (Unknown)' })).toBeTruthy();
  });

  it('shows a named loading status while the list is on its way', async () => {
    await renderCard([{ request: { query: MySessionsDocument }, delay: Infinity }]);
    expect(within(card()).getByRole('status', { name: 'Loading your sessions' })).toBeTruthy();
  });

  it('only this device: says so and offers no sign-out', async () => {
    await renderCard([listMock([THIS])]);
    expect(await within(card()).findByText('You are not signed in anywhere else.')).toBeTruthy();
    expect(rows()).toHaveLength(1);
    expect(within(card()).queryByRole('button')).toBeNull();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    await renderCard([{ request: { query: MySessionsDocument }, error: new Error('offline') }, listMock()]);
    const alert = await within(card()).findByRole('alert');
    expect(alert.textContent).toContain('Could not load your sessions.');
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Retry' })));
    expect(await within(card()).findByText('Also signed in on 2 other devices.')).toBeTruthy();
  });

  it('signs out one other session: gone from the list, a toast, focus on the summary', async () => {
    const toast = await renderCard([listMock(), { request: { query: RevokeSessionDocument, variables: { id: FIREFOX.id } }, result: { data: { revokeSession: true } } }]);
    await screen.findAllByTestId('session');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign out Firefox on Windows (198.51.100.7)' })));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Signed out Firefox on Windows'));
    expect(rows().map((row) => within(row).getAllByText(/ on /)[0]!.textContent)).toEqual(['Chrome on Linux', 'Safari on iOS']);
    expect(summary().textContent).toBe('Also signed in on 1 other device.');
    expect(document.activeElement).toBe(summary());
  });

  it('signs out everywhere else, keeping this device', async () => {
    const toast = await renderCard([listMock(), { request: { query: RevokeOtherSessionsDocument }, result: { data: { revokeOtherSessions: 2 } } }]);
    await screen.findAllByTestId('session');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' })));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Signed out 2 other sessions'));
    expect(rows()).toHaveLength(1);
    expect(within(rows()[0]!).getByText('This device')).toBeTruthy();
    expect(summary().textContent).toBe('You are not signed in anywhere else.');
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
    expect(document.activeElement).toBe(summary());
  });

  it('a failed sign-out says so and keeps the session listed', async () => {
    const toast = await renderCard([listMock(), { request: { query: RevokeSessionDocument, variables: { id: PHONE.id } }, error: new Error('offline') }]);
    await screen.findAllByTestId('session');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign out Safari on iOS (2001:db8::1)' })));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Could not sign out that session. Please try again.'));
    expect(rows()).toHaveLength(3);
  });

  it('a session that already ended is dropped from the list with a note', async () => {
    const toast = await renderCard([
      listMock(),
      { request: { query: RevokeSessionDocument, variables: { id: PHONE.id } }, result: { errors: [new GraphQLError('Session not found', { extensions: { code: 'NOT_FOUND' } })] } },
      listMock([FIREFOX, THIS]),
    ]);
    await screen.findAllByTestId('session');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign out Safari on iOS (2001:db8::1)' })));
    await waitFor(() => expect(toast.info).toHaveBeenCalledWith('That session had already ended'));
    expect(toast.error).not.toHaveBeenCalled();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByText('Safari on iOS')).toBeNull();
  });

  it('a failed "sign out everywhere else" says so', async () => {
    const toast = await renderCard([listMock(), { request: { query: RevokeOtherSessionsDocument }, error: new Error('offline') }]);
    await screen.findAllByTestId('session');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' })));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Could not sign out your other sessions. Please try again.'));
    expect(rows()).toHaveLength(3);
  });
});
