// The after-sign-in initialisation as the user meets it (docs/product.md#initialisation): the
// sign-in and registration screens wait for it, and stay put with the failure message when it fails.
// The sequence's own rules are in app-initialisation.test.ts.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { STORAGE_KEYS, useAuth } from '@embark/shared-ui';
import LoginPage from '../features/login/LoginPage';
import RegisterPage from '../features/register/RegisterPage';
import type { InitialisationOutcome } from './app-initialisation';
import { EMPLOYEE, fakeAuthApi, fakeInitialisation, renderWithSession } from './test-utils';
import { InitialisationFailed } from './ui/InitialisationFailed';

const FAILED: InitialisationOutcome = { ok: false, failedStep: 'checklist', error: new Error('down'), sessionRefused: false, firstTimeUser: true, completed: ['documents', 'navigation'], failed: [] };

const landing = <Route path="/app/dashboard" element={<h1>Dashboard</h1>} />;

function WhoAmI() {
  const { status } = useAuth();
  return <output data-testid="status">{status}</output>;
}

async function signIn(initialise = fakeInitialisation()) {
  const api = fakeAuthApi();
  api.signIn.mockResolvedValue({ kind: 'session', session: { token: 'tok-1', user: EMPLOYEE } });
  const utils = renderWithSession(
    <>
      <LoginPage api={api} />
      <WhoAmI />
    </>,
    { path: '/login', api, initialise, routes: landing },
  );
  const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
  fireEvent.change(email, { target: { value: EMPLOYEE.email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Password123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  return utils;
}

/** An account API whose registration of Nina New (role Employee) succeeds. */
function registrationApi() {
  const api = fakeAuthApi();
  api.roles.mockResolvedValue([{ id: 1, name: 'Employee', description: null }]);
  api.register.mockResolvedValue({ token: 'tok-new', user: EMPLOYEE });
  return api;
}

/** Fills the registration form (once the roles are there) and submits it. */
async function submitRegistration() {
  await screen.findByRole('option', { name: 'Employee' });
  fireEvent.change(screen.getByLabelText('Full Name'), { target: { value: 'Nina New' } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nina@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Welcome123' } });
  fireEvent.change(screen.getByLabelText('Role'), { target: { value: '1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
}

beforeEach(() => window.localStorage.clear());

describe('sign-in waits for the initialisation', () => {
  it('initialises the signed-in user with the token already stored, then lands and welcomes', async () => {
    let tokenDuringInit: string | null = null;
    const initialise = fakeInitialisation();
    initialise.mockImplementation(async () => {
      tokenDuringInit = window.localStorage.getItem(STORAGE_KEYS.authToken);
      return { ok: true, firstTimeUser: false, completed: [], failed: [], skipped: [] };
    });
    const { toasts } = await signIn(initialise);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(initialise).toHaveBeenCalledWith(EMPLOYEE, 'sign-in', 'tok-1');
    expect(tokenDuringInit).toBe('tok-1');
    expect(toasts.success).toHaveBeenCalledWith('Welcome back, Erin Employee!');
  });

  it('is not let in before the initialisation finishes', async () => {
    let finish: (outcome: InitialisationOutcome) => void = () => undefined;
    const initialise = fakeInitialisation();
    initialise.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    await signIn(initialise);
    await waitFor(() => expect(initialise).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Signing In...' })).toBeTruthy();
    expect(screen.getByTestId('status').textContent).toBe('anonymous');
    await act(async () => finish({ ok: true, firstTimeUser: false, completed: [], failed: [], skipped: [] }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });

  it('a session refused during the initialisation is ended at once: no stored token, the expiry toast, the form stays', async () => {
    const { toasts } = await signIn(fakeInitialisation({ ...FAILED, failedStep: 'documents', sessionRefused: true }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Your session has expired. Please log in again.'));
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.authUser)).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(screen.getByTestId('status').textContent).toBe('anonymous');
    // The form is usable again, the password ready for another try.
    const button = (await screen.findByRole('button', { name: 'Sign In' })) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Password')));
    expect(screen.queryByText(/Login successful but/)).toBeNull();
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it('a failed initialisation keeps the user on /login with the spec message; the stored session stays for the refresh', async () => {
    const { toasts } = await signIn(fakeInitialisation(FAILED));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('!Login successful but there was an issue loading your data. Please refresh the page.');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(screen.getByTestId('status').textContent).toBe('anonymous');
    expect(toasts.success).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('tok-1');
    // The refresh is offered after 2 s (InitialisationFailed tests below).
    expect(screen.queryByRole('button', { name: 'Refresh page' })).toBeNull();
  });

  it('registration: the registration wording', async () => {
    const api = registrationApi();
    const initialise = fakeInitialisation(FAILED);
    renderWithSession(<RegisterPage api={api} />, { path: '/register', api, initialise, routes: landing });
    await submitRegistration();
    expect((await screen.findByRole('alert')).textContent).toContain('Registration successful but there was an issue loading your data. Please refresh the page.');
    expect(initialise).toHaveBeenCalledWith(EMPLOYEE, 'sign-in', 'tok-new');
    expect(screen.getByTestId('location').textContent).toBe('/register');
  });

  it('registration: a session refused at once sends the new account to /login (registering again would say the email is taken)', async () => {
    const api = registrationApi();
    const { toasts } = renderWithSession(<RegisterPage api={api} />, {
      path: '/register',
      api,
      initialise: fakeInitialisation({ ...FAILED, failedStep: 'documents', sessionRefused: true }),
      routes: <Route path="/login" element={<h1>login page</h1>} />,
    });
    await submitRegistration();
    expect(await screen.findByRole('heading', { name: 'login page' })).toBeTruthy();
    expect(toasts.error).toHaveBeenCalledWith('Your session has expired. Please log in again.');
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  describe('a restored session', () => {
    beforeEach(() => {
      jest.useFakeTimers();
      window.localStorage.setItem(STORAGE_KEYS.authToken, 'tok');
      window.localStorage.setItem(STORAGE_KEYS.authUser, JSON.stringify(EMPLOYEE));
    });
    afterEach(() => jest.useRealTimers());

    async function restore() {
      const api = fakeAuthApi();
      api.currentUser.mockResolvedValue(EMPLOYEE);
      const initialise = fakeInitialisation();
      initialise.mockImplementation(() => new Promise(() => undefined));
      renderWithSession(<WhoAmI />, { path: '/app/dashboard', api, initialise });
      await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('authenticated'));
      return initialise;
    }

    it('initialises again (mode restore) after the first page had 2 s to itself, without holding it up', async () => {
      const initialise = await restore();
      await act(async () => jest.advanceTimersByTime(1_999));
      expect(initialise).not.toHaveBeenCalled();
      await act(async () => jest.advanceTimersByTime(1));
      expect(initialise).toHaveBeenCalledWith(EMPLOYEE, 'restore', 'tok');
    });

    it('does not start when the session changed meanwhile (signed out or expired)', async () => {
      const initialise = await restore();
      window.localStorage.removeItem(STORAGE_KEYS.authToken);
      await act(async () => jest.advanceTimersByTime(5_000));
      expect(initialise).not.toHaveBeenCalled();
    });
  });

  it('no stored session: nothing to initialise', async () => {
    const initialise = fakeInitialisation();
    renderWithSession(<WhoAmI />, { path: '/', initialise });
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('anonymous'));
    expect(initialise).not.toHaveBeenCalled();
  });
});

describe('InitialisationFailed', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sign-in: offers a refresh after 2 s', () => {
    const reload = jest.fn();
    const confirm = jest.fn(() => true);
    render(<InitialisationFailed flow="login" reload={reload} confirm={confirm} />);
    expect(screen.getByRole('alert').textContent).toContain('Login successful but there was an issue loading your data. Please refresh the page.');
    act(() => jest.advanceTimersByTime(1_999));
    expect(screen.queryByRole('button', { name: 'Refresh page' })).toBeNull();
    act(() => jest.advanceTimersByTime(1));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh page' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('registration: after 2 s, with the session stored, asks to refresh and reloads on yes', () => {
    window.localStorage.setItem(STORAGE_KEYS.authToken, 'tok');
    const reload = jest.fn();
    const confirm = jest.fn(() => true);
    render(<InitialisationFailed flow="register" reload={reload} confirm={confirm} />);
    expect(screen.getByRole('alert').textContent).toContain('Registration successful but there was an issue loading your data. Please refresh the page.');
    act(() => jest.advanceTimersByTime(1_999));
    expect(confirm).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(confirm).toHaveBeenCalledWith('Your account was created successfully, but there was an issue loading your data. Would you like to refresh the page?');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('registration: on no, stays and offers the button instead', () => {
    window.localStorage.setItem(STORAGE_KEYS.authToken, 'tok');
    const reload = jest.fn();
    render(<InitialisationFailed flow="register" reload={reload} confirm={() => false} />);
    act(() => jest.advanceTimersByTime(2_000));
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Refresh page' })).toBeTruthy();
  });

  it('registration: no confirm when the session is no longer stored (not authenticated)', () => {
    const confirm = jest.fn(() => true);
    render(<InitialisationFailed flow="register" reload={jest.fn()} confirm={confirm} />);
    act(() => jest.advanceTimersByTime(2_000));
    expect(confirm).not.toHaveBeenCalled();
  });
});
