import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { ApiError } from '@embark/shared-ui';
import { fakeAccountApi, renderWithSession, type FakeAccountApi } from '../../auth/test-utils';
import ResetPasswordPage from './ResetPasswordPage';

function renderReset(api: FakeAccountApi = fakeAccountApi(), search = '?token=reset-tok') {
  return renderWithSession(<ResetPasswordPage api={api} />, {
    path: '/reset-password',
    initialEntry: `/reset-password${search}`,
    routes: (
      <>
        <Route path="/login" element={<h1>Sign-in screen</h1>} />
        <Route path="/forgot-password" element={<h1>Forgot screen</h1>} />
      </>
    ),
  });
}

const password = () => screen.getByLabelText('New password') as HTMLInputElement;
const confirmation = () => screen.getByLabelText('Confirm new password') as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: /Set new password|Saving/ }) as HTMLButtonElement;

function type(input: HTMLInputElement, value: string) {
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

async function fillValid() {
  await screen.findByRole('heading', { name: 'Reset Password' });
  type(password(), 'NewPassw0rd');
  type(confirmation(), 'NewPassw0rd');
}

const INVALID = 'This reset link is invalid or has expired';

describe('reset password', () => {
  it('asks for the new password twice, with the rule as its hint', async () => {
    renderReset();
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset Password' })).toBeTruthy();
    expect(screen.getByText('Choose a new password for your account.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(password()));
    const hint = screen.getByText('Must be at least 8 characters with letters and numbers');
    expect(password().getAttribute('aria-describedby')).toContain(hint.id);
    expect(document.title).toBe('Reset Password — Embark');
  });

  it('applies the password rule and asks for the same password twice', async () => {
    renderReset();
    await screen.findByRole('heading', { name: 'Reset Password' });
    expect(submit().disabled).toBe(true);
    type(password(), 'short1');
    expect(screen.getByText('Password must be at least 8 characters with letters and numbers')).toBeTruthy();
    type(password(), 'NewPassw0rd');
    type(confirmation(), 'NewPassw0rx');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(confirmation().getAttribute('aria-invalid')).toBe('true');
    expect(submit().disabled).toBe(true);
    type(confirmation(), 'NewPassw0rd');
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    expect(submit().disabled).toBe(false);
  });

  it('sets the new password and goes to /login, handing it the confirmation', async () => {
    const api = fakeAccountApi();
    api.resetPassword.mockResolvedValue(undefined);
    renderReset(api);
    await fillValid();
    fireEvent.click(submit());
    expect(await screen.findByRole('heading', { name: 'Sign-in screen' })).toBeTruthy();
    const location = screen.getByTestId('location');
    expect(location.textContent).toBe('/login');
    expect(JSON.parse(location.getAttribute('data-state') ?? 'null')).toEqual({ notice: 'Your password has been reset. Sign in with your new password.' });
    expect(api.resetPassword).toHaveBeenCalledWith('reset-tok', 'NewPassw0rd');
  });

  it("shows 'Saving...' while the password is sent", async () => {
    renderReset(); // never answers
    await fillValid();
    fireEvent.click(submit());
    expect(await screen.findByRole('button', { name: 'Saving...' })).toHaveProperty('disabled', true);
  });

  it("shows 'This reset link is invalid or has expired' with a way to ask for a new link when the server refuses the token", async () => {
    const api = fakeAccountApi();
    api.resetPassword.mockRejectedValue(new ApiError({ status: 400, error: INVALID }));
    renderReset(api);
    await fillValid();
    fireEvent.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(INVALID);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('shows that state too when the refused token comes with other problems', async () => {
    const api = fakeAccountApi();
    api.resetPassword.mockRejectedValue(new ApiError({ status: 400, error: `${INVALID}, This password is too common`, details: [INVALID, 'This password is too common'] }));
    renderReset(api);
    await fillValid();
    fireEvent.click(submit());
    expect(await screen.findByRole('link', { name: 'Request a new link' })).toBeTruthy();
  });

  it('shows the same state at once for a link without a token', async () => {
    const api = fakeAccountApi();
    renderReset(api, '');
    expect((await screen.findByRole('alert')).textContent).toContain(INVALID);
    expect(api.resetPassword).not.toHaveBeenCalled();
  });

  it.each([
    [new ApiError({ status: 400, error: 'This password is too common', details: ['This password is too common'] }), 'This password is too common'],
    [new ApiError({ status: 400, error: 'Password must not contain your email' }), 'Password must not contain your email'],
    [new ApiError({ status: 429 }), 'Too many requests. Please try again later.'],
    [new ApiError({ status: 500 }), 'A server error occurred. Please try again later.'],
  ])('keeps the form and shows the server refusal %p', async (error, message) => {
    const api = fakeAccountApi();
    api.resetPassword.mockRejectedValue(error);
    renderReset(api);
    await fillValid();
    fireEvent.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    expect(submit().disabled).toBe(false);
    expect(password().value).toBe('NewPassw0rd');
  });
});
