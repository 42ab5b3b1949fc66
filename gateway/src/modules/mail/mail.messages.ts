/** Limits of a queued mail (the mail_outbox columns) and the words of the outbox's input errors. */
export const MAIL_LIMITS = {
  addressMax: 320,
  dedupeKeyMax: 200,
  nameMax: 200,
  /** Tasks a reminder mail lists by name; the rest are counted. */
  reminderTasksMax: 20,
} as const;

export const MAIL_MESSAGES = {
  recipientInvalid: 'Mail recipient must be a valid email address',
  dedupeKeyInvalid: `Mail dedupe key must be 1 to ${MAIL_LIMITS.dedupeKeyMax} characters`,
  textRequired: 'Mail text values are required',
  textTooLong: `Mail text values must be at most ${MAIL_LIMITS.nameMax} characters`,
  tokenRequired: 'Mail link token is required',
  expiryRequired: 'Mail link expiry is required',
  unknownKind: 'Unknown kind of mail',
} as const;
