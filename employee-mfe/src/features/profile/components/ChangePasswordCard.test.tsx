import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ApiError, AuthContext, ToastContext, type AuthContextValue, type ToastApi } from '@embark/shared-ui';
import type { ChangePasswordApi } from '../api/change-password-api';
import { ChangePasswordCard } from './ChangePasswordCard';

type FakeApi = { changePassword: jest.Mock<ReturnType<ChangePasswordApi['changePassword']>, Parameters<ChangePasswordApi['changePassword']>> };

function fakeApi(answer: Promise<void> = Promise.resolve()): FakeApi {
  return { changePassword: jest.fn((_current: string, _next: string) => answer) };
}

function toasts(): { [K in keyof ToastApi]: jest.Mock } {
  return { show: jest.fn(), success: jest.fn(), error: jest.fn(), warning: jest.fn(), info: jest.fn(), dismiss: jest.fn() };
}

function renderCard(api: FakeApi, onOtherSessionsEnded = jest.fn()) {
  const toast = toasts();
  const auth = { status: 'authenticated', user: { id: 2, name: 'Emma', email: 'emma@example.com', role_id: 1 }, isAdmin: false } as unknown as AuthContextValue;
  render(
    <AuthContext.Provider value={auth}>
      <ToastContext.Provider value={toast}>
        <ChangePasswordCard api={api} onOtherSessionsEnded={onOtherSessionsEnded} />
      </ToastContext.Provider>
    </AuthContext.Provider>,
  );
  return toast;
}

const card = () => screen.getByRole('region', { name: 'Password' });
const form = () => screen.getByRole('form', { name: 'Change password' });
const input = (label: string) => within(form()).getByLabelText(label) as HTMLInputElement;
const submit = () => within(form()).getByRole('button', { name: /Change password|Changing/ }) as HTMLButtonElement;

function type(label: string, value: string) {
  fireEvent.change(input(label), { target: { value } });
  fireEvent.blur(input(label));
}

function openForm() {
  fireEvent.click(within(card()).getByRole('button', { name: 'Change password' }));
}

function fillValid() {
  type('Current password', 'Employee12345');
  type('New password', 'NewPassw0rd');
  type('Confirm new password', 'NewPassw0rd');
}

describe('change password', () => {
  it('says what changing does and opens the form on the current password', () => {
    renderCard(fakeApi());
    expect(within(card()).getByRole('heading', { level: 3, name: 'Password' })).toBeTruthy();
    expect(within(card()).getByText('Change the password you sign in with. Your other devices are signed out when you do.')).toBeTruthy();
    openForm();
    expect(document.activeElement).toBe(input('Current password'));
    expect(input('Current password').getAttribute('autocomplete')).toBe('current-password');
    expect(input('New password').getAttribute('autocomplete')).toBe('new-password');
    // The account's name beside them, so a password manager updates the right login.
    const username = form().querySelector('input[autocomplete="username"]') as HTMLInputElement | null;
    expect(username?.value).toBe('emma@example.com');
    // Text-like and hidden from view: a password manager passes over type="hidden".
    expect([username?.type, username?.hidden, username?.readOnly]).toEqual(['email', true, true]);
    const hint = within(form()).getByText('Must be at least 8 characters with letters and numbers');
    expect(input('New password').getAttribute('aria-describedby')).toContain(hint.id);
  });

  it('checks every field before sending, with the registration rule and a matching confirmation', () => {
    const api = fakeApi();
    renderCard(api);
    openForm();
    fireEvent.click(submit());
    expect(within(form()).getByText('Please enter your current password')).toBeTruthy();
    expect(within(form()).getByText('Password must be at least 8 characters with letters and numbers')).toBeTruthy();
    expect(document.activeElement).toBe(input('Current password'));
    type('Current password', 'Employee12345');
    type('New password', 'NewPassw0rd');
    type('Confirm new password', 'NewPassw0rD');
    expect(within(form()).getByText('Passwords do not match')).toBeTruthy();
    expect(input('Confirm new password').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(submit());
    expect(api.changePassword).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(input('Confirm new password'));
  });

  it("changes the password: 'Changing...', then a success toast and the form closes", async () => {
    let finish: () => void = () => undefined;
    const api = fakeApi(new Promise<void>((resolve) => (finish = resolve)));
    const ended = jest.fn();
    const toast = renderCard(api, ended);
    openForm();
    fillValid();
    fireEvent.click(submit());
    expect(within(form()).getByRole('button', { name: 'Changing...' })).toHaveProperty('disabled', true);
    expect(api.changePassword).toHaveBeenCalledWith('Employee12345', 'NewPassw0rd');
    expect(ended).not.toHaveBeenCalled();
    await act(async () => finish());
    expect(toast.success).toHaveBeenCalledWith('Your password has been changed');
    // The server ended the other sessions: the page's list of devices is told to read them again.
    expect(ended).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('form', { name: 'Change password' })).toBeNull();
    expect(document.activeElement).toBe(within(card()).getByRole('button', { name: 'Change password' }));
  });

  it.each([
    ['Current password', new ApiError({ status: 400, error: 'Current password is incorrect', details: ['Current password is incorrect'] }), 'Current password is incorrect'],
    ['New password', new ApiError({ status: 400, error: 'This password is too common', details: ['This password is too common'] }), 'This password is too common'],
    ['New password', new ApiError({ status: 400, error: 'Password must not contain your email', details: ['Password must not contain your email'] }), 'Password must not contain your email'],
  ])('shows the server refusal on %s: %p', async (label, error, message) => {
    const toast = renderCard(fakeApi(Promise.reject(error)));
    openForm();
    fillValid();
    await act(async () => fireEvent.click(submit()));
    const field = input(label);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')?.split(' ').pop() ?? '')?.textContent).toBe(message);
    expect(document.activeElement).toBe(field);
    expect(submit().disabled).toBe(false);
    expect(toast.success).not.toHaveBeenCalled();
    // Typing again clears the refusal.
    fireEvent.change(field, { target: { value: `${field.value}x` } });
    expect(within(form()).queryByText(message)).toBeNull();
  });

  it.each([
    [new ApiError({ status: 429, error: 'Too many login attempts. Please try again later.' }), 'Too many login attempts. Please try again later.'],
    [new ApiError({ status: 500 }), 'A server error occurred. Please try again later.'],
    [new ApiError({ status: 0 }), 'Unable to connect to the server. Please check your internet connection.'],
  ])('shows any other failure above the form: %p', async (error, message) => {
    renderCard(fakeApi(Promise.reject(error)));
    openForm();
    fillValid();
    await act(async () => fireEvent.click(submit()));
    expect(within(form()).getByRole('alert').textContent).toBe(message);
  });

  it('cancels back to the button, dropping what was typed', () => {
    renderCard(fakeApi());
    openForm();
    type('Current password', 'Employee12345');
    fireEvent.click(within(form()).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(within(card()).getByRole('button', { name: 'Change password' }));
    openForm();
    expect(input('Current password').value).toBe('');
  });
});
