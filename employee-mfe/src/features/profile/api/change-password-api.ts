import { apiClient, type ApiClient } from '@embark/shared-ui';
import { keepSession } from './keep-session';

/**
 * `POST /auth/change-password` (docs/product.md#passwords): every other session of the account ends and
 * this one carries on with the fresh token in the answer. A wrong current password answers 400.
 */
export function createChangePasswordApi(client: ApiClient = apiClient) {
  return {
    async changePassword(currentPassword: string, newPassword: string): Promise<void> {
      keepSession(await client.post<{ token?: string }>('/auth/change-password', { currentPassword, newPassword }), 'password.change');
    },
  };
}

export type ChangePasswordApi = ReturnType<typeof createChangePasswordApi>;

export const changePasswordApi: ChangePasswordApi = createChangePasswordApi();
