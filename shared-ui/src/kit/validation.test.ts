import { VALIDATION_MESSAGES } from './messages';
import {
  validateNewPasswordForm,
  hasFieldErrors,
  normaliseTwoFactorCode,
  validateEmail,
  validateLoginForm,
  validateLoginPassword,
  validateName,
  validateRegisterForm,
  validateRegisterPassword,
  validateRole,
  validateTwoFactorCode,
} from './validation';

describe('form validation rules', () => {
  it.each([
    ['', VALIDATION_MESSAGES.emailRequired],
    ['   ', 'Email is required'],
    ['not-an-email', 'Please enter a valid email address'],
    ['a@b', 'Please enter a valid email address'],
    ['a b@c.de', 'Please enter a valid email address'],
    ['new.hire@example.com', undefined],
    [' new.hire@example.com ', undefined],
  ])('email %j → %s', (value, expected) => {
    expect(validateEmail(value)).toBe(expected);
  });

  it('limits the email to 254 characters on registration only', () => {
    const long = `${'a'.repeat(250)}@example.com`;
    expect(validateEmail(long, { checkLength: true })).toBe('Email must be less than 254 characters');
    expect(validateEmail(long)).toBeUndefined();
    const exactly254 = `${'a'.repeat(242)}@example.com`;
    expect(exactly254).toHaveLength(254);
    expect(validateEmail(exactly254, { checkLength: true })).toBeUndefined();
  });

  it.each([
    ['', 'Password must be at least 8 characters'],
    ['1234567', 'Password must be at least 8 characters'],
    ['12345678', undefined],
  ])('login password %j → %s', (value, expected) => {
    expect(validateLoginPassword(value)).toBe(expected);
  });

  it.each([
    ['', 'Password must be at least 8 characters with letters and numbers'],
    ['abc123', VALIDATION_MESSAGES.registerPasswordWeak],
    ['abcdefgh', VALIDATION_MESSAGES.registerPasswordWeak],
    ['12345678', VALIDATION_MESSAGES.registerPasswordWeak],
    ['abcdefg1', undefined],
    ['Passw0rd!', undefined],
    [`a1${'x'.repeat(1022)}`, undefined],
    [`a1${'x'.repeat(1023)}`, 'Password must be less than 1024 characters'],
  ])('register password %j → %s', (value, expected) => {
    expect(validateRegisterPassword(value)).toBe(expected);
  });

  it.each([
    ['', VALIDATION_MESSAGES.nameRequired],
    ['  ', 'Name is required'],
    ['a'.repeat(101), 'Name must be less than 100 characters'],
    ['a'.repeat(100), undefined],
    ['Ada Lovelace', undefined],
  ])('name %j → %s', (value, expected) => {
    expect(validateName(value)).toBe(expected);
  });

  it('requires a role', () => {
    expect(validateRole('')).toBe('Please select a role');
    expect(validateRole(undefined)).toBe(VALIDATION_MESSAGES.roleRequired);
    expect(validateRole('2')).toBeUndefined();
    expect(validateRole(3)).toBeUndefined();
  });

  it.each([
    ['', 'totp', 'Please enter your authentication code'],
    ['  ', 'backup', 'Please enter your authentication code'],
    ['12345', 'totp', 'Please enter a 6-digit code'],
    ['1234567', 'totp', 'Please enter a 6-digit code'],
    ['12a456', 'totp', 'Please enter a 6-digit code'],
    ['123 456', 'totp', undefined],
    ['123456', 'totp', undefined],
    ['abc', 'backup', 'Please enter an 8-character backup code'],
    ['abcdef012', 'backup', 'Please enter an 8-character backup code'],
    ['zzzzzzzz', 'backup', 'Please enter an 8-character backup code'],
    ['ABCD-1234', 'backup', undefined],
    ['0a1b2c3d', 'backup', undefined],
  ] as const)('two-factor code %j (%s) → %s', (value, mode, expected) => {
    expect(validateTwoFactorCode(value, mode)).toBe(expected);
  });

  it('normalises codes the way apps and printed lists group them', () => {
    expect(normaliseTwoFactorCode(' 123 456 ', 'totp')).toBe('123456');
    expect(normaliseTwoFactorCode('ABCD-1234', 'backup')).toBe('abcd1234');
  });

  it('validates the login form field by field', () => {
    expect(validateLoginForm({ email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password must be at least 8 characters',
    });
    const ok = validateLoginForm({ email: 'employee@example.com', password: 'Employee12345' });
    expect(ok).toEqual({});
    expect(hasFieldErrors(ok)).toBe(false);
  });

  it('validates the registration form field by field', () => {
    const errors = validateRegisterForm({ name: '', email: 'x', password: 'short', roleId: '' });
    expect(errors).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters with letters and numbers',
      roleId: 'Please select a role',
    });
    expect(hasFieldErrors(errors)).toBe(true);
    expect(validateRegisterForm({ name: 'Ada', email: 'ada@example.com', password: 'Analytical1', roleId: '1' })).toEqual({});
  });
});

describe('new password forms', () => {
  it('apply the registration rule and ask for the same password twice', () => {
    expect(validateNewPasswordForm({ password: 'NewPassw0rd', confirmation: 'NewPassw0rd' })).toEqual({});
    expect(validateNewPasswordForm({ password: 'letters', confirmation: 'letters' })).toEqual({
      password: 'Password must be at least 8 characters with letters and numbers',
    });
    expect(validateNewPasswordForm({ password: 'NewPassw0rd', confirmation: 'NewPassw0rD' })).toEqual({ confirmation: 'Passwords do not match' });
    expect(validateNewPasswordForm({ password: 'NewPassw0rd', confirmation: '' })).toEqual({ confirmation: 'Passwords do not match' });
  });
});
