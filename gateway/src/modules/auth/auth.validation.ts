import { invalid } from '../../shared/validation';

/**
 * Spec §5 messages, word for word: the client kit shows the server's `details`
 * as they are, so these strings are part of the contract.
 */
export const MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: 'Email must be less than 254 characters',
  passwordRule: 'Password must be at least 8 characters with letters and numbers',
  passwordRequired: 'Password is required',
  passwordTooLong: 'Password must be less than 1024 characters',
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be less than 100 characters',
  roleRequired: 'Please select a role',
  roleUnknown: 'Please select a valid role',
  duplicateEmail: 'An account with this email already exists.',
  adminRegistrationRefused: 'Registration as an administrator is not allowed.',
  invalidCredentials: 'Invalid email or password',
  tooManyLogins: 'Too many login attempts. Please try again later.',
  tooManyRegistrations: 'Too many registration attempts. Please try again later.',
  codeRequired: 'Please enter your authentication code',
  codeFormat: 'Please enter a 6-digit code',
  backupCodeFormat: 'Please enter an 8-character backup code',
  invalidCode: 'Invalid authentication code',
  invalidBackupCode: 'Invalid backup code. Please check and try again.',
  signInExpired: 'Your sign-in has expired. Please enter your email and password again.',
  tooManyCodeAttempts: 'Too many authentication attempts. Please sign in again.',
  tooManyTwoFactorChecks: 'Too many attempts. Please try again later.',
  invalidPassword: 'Invalid password',
  passwordOrCodeRequired: 'Please enter your password or an authentication code',
  twoFactorAlreadyEnabled: 'Two-factor authentication is already enabled',
  twoFactorNotSetUp: 'Two-factor authentication has not been set up. Start the setup first.',
  twoFactorNotEnabled: 'Two-factor authentication is not enabled',
} as const;

export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
/** argon2 takes any length, but a megabyte "password" is only a way to burn CPU. */
export const PASSWORD_MAX = 1024;
// Address-like, as the client checks it: something@something.tld, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  roleId: number;
}

/** The request body as received: any JSON value may be in any field. */
export type Untrusted<T> = { [K in keyof T]?: unknown };

// A 400 listing every problem, joined with commas (spec §5 house style).
export { invalid };

/** Lower-cased and trimmed: the form under which emails are compared (DESIGN §5). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Spec §5 problems of an email field (required, length when `checkLength`, address-like). */
export function emailProblems(raw: unknown, checkLength: boolean): string[] {
  const email = typeof raw === 'string' ? raw.trim() : '';
  if (email === '') return [MESSAGES.emailRequired];
  if (checkLength && email.length > EMAIL_MAX) return [MESSAGES.emailTooLong];
  if (!EMAIL_PATTERN.test(email)) return [MESSAGES.emailInvalid];
  return [];
}

/** Registration per spec §5; throws one 400 listing every problem. */
export function validateRegistration(input: Untrusted<RegisterInput> | Record<string, unknown>): RegisterInput {
  const details: string[] = [];
  const source = input as Record<string, unknown>;

  const name = typeof source.name === 'string' ? source.name.trim() : '';
  if (name === '') details.push(MESSAGES.nameRequired);
  else if (name.length > NAME_MAX) details.push(MESSAGES.nameTooLong);

  details.push(...emailProblems(source.email, true));

  const password = typeof source.password === 'string' ? source.password : '';
  if (password.length < PASSWORD_MIN || !/[A-Za-z]/.test(password) || !/\d/.test(password)) details.push(MESSAGES.passwordRule);
  else if (password.length > PASSWORD_MAX) details.push(MESSAGES.passwordTooLong);

  // REST sends role_id (spec §7); a numeric string from a form is accepted too.
  const rawRole = source.roleId ?? source.role_id;
  const roleId = typeof rawRole === 'string' && /^\d+$/.test(rawRole.trim()) ? Number(rawRole) : rawRole;
  if (roleId === undefined || roleId === null || roleId === '') details.push(MESSAGES.roleRequired);
  else if (typeof roleId !== 'number' || !Number.isInteger(roleId) || roleId < 1 || roleId > 2_147_483_647) details.push(MESSAGES.roleUnknown);

  if (details.length > 0) throw invalid(details);
  return { name, email: (source.email as string).trim(), password, roleId: roleId as number };
}

export interface LoginInput {
  email: string;
  password: string;
}

/** Sign-in only needs both fields present; anything else is simply wrong credentials (401). */
export function validateLogin(input: Record<string, unknown>): LoginInput {
  const details: string[] = [];
  const email = typeof input.email === 'string' ? input.email.trim() : '';
  if (email === '') details.push(MESSAGES.emailRequired);
  const password = typeof input.password === 'string' ? input.password : '';
  if (password === '') details.push(MESSAGES.passwordRequired);
  if (details.length > 0) throw invalid(details);
  return { email, password };
}

export interface SecondStepInput {
  email: string;
  code: string;
  isBackupCode: boolean;
}

/** `verify-login {email, token, isBackupCode}`: the code's format is checked per mode (spec §5). */
export function validateSecondStep(input: Record<string, unknown>): SecondStepInput {
  const details: string[] = [];
  const email = typeof input.email === 'string' ? input.email.trim() : '';
  if (email === '') details.push(MESSAGES.emailRequired);
  const isBackupCode = input.isBackupCode === true || input.isBackupCode === 'true';
  const code = typeof input.token === 'string' ? input.token.trim() : typeof input.token === 'number' ? String(input.token) : '';
  if (code === '') details.push(MESSAGES.codeRequired);
  else if (isBackupCode && !/^[0-9a-fA-F]{8}$/.test(code)) details.push(MESSAGES.backupCodeFormat);
  else if (!isBackupCode && !/^\d{6}$/.test(code)) details.push(MESSAGES.codeFormat);
  if (details.length > 0) throw invalid(details);
  return { email, code: isBackupCode ? code.toLowerCase() : code, isBackupCode };
}

/** A 6-digit authenticator code on the signed-in 2FA endpoints. */
export function validateTotpCode(raw: unknown): string {
  const code = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
  if (code === '') throw invalid([MESSAGES.codeRequired]);
  if (!/^\d{6}$/.test(code)) throw invalid([MESSAGES.codeFormat]);
  return code;
}
