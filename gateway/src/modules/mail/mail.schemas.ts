import { withoutNul } from '../../shared/schemas';
import { z } from '../../shared/validation';
import { MAIL_LIMITS, MAIL_MESSAGES as M } from './mail.messages';

/*
 * What a caller hands the outbox. Not a REST or GraphQL input: the services
 * that send mail (invitations, password resets) build it; parsing it here
 * keeps a wrong recipient or an empty token from ever reaching a queue.
 */

const text = (max: number) =>
  z
    .string(M.textRequired)
    .transform((s) => withoutNul(s).trim())
    .pipe(z.string().min(1, M.textRequired).max(max, M.textTooLong));

const token = z.string(M.tokenRequired).min(16, M.tokenRequired).max(512, M.tokenRequired);
const expiresAt = z.date(M.expiryRequired);

export const InvitationMailContent = z.object({
  kind: z.literal('invitation'),
  data: z.object({ name: text(MAIL_LIMITS.nameMax), roleName: text(MAIL_LIMITS.nameMax), token, expiresAt }),
});

export const PasswordResetMailContent = z.object({
  kind: z.literal('password-reset'),
  data: z.object({ name: text(MAIL_LIMITS.nameMax), token, expiresAt }),
});

const day = z.string(M.textRequired).regex(/^\d{4}-\d{2}-\d{2}$/, M.textRequired);

/** One task in a reminder: its title, whose it is (null: the recipient's own), its due date and working days overdue (0: not yet). */
const ReminderTask = z.object({
  title: text(MAIL_LIMITS.nameMax),
  hire: text(MAIL_LIMITS.nameMax).nullable(),
  dueDate: day,
  overdueDays: z.number().int().min(0),
});

/** Tasks listed in one reminder at most; the rest are counted ("and 12 more"). */
const reminderTasks = z.array(ReminderTask).min(1, M.textRequired).max(MAIL_LIMITS.reminderTasksMax, M.textRequired);

/** An in-app path such as /app/my-tasks; never `//host` or `/\host`, which a browser opens as another site. */
export const APP_PATH_PATTERN = /^\/(?![/\\])[^\s]*$/;

/** The mail's button opens PUBLIC_URL + this path. */
const appPath = z.string(M.textRequired).regex(APP_PATH_PATTERN, M.textRequired).max(500, M.textTooLong);

const reminder = z.object({ name: text(MAIL_LIMITS.nameMax), tasks: reminderTasks, more: z.number().int().min(0), link: appPath });

export const DigestMailContent = z.object({ kind: z.literal('digest'), data: reminder });

export const EscalationMailContent = z.object({ kind: z.literal('escalation'), data: reminder });

export const ChecklistChangedMailContent = z.object({
  kind: z.literal('checklist-changed'),
  data: z.object({ name: text(MAIL_LIMITS.nameMax), body: z.string(M.textRequired).max(4000, M.textTooLong), link: appPath }),
});

export const MailContentSchema = z.discriminatedUnion(
  'kind',
  [InvitationMailContent, PasswordResetMailContent, DigestMailContent, EscalationMailContent, ChecklistChangedMailContent],
  M.unknownKind,
);

export const OutboxMailSchema = z.object({
  to: z.email(M.recipientInvalid).max(MAIL_LIMITS.addressMax, M.recipientInvalid),
  /** Queue this mail at most once: a second enqueue with the same key is a no-op. */
  dedupeKey: z.string(M.dedupeKeyInvalid).min(1, M.dedupeKeyInvalid).max(MAIL_LIMITS.dedupeKeyMax, M.dedupeKeyInvalid).optional(),
  content: MailContentSchema,
});

/**
 * Whether the outbox takes this recipient. Accounts may hold addresses the mail rule refuses
 * (registration checks only something@something.tld), so senders that mail every account
 * (reminders, notices) ask first and keep such a person to the in-app notification.
 */
export function isDeliverableAddress(address: string): boolean {
  return OutboxMailSchema.shape.to.safeParse(address).success;
}

/** One mail to queue: recipient, the template's kind and data, and an optional dedupe key. */
export type OutboxMail = z.input<typeof OutboxMailSchema>;
/** The kinds of mail, each with what its template needs. */
export type MailContent = z.output<typeof MailContentSchema>;
export type MailKind = MailContent['kind'];
