import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { ApiError, STORAGE_KEYS } from '@embark/shared-ui';
import { ADMIN, EMPLOYEE, fakeAuthApi, renderWithSession, type FakeAuthApi } from '../../auth/test-utils';
import LoginPage from './LoginPage';

const landing = (
  <>
    <Route path="/app/dashboard" element={<h1>Dashboard</h1>} />
    <Route path="/app/admin" element={<h1>Administration</h1>} />
  </>
);

function renderLogin(api: FakeAuthApi = fakeAuthApi()) {
  return renderWithSession(<LoginPage api={api} />, { path: '/login', api, routes: landing });
}

const email = () => screen.getByLabelText('Email') as HTMLInputElement;
const password = () => screen.getByLabelText('Password') as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement;

function fill(input: HTMLInputElement, value: string) {
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

beforeEach(() => window.localStorage.clear());

describe('login form', () => {
  it('shows the brand, a link to register and focuses the email field', async () => {
    renderLogin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Embark' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/register');
    await waitFor(() => expect(document.activeElement).toBe(email()));
  });

  it('shows the confirmation handed over by the screen before (a password just reset) until a refusal replaces it', async () => {
    const api = fakeAuthApi();
    api.signIn.mockRejectedValue(new ApiError({ status: 401, error: 'Invalid email or password' }));
    renderWithSession(<LoginPage api={api} />, {
      path: '/login',
      initialEntry: { pathname: '/login', state: { notice: 'Your password has been reset. Sign in with your new password.' } },
      api,
      routes: landing,
    });
    const notice = (await screen.findByText('Your password has been reset. Sign in with your new password.')).closest('[role="status"]');
    expect(notice?.className).toContain('auth-alert--success');
    fill(email(), 'employee@example.com');
    fill(password(), 'Employee12345');
    fireEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid email or password');
    expect(screen.queryByText('Your password has been reset. Sign in with your new password.')).toBeNull();
  });

  it("offers 'Forgot password?', leading to /forgot-password", async () => {
    renderLogin();
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
  });

  it("pressing 'Forgot password?' from the focused, empty email field does not reveal its message first (the link would move away)", async () => {
    renderLogin();
    await screen.findByRole('heading', { name: 'Welcome back' });
    email().focus();
    const link = screen.getByRole('link', { name: 'Forgot password?' });
    // fireEvent returns false when the default (moving focus) was prevented.
    expect(fireEvent.mouseDown(link)).toBe(false);
    expect(document.activeElement).toBe(email());
    expect(screen.queryByText('Email is required')).toBeNull();
    // A press elsewhere still moves focus as usual.
    expect(fireEvent.mouseDown(password())).toBe(true);
  });

  it('keeps submit disabled until every field is filled and valid', async () => {
    renderLogin();
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(submit().disabled).toBe(true);
    fill(email(), 'employee@example.com');
    expect(submit().disabled).toBe(true);
    fill(password(), 'short');
    expect(submit().disabled).toBe(true);
    fill(password(), 'Employee12345');
    expect(submit().disabled).toBe(false);
    fill(email(), 'employee@');
    expect(submit().disabled).toBe(true);
  });

  it('Enter on an invalid form (its button disabled, so the browser would not submit) shows its messages and sends nothing', async () => {
    const api = fakeAuthApi();
    renderLogin(api);
    await screen.findByRole('heading', { name: 'Welcome back' });
    const pressEnter = (input: HTMLInputElement) =>
      act(async () => {
        fireEvent.keyDown(input, { key: 'Enter' });
        await new Promise((resolve) => setTimeout(resolve, 0));
      });

    // The field being typed in has not been left, so its message shows only on Enter; focus stays.
    fill(email(), 'jane@example.com');
    act(() => password().focus());
    fireEvent.change(password(), { target: { value: '1234567' } });
    // Not on the Enter that confirms an IME composition (Safari sends it after the composition, as 229).
    await act(async () => {
      fireEvent.keyDown(password(), { key: 'Enter', keyCode: 229 });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.queryByText('Password must be at least 8 characters')).toBeNull();
    await pressEnter(password());
    expect(password().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(password().getAttribute('aria-describedby') ?? '')?.textContent).toContain('Password must be at least 8 characters');
    expect(document.activeElement).toBe(password());

    // Enter in a valid field while another is wrong: focus goes to the first field in error.
    fill(email(), 'jane@example');
    act(() => password().focus());
    fireEvent.change(password(), { target: { value: 'Employee12345' } });
    await pressEnter(password());
    expect(document.activeElement).toBe(email());
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(api.signIn).not.toHaveBeenCalled();
  });

  it('shows each inline error once a field is left, tied to it with aria-describedby', async () => {
    renderLogin();
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(screen.queryByText('Email is required')).toBeNull();
    fireEvent.blur(email());
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    const describedBy = email().getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toContain('Email is required');

    fill(email(), 'nope');
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    fill(password(), '123');
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    fill(email(), 'a@b.co');
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    expect(email().getAttribute('aria-invalid')).toBeNull();
  });

  it.each([
    [new ApiError({ status: 401, error: 'Invalid email or password' }), 'Invalid email or password'],
    [new ApiError({ status: 429, error: 'Slow down' }), 'Too many login attempts. Please try again later.'],
    [new ApiError({ status: 500 }), 'Server error. Please try again in a moment.'],
    [new ApiError({ status: 503, error: 'Service temporarily unavailable' }), 'Server error. Please try again in a moment.'],
    [new ApiError({ status: 502 }), 'Server error. Please try again in a moment.'],
    [new ApiError({ status: 0 }), 'Network error. Please check your connection and try again.'],
    [new ApiError({ status: 0, timedOut: true }), 'Request timed out. Please try again.'],
    [new ApiError({ status: 400, error: 'Email is required' }), 'Email is required'],
    [new ApiError({ status: 418 }), 'Login failed. Please try again.'],
  ])('shows the spec message for %p', async (error, message) => {
    const api = fakeAuthApi();
    api.signIn.mockRejectedValue(error);
    renderLogin(api);
    fill(await screen.findByLabelText('Email'), 'employee@example.com');
    fill(password(), 'Employee12345');
    fireEvent.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(submit().disabled).toBe(false);
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it.each([
    ['an employee', EMPLOYEE, 'Dashboard'],
    ['an administrator', ADMIN, 'Administration'],
  ])('signs %s in: stores the session, welcomes, and lands on %s', async (_who, user, heading) => {
    const api = fakeAuthApi();
    api.signIn.mockResolvedValue({ kind: 'session', session: { token: 'tok-1', user } });
    const { toasts } = renderLogin(api);
    fill(await screen.findByLabelText('Email'), user.email);
    fill(password(), 'Password123');
    fireEvent.click(submit());
    expect(await screen.findByRole('button', { name: 'Signing In...' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    expect(api.signIn).toHaveBeenCalledWith(user.email, 'Password123');
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('tok-1');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.authUser) ?? 'null')).toEqual(user);
    expect(toasts.success).toHaveBeenCalledWith(`Welcome back, ${user.name}!`);
  });
});

describe('two-factor step', () => {
  const CHALLENGE = { email: 'mfa@example.com', challengeId: 'chal-1' };
  async function atTwoFactorStep() {
    const api = fakeAuthApi();
    api.signIn.mockResolvedValue({ kind: 'twoFactor', challenge: CHALLENGE });
    const utils = renderLogin(api);
    fill(await screen.findByLabelText('Email'), 'mfa@example.com');
    fill(password(), 'Password123');
    fireEvent.click(submit());
    await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication' });
    return utils;
  }
  const code = () => screen.getByRole('textbox') as HTMLInputElement;
  const verify = () => fireEvent.submit(code().closest('form') as HTMLFormElement);

  it('replaces the form and focuses the code field', async () => {
    await atTwoFactorStep();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(code()).toBe(screen.getByLabelText('Authentication code'));
    expect(document.activeElement).toBe(code());
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it('shows its validation messages', async () => {
    const { api } = await atTwoFactorStep();
    verify();
    expect(screen.getByText('Please enter your authentication code')).toBeTruthy();
    fireEvent.change(code(), { target: { value: '12345' } });
    verify();
    expect(screen.getByText('Please enter a 6-digit code')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Use a backup code instead' }));
    expect(code()).toBe(screen.getByLabelText('Backup code'));
    expect(document.activeElement).toBe(code());
    fireEvent.change(code(), { target: { value: 'abc' } });
    verify();
    expect(screen.getByText('Please enter an 8-character backup code')).toBeTruthy();
    expect(api.verifySignIn).not.toHaveBeenCalled();
  });

  it('signs in with an authenticator code (Enter submits)', async () => {
    const { api, toasts } = await atTwoFactorStep();
    api.verifySignIn.mockResolvedValue({ token: 'tok-2fa', user: EMPLOYEE });
    fireEvent.change(code(), { target: { value: '123 456' } });
    verify();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(api.verifySignIn).toHaveBeenCalledWith({ email: 'mfa@example.com', challengeId: 'chal-1' }, '123456', false);
    expect(toasts.success).toHaveBeenCalledWith('Welcome back, Erin Employee!');
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('tok-2fa');
  });

  it('signs in with a backup code', async () => {
    const { api } = await atTwoFactorStep();
    api.verifySignIn.mockResolvedValue({ token: 'tok-b', user: ADMIN });
    fireEvent.click(screen.getByRole('button', { name: 'Use a backup code instead' }));
    fireEvent.change(code(), { target: { value: 'ABCD-1234' } });
    verify();
    expect(await screen.findByRole('heading', { name: 'Administration' })).toBeTruthy();
    expect(api.verifySignIn).toHaveBeenCalledWith({ email: 'mfa@example.com', challengeId: 'chal-1' }, 'abcd1234', true);
  });

  it.each([
    [false, new ApiError({ status: 401, error: 'Invalid authentication code' }), 'Invalid authentication code'],
    [false, new ApiError({ status: 401 }), 'Invalid authentication code'],
    [true, new ApiError({ status: 401 }), 'Invalid backup code. Please check and try again.'],
    [true, new ApiError({ status: 401, error: 'Invalid backup code. Please check and try again.' }), 'Invalid backup code. Please check and try again.'],
    [false, new ApiError({ status: 400, error: 'Please enter a 6-digit code' }), 'Please enter a 6-digit code'],
    [false, new ApiError({ status: 0 }), 'Network error. Please check your connection and try again.'],
  ])('shows refusals (backup: %p) %p and stays on the code step', async (backup, error, message) => {
    const { api } = await atTwoFactorStep();
    api.verifySignIn.mockRejectedValue(error);
    if (backup) fireEvent.click(screen.getByRole('button', { name: 'Use a backup code instead' }));
    fireEvent.change(code(), { target: { value: backup ? '0a1b2c3d' : '654321' } });
    verify();
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.getByRole('heading', { level: 1, name: 'Two-factor authentication' })).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it.each([
    [401, 'Your sign-in has expired. Please enter your email and password again.'],
    [429, 'Too many authentication attempts. Please sign in again.'],
    // The account's or the address's limit: it holds for longer than the step lives.
    [429, 'Too many login attempts. Please try again later.'],
  ])('after a %p %p no code can succeed: back to the login form with that message and the password focused', async (status, message) => {
    const { api } = await atTwoFactorStep();
    api.verifySignIn.mockRejectedValue(new ApiError({ status, error: message }));
    fireEvent.change(code(), { target: { value: '654321' } });
    verify();
    const form = await screen.findByRole('form', { name: 'Welcome back' });
    expect(within(form).getByRole('alert').textContent).toContain(message);
    expect(within(form).getByLabelText('Email')).toHaveProperty('value', 'mfa@example.com');
    expect(password().value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(password()));

    // A new password step clears the message and opens a new code step.
    api.signIn.mockResolvedValue({ kind: 'twoFactor', challenge: { ...CHALLENGE, challengeId: 'chal-2' } });
    fill(password(), 'Password123');
    fireEvent.click(submit());
    await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.signIn).toHaveBeenCalledTimes(2);
  });

  it('sends the challenge of the latest password step after going back', async () => {
    const { api } = await atTwoFactorStep();
    fireEvent.click(screen.getByRole('button', { name: /Back to login/ }));
    api.signIn.mockResolvedValue({ kind: 'twoFactor', challenge: { ...CHALLENGE, challengeId: 'chal-2' } });
    fill(password(), 'Password123');
    fireEvent.click(submit());
    await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication' });
    api.verifySignIn.mockResolvedValue({ token: 'tok-2fa', user: EMPLOYEE });
    fireEvent.change(code(), { target: { value: '123456' } });
    verify();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(api.verifySignIn).toHaveBeenCalledTimes(1);
    expect(api.verifySignIn).toHaveBeenCalledWith({ email: 'mfa@example.com', challengeId: 'chal-2' }, '123456', false);
  });

  it('goes back to the login form with the email kept and the password focused', async () => {
    await atTwoFactorStep();
    fireEvent.click(screen.getByRole('button', { name: /Back to login/ }));
    const form = screen.getByRole('form', { name: 'Welcome back' });
    expect(within(form).getByLabelText('Email')).toHaveProperty('value', 'mfa@example.com');
    expect(password().value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(password()));
  });
});

describe('guests only', () => {
  it('sends a signed-in user on to their area', async () => {
    window.localStorage.setItem(STORAGE_KEYS.authToken, 'tok');
    window.localStorage.setItem(STORAGE_KEYS.authUser, JSON.stringify(ADMIN));
    const api = fakeAuthApi();
    api.currentUser.mockResolvedValue(ADMIN);
    renderLogin(api);
    expect(await screen.findByRole('heading', { name: 'Administration' })).toBeTruthy();
    await act(async () => undefined);
  });
});
