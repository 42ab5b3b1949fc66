import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { ApiError, STORAGE_KEYS } from '@embark/shared-ui';
import { EMPLOYEE, fakeAccountApi, renderWithSession, type FakeAccountApi } from '../../auth/test-utils';
import AcceptInvitePage from './AcceptInvitePage';

const PREVIEW = { email: 'hana@example.com', name: 'Hana Hire', role_name: 'Manager' };

const landing = (
  <>
    <Route path="/app/dashboard" element={<h1>Dashboard</h1>} />
    <Route path="/login" element={<h1>Sign-in screen</h1>} />
  </>
);

function renderAccept(api: FakeAccountApi, search = '?token=tok-123') {
  // The route matches the path; the query string rides along in the location.
  return renderWithSession(<AcceptInvitePage api={api} />, { path: '/accept-invite', initialEntry: `/accept-invite${search}`, routes: landing });
}

function withInvitation(): FakeAccountApi {
  const api = fakeAccountApi();
  api.invitation.mockResolvedValue(PREVIEW);
  return api;
}

const password = () => screen.getByLabelText('Password') as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: /Create Account|Creating Account/ }) as HTMLButtonElement;

function typePassword(value: string) {
  fireEvent.change(password(), { target: { value } });
  fireEvent.blur(password());
}

beforeEach(() => window.localStorage.clear());

describe('accepting an invitation', () => {
  it('says it is loading the invitation while it loads', async () => {
    renderAccept(fakeAccountApi()); // the invitation never answers
    expect(await screen.findByRole('status', { name: 'Loading your invitation…' })).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('greets the hire by name with the role and email', async () => {
    const api = withInvitation();
    renderAccept(api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Hana Hire!' })).toBeTruthy();
    expect(screen.getByText('You have been invited to join Embark as Manager. Choose a password to create your account.')).toBeTruthy();
    expect(screen.getByText('hana@example.com')).toBeTruthy();
    expect(api.invitation).toHaveBeenCalledWith('tok-123');
    expect(document.activeElement).toBe(password());
    const hint = screen.getByText('Must be at least 8 characters with letters and numbers');
    expect(password().getAttribute('aria-describedby')).toContain(hint.id);
    expect(document.title).toBe('Accept Invitation — Embark');
    // The account's name for password managers: text-like (they pass over type="hidden"), and out of view.
    const username = document.querySelector('input[autocomplete="username"]') as HTMLInputElement | null;
    expect([username?.value, username?.type, username?.hidden]).toEqual(['hana@example.com', 'email', true]);
  });

  it("applies the registration screen's password rule and message", async () => {
    renderAccept(withInvitation());
    await screen.findByRole('heading', { name: 'Welcome, Hana Hire!' });
    expect(submit().disabled).toBe(true);
    typePassword('lettersonly');
    expect(screen.getByText('Password must be at least 8 characters with letters and numbers')).toBeTruthy();
    expect(password().getAttribute('aria-invalid')).toBe('true');
    expect(submit().disabled).toBe(true);
    typePassword('Welcome123');
    expect(screen.queryByText('Password must be at least 8 characters with letters and numbers')).toBeNull();
    expect(submit().disabled).toBe(false);
  });

  it('signs the hire in: stores the session, lands on the dashboard with the registration welcome', async () => {
    const api = withInvitation();
    api.acceptInvitation.mockResolvedValue({ token: 'tok-hire', user: { ...EMPLOYEE, name: 'Hana Hire' } });
    const { toasts } = renderAccept(api);
    await screen.findByRole('heading', { name: 'Welcome, Hana Hire!' });
    typePassword('Welcome123');
    fireEvent.click(submit());
    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toHaveProperty('disabled', true);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(api.acceptInvitation).toHaveBeenCalledWith('tok-123', 'Welcome123');
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('tok-hire');
    expect(toasts.success).toHaveBeenCalledWith('Welcome to Embark, Hana Hire! Your account has been created successfully.');
  });

  it('shows a clear error with the way to sign in for an unknown, used, revoked or expired token (404)', async () => {
    const api = fakeAccountApi();
    api.invitation.mockRejectedValue(new ApiError({ status: 404, error: 'Invitation not found' }));
    renderAccept(api);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This invitation link is invalid or has expired');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.getByRole('heading', { level: 1, name: 'Accept Invitation' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('shows the same error without asking the server when the link has no token', async () => {
    const api = fakeAccountApi();
    renderAccept(api, '');
    expect((await screen.findByRole('alert')).textContent).toContain('This invitation link is invalid or has expired');
    expect(api.invitation).not.toHaveBeenCalled();
  });

  it('offers another try when the invitation cannot be loaded', async () => {
    const api = fakeAccountApi();
    api.invitation.mockRejectedValueOnce(new ApiError({ status: 503 })).mockResolvedValueOnce(PREVIEW);
    renderAccept(api);
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load your invitation. Please try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Hana Hire!' })).toBeTruthy();
    expect(api.invitation).toHaveBeenCalledTimes(2);
  });

  it.each([
    [new ApiError({ status: 429, error: 'Too many attempts. Please try again later.' }), 'Too many attempts. Please try again later.'],
    [new ApiError({ status: 503, error: 'Invitations are being sent right now. Please try again in a moment.' }), 'Invitations are being sent right now. Please try again in a moment.'],
    [new ApiError({ status: 500, error: 'Internal server error' }), 'We could not load your invitation. Please try again.'],
  ])('says why the invitation could not be loaded, in the gateway\'s words for a limit or a busy moment: %p', async (error, message) => {
    const api = fakeAccountApi();
    api.invitation.mockRejectedValueOnce(error);
    renderAccept(api);
    expect((await screen.findByRole('alert')).textContent).toContain(message);
  });

  it('turns into the error state when the link stops working before the password is sent', async () => {
    const api = withInvitation();
    api.acceptInvitation.mockRejectedValue(new ApiError({ status: 404, error: 'Invitation not found' }));
    renderAccept(api);
    await screen.findByRole('heading', { name: 'Welcome, Hana Hire!' });
    typePassword('Welcome123');
    fireEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toContain('This invitation link is invalid or has expired');
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it.each([
    [new ApiError({ status: 400, error: 'This password is too common', details: ['This password is too common'] }), 'This password is too common'],
    [new ApiError({ status: 400, error: 'Password must not contain your email' }), 'Password must not contain your email'],
    [new ApiError({ status: 409, error: 'duplicate' }), 'An account with this email already exists.'],
    [new ApiError({ status: 429 }), 'Too many registration attempts. Please try again later.'],
    [new ApiError({ status: 500 }), 'Server error. Please try again in a moment.'],
    [new ApiError({ status: 503, error: 'Invitations are being sent right now. Please try again in a moment.' }), 'Invitations are being sent right now. Please try again in a moment.'],
    [new ApiError({ status: 503 }), 'Server error. Please try again in a moment.'],
    [new ApiError({ status: 0 }), 'Network error. Please check your connection and try again.'],
  ])("shows the registration screen's message for %p", async (error, message) => {
    const api = withInvitation();
    api.acceptInvitation.mockRejectedValue(error);
    renderAccept(api);
    await screen.findByRole('heading', { name: 'Welcome, Hana Hire!' });
    typePassword('Welcome123');
    fireEvent.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(submit().disabled).toBe(false);
    expect(screen.getByRole('heading', { name: 'Welcome, Hana Hire!' })).toBeTruthy();
  });
});
