import { apiClient, type ApiClient } from '@embark/shared-ui';
import { keepingSession } from './keep-session';

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

/** The signed-in two-factor calls; every change (enable, disable, new backup codes) hands back a fresh token (keepingSession). */
export function createTwoFactorApi(client: ApiClient = apiClient) {
  return {
    status: () => client.get<TwoFactorStatus>('/auth/2fa/status'),
    setup: () => client.post<TwoFactorSetup>('/auth/2fa/setup'),
    /** The password proves the account's owner is here, not just someone holding the session (docs/product.md#two-factor). */
    async enable(code: string, password: string): Promise<string[]> {
      const answer = await keepingSession(client, '2fa.enable', () =>
        client.post<{ backupCodes: string[]; token?: string }>('/auth/2fa/enable', { token: code, password }),
      );
      return answer.backupCodes;
    },
    async disable(password: string): Promise<void> {
      await keepingSession(client, '2fa.disable', () => client.post<{ token?: string }>('/auth/2fa/disable', { password }));
    },
    async regenerateBackupCodes(password: string): Promise<string[]> {
      const answer = await keepingSession(client, '2fa.backup_codes_regenerated', () =>
        client.post<{ backupCodes: string[]; token?: string }>('/auth/2fa/backup-codes/regenerate', { password }),
      );
      return answer.backupCodes;
    },
  };
}

export type TwoFactorApi = ReturnType<typeof createTwoFactorApi>;

export const twoFactorApi: TwoFactorApi = createTwoFactorApi();
