/**
 * The account calls of the sign-in screens (docs/product.md#sessions), which load them with
 * themselves: the shell's first paint carries only `session-api.ts`. The messages for their failures are
 * `auth-errors.ts`. Sign-in, the second step and registration
 * opt out of the session-expiry hook: there a 401 means wrong credentials, not an expired session.
 */
import {
  apiClient,
  isApiError,
  isSessionUser,
  logAuthEvent,
  parseRoles,
  type ApiClient,
  type RoleOption,
  type SessionUser,
} from '@embark/shared-ui';
import { createSessionApi, PUBLIC } from './session-api';

export interface Session {
  token: string;
  user: SessionUser;
}

/**
 * The password step passed and a second factor is due. `challengeId` binds that second step to
 * this browser: without it the step is refused (docs/product.md#two-factor).
 */
export interface TwoFactorChallenge {
  email: string;
  challengeId: string;
}

export type SignInResult = { kind: 'session'; session: Session } | { kind: 'twoFactor'; challenge: TwoFactorChallenge };

export interface RegistrationInput {
  name: string;
  email: string;
  password: string;
  role_id: number;
}

/** Every account call of the sign-in screens, the session's own (`session-api.ts`) included. */
export function createAuthApi(client: ApiClient = apiClient) {
  return {
    ...createSessionApi(client),

    async signIn(email: string, password: string): Promise<SignInResult> {
      const answer = await logged('login', () => client.post<unknown>('/auth/login', { email: email.trim(), password }, PUBLIC));
      if (isObject(answer) && answer.requiresTwoFactor === true) {
        logAuthEvent('login.two_factor_required');
        // Never logged: whoever holds the id may spend the second step's tries.
        if (typeof answer.challengeId !== 'string' || answer.challengeId === '') throw new Error('The server asked for a second factor without a challenge');
        return { kind: 'twoFactor', challenge: { email: email.trim(), challengeId: answer.challengeId } };
      }
      return { kind: 'session', session: toSession(answer) };
    },

    async verifySignIn({ email, challengeId }: TwoFactorChallenge, code: string, isBackupCode: boolean): Promise<Session> {
      const answer = await logged(isBackupCode ? 'login.backup_code' : 'login.totp', () =>
        client.post<unknown>('/auth/2fa/verify-login', { email: email.trim(), challengeId, token: code, isBackupCode }, PUBLIC),
      );
      return toSession(answer);
    },

    async register(input: RegistrationInput): Promise<Session> {
      const answer = await logged('register', () =>
        client.post<unknown>('/auth/register', { ...input, name: input.name.trim(), email: input.email.trim() }, PUBLIC),
      );
      return toSession(answer);
    },

    /** `GET /roles`; null when the answer is not a list of roles. */
    async roles(): Promise<RoleOption[] | null> {
      return parseRoles(await client.get<unknown>('/roles', PUBLIC));
    },
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;

export const authApi: AuthApi = createAuthApi();

/** Records an attempt and its outcome in the auth debug log (no credentials, only statuses). */
export async function logged<T>(event: string, call: () => Promise<T>): Promise<T> {
  logAuthEvent(`${event}.attempt`);
  try {
    const result = await call();
    logAuthEvent(`${event}.answered`);
    return result;
  } catch (error) {
    logAuthEvent(`${event}.failed`, { details: { status: isApiError(error) ? error.status : null, timedOut: isApiError(error) ? error.timedOut : null } });
    throw error;
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The `{token, user}` of an answer that signs someone in. */
export function toSession(answer: unknown): Session {
  if (isObject(answer) && typeof answer.token === 'string' && answer.token !== '' && isSessionUser(answer.user)) {
    return { token: answer.token, user: answer.user };
  }
  throw new Error('The server answered without a session');
}

