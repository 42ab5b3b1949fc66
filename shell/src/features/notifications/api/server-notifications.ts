/**
 * The notifications the server keeps for the user (reminders, escalations, a changed checklist):
 * `GET /notifications` (newest first, with the unread count), `POST /notifications/{id}/read` and
 * `POST /notifications/read-all`. They show in the bell beside the ones derived from the checklist
 * (docs/product.md#notifications).
 */
import { apiClient, type ApiClient, type PortalNotification } from '@embark/shared-ui';

export interface ServerNotification {
  id: number;
  type: string;
  title: string;
  body: string;
  /** An in-app path such as `/app/checklist`, or null. */
  link: string | null;
  created_at: string;
  read_at: string | null;
}

export interface ServerNotificationsPage {
  data: ServerNotification[];
  /** Unread notifications of the user, including any beyond the page. */
  unread: number;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function toNotification(value: unknown): ServerNotification | null {
  if (!isObject(value) || typeof value.id !== 'number' || typeof value.title !== 'string' || typeof value.created_at !== 'string') return null;
  return {
    id: value.id,
    type: typeof value.type === 'string' ? value.type : '',
    title: value.title,
    body: typeof value.body === 'string' ? value.body : '',
    link: typeof value.link === 'string' && value.link !== '' ? value.link : null,
    created_at: value.created_at,
    read_at: typeof value.read_at === 'string' ? value.read_at : null,
  };
}

/** A page of notifications; entries the bell could not show are left out. Not a page at all: throws. */
export function toNotificationsPage(answer: unknown): ServerNotificationsPage {
  if (!isObject(answer) || !Array.isArray(answer.data)) throw new Error('The server answered without notifications');
  const data = answer.data.map(toNotification).filter((n): n is ServerNotification => n !== null);
  const unread = typeof answer.unread === 'number' && answer.unread >= 0 ? answer.unread : data.filter((n) => n.read_at === null).length;
  return { data, unread };
}

const SERVER_ID_PREFIX = 'server:';

/** The bell's id of a server notification; never equal to a derived one's (`next:…`, `completed:…`). */
export function serverNotificationKey(id: number): string {
  return `${SERVER_ID_PREFIX}${id}`;
}

/** The server id behind a bell id, or null for a derived notification. */
export function serverIdOf(key: string): number | null {
  const digits = key.startsWith(SERVER_ID_PREFIX) ? key.slice(SERVER_ID_PREFIX.length) : '';
  return /^\d+$/.test(digits) ? Number(digits) : null;
}

// Only a path of this site is followed: the bell navigates inside the app, never away from it.
const IN_APP_PATH = /^\/(?![/\\])/;

export function toPortalNotification(notification: ServerNotification): PortalNotification {
  return {
    id: serverNotificationKey(notification.id),
    title: notification.title,
    description: notification.body,
    timestamp: notification.created_at,
    status: notification.read_at === null ? 'unread' : 'read',
    ...(notification.link !== null && IN_APP_PATH.test(notification.link) ? { href: notification.link } : {}),
  };
}

export function createServerNotificationsApi(client: ApiClient = apiClient) {
  return {
    async list(): Promise<ServerNotificationsPage> {
      return toNotificationsPage(await client.get<unknown>('/notifications'));
    },
    async markRead(id: number): Promise<void> {
      await client.post<unknown>(`/notifications/${id}/read`);
    },
    async markAllRead(): Promise<void> {
      await client.post<unknown>('/notifications/read-all');
    },
  };
}

export type ServerNotificationsApi = ReturnType<typeof createServerNotificationsApi>;

export const serverNotificationsApi: ServerNotificationsApi = createServerNotificationsApi();
