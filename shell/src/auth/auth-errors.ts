/**
 * The words a user sees (docs/product.md#messages) when an account call of `auth-api.ts`
 * fails. Apart from the calls so that only the sign-in and registration screens load them (the
 * signed-in area's start needs the calls, not these words).
 */
import { HTTP_ERROR_MESSAGES, isApiError } from '@embark/shared-ui';
import { ACCOUNT_TEXT, LOGIN_MESSAGES, REGISTER_MESSAGES } from '@embark/shared-ui/page-text/auth';

/** Sign-in, the email-and-password step. */
export function signInErrorMessage(error: unknown): string {
  // Anything but an HTTP failure (a malformed answer) has no words a user could act on.
  if (!isApiError(error)) return LOGIN_MESSAGES.failed;
  if (error.timedOut) return error.message;
  if (error.status === 0) return LOGIN_MESSAGES.network;
  if (error.status === 401) return LOGIN_MESSAGES.invalidCredentials;
  if (error.status === 429) return LOGIN_MESSAGES.tooManyAttempts;
  if (error.status >= 500) return LOGIN_MESSAGES.server;
  return error.serverError?.trim() || LOGIN_MESSAGES.failed;
}

/** Sign-in, the two-factor step: the server's text, else the code or backup-code message. */
export function twoFactorErrorMessage(error: unknown, isBackupCode: boolean): string {
  const fallback = isBackupCode ? LOGIN_MESSAGES.invalidBackupCode : LOGIN_MESSAGES.invalidCode;
  if (!isApiError(error)) return fallback;
  if (error.timedOut) return error.message;
  if (error.status === 0) return LOGIN_MESSAGES.network;
  if (error.status >= 500) return LOGIN_MESSAGES.server;
  return error.serverError?.trim() || fallback;
}

// The gateway's refusal of a code step whose password step expired or was used, word for word as it
// sends it (docs/product.md#two-factor); a wrong code is a 401 too, in other words.
const SIGN_IN_EXPIRED = 'Your sign-in has expired. Please enter your email and password again.';

/**
 * The server's words when a two-factor refusal means the password step must be done again; null for a
 * wrong code and the like. Every 429 does: the step's own tries are used up, or a limit of the account
 * or the address holds for longer (15 minutes) than the step lives (5), so no code can pass it any more.
 */
export function twoFactorSignInOver(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const text = error.serverError?.trim() ?? '';
  if (error.status === 401 && text === SIGN_IN_EXPIRED) return text;
  if (error.status === 429) return text || LOGIN_MESSAGES.tooManyAttempts;
  return null;
}

/** Registration. */
export function registerErrorMessage(error: unknown): string {
  if (!isApiError(error)) return REGISTER_MESSAGES.failed;
  if (error.timedOut) return error.message;
  if (error.status === 0) return REGISTER_MESSAGES.network;
  if (error.status === 400) return error.serverError?.trim() || REGISTER_MESSAGES.invalidData;
  if (error.status === 409) return REGISTER_MESSAGES.emailTaken;
  if (error.status === 429) return REGISTER_MESSAGES.tooManyAttempts;
  // A 503 with the gateway's words says why (an invitation import holding new accounts back for a
  // moment); any other 5xx, or one without words, gets the generic message.
  if (error.status >= 500) return (error.status === 503 && error.serverError?.trim()) || REGISTER_MESSAGES.server;
  return error.serverError?.trim() || REGISTER_MESSAGES.failed;
}

/** Asking for a reset mail and setting a new password: the server's words for a 400 and a 429, else the client's message by status. */
export function accountErrorMessage(error: unknown): string {
  if (!isApiError(error)) return HTTP_ERROR_MESSAGES.unexpected;
  if (error.status === 429) return error.serverError?.trim() || ACCOUNT_TEXT.tooManyRequests;
  return error.message;
}

/** An invitation that could not be read: the gateway's words for a limit (429) or a busy moment (503), else the page's own. */
export function invitationLoadErrorMessage(error: unknown): string {
  const words = isApiError(error) && (error.status === 429 || error.status === 503) ? error.serverError?.trim() : undefined;
  return words || ACCOUNT_TEXT.acceptLoadFailed;
}
