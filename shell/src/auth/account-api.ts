/**
 * The public account calls that only their own screens need (docs/product.md#registration, #passwords): who may
 * register, invitations, forgotten passwords. Kept out of `auth-api.ts`, which every sign-in screen
 * loads, so that they load with their own screens only (docs/bundles.md).
 */
import { apiClient, type ApiClient } from '@embark/shared-ui';
import { isObject, logged, toSession, type Session } from './auth-api';
import { PUBLIC } from './session-api';

/** `GET /invitations/{token}`: who is invited, as the invitee sees it (docs/product.md#registration). */
export interface InvitationPreview {
  email: string;
  name: string;
  role_name: string;
}

/** `GET /settings/registration`: who may register (docs/product.md#registration). */
export type RegistrationPolicy = { mode: 'open' } | { mode: 'domains'; domains: string[] } | { mode: 'invite' };

export function createAccountApi(client: ApiClient = apiClient) {
  return {
    /** Who may register; null when the answer is not a policy (the form is shown, the server still decides). */
    async registrationPolicy(): Promise<RegistrationPolicy | null> {
      return toRegistrationPolicy(await client.get<unknown>('/settings/registration', PUBLIC));
    },

    /** An invitation's preview; a 404 means the link cannot be used (unknown, used, revoked or expired). */
    async invitation(token: string): Promise<InvitationPreview> {
      const answer = await client.get<unknown>(`/invitations/${encodeURIComponent(token)}`, PUBLIC);
      if (isObject(answer) && typeof answer.email === 'string' && typeof answer.name === 'string' && typeof answer.role_name === 'string') {
        return { email: answer.email, name: answer.name, role_name: answer.role_name };
      }
      throw new Error('The server answered without an invitation');
    },

    /** Sets the invitee's password: the account is created and signed in. */
    async acceptInvitation(token: string, password: string): Promise<Session> {
      const answer = await logged('invitation.accept', () => client.post<unknown>(`/invitations/${encodeURIComponent(token)}/accept`, { password }, PUBLIC));
      return toSession(answer);
    },

    /** Asks for a reset mail; the answer is the same whether or not the account exists. */
    async forgotPassword(email: string): Promise<void> {
      await logged('password.forgot', () => client.post<unknown>('/auth/forgot-password', { email: email.trim() }, PUBLIC));
    },

    /** Sets a new password with a mailed reset token; every session of the account ends. */
    async resetPassword(token: string, password: string): Promise<void> {
      await logged('password.reset', () => client.post<unknown>('/auth/reset-password', { token, password }, PUBLIC));
    },
  };
}

export type AccountApi = ReturnType<typeof createAccountApi>;

export const accountApi: AccountApi = createAccountApi();

function toRegistrationPolicy(answer: unknown): RegistrationPolicy | null {
  if (!isObject(answer)) return null;
  if (answer.mode === 'open' || answer.mode === 'invite') return { mode: answer.mode };
  if (answer.mode === 'domains' && Array.isArray(answer.domains)) {
    return { mode: 'domains', domains: answer.domains.filter((d): d is string => typeof d === 'string' && d !== '') };
  }
  return null;
}
