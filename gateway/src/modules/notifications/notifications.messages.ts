/*
 * The words and limits of notifications and reminders
 * (docs/product.md#notifications), exactly as clients show them.
 */

/** What a notification is about; the bell picks its icon by it. */
export const NOTIFICATION_TYPES = ['digest', 'escalation', 'checklist_changed'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_LIMITS = {
  /** GET /notifications answers the newest this many. */
  listMax: 50,
  titleMax: 200,
  bodyMax: 4000,
  linkMax: 500,
  /** Working days ahead that count as "due soon" in the digest. */
  dueSoonWorkingDays: 2,
  /** Digest keys and run-log rows older than this many days, and notifications read and mail sent this many days before, are pruned by the job's tick. */
  keepDays: 90,
  /** The longest one statement of a reminder run may take (requests keep the data source's own limit). */
  runTimeoutSeconds: 600,
} as const;

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  idInvalid: 'Notification id must be a positive whole number',
  digestInvalid: 'digest must be true or false',
  digestTitle: 'Tasks due soon or overdue',
  escalationTitle: 'Overdue tasks escalated to you',
} as const;
