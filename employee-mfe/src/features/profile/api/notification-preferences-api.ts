import { apiClient, type ApiClient } from '@embark/shared-ui';

/** The signed-in user's reminder settings, as `GET /notifications/preferences` answers them (docs/product.md#notifications). */
export interface NotificationPreferences {
  /** Whether the daily digest of tasks due soon or overdue is mailed. Escalations are always sent. */
  digest: boolean;
}

/** The notification preference calls, through the kit's REST client. */
export function createNotificationPreferencesApi(client: ApiClient = apiClient) {
  return {
    get: (signal?: AbortSignal) => client.get<NotificationPreferences>('/notifications/preferences', { signal }),
    save: (preferences: NotificationPreferences) => client.put<NotificationPreferences>('/notifications/preferences', preferences),
  };
}

export type NotificationPreferencesApi = ReturnType<typeof createNotificationPreferencesApi>;

export const notificationPreferencesApi: NotificationPreferencesApi = createNotificationPreferencesApi();
