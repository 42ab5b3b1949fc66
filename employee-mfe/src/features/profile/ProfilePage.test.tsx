import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MockedProvider, type MockedProviderProps } from '@apollo/client/testing/react';
import { MemoryRouter } from 'react-router';
import { ApiError, AuthContext, ToastContext, type AuthContextValue, type ToastApi } from '@embark/shared-ui';
import { ProfileOverviewDocument } from '../../__generated__/graphql';
import type { SessionsApi } from './api/sessions-api';
import type { TwoFactorApi } from './api/two-factor-api';
import { profileOverview } from './profile-test-data';
import { ProfilePage } from './ProfilePage';

type Mocks = NonNullable<MockedProviderProps['mocks']>;

type FakeTwoFactorApi = { [K in keyof TwoFactorApi]: jest.Mock<ReturnType<TwoFactorApi[K]>, Parameters<TwoFactorApi[K]>> };

const CODES = ['0a1b2c3d', '11111111', '22222222', '33333333', '44444444', '55555555', '66666666', '77777777', '88888888', '99999999'];
const SETUP = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', otpauthUrl: 'otpauth://totp/Embark:a@b.co?secret=JBSWY3DPEHPK3PXPJBSWY3DP', qrCodeDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+' };

function fakeApi(enabled = false): FakeTwoFactorApi {
  return {
    status: jest.fn(() => Promise.resolve({ enabled, backupCodesRemaining: enabled ? 10 : 0 })),
    setup: jest.fn(() => Promise.resolve(SETUP)),
    enable: jest.fn((_code: string, _password: string) => Promise.resolve(CODES)),
    disable: jest.fn((_password: string) => Promise.resolve()),
    regenerateBackupCodes: jest.fn((_password: string) => Promise.resolve(CODES)),
  };
}

function toasts(): { [K in keyof ToastApi]: jest.Mock } {
  return { show: jest.fn(), success: jest.fn(), error: jest.fn(), warning: jest.fn(), info: jest.fn(), dismiss: jest.fn() };
}

const auth: AuthContextValue = {
  status: 'authenticated',
  user: { id: 3, name: 'Erin Employee', email: 'employee@example.com', role_id: 1, completion_percentage: 0, last_login_at: null, created_at: '', start_date: '' },
  isAdmin: false,
  refreshUser: () => Promise.resolve(),
  logout: () => Promise.resolve(),
};

const overviewMock = (data = profileOverview({ total: 4, completed: 1 })): Mocks[number] => ({ request: { query: ProfileOverviewDocument }, result: { data } });

// The security section's list of devices (its own states are tested with SessionsCard).
const sessions: SessionsApi = {
  list: () => Promise.resolve([{ id: 's1', created_at: '2026-03-02T09:00:00.000Z', last_seen_at: new Date().toISOString(), user_agent: null, ip: '203.0.113.9', current: true }]),
  revoke: () => Promise.resolve(),
  revokeOthers: () => Promise.resolve(0),
};

async function renderProfile(api: FakeTwoFactorApi, mocks: Mocks = [overviewMock()], devices: SessionsApi = sessions) {
  const toast = toasts();
  await act(async () => {
    render(
      <MockedProvider mocks={mocks}>
        <MemoryRouter initialEntries={['/app/profile']}>
          <AuthContext.Provider value={auth}>
            <ToastContext.Provider value={toast}>
              <ProfilePage twoFactor={api} sessions={devices} />
            </ToastContext.Provider>
          </AuthContext.Provider>
        </MemoryRouter>
      </MockedProvider>,
    );
  });
  return toast;
}

const section = () => screen.getByRole('region', { name: 'Two-factor authentication' });

describe('profile details and progress', () => {
  const account = () => screen.getByRole('region', { name: 'Account' });
  const progress = () => screen.getByRole('region', { name: 'Onboarding progress' });

  it('shows name, email, role and start date, and the progress towards the certificate', async () => {
    await renderProfile(fakeApi());
    expect(await within(account()).findByText('Employee')).toBeTruthy();
    expect(within(account()).getByTestId('profile-name').textContent).toBe('Nina New');
    expect(within(account()).getByTestId('profile-email').textContent).toBe('nina@example.com');
    expect(within(account()).getByTestId('profile-start-date').textContent).toBe('Mar 2, 2026');
    expect(within(progress()).getByRole('progressbar', { name: 'Onboarding progress' }).getAttribute('aria-valuenow')).toBe('25');
    expect(within(progress()).getByText('1 of 4 tasks completed')).toBeTruthy();
    expect(within(progress()).getByText('Complete the remaining 3 tasks to earn your certificate.')).toBeTruthy();
    expect(within(progress()).getByRole('link', { name: 'Continue your checklist' }).getAttribute('href')).toBe('/app/checklist');
    expect(within(progress()).queryByRole('link', { name: /certificate/ })).toBeNull();
  });

  it('links to the notification preferences', async () => {
    await renderProfile(fakeApi());
    const card = screen.getByRole('region', { name: 'Notifications' });
    expect(within(card).getByText('Choose whether Embark emails you a daily digest.')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Notification preferences' }).getAttribute('href')).toBe('/app/profile/notifications');
  });

  it('shows the signed-in user at once while the answer is on its way', async () => {
    await renderProfile(fakeApi(), [{ request: { query: ProfileOverviewDocument }, delay: Infinity }]);
    expect(within(account()).getByTestId('profile-name').textContent).toBe('Erin Employee');
    expect(within(account()).getByTestId('profile-role').getAttribute('aria-busy')).toBe('true');
    expect(within(progress()).getByRole('status', { name: 'Loading your profile' })).toBeTruthy();
  });

  it('everything done: 100 % and the way to the certificate', async () => {
    await renderProfile(fakeApi(), [overviewMock(profileOverview({ total: 3, completed: 3 }))]);
    const link = await within(progress()).findByRole('link', { name: 'View your certificate' });
    expect(link.getAttribute('href')).toBe('/app/profile/certificate');
    expect(within(progress()).getByText('Your certificate is ready')).toBeTruthy();
    expect(within(progress()).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
  });

  it("the manager's open task neither lowers the percentage nor holds back the certificate", async () => {
    await renderProfile(fakeApi(), [overviewMock(profileOverview({ total: 3, completed: 3, managerTasks: [{ completed: false }] }))]);
    await waitFor(() => expect(within(progress()).getByTestId('profile-progress-summary').textContent).toBe('3 of 3 tasks completed'));
    expect(within(progress()).getByRole('progressbar', { name: 'Onboarding progress' }).getAttribute('aria-valuenow')).toBe('100');
    expect(within(progress()).getByRole('link', { name: 'View your certificate' }).getAttribute('href')).toBe('/app/profile/certificate');
  });

  it("the manager's completed task does not raise the hire's percentage", async () => {
    await renderProfile(fakeApi(), [overviewMock(profileOverview({ total: 2, completed: 1, managerTasks: [{ completed: true, completed_at: '2026-03-25T09:00:00.000Z' }, { completed: true, completed_at: '2026-03-26T09:00:00.000Z' }] }))]);
    await waitFor(() => expect(within(progress()).getByTestId('profile-progress-summary').textContent).toBe('1 of 2 tasks completed'));
    expect(within(progress()).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    expect(within(progress()).getByText('Complete the remaining 1 task to earn your certificate.')).toBeTruthy();
  });

  it('a rounded 100 with a task still open reads 99 and offers no certificate', async () => {
    await renderProfile(fakeApi(), [overviewMock(profileOverview({ total: 200, completed: 199 }))]);
    expect(await within(progress()).findByText('199 of 200 tasks completed')).toBeTruthy();
    expect(within(progress()).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('99');
    expect(within(progress()).queryByRole('link', { name: 'View your certificate' })).toBeNull();
  });

  it('a role without a checklist says so; an unknown role reads Front-Line Staff', async () => {
    await renderProfile(fakeApi(), [overviewMock(profileOverview({ total: 0, completed: 0, roleId: 42 }))]);
    expect(await within(progress()).findByText('No onboarding checklist is assigned to your role.')).toBeTruthy();
    expect(within(account()).getByTestId('profile-role').textContent).toBe('Front-Line Staff');
  });

  it('offers a retry when the profile cannot be loaded', async () => {
    await renderProfile(fakeApi(), [
      { request: { query: ProfileOverviewDocument }, error: new Error('offline') },
      overviewMock(),
    ]);
    const alert = await within(progress()).findByRole('alert');
    expect(alert.textContent).toContain('Failed to load your profile. Please try again.');
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' })));
    expect(await within(progress()).findByText('1 of 4 tasks completed')).toBeTruthy();
  });
});

describe('profile security section', () => {
  it('shows the account and the two-factor status', async () => {
    await renderProfile(fakeApi());
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeTruthy();
    // The answered profile's email (the shell's copy shown before the answer has its own test above).
    expect(await screen.findByText('nina@example.com')).toBeTruthy();
    expect(within(section()).getByText('Not enabled')).toBeTruthy();
    expect(document.title).toBe('Profile — Embark');
  });

  it('offers changing the password in the security section, before two-factor and the sessions', async () => {
    await renderProfile(fakeApi());
    const security = screen.getByRole('region', { name: 'Security' });
    const cards = within(security).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(cards).toEqual(['Password', 'Two-factor authentication', 'Active sessions']);
    expect(within(screen.getByRole('region', { name: 'Password' })).getByRole('button', { name: 'Change password' })).toBeTruthy();
  });

  it('sets up two-factor: QR code, manual key, confirm with a code, backup codes once', async () => {
    const api = fakeApi();
    const toast = await renderProfile(api);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Set up two-factor authentication' })));
    const qr = screen.getByRole('img', { name: 'QR code to add Embark to your authenticator app' });
    expect(qr.getAttribute('src')).toBe(SETUP.qrCodeDataUrl);
    expect(screen.getByTestId('manual-key').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    expect(document.activeElement?.textContent).toBe('1. Scan this QR code with your authenticator app');

    const code = screen.getByLabelText('Authentication code');
    const password = screen.getByLabelText('Current password');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' })));
    expect(screen.getByText('Please enter your authentication code')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(document.activeElement).toBe(code);
    fireEvent.change(code, { target: { value: '12' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' })));
    expect(screen.getByText('Please enter a 6-digit code')).toBeTruthy();
    expect(api.enable).not.toHaveBeenCalled();

    api.enable.mockRejectedValueOnce(new ApiError({ status: 400, error: 'Invalid authentication code' }));
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.change(password, { target: { value: 'Employee12345' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' })));
    expect(screen.getByText('Invalid authentication code')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(code, { target: { value: '123 456' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' })));
    expect(api.enable).toHaveBeenLastCalledWith('123456', 'Employee12345');
    expect(toast.success).toHaveBeenCalledWith('Two-factor authentication is on');
    const list = screen.getByRole('list', { name: 'Backup codes' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);
    expect(document.activeElement?.textContent).toBe('Save your backup codes');

    api.status.mockResolvedValue({ enabled: true, backupCodesRemaining: 10 });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: "I've saved my codes" })));
    expect(screen.queryByRole('list', { name: 'Backup codes' })).toBeNull();
    expect(within(section()).getByText('Enabled')).toBeTruthy();
    expect(screen.getByText('10 backup codes remaining')).toBeTruthy();
  });

  it('turning two-factor on needs the password: a missing or wrong one is shown at the field, the code stays', async () => {
    const api = fakeApi();
    await renderProfile(api);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Set up two-factor authentication' })));
    const code = screen.getByLabelText('Authentication code') as HTMLInputElement;
    const password = screen.getByLabelText('Current password') as HTMLInputElement;
    expect(password.type).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    expect(password.required).toBe(true);
    const hint = document.getElementById(password.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(hint?.textContent).toBe('Turning on two-factor authentication needs your password too.');

    fireEvent.change(code, { target: { value: '123456' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' })));
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(password);
    expect(api.enable).not.toHaveBeenCalled();

    api.enable.mockRejectedValueOnce(new ApiError({ status: 400, error: 'Incorrect password' }));
    fireEvent.change(password, { target: { value: 'wrong-password1' } });
    expect(password.getAttribute('aria-invalid')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' })));
    expect(api.enable).toHaveBeenLastCalledWith('123456', 'wrong-password1');
    const error = document.getElementById(`${password.id}-error`);
    expect(error?.textContent).toBe('Incorrect password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(code.getAttribute('aria-invalid')).toBeNull();
    expect(code.value).toBe('123456');
    expect(document.activeElement).toBe(password);

    // The server's own "missing" refusal lands on the same field.
    api.enable.mockRejectedValueOnce(new ApiError({ status: 400, error: 'Validation failed', details: ['Please enter your password'] }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' })));
    expect(error?.textContent).toBe('Please enter your password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(code.value).toBe('123456');

    fireEvent.change(password, { target: { value: 'Employee12345' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' })));
    expect(api.enable).toHaveBeenLastCalledWith('123456', 'Employee12345');
    expect(screen.getByRole('list', { name: 'Backup codes' })).toBeTruthy();
  });

  it('copies and downloads the backup codes', async () => {
    const api = fakeApi(true);
    const toast = await renderProfile(api);
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate backup codes' }));
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Employee12345' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Generate new codes' })));
    expect(api.regenerateBackupCodes).toHaveBeenCalledWith('Employee12345');

    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy codes' })));
    expect(writeText).toHaveBeenCalledWith(CODES.join('\n'));
    expect(toast.success).toHaveBeenCalledWith('Backup codes copied to the clipboard');

    const createObjectURL = jest.fn((_blob: Blob) => 'blob:codes');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(click).toHaveBeenCalled();
    const blob = createObjectURL.mock.calls[0]?.[0];
    // jsdom's Blob has no text(); FileReader reads it.
    const content = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob as Blob);
    });
    expect(content).toContain(CODES.join('\n'));
  });

  it('asks for the password to turn two-factor off, and shows a wrong one', async () => {
    const api = fakeApi(true);
    const toast = await renderProfile(api);
    fireEvent.click(screen.getByRole('button', { name: 'Turn off two-factor authentication' }));
    const password = screen.getByLabelText('Current password');
    expect(document.activeElement).toBe(password);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn off' })));
    expect(screen.getByText('Please enter your password')).toBeTruthy();

    api.disable.mockRejectedValueOnce(new ApiError({ status: 400, error: 'Invalid password', details: ['Invalid password'] }));
    fireEvent.change(password, { target: { value: 'wrong-password1' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn off' })));
    expect(screen.getByText('Invalid password')).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');

    // The gateway's wording for a wrong password on sensitive changes.
    api.disable.mockRejectedValueOnce(new ApiError({ status: 400, error: 'Incorrect password' }));
    fireEvent.change(password, { target: { value: 'wrong-password2' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn off' })));
    expect(document.getElementById(`${password.id}-error`)?.textContent).toBe('Incorrect password');
    expect(password.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(password, { target: { value: 'Employee12345' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn off' })));
    expect(api.disable).toHaveBeenLastCalledWith('Employee12345');
    expect(toast.success).toHaveBeenCalledWith('Two-factor authentication is off');
    expect(within(section()).getByText('Not enabled')).toBeTruthy();
  });

  it('Cancel on turning off or on new backup codes gives the focus back to the button that opened the form', async () => {
    await renderProfile(fakeApi(true));
    for (const name of ['Regenerate backup codes', 'Turn off two-factor authentication']) {
      fireEvent.click(screen.getByRole('button', { name }));
      expect(document.activeElement).toBe(screen.getByLabelText('Current password'));
      fireEvent.click(within(section()).getByRole('button', { name: 'Cancel' }));
      expect(document.activeElement).toBe(screen.getByRole('button', { name }));
    }
  });

  it('after turning two-factor off, the list of devices is read again: the server signed the others out', async () => {
    const other = { id: 's2', created_at: '2026-03-01T09:00:00.000Z', last_seen_at: new Date().toISOString(), user_agent: null, ip: '198.51.100.4', current: false };
    const [current] = await sessions.list();
    const list = jest.fn(() => Promise.resolve([current!, other])).mockName('list');
    await renderProfile(fakeApi(true), [overviewMock()], { ...sessions, list });
    const devices = screen.getByRole('region', { name: 'Active sessions' });
    expect(devices.textContent).toContain('Also signed in on 1 other device.');

    list.mockImplementation(() => Promise.resolve([current!]));
    fireEvent.click(screen.getByRole('button', { name: 'Turn off two-factor authentication' }));
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Employee12345' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn off' })));
    expect(list).toHaveBeenCalledTimes(2);
    expect(within(devices).queryByText('Also signed in on 1 other device.')).toBeNull();
  });

  it('a setup refused because another tab turned two-factor on shows the card as it now is', async () => {
    const api = fakeApi(false);
    const toast = await renderProfile(api);
    expect(section().textContent).toContain('Not enabled');
    api.status.mockResolvedValue({ enabled: true, backupCodesRemaining: 10 });
    api.setup.mockRejectedValueOnce(new ApiError({ status: 409, error: 'Two-factor authentication is already enabled' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Set up two-factor authentication' })));
    expect(toast.info).toHaveBeenCalledWith('Two-factor authentication is on');
    expect(section().textContent).toContain('Enabled');
    expect(section().textContent).not.toContain('Not enabled');
    expect(screen.getByRole('button', { name: 'Turn off two-factor authentication' })).toHaveProperty('disabled', false);
  });

  it('turning off refused because another tab already did shows it off, not a wrong password', async () => {
    const api = fakeApi(true);
    const toast = await renderProfile(api);
    api.status.mockResolvedValue({ enabled: false, backupCodesRemaining: 0 });
    api.disable.mockRejectedValueOnce(new ApiError({ status: 409, error: 'Two-factor authentication is not enabled' }));
    fireEvent.click(screen.getByRole('button', { name: 'Turn off two-factor authentication' }));
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Employee12345' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn off' })));
    expect(toast.info).toHaveBeenCalledWith('Two-factor authentication is off');
    expect(section().textContent).toContain('Not enabled');
    expect(screen.queryByLabelText('Current password')).toBeNull();
  });

  it('a status read that answers after a successful retry changes nothing more', async () => {
    const api = fakeApi(true);
    const toast = await renderProfile(api);
    let answerRead: (status: { enabled: boolean; backupCodesRemaining: number }) => void = () => undefined;
    api.status.mockImplementationOnce(() => new Promise((resolve) => (answerRead = resolve)));
    api.disable.mockRejectedValueOnce(new ApiError({ status: 0, offline: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Turn off two-factor authentication' }));
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Employee12345' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn off' })));
    // The retry goes through before the re-read answers.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn off' })));
    expect(toast.success).toHaveBeenCalledWith('Two-factor authentication is off');
    await act(async () => answerRead({ enabled: false, backupCodesRemaining: 0 }));
    expect(toast.info).not.toHaveBeenCalled();
    expect(section().textContent).toContain('Not enabled');
  });

  it('a wrong password reads the status again but changes nothing when it is as shown', async () => {
    const api = fakeApi(true);
    const toast = await renderProfile(api);
    api.regenerateBackupCodes.mockRejectedValueOnce(new ApiError({ status: 400, error: 'Incorrect password' }));
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate backup codes' }));
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'wrong-password' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Generate new codes' })));
    expect(api.status).toHaveBeenCalledTimes(2);
    expect(toast.info).not.toHaveBeenCalled();
    expect(document.getElementById(`${screen.getByLabelText('Current password').id}-error`)?.textContent).toBe('Incorrect password');
  });

  it('offers a retry when the status cannot be loaded', async () => {
    const api = fakeApi();
    api.status.mockRejectedValueOnce(new ApiError({ status: 500 }));
    await renderProfile(api);
    expect(screen.getByRole('alert').textContent).toContain('Could not load your two-factor status.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(within(section()).getByText('Not enabled')).toBeTruthy();
  });
});
