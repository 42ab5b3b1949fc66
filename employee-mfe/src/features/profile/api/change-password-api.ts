import { apiClient, type ApiClient } from '@embark/shared-ui';
import { keepingSession } from './keep-session';

/**
 * `POST /auth/change-password` (docs/product.md#passwords): every other session of the account ends and
 * this one carries on with the fresh token in the answer. A wrong current password answers 400.
 */
export function createChangePasswordApi(client: ApiClient = apiClient) {
  return {
    async changePassword(currentPassword: string, newPassword: string): Promise<void> {
      await keepingSession(client, 'password.change', () => client.post<{ token?: string }>('/auth/change-password', { currentPassword, newPassword }));
    },
  };
}

export type ChangePasswordApi = ReturnType<typeof createChangePasswordApi>;

export const changePasswordApi: ChangePasswordApi = createChangePasswordApi();
