import { USER_ADMIN_MESSAGES as ACCOUNT } from '../users';

/**
 * The words of registration, sign-in, passwords and two-factor, exactly as clients show
 * them: the client kit displays the server's `details` as they are, so these
 * strings are part of the contract (docs/product.md#messages).
 */
export const AUTH_MESSAGES = {
  // A person's name and email are the users module's fields, with its words wherever they are typed.
  emailRequired: ACCOUNT.emailRequired,
  emailInvalid: ACCOUNT.emailInvalid,
  emailTooLong: ACCOUNT.emailTooLong,
  passwordRule: 'Password must be at least 8 characters with letters and numbers',
  passwordRequired: 'Password is required',
  passwordTooLong: 'Password must be less than 1024 characters',
  passwordTooCommon: 'This password is too common',
  passwordContainsEmail: 'Password must not contain your email',
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordWrong: 'Current password is incorrect',
  resetLinkInvalid: 'This reset link is invalid or has expired',
  tooManyResetRequests: 'Too many password reset requests. Please try again later.',
  resetForInactiveAccount: 'This account is deactivated: reactivate it before sending a reset link',
  nameRequired: ACCOUNT.nameRequired,
  nameTooLong: ACCOUNT.nameTooLong,
  roleRequired: 'Please select a role',
  roleUnknown: 'Please select a valid role',
  duplicateEmail: ACCOUNT.duplicateEmail,
  adminRegistrationRefused: 'Registration as an administrator is not allowed.',
  invitationPending: 'An invitation was sent to this email. Use the link in it to create your account.',
  invalidCredentials: 'Invalid email or password',
  sessionNotFound: 'Session not found',
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
  // Confirming a sensitive change (two-factor on or off, new backup codes) with the password.
  passwordNeeded: 'Please enter your password',
  incorrectPassword: 'Incorrect password',
  passwordOrCodeRequired: 'Please enter your password or an authentication code',
  twoFactorAlreadyEnabled: 'Two-factor authentication is already enabled',
  twoFactorNotSetUp: 'Two-factor authentication has not been set up. Start the setup first.',
  twoFactorNotEnabled: 'Two-factor authentication is not enabled',
} as const;

/** Password limits (docs/product.md#passwords); name and email are the users module's USER_LIMITS. */
export const AUTH_LIMITS = {
  passwordMin: 8,
  /** argon2 takes any length, but a megabyte "password" is only a way to burn CPU. */
  passwordMax: 1024,
  /** A reset link works for this long (docs/product.md#passwords). */
  resetTtlSeconds: 60 * 60,
  /**
   * 'Forgot password?' answers no sooner than this, whether or not a mail is
   * queued, so the response time does not tell which addresses have accounts.
   */
  forgotPasswordFloorMs: 250,
} as const;

/** Lower-cased and trimmed: the form under which emails are compared (docs/product.md#registration). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
