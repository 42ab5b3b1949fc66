import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ApiError, ToastContext, type ToastApi } from '@embark/shared-ui';
import type { ActiveSession, SessionsApi } from '../api/sessions-api';
import { SessionsCard } from './SessionsCard';

type FakeSessionsApi = { [K in keyof SessionsApi]: jest.Mock<ReturnType<SessionsApi[K]>, Parameters<SessionsApi[K]>> };

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const MINUTE = 60_000;

function session(id: string, userAgent: string | null, ip: string | null, lastSeenMsAgo: number, current = false): ActiveSession {
  return { id, created_at: '2026-03-02T09:00:00.000Z', last_seen_at: ago(lastSeenMsAgo), user_agent: userAgent, ip, current };
}

const THIS = session('0d8a5a4e-0000-4000-8000-000000000001', CHROME_LINUX, '203.0.113.9', 10_000, true);
const FIREFOX = session('0d8a5a4e-0000-4000-8000-000000000002', FIREFOX_WINDOWS, '198.51.100.7', 5 * MINUTE + 5_000);
const PHONE = session('0d8a5a4e-0000-4000-8000-000000000003', SAFARI_IPHONE, '2001:db8::1', 3 * 60 * MINUTE);

// The server answers most recently active first; this device is not necessarily first.
function fakeApi(sessions: ActiveSession[] = [FIREFOX, THIS, PHONE]): FakeSessionsApi {
  return {
    list: jest.fn(() => Promise.resolve(sessions)),
    revoke: jest.fn((_id: string) => Promise.resolve()),
    revokeOthers: jest.fn(() => Promise.resolve(sessions.filter((s) => !s.current).length)),
  };
}

function toasts(): { [K in keyof ToastApi]: jest.Mock } {
  return { show: jest.fn(), success: jest.fn(), error: jest.fn(), warning: jest.fn(), info: jest.fn(), dismiss: jest.fn() };
}

async function renderCard(api: FakeSessionsApi) {
  const toast = toasts();
  await act(async () => {
    render(
      <ToastContext.Provider value={toast}>
        <SessionsCard api={api} />
      </ToastContext.Provider>,
    );
  });
  return toast;
}

const card = () => screen.getByRole('region', { name: 'Active sessions' });
const rows = () => within(screen.getByRole('list', { name: 'Signed-in devices' })).getAllByTestId('session');
const summary = () => screen.getByTestId('sessions-summary');
const deviceNames = () => rows().map((row) => row.querySelector('.profile-sessions__device > span')?.textContent);

describe('active sessions', () => {
  it('lists each device with its address and last activity, this device first and marked', async () => {
    await renderCard(fakeApi());
    expect(within(card()).getByText('Also signed in on 2 other devices.')).toBeTruthy();
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
    await renderCard(fakeApi([THIS, session('0d8a5a4e-0000-4000-8000-000000000004', null, null, 2 * MINUTE)]));
    const other = rows()[1]!;
    expect(within(other).getByText('Unknown device')).toBeTruthy();
    expect(within(other).getByText('Unknown')).toBeTruthy();
    expect(within(other).getByRole('button', { name: 'Sign out Unknown device (Unknown)' })).toBeTruthy();
  });

  it('shows a named loading status while the list is on its way', async () => {
    const api = fakeApi();
    api.list.mockReturnValue(new Promise(() => undefined));
    await renderCard(api);
    expect(within(card()).getByRole('status', { name: 'Loading your sessions' })).toBeTruthy();
  });

  it('only this device: says so and offers no sign-out', async () => {
    await renderCard(fakeApi([THIS]));
    expect(within(card()).getByText('You are not signed in anywhere else.')).toBeTruthy();
    expect(rows()).toHaveLength(1);
    expect(within(card()).queryByRole('button')).toBeNull();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    const api = fakeApi();
    api.list.mockRejectedValueOnce(new ApiError({ status: 500 }));
    await renderCard(api);
    const alert = within(card()).getByRole('alert');
    expect(alert.textContent).toContain('Could not load your sessions.');
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Retry' })));
    expect(within(card()).getByText('Also signed in on 2 other devices.')).toBeTruthy();
    expect(api.list).toHaveBeenCalledTimes(2);
  });

  it('signs out one other session: gone from the list, a toast, focus on the summary', async () => {
    const api = fakeApi();
    const toast = await renderCard(api);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign out Firefox on Windows (198.51.100.7)' })));
    expect(api.revoke).toHaveBeenCalledWith(FIREFOX.id);
    expect(toast.success).toHaveBeenCalledWith('Signed out Firefox on Windows');
    expect(deviceNames()).toEqual(['Chrome on Linux', 'Safari on iOS']);
    expect(summary().textContent).toBe('Also signed in on 1 other device.');
    expect(document.activeElement).toBe(summary());
  });

  it('while one sign-out is under way, the other buttons wait', async () => {
    const api = fakeApi();
    api.revoke.mockReturnValue(new Promise(() => undefined));
    await renderCard(api);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign out Firefox on Windows (198.51.100.7)' })));
    const busy = screen.getByRole('button', { name: 'Sign out Firefox on Windows (198.51.100.7)' }) as HTMLButtonElement;
    expect(busy.textContent).toBe('Signing out...');
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect((screen.getByRole('button', { name: 'Sign out Safari on iOS (2001:db8::1)' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Sign out everywhere else' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('signs out everywhere else, keeping this device', async () => {
    const api = fakeApi();
    const toast = await renderCard(api);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' })));
    expect(api.revokeOthers).toHaveBeenCalled();
    expect(toast.success).toHaveBeenCalledWith('Signed out 2 other sessions');
    expect(rows()).toHaveLength(1);
    expect(within(rows()[0]!).getByText('This device')).toBeTruthy();
    expect(summary().textContent).toBe('You are not signed in anywhere else.');
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
    expect(document.activeElement).toBe(summary());
  });

  it('a failed sign-out says so and keeps the session listed', async () => {
    const api = fakeApi();
    api.revoke.mockRejectedValueOnce(new ApiError({ status: 500 }));
    const toast = await renderCard(api);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign out Safari on iOS (2001:db8::1)' })));
    expect(toast.error).toHaveBeenCalledWith('Could not sign out that session. Please try again.');
    expect(rows()).toHaveLength(3);
  });

  it('a session that already ended is dropped from the list with a note', async () => {
    const api = fakeApi();
    api.revoke.mockRejectedValueOnce(new ApiError({ status: 404, error: 'Session not found' }));
    const toast = await renderCard(api);
    api.list.mockResolvedValueOnce([FIREFOX, THIS]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign out Safari on iOS (2001:db8::1)' })));
    expect(toast.info).toHaveBeenCalledWith('That session had already ended');
    expect(toast.error).not.toHaveBeenCalled();
    expect(deviceNames()).toEqual(['Chrome on Linux', 'Firefox on Windows']);
  });

  it('a failed "sign out everywhere else" says so', async () => {
    const api = fakeApi();
    api.revokeOthers.mockRejectedValueOnce(new ApiError({ status: 500 }));
    const toast = await renderCard(api);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' })));
    expect(toast.error).toHaveBeenCalledWith('Could not sign out your other sessions. Please try again.');
    expect(rows()).toHaveLength(3);
  });

  it('read again (refreshKey), shows the newest answer even when an older read answers after it', async () => {
    const api = fakeApi();
    let answerFirst: (sessions: ActiveSession[]) => void = () => undefined;
    api.list.mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)));
    const toast = toasts();
    const page = (refreshKey: number) => (
      <ToastContext.Provider value={toast}>
        <SessionsCard api={api} refreshKey={refreshKey} />
      </ToastContext.Provider>
    );
    const { rerender } = render(page(0));
    // The other sessions end (a password change) before the first read has answered.
    api.list.mockImplementation(() => Promise.resolve([THIS]));
    await act(async () => rerender(page(1)));
    expect(summary().textContent).toBe('You are not signed in anywhere else.');
    await act(async () => answerFirst([FIREFOX, THIS, PHONE]));
    expect(summary().textContent).toBe('You are not signed in anywhere else.');
    expect(api.list).toHaveBeenCalledTimes(2);
  });
});
