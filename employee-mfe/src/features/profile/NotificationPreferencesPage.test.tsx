import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ApiError, ToastContext, type ToastApi } from '@embark/shared-ui';
import { seriousViolations } from '@embark/shared-ui/testing/axe';
import type { NotificationPreferences, NotificationPreferencesApi } from './api/notification-preferences-api';
import { NotificationPreferencesPage } from './NotificationPreferencesPage';

type FakeApi = { [K in keyof NotificationPreferencesApi]: jest.Mock<ReturnType<NotificationPreferencesApi[K]>, Parameters<NotificationPreferencesApi[K]>> };

function fakeApi(digest = true): FakeApi {
  return {
    get: jest.fn((_signal?: AbortSignal) => Promise.resolve({ digest })),
    save: jest.fn((preferences: NotificationPreferences) => Promise.resolve(preferences)),
  };
}

function toasts(): { [K in keyof ToastApi]: jest.Mock } {
  return { show: jest.fn(), success: jest.fn(), error: jest.fn(), warning: jest.fn(), info: jest.fn(), dismiss: jest.fn() };
}

async function renderPage(api: FakeApi) {
  const toast = toasts();
  await act(async () => {
    render(
      <ToastContext.Provider value={toast}>
        <MemoryRouter initialEntries={['/app/profile/notifications']}>
          <main>
            <NotificationPreferencesPage api={api} />
          </main>
        </MemoryRouter>
      </ToastContext.Provider>,
    );
  });
  return toast;
}

const digestBox = () => screen.getByRole('checkbox', { name: 'Email me a daily digest of tasks due soon or overdue' }) as HTMLInputElement;

describe('notification preferences', () => {
  it('shows the digest setting and says escalations cannot be turned off', async () => {
    await renderPage(fakeApi(true));
    expect(screen.getByRole('heading', { level: 1, name: 'Notification preferences' })).toBeTruthy();
    expect(document.title).toBe('Notification preferences — Embark');
    expect(digestBox().checked).toBe(true);
    expect(digestBox().getAttribute('aria-describedby')).toBeTruthy();
    const described = digestBox()
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual([
      'One email on a working day, listing the tasks you own that are due within 2 working days or overdue.',
      "Escalations can't be turned off: when a new hire's task is several working days overdue, their manager (or HR) is always told.",
    ]);
    expect(screen.getByRole('link', { name: 'Back to profile' }).getAttribute('href')).toBe('/app/profile');
  });

  it('turns the digest off and on, saving each change at once', async () => {
    const api = fakeApi(true);
    const toast = await renderPage(api);
    await act(async () => fireEvent.click(digestBox()));
    expect(api.save).toHaveBeenLastCalledWith({ digest: false });
    expect(digestBox().checked).toBe(false);
    expect(toast.success).toHaveBeenLastCalledWith('Daily digest turned off');
    await act(async () => fireEvent.click(digestBox()));
    expect(api.save).toHaveBeenLastCalledWith({ digest: true });
    expect(digestBox().checked).toBe(true);
    expect(toast.success).toHaveBeenLastCalledWith('Daily digest turned on');
  });

  it('puts the setting back and says so when saving fails', async () => {
    const api = fakeApi(false);
    api.save.mockRejectedValueOnce(new ApiError({ status: 500 }));
    const toast = await renderPage(api);
    await act(async () => fireEvent.click(digestBox()));
    expect(toast.error).toHaveBeenCalledWith('Could not save your preference. Please try again.');
    expect(digestBox().checked).toBe(false);
    expect(digestBox().disabled).toBe(false);
  });

  it('shows a named loading status, and a retry when loading fails', async () => {
    let reject: (error: unknown) => void = () => undefined;
    const api = fakeApi(true);
    api.get.mockReturnValueOnce(new Promise((_, r) => (reject = r)));
    await renderPage(api);
    expect(screen.getByRole('status', { name: 'Loading your notification preferences' })).toBeTruthy();
    await act(async () => reject(new ApiError({ status: 503 })));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not load your notification preferences.');
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' })));
    await waitFor(() => expect(digestBox().checked).toBe(true));
  });

  it('has no serious or critical axe violations', async () => {
    await renderPage(fakeApi());
    expect(await seriousViolations()).toEqual([]);
  });
});
