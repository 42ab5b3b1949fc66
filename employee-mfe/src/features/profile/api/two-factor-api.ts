import { apiClient, type ApiClient } from '@embark/shared-ui';
import { keepSession } from './keep-session';

/** `GET /auth/2fa/status` (docs/product.md#two-factor). */
export interface TwoFactorStatus {
  enabled: boolean;
  backupCodesRemaining: number;
}

/** `POST /auth/2fa/setup`: a new secret, inactive until enabled with a code. */
export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  qrCodeDataUrl: string;
}

/** The signed-in two-factor calls; every change (enable, disable, new backup codes) hands back a fresh token (keepSession). */
export function createTwoFactorApi(client: ApiClient = apiClient) {
  return {
    status: () => client.get<TwoFactorStatus>('/auth/2fa/status'),
    setup: () => client.post<TwoFactorSetup>('/auth/2fa/setup'),
    /** The password proves the account's owner is here, not just someone holding the session (docs/product.md#two-factor). */
    async enable(code: string, password: string): Promise<string[]> {
      const answer = await client.post<{ backupCodes: string[]; token?: string }>('/auth/2fa/enable', { token: code, password });
      keepSession(answer, '2fa.enable');
      return answer.backupCodes;
    },
    async disable(password: string): Promise<void> {
      keepSession(await client.post<{ token?: string }>('/auth/2fa/disable', { password }), '2fa.disable');
    },
    async regenerateBackupCodes(password: string): Promise<string[]> {
      const answer = await client.post<{ backupCodes: string[]; token?: string }>('/auth/2fa/backup-codes/regenerate', { password });
      keepSession(answer, '2fa.backup_codes_regenerated');
      return answer.backupCodes;
    },
  };
}

export type TwoFactorApi = ReturnType<typeof createTwoFactorApi>;

export const twoFactorApi: TwoFactorApi = createTwoFactorApi();
