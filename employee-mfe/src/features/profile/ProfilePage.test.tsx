import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ApiError, AuthContext, ToastContext, type AuthContextValue, type ToastApi } from '@embark/shared-ui';
import type { TwoFactorApi } from './api/two-factor-api';
import { ProfilePage } from './ProfilePage';

type FakeTwoFactorApi = { [K in keyof TwoFactorApi]: jest.Mock<ReturnType<TwoFactorApi[K]>, Parameters<TwoFactorApi[K]>> };

const CODES = ['0a1b2c3d', '11111111', '22222222', '33333333', '44444444', '55555555', '66666666', '77777777', '88888888', '99999999'];
const SETUP = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', otpauthUrl: 'otpauth://totp/Embark:a@b.co?secret=JBSWY3DPEHPK3PXPJBSWY3DP', qrCodeDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+' };

function fakeApi(enabled = false): FakeTwoFactorApi {
  return {
    status: jest.fn(() => Promise.resolve({ enabled, backupCodesRemaining: enabled ? 10 : 0 })),
    setup: jest.fn(() => Promise.resolve(SETUP)),
    enable: jest.fn((_code: string) => Promise.resolve(CODES)),
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

async function renderProfile(api: FakeTwoFactorApi) {
  const toast = toasts();
  await act(async () => {
    render(
      <AuthContext.Provider value={auth}>
        <ToastContext.Provider value={toast}>
          <ProfilePage twoFactor={api} />
        </ToastContext.Provider>
      </AuthContext.Provider>,
    );
  });
  return toast;
}

const section = () => screen.getByRole('region', { name: 'Two-factor authentication' });

describe('profile security section', () => {
  it('shows the account and the two-factor status', async () => {
    await renderProfile(fakeApi());
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeTruthy();
    expect(screen.getByText('employee@example.com')).toBeTruthy();
    expect(within(section()).getByText('Not enabled')).toBeTruthy();
    expect(document.title).toBe('Profile — Embark');
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
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' })));
    expect(screen.getByText('Please enter your authentication code')).toBeTruthy();
    fireEvent.change(code, { target: { value: '12' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' })));
    expect(screen.getByText('Please enter a 6-digit code')).toBeTruthy();
    expect(api.enable).not.toHaveBeenCalled();

    api.enable.mockRejectedValueOnce(new ApiError({ status: 400, error: 'Invalid authentication code' }));
    fireEvent.change(code, { target: { value: '000000' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' })));
    expect(screen.getByText('Invalid authentication code')).toBeTruthy();

    fireEvent.change(code, { target: { value: '123 456' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' })));
    expect(api.enable).toHaveBeenLastCalledWith('123456');
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

    fireEvent.change(password, { target: { value: 'Employee12345' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn off' })));
    expect(api.disable).toHaveBeenLastCalledWith('Employee12345');
    expect(toast.success).toHaveBeenCalledWith('Two-factor authentication is off');
    expect(within(section()).getByText('Not enabled')).toBeTruthy();
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
