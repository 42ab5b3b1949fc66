import { dictionary } from '@zxcvbn-ts/language-common';
import { invalid } from '../../shared/validation';
import { AUTH_MESSAGES as M, normalizeEmail } from './auth.messages';

/*
 * What a NEW password must not be, beyond its form (auth.schemas NewPassword):
 * one of the most common passwords, or something containing the account's
 * email name (docs/product.md#passwords). Checked wherever a password is
 * chosen: registration, change, reset and accepting an invitation. Stored
 * passwords are never re-checked, so existing sign-ins keep working.
 */

/** How many of the most common passwords are refused. */
export const COMMON_PASSWORD_COUNT = 10_000;
/**
 * Shorter email names are not looked for: "al" or "jo" occur inside plenty
 * of good passwords, so refusing them would block far more than it protects.
 */
export const EMAIL_NAME_MIN = 3;

let common: ReadonlySet<string> | undefined;

/**
 * zxcvbn-ts's list is ranked by frequency in leaked password sets and is
 * lower-case; the first COMMON_PASSWORD_COUNT entries are the refused ones.
 * Built on first use (about 75 ms), then kept.
 */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT));
  return common;
}

/**
 * The rule `password` breaks for the account with `email`, or null. Compared
 * ignoring case: "Password1" is as guessable as "password1".
 */
export function newPasswordProblem(password: string, email: string): string | null {
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return M.passwordTooCommon;
  const normalized = normalizeEmail(email);
  const name = normalized.slice(0, Math.max(0, normalized.lastIndexOf('@')));
  if (name.length >= EMAIL_NAME_MIN && lower.includes(name)) return M.passwordContainsEmail;
  return null;
}

/** Throws the 400 of newPasswordProblem: for services that learn the email after parsing (reset, invitations). */
export function assertNewPasswordAllowed(password: string, email: string): void {
  const problem = newPasswordProblem(password, email);
  if (problem) throw invalid([problem]);
}
