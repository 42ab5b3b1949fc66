import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { ApiError } from '@embark/shared-ui';
import { fakeAccountApi, renderWithSession, type FakeAccountApi } from '../../auth/test-utils';
import ForgotPasswordPage from './ForgotPasswordPage';

function renderForgot(api: FakeAccountApi = fakeAccountApi()) {
  return renderWithSession(<ForgotPasswordPage api={api} />, { path: '/forgot-password', routes: <Route path="/login" element={<h1>Sign-in screen</h1>} /> });
}

const email = () => screen.getByLabelText('Email') as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: /Send reset link|Sending/ }) as HTMLButtonElement;

function typeEmail(value: string) {
  fireEvent.change(email(), { target: { value } });
  fireEvent.blur(email());
}

const CONFIRMATION = 'If an account exists for that email address, we have sent a link to reset its password. The link is valid for 1 hour.';

describe('forgot password', () => {
  it('asks for the email, focused, with the way back to sign in', async () => {
    renderForgot();
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot Password' })).toBeTruthy();
    expect(screen.getByText("Enter your account's email address and we'll send you a link to choose a new password.")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(email()));
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
    expect(document.title).toBe('Forgot Password — Embark');
  });

  it('Enter in an invalid email shows its message at once and sends nothing', async () => {
    const api = fakeAccountApi();
    renderForgot(api);
    await screen.findByRole('heading', { name: 'Forgot Password' });
    fireEvent.change(email(), { target: { value: 'jane@example' } });
    await act(async () => {
      fireEvent.keyDown(email(), { key: 'Enter' });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email().getAttribute('aria-describedby') ?? '')?.textContent).toContain('Please enter a valid email address');
    expect(document.activeElement).toBe(email());
    expect(api.forgotPassword).not.toHaveBeenCalled();
  });

  it('checks the email before sending', async () => {
    const api = fakeAccountApi();
    renderForgot(api);
    await screen.findByRole('heading', { name: 'Forgot Password' });
    expect(submit().disabled).toBe(true);
    fireEvent.blur(email());
    expect(screen.getByText('Email is required')).toBeTruthy();
    typeEmail('nope');
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(submit().disabled).toBe(true);
    typeEmail('hana@example.com');
    expect(submit().disabled).toBe(false);
    expect(api.forgotPassword).not.toHaveBeenCalled();
  });

  it.each(['hana@example.com', 'nobody@example.com'])('always shows the same confirmation (%s)', async (address) => {
    const api = fakeAccountApi();
    api.forgotPassword.mockResolvedValue(undefined);
    renderForgot(api);
    await screen.findByRole('heading', { name: 'Forgot Password' });
    typeEmail(address);
    fireEvent.click(submit());
    // (The test's location probe is an <output>, a status too: pick the message by its words.)
    const status = (await screen.findByText(CONFIRMATION)).closest('[role="status"]');
    expect(status?.className).toContain('auth-alert--success');
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(api.forgotPassword).toHaveBeenCalledWith(address);
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
  });

  it("shows 'Sending...' while the request is under way", async () => {
    renderForgot(); // never answers
    await screen.findByRole('heading', { name: 'Forgot Password' });
    typeEmail('hana@example.com');
    fireEvent.click(submit());
    expect(await screen.findByRole('button', { name: 'Sending...' })).toHaveProperty('disabled', true);
  });

  it.each([
    [new ApiError({ status: 429 }), 'Too many requests. Please try again later.'],
    [new ApiError({ status: 429, error: 'Too many password reset requests. Please try again later.' }), 'Too many password reset requests. Please try again later.'],
    [new ApiError({ status: 400, error: 'Please enter a valid email address', details: ['Please enter a valid email address'] }), 'Please enter a valid email address'],
    [new ApiError({ status: 500 }), 'A server error occurred. Please try again later.'],
    [new ApiError({ status: 0 }), 'Unable to connect to the server. Please check your internet connection.'],
  ])('shows a failure that is not a confirmation: %p', async (error, message) => {
    const api = fakeAccountApi();
    api.forgotPassword.mockRejectedValue(error);
    renderForgot(api);
    await screen.findByRole('heading', { name: 'Forgot Password' });
    typeEmail('hana@example.com');
    fireEvent.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(submit().disabled).toBe(false);
  });
});
