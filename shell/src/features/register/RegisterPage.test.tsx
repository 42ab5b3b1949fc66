import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { ApiError, STORAGE_KEYS } from '@embark/shared-ui';
import { ADMIN, EMPLOYEE, fakeAccountApi, fakeAuthApi, renderWithSession, type FakeAccountApi, type FakeAuthApi } from '../../auth/test-utils';
import RegisterPage from './RegisterPage';

const SERVER_ROLES = [
  { id: 1, name: 'Employee', description: 'Staff' },
  { id: 2, name: 'Manager', description: null },
  { id: 3, name: 'Contractor', description: null },
  { id: 4, name: 'SysAdmin', description: 'Administrators' },
];

const landing = (
  <>
    <Route path="/app/dashboard" element={<h1>Dashboard</h1>} />
    <Route path="/app/admin" element={<h1>Administration</h1>} />
  </>
);

function renderRegister(api: FakeAuthApi = withRoles(), account: FakeAccountApi = fakeAccountApi()) {
  return renderWithSession(<RegisterPage api={api} account={account} />, { path: '/register', api, routes: landing });
}

function withRoles(): FakeAuthApi {
  const api = fakeAuthApi();
  api.roles.mockResolvedValue(SERVER_ROLES);
  return api;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const roleSelect = () => screen.getByLabelText('Role') as HTMLSelectElement;
const submit = () => screen.getByRole('button', { name: /Create Account|Creating Account/ }) as HTMLButtonElement;

function fill(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
  fireEvent.blur(field(label));
}

async function fillValidForm() {
  await screen.findByRole('option', { name: 'Manager' });
  fill('Full Name', 'Nina New');
  fill('Email', 'nina@example.com');
  fill('Password', 'Welcome123');
  fireEvent.change(roleSelect(), { target: { value: '2' } });
}

beforeEach(() => window.localStorage.clear());

describe('register form', () => {
  it("says 'Join Our Team', shows the password hint and a link to login", async () => {
    renderRegister();
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Our Team' })).toBeTruthy();
    const password = field('Password');
    const hint = screen.getByText('Must be at least 8 characters with letters and numbers');
    expect(password.getAttribute('aria-describedby')).toContain(hint.id);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(document.activeElement).toBe(field('Full Name'));
  });

  it("shows 'Loading roles...' and stays disabled while roles load", async () => {
    const api = fakeAuthApi(); // roles never answer
    renderRegister(api);
    await screen.findByRole('heading', { name: 'Join Our Team' });
    expect(roleSelect().disabled).toBe(true);
    expect(within(roleSelect()).getByRole('option', { name: 'Loading roles...' })).toBeTruthy();
    fill('Full Name', 'Nina New');
    fill('Email', 'nina@example.com');
    fill('Password', 'Welcome123');
    expect(submit().disabled).toBe(true);
  });

  it('lists the server roles without SysAdmin', async () => {
    renderRegister();
    await screen.findByRole('option', { name: 'Manager' });
    const options = within(roleSelect())
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Choose your role', 'Employee', 'Manager', 'Contractor']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('falls back to the spec roles with a message when roles fail to load', async () => {
    const api = fakeAuthApi();
    api.roles.mockRejectedValue(new ApiError({ status: 500 }));
    renderRegister(api);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load roles. Please refresh the page.');
    const options = within(roleSelect())
      .getAllByRole('option')
      .map((o) => [o.getAttribute('value'), o.textContent]);
    expect(options).toEqual([
      ['', 'Choose your role'],
      ['1', 'Administrator'],
      ['2', 'Manager'],
      ['3', 'Employee'],
      ['4', 'Contractor'],
    ]);
    expect(roleSelect().disabled).toBe(false);
  });

  it('shows each inline error once a field is left and enables submit only when all are valid', async () => {
    renderRegister();
    await screen.findByRole('option', { name: 'Manager' });
    expect(submit().disabled).toBe(true);
    for (const label of ['Full Name', 'Email', 'Password']) fireEvent.blur(field(label));
    fireEvent.blur(roleSelect());
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters with letters and numbers')).toBeTruthy();
    expect(screen.getByText('Please select a role')).toBeTruthy();
    expect(roleSelect().getAttribute('aria-invalid')).toBe('true');

    fill('Full Name', 'x'.repeat(101));
    expect(screen.getByText('Name must be less than 100 characters')).toBeTruthy();
    fill('Email', `${'a'.repeat(250)}@example.com`);
    expect(screen.getByText('Email must be less than 254 characters')).toBeTruthy();
    fill('Email', 'not-an-email');
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    fill('Password', 'lettersonly');
    expect(screen.getByText('Password must be at least 8 characters with letters and numbers')).toBeTruthy();

    await fillValidForm();
    expect(screen.queryByText(/must be|required|Please/)).toBeNull();
    expect(submit().disabled).toBe(false);
  });

  it.each([
    ['an employee', EMPLOYEE, 'Dashboard'],
    ['an administrator', ADMIN, 'Administration'],
  ])("registers %s: 'Creating Account...', stores the session, welcomes, lands on %s", async (_who, user, heading) => {
    const api = withRoles();
    api.register.mockResolvedValue({ token: 'tok-new', user });
    const { toasts } = renderRegister(api);
    await fillValidForm();
    fireEvent.click(submit());
    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toHaveProperty('disabled', true);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    expect(api.register).toHaveBeenCalledWith({ name: 'Nina New', email: 'nina@example.com', password: 'Welcome123', role_id: 2 });
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('tok-new');
    expect(toasts.success).toHaveBeenCalledWith(`Welcome to Embark, ${user.name}! Your account has been created successfully.`);
  });

  it.each([
    [new ApiError({ status: 400, error: 'Please select a valid role', details: ['Please select a valid role'] }), 'Please select a valid role'],
    [new ApiError({ status: 400 }), 'Invalid registration data. Please check your inputs.'],
    [new ApiError({ status: 409, error: 'duplicate' }), 'An account with this email already exists.'],
    [new ApiError({ status: 429 }), 'Too many registration attempts. Please try again later.'],
    [new ApiError({ status: 500 }), 'Server error. Please try again in a moment.'],
    [new ApiError({ status: 503, error: 'Invitations are being sent right now. Please try again in a moment.' }), 'Invitations are being sent right now. Please try again in a moment.'],
    [new ApiError({ status: 503 }), 'Server error. Please try again in a moment.'],
    [new ApiError({ status: 0 }), 'Network error. Please check your connection and try again.'],
    [new ApiError({ status: 403, error: 'Registration as an administrator is not allowed.' }), 'Registration as an administrator is not allowed.'],
    [new ApiError({ status: 418 }), 'Registration failed. Please try again.'],
  ])('shows the spec message for %p', async (error, message) => {
    const api = withRoles();
    api.register.mockRejectedValue(error);
    renderRegister(api);
    await fillValidForm();
    fireEvent.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(submit().disabled).toBe(false);
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });
});

describe('who may register', () => {
  it("says 'Checking who can register…' until the company setting is known", async () => {
    const account = fakeAccountApi();
    account.registrationPolicy.mockReturnValue(new Promise(() => undefined));
    renderRegister(withRoles(), account);
    expect(await screen.findByRole('status', { name: 'Checking who can register…' })).toBeTruthy();
    expect(screen.queryByLabelText('Full Name')).toBeNull();
  });

  it("shows 'Registration is by invitation only' up front instead of the form", async () => {
    const account = fakeAccountApi();
    account.registrationPolicy.mockResolvedValue({ mode: 'invite' });
    renderRegister(withRoles(), account);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Registration is by invitation only');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.getByRole('heading', { level: 1, name: 'Join Our Team' })).toBeTruthy();
    expect(screen.getByText('Ask your administrator or HR team to send you an invitation. Already have an account? Sign in instead.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByLabelText('Full Name')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create Account' })).toBeNull();
  });

  it('names the company domains with the email field and refuses other addresses before sending', async () => {
    const api = withRoles();
    const account = fakeAccountApi();
    account.registrationPolicy.mockResolvedValue({ mode: 'domains', domains: ['acme.com', 'acme.co.uk'] });
    api.register.mockResolvedValue({ token: 'tok-new', user: EMPLOYEE });
    renderRegister(api, account);
    await screen.findByRole('option', { name: 'Manager' });
    const hint = screen.getByText('Registration is limited to company email addresses. Use an email address at acme.com, acme.co.uk.');
    expect(field('Email').getAttribute('aria-describedby')).toContain(hint.id);
    fill('Full Name', 'Nina New');
    fill('Email', 'nina@gmail.com');
    fill('Password', 'Welcome123');
    fireEvent.change(roleSelect(), { target: { value: '2' } });
    expect(screen.getByText('Registration is limited to company email addresses')).toBeTruthy();
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(submit().disabled).toBe(true);
    fill('Email', 'Nina@ACME.com');
    expect(screen.queryByText('Registration is limited to company email addresses')).toBeNull();
    fireEvent.click(submit());
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });

  it('shows the form when the setting cannot be read (the server still decides)', async () => {
    const api = withRoles();
    const account = fakeAccountApi();
    account.registrationPolicy.mockRejectedValue(new ApiError({ status: 500 }));
    api.register.mockRejectedValue(new ApiError({ status: 403, error: 'Registration is by invitation only' }));
    renderRegister(api, account);
    await fillValidForm();
    fireEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toContain('Registration is by invitation only');
  });
});
