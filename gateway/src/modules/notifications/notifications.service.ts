import type { DataSource, EntityManager } from 'typeorm';
import { requireUser, type Actor } from '../../shared/actor';
import { NotFoundError } from '../../shared/errors';
import { withoutNul } from '../../shared/schemas';
import { queryRows } from '../../shared/sql';
import { parseInput, z } from '../../shared/validation';
import { APP_PATH_PATTERN, isDeliverableAddress, type MailOutbox, type OutboxMail } from '../mail';
import { NOTIFICATION_LIMITS as L, NOTIFICATION_MESSAGES as M, NOTIFICATION_TYPES, type NotificationType as Kind } from './notifications.messages';
import { NotificationId, NotificationPreferencesInput } from './notifications.schemas';
import { INSERT_NOTIFICATIONS_SQL } from './reminders.sql';
import type { NotificationPreferencesType, NotificationsPageType, NotificationType } from './notifications.types';

/** What another module hands `notify`: the notification, and `mail` when it is mailed too (same transaction). */
export interface NotifyInput {
  userId: number;
  type: Kind;
  title: string;
  body: string;
  link: string | null;
  /** Present: the user is mailed the same words (a dedupe key keeps a retried action from mailing twice). */
  mail?: { dedupeKey?: string };
}

const text = (max: number) => z.string().transform((s) => withoutNul(s).trim().slice(0, max));

/** Checked so a caller's mistake fails loudly here, not as a database error later. */
const NotifySchema = z.object({
  userId: z.number().int().positive(),
  type: z.enum(NOTIFICATION_TYPES),
  title: text(L.titleMax).pipe(z.string().min(1)),
  body: text(L.bodyMax),
  link: z.string().regex(APP_PATH_PATTERN).max(L.linkMax).nullable(),
  mail: z.object({ dedupeKey: z.string().min(1).max(200).optional() }).optional(),
});

/** The mail repeating notification `n` to its user (`to`): only a changed checklist has a template. */
function mailOf(n: z.output<typeof NotifySchema>, to: { email: string; name: string }): OutboxMail {
  if (n.type !== 'checklist_changed') throw new Error(`notify: no mail template for ${n.type}`);
  return {
    to: to.email,
    ...(n.mail?.dedupeKey ? { dedupeKey: n.mail.dedupeKey } : {}),
    content: { kind: 'checklist-changed', data: { name: to.name, body: n.body || n.title, link: n.link ?? '/app/checklist' } },
  };
}

interface NotificationRow {
  id: number;
  type: string;
  title: string;
  body: string;
  link: string | null;
  created_at: Date;
  read_at: Date | null;
}

const COLUMNS = 'id, type, title, body, link, created_at, read_at';

export function toNotification(row: NotificationRow): NotificationType {
  return { ...row, created_at: row.created_at.toISOString(), read_at: row.read_at?.toISOString() ?? null };
}

/**
 * Notifications as records (docs/product.md#notifications): the only reader
 * and writer of `notifications` and `notification_preferences`. A user reads
 * and marks only their own: anyone else's answers 404, like an unknown id.
 * Other modules write through `notify`, inside their own transaction.
 */
export class NotificationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: MailOutbox,
  ) {}

  /** GET /notifications, `myNotifications`: the newest 50 and the unread count of all. */
  async list(actor: Actor): Promise<NotificationsPageType> {
    const { userId } = requireUser(actor);
    const [rows, [count]] = await Promise.all([
      queryRows<NotificationRow>(this.dataSource, `select ${COLUMNS} from notifications where user_id = $1 order by created_at desc, id desc limit $2`, [userId, L.listMax]),
      queryRows<{ unread: number }>(this.dataSource, 'select count(*)::int as unread from notifications where user_id = $1 and read_at is null', [userId]),
    ]);
    return { data: rows.map(toNotification), unread: count?.unread ?? 0 };
  }

  /** POST /notifications/{id}/read, `markNotificationRead`: reading it twice keeps the first time. */
  async markRead(actor: Actor, rawId: unknown): Promise<NotificationType> {
    const { userId } = requireUser(actor);
    const id = parseInput(NotificationId, rawId);
    const [row] = await queryRows<NotificationRow>(
      this.dataSource,
      `update notifications set read_at = coalesce(read_at, now()) where id = $1 and user_id = $2 returning ${COLUMNS}`,
      [id, userId],
    );
    if (!row) throw new NotFoundError(M.notFound);
    return toNotification(row);
  }

  /** POST /notifications/read-all, `markAllNotificationsRead`: how many were unread. */
  async markAllRead(actor: Actor): Promise<number> {
    const { userId } = requireUser(actor);
    const rows = await queryRows<{ id: number }>(this.dataSource, 'update notifications set read_at = now() where user_id = $1 and read_at is null returning id', [userId]);
    return rows.length;
  }

  /** GET /notifications/preferences, `notificationPreferences`: the digest is on until turned off. */
  async preferences(actor: Actor): Promise<NotificationPreferencesType> {
    const { userId } = requireUser(actor);
    const [row] = await queryRows<NotificationPreferencesType>(this.dataSource, 'select digest from notification_preferences where user_id = $1', [userId]);
    return { digest: row?.digest ?? true };
  }

  /** PUT /notifications/preferences, `updateNotificationPreferences`. */
  async updatePreferences(actor: Actor, input: unknown): Promise<NotificationPreferencesType> {
    const { userId } = requireUser(actor);
    const { digest } = parseInput(NotificationPreferencesInput, input);
    const [row] = await queryRows<NotificationPreferencesType>(
      this.dataSource,
      `insert into notification_preferences (user_id, digest) values ($1, $2)
       on conflict (user_id) do update set digest = excluded.digest, updated_at = now()
       returning digest`,
      [userId, digest],
    );
    return { digest: row?.digest ?? digest };
  }

  /**
   * Writes a notification for `userId` and, with `mail`, queues the same words
   * as a mail, both in the caller's transaction (`manager`): they commit or
   * roll back with the action that caused them.
   */
  async notify(manager: EntityManager, input: NotifyInput): Promise<NotificationType> {
    const n = NotifySchema.parse(input);
    const [row] = await queryRows<NotificationRow & { email: string; name: string }>(
      manager,
      `with added as (
         insert into notifications (user_id, type, title, body, link) values ($1, $2, $3, $4, $5) returning ${COLUMNS}, user_id
       )
       select a.id, a.type, a.title, a.body, a.link, a.created_at, a.read_at, u.email, u.name from added a join users u on u.id = a.user_id`,
      [n.userId, n.type, n.title, n.body, n.link],
    );
    if (!row) throw new Error(`notify: user ${n.userId} does not exist`);
    if (n.mail && isDeliverableAddress(row.email)) await this.outbox.enqueue(manager, mailOf(n, row));
    const { email: _email, name: _name, ...notification } = row;
    return toNotification(notification);
  }

  /**
   * `notify` for many at once (a bulk role change), set-based in the caller's
   * transaction: one statement writes the notifications, one reads the mailed
   * users, one queues their mails. Answers how many notifications it wrote.
   */
  async notifyMany(manager: EntityManager, inputs: readonly NotifyInput[]): Promise<number> {
    const list = inputs.map((input) => NotifySchema.parse(input));
    if (list.length === 0) return 0;
    await manager.query(INSERT_NOTIFICATIONS_SQL, [list.map((n) => n.userId), list.map((n) => n.type), list.map((n) => n.title), list.map((n) => n.body), list.map((n) => n.link)]);
    const mailed = list.filter((n) => n.mail);
    if (mailed.length === 0) return list.length;
    const people = await queryRows<{ id: number; email: string; name: string }>(manager, 'select id, email, name from users where id = any($1::int[])', [mailed.map((n) => n.userId)]);
    const byId = new Map(people.map((p) => [p.id, p]));
    const mails: OutboxMail[] = [];
    for (const n of mailed) {
      const person = byId.get(n.userId);
      if (!person) throw new Error(`notify: user ${n.userId} does not exist`);
      if (isDeliverableAddress(person.email)) mails.push(mailOf(n, person));
    }
    await this.outbox.enqueueMany(manager, mails);
    return list.length;
  }
}
