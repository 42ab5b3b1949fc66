/**
 * Validation rules for the sign-in, registration and two-factor forms (docs/product.md#validation).
 * Each rule returns the product's message for the first problem it finds, or `undefined` when the value is fine. The
 * gateway checks the same rules with the same words (its 400 `details` are shown as they are).
 */
import { LIMITS, VALIDATION_MESSAGES } from '@embark/shared-ui';

/** One message per field; absent when the field is valid. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

// Address-like, exactly as the gateway checks it: something@something.tld, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TOTP_PATTERN = /^\d{6}$/;
const BACKUP_CODE_PATTERN = /^[0-9a-f]{8}$/i;

export interface EmailRuleOptions {
  /** Registration also limits the length; sign-in does not. */
  checkLength?: boolean;
}

export function validateEmail(value: string, { checkLength = false }: EmailRuleOptions = {}): string | undefined {
  const email = value.trim();
  if (email === '') return VALIDATION_MESSAGES.emailRequired;
  if (checkLength && email.length > LIMITS.emailMax) return VALIDATION_MESSAGES.emailTooLong;
  if (!EMAIL_PATTERN.test(email)) return VALIDATION_MESSAGES.emailInvalid;
  return undefined;
}

/** Sign-in password: required, at least 8 characters (an empty one is "less than 8" too). */
export function validateLoginPassword(value: string): string | undefined {
  return value.length < LIMITS.passwordMin ? VALIDATION_MESSAGES.loginPasswordTooShort : undefined;
}

/** Registration password: at least 8 characters with at least one letter and one digit, at most 1,024. */
export function validateRegisterPassword(value: string): string | undefined {
  if (value.length > LIMITS.passwordMax) return VALIDATION_MESSAGES.passwordTooLong;
  const strong = value.length >= LIMITS.passwordMin && /[A-Za-z]/.test(value) && /\d/.test(value);
  return strong ? undefined : VALIDATION_MESSAGES.registerPasswordWeak;
}

export function validateName(value: string): string | undefined {
  const name = value.trim();
  if (name === '') return VALIDATION_MESSAGES.nameRequired;
  if (name.length > LIMITS.nameMax) return VALIDATION_MESSAGES.nameTooLong;
  return undefined;
}

/** The role select's value: '' until a role is chosen. */
export function validateRole(value: string | number | null | undefined): string | undefined {
  return value === '' || value === null || value === undefined ? VALIDATION_MESSAGES.roleRequired : undefined;
}

export type TwoFactorMode = 'totp' | 'backup';

/**
 * What the user typed, as the server expects it: spaces (and, for backup codes, dashes) are
 * dropped, because authenticator apps and printed code lists group the characters.
 */
export function normaliseTwoFactorCode(value: string, mode: TwoFactorMode): string {
  const compact = value.replace(/\s+/g, '');
  return mode === 'backup' ? compact.replace(/-/g, '').toLowerCase() : compact;
}

export function validateTwoFactorCode(value: string, mode: TwoFactorMode): string | undefined {
  const code = normaliseTwoFactorCode(value, mode);
  if (code === '') return VALIDATION_MESSAGES.twoFactorCodeRequired;
  if (mode === 'totp') return TOTP_PATTERN.test(code) ? undefined : VALIDATION_MESSAGES.authenticatorCodeInvalid;
  return BACKUP_CODE_PATTERN.test(code) ? undefined : VALIDATION_MESSAGES.backupCodeInvalid;
}

export interface LoginFormValues {
  email: string;
  password: string;
}

export function validateLoginForm(values: LoginFormValues): FieldErrors<keyof LoginFormValues> {
  return compact({ email: validateEmail(values.email), password: validateLoginPassword(values.password) });
}

export interface RegisterFormValues {
  name: string;
  email: string;
  password: string;
  /** The select's value: '' until chosen, else the role id as text. */
  roleId: string;
}

export function validateRegisterForm(values: RegisterFormValues): FieldErrors<keyof RegisterFormValues> {
  return compact({
    name: validateName(values.name),
    email: validateEmail(values.email, { checkLength: true }),
    password: validateRegisterPassword(values.password),
    roleId: validateRole(values.roleId),
  });
}

/**
 * The one message of the new-password forms (reset, change) beyond the registration rule. Here rather
 * than in messages.ts: only those forms load this subpath, and the index reaches every page.
 */
export const NEW_PASSWORD_MESSAGES = {
  mismatch: 'Passwords do not match',
} as const;

export interface NewPasswordValues {
  password: string;
  /** The same password typed again. */
  confirmation: string;
}

/** A new password (reset, change): the registration rule (docs/product.md#passwords), typed twice alike. */
export function validateNewPasswordForm(values: NewPasswordValues): FieldErrors<keyof NewPasswordValues> {
  return compact({
    password: validateRegisterPassword(values.password),
    confirmation: values.confirmation === values.password ? undefined : NEW_PASSWORD_MESSAGES.mismatch,
  });
}

export function hasFieldErrors<F extends string>(errors: FieldErrors<F>): boolean {
  return Object.values(errors).some((message) => typeof message === 'string' && message !== '');
}

function compact<F extends string>(errors: Record<F, string | undefined>): FieldErrors<F> {
  const result: FieldErrors<F> = {};
  for (const key of Object.keys(errors) as F[]) {
    const message = errors[key];
    if (message !== undefined) result[key] = message;
  }
  return result;
}
