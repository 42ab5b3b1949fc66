import type { DataSource, EntityManager } from 'typeorm';
import { requireAdmin, type Actor } from '../../shared/actor';
import type { Clock } from '../../shared/clock';
import { deleteOlderThan, queryRows } from '../../shared/sql';
import { companyDay } from '../checklist';
import { isDeliverableAddress, MAIL_LIMITS, type MailOutbox, type OutboxMail } from '../mail';
import type { SettingsService } from '../settings';
import { NOTIFICATION_LIMITS as L, NOTIFICATION_MESSAGES as M } from './notifications.messages';
import type { ReminderRunType } from './notifications.types';
import { CLAIM_DIGESTS_SQL, CLAIM_ESCALATIONS_SQL, COLLECT_OWNED_SQL, COLLECT_TASKS_SQL, DIGESTS_SQL, ESCALATIONS_SQL, INSERT_NOTIFICATIONS_SQL } from './reminders.sql';

/** The hour of the company's day from which the daily run goes out (docs/product.md#notifications). */
export const REMINDER_HOUR = 9;

/** One task line of a reminder, as the SQL builds it and the mail template takes it. */
interface TaskLine {
  title: string;
  hire: string | null;
  dueDate: string;
  overdueDays: number;
}

interface ReminderRow {
  recipient_id: number;
  name: string;
  email: string;
  total: number;
  tasks: TaskLine[];
}

/** A notification row to add, before the batch insert. */
interface NewNotification {
  userId: number;
  type: 'digest' | 'escalation';
  title: string;
  body: string;
  link: string;
}

const NONE: ReminderRunType = { digests: 0, escalations: 0 };

/** "Book your first 1:1 (Ada Lovelace), Laptop, and 3 more": the short form a notification body shows. */
function summary(row: ReminderRow): string {
  const names = row.tasks.slice(0, 3).map((t) => (t.hire === null ? t.title : `${t.title} (${t.hire})`));
  const more = row.total - names.length;
  return `${row.total} task${row.total === 1 ? '' : 's'}: ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/**
 * The daily reminder job (docs/product.md#notifications): one digest a day
 * to each person who owns open tasks due within two working days or overdue,
 * and one escalation, ever, per hire's task overdue by the company's
 * escalation days. Everything happens in ONE transaction per run: the task
 * scan, the claims (unique keys: the idempotency), the notifications and the
 * outbox mails, which the mail worker delivers after the commit. Two runs at
 * once, on any replicas, send each reminder once: the second waits on the
 * first's keys, then finds them taken.
 */
export class ReminderService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: SettingsService,
    private readonly outbox: MailOutbox,
    private readonly clock: Clock,
  ) {}

  /** POST /admin/jobs/reminders/run, `runReminders`: runs now, whatever the hour; reminders already sent today are not sent again. */
  runNow(actor: Actor): Promise<ReminderRunType> {
    requireAdmin(actor);
    return this.run();
  }

  /** `npm run jobs:reminders` and the operators' tools: a run now, no actor (the command line is the operator). */
  run(now: Date = this.clock()): Promise<ReminderRunType> {
    return this.dataSource.transaction(async (manager) => {
      const escalationDays = await this.escalationDaysWhenOn(manager);
      if (escalationDays === null) return NONE;
      const { today } = await companyDay(manager, now);
      return this.send(manager, today, escalationDays);
    });
  }

  /**
   * The schedule's tick (every few minutes on every replica): runs the day's
   * reminders once, the first tick at or after 09:00 company time on a
   * working day. The run-log row of the day, inserted in the run's own
   * transaction, is the lock: a replica that loses the race skips, and a
   * run that fails rolls its row back, so the next tick tries again. While
   * the company has reminders switched off a tick claims nothing, so
   * switching them back on the same day still sends that day's reminders.
   * Every tick then prunes old read notifications and sent mail (prune).
   * Answers null when this tick had no run to do.
   */
  async tick(now: Date = this.clock()): Promise<ReminderRunType | null> {
    const { today, timeZone } = await companyDay(this.dataSource, now);
    const sent = await this.runDue(now, today, timeZone);
    // After the run: a backlog to delete must not hold up the day's reminders.
    await this.prune(today, timeZone);
    return sent;
  }

  /** The day's run when this tick is the one to do it (see tick), else null. */
  private async runDue(now: Date, today: string, timeZone: string): Promise<ReminderRunType | null> {
    if (localHour(now, timeZone) < REMINDER_HOUR) return null;
    const [day] = await queryRows<{ working: boolean; done: boolean }>(
      this.dataSource,
      'select coalesce((select working from calendar_days where day = $1::date), true) as working, exists (select 1 from reminder_runs where day = $1::date) as done',
      [today],
    );
    // Weekends and holidays send nothing: the next working day's digest lists what became overdue meanwhile.
    if (!day?.working || day.done) return null;
    return this.dataSource.transaction(async (manager) => {
      // Read before the claim, in the same transaction: a switched-off company leaves the day unclaimed.
      const escalationDays = await this.escalationDaysWhenOn(manager);
      if (escalationDays === null) return null;
      const [claimed] = await queryRows<{ day: string }>(manager, 'insert into reminder_runs (day) values ($1::date) on conflict do nothing returning day::text', [today]);
      if (!claimed) return null;
      const sent = await this.send(manager, today, escalationDays);
      await manager.query('update reminder_runs set finished_at = now(), digests = $2, escalations = $3 where day = $1::date', [today, sent.digests, sent.escalations]);
      // Digest keys only guard their own day; old ones are kept a while for operators, then pruned.
      await manager.query(`delete from reminder_digests where day < $1::date - $2::int`, [today, L.keepDays]);
      await manager.query(`delete from reminder_runs where day < $1::date - $2::int`, [today, L.keepDays]);
      return sent;
    });
  }

  /**
   * Every tick, whatever the hour, the day or the company's switch, and
   * outside the run's transaction: deletes notifications read, and mail
   * sent, before the company day `keepDays` back. Once caught up, each
   * finds nothing through its index.
   */
  private async prune(today: string, timeZone: string): Promise<void> {
    const [row] = await queryRows<{ before: Date }>(this.dataSource, 'select (($1::date - $2::int)::timestamp at time zone $3) as before', [today, L.keepDays, timeZone]);
    if (!row) return;
    // A notification read that long ago: kept while unread, as the bell counts it.
    await deleteOlderThan(this.dataSource, 'notifications', 'read_at', row.before);
    await this.outbox.pruneSent(this.dataSource, row.before);
  }

  /** The company's escalation days, or null while it has reminders switched off. */
  private async escalationDaysWhenOn(manager: EntityManager): Promise<number | null> {
    const { reminders_enabled, escalation_days } = await this.settings.reminderSettings(manager);
    return reminders_enabled ? escalation_days : null;
  }

  /** The reminders of `today` inside `manager`'s transaction; the callers have checked that the company has them switched on. */
  private async send(manager: EntityManager, today: string, escalationDays: number): Promise<ReminderRunType> {
    // A background job over every user: the per-request statement limit does not fit it.
    await manager.query(`set local statement_timeout = '${L.runTimeoutSeconds}s'`);
    for (const { text, dated } of COLLECT_TASKS_SQL) await manager.query(text, dated ? [today, L.dueSoonWorkingDays] : []);
    await manager.query('create temporary table new_digests (recipient_id int primary key) on commit drop');
    await manager.query('create temporary table new_escalations (user_id int, checklist_item_id int) on commit drop');
    for (const text of COLLECT_OWNED_SQL) await manager.query(text);
    await manager.query(CLAIM_DIGESTS_SQL, [today]);
    await manager.query(CLAIM_ESCALATIONS_SQL, [today, escalationDays]);
    const [{ escalations } = { escalations: 0 }] = await queryRows<{ escalations: number }>(manager, 'select count(*)::int as escalations from new_escalations');

    const digests = await queryRows<ReminderRow & { for_others: boolean }>(manager, DIGESTS_SQL, [MAIL_LIMITS.reminderTasksMax]);
    const told = await queryRows<ReminderRow & { as_manager: boolean }>(manager, ESCALATIONS_SQL, [MAIL_LIMITS.reminderTasksMax]);

    const notifications: NewNotification[] = [];
    const mails: OutboxMail[] = [];
    for (const row of digests) {
      const link = row.for_others ? '/app/my-tasks' : '/app/checklist';
      notifications.push({ userId: row.recipient_id, type: 'digest', title: M.digestTitle, body: summary(row), link });
      mails.push({
        to: row.email,
        dedupeKey: `digest:${row.recipient_id}:${today}`,
        content: { kind: 'digest', data: { name: row.name, tasks: row.tasks, more: row.total - row.tasks.length, link } },
      });
    }
    for (const row of told) {
      const link = row.as_manager ? '/app/team' : '/app/admin';
      notifications.push({ userId: row.recipient_id, type: 'escalation', title: M.escalationTitle, body: summary(row), link });
      mails.push({ to: row.email, content: { kind: 'escalation', data: { name: row.name, tasks: row.tasks, more: row.total - row.tasks.length, link } } });
    }
    await this.insertNotifications(manager, notifications);
    // One account's odd address must not stop everyone's reminders: that person is told in the app only.
    await this.outbox.enqueueMany(manager, mails.filter((mail) => isDeliverableAddress(mail.to)));
    return { digests: digests.length, escalations };
  }

  /** One statement per 10,000 notifications (parallel arrays): no per-person round trip. */
  private async insertNotifications(manager: EntityManager, rows: NewNotification[]): Promise<void> {
    for (let start = 0; start < rows.length; start += 10_000) {
      const batch = rows.slice(start, start + 10_000);
      await manager.query(INSERT_NOTIFICATIONS_SQL, [batch.map((n) => n.userId), batch.map((n) => n.type), batch.map((n) => n.title), batch.map((n) => n.body), batch.map((n) => n.link)]);
    }
  }
}

/** The hour (0–23) of `now` in `timeZone`. */
export function localHour(now: Date, timeZone: string): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now);
  return Number(hour);
}
