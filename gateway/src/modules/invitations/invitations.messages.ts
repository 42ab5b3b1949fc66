import { USER_ADMIN_MESSAGES as USERS } from '../users';

/*
 * The words and limits of invitations and their CSV import
 * (docs/product.md#admin). Name, email, role and start date use the users
 * module's words, so a form shows the same message wherever they are typed.
 */

/** The header an import file must start with, in this order. */
export const CSV_COLUMNS = ['email', 'name', 'role', 'start_date', 'manager_email', 'buddy_email'] as const;

export const INVITATION_LIMITS = {
  /** How long an invitation link works. */
  ttlDays: 7,
  /** Longest text accepted as a token before it is even hashed. */
  tokenMax: 128,
  pageSizeDefault: 20,
  pageSizeMax: 100,
  /** Data lines of one import file (the header not counted). */
  importLinesMax: 10_000,
  /**
   * Lines read at all, blank ones included (a spreadsheet saves formatted empty rows as ",,,,,"):
   * reading stops there, so no file costs more than a few tenths of a second to refuse.
   */
  importRowsMax: 50_000,
  /** How long a registration waits for invitations being written (an import of 10,000 takes a few seconds) before a 503. */
  registrationWaitSeconds: 5,
  /** Request body of an import; 10,000 lines of real data fit several times over. */
  importBodyMax: '5mb',
} as const;

export const INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const INVITATION_MESSAGES = {
  invalidId: 'Invalid invitation id',
  notFound: 'Invitation not found',
  /** Any token that cannot be used (unknown, used, revoked, expired): one answer, so a prober learns nothing. */
  linkInvalid: 'This invitation link is invalid or has expired',
  emailTaken: 'A user or a pending invitation already uses this email',
  busyInviting: 'Invitations are being sent right now. Please try again in a moment.',
  nameRequired: USERS.nameRequired,
  nameTooLong: USERS.nameTooLong,
  emailRequired: USERS.emailRequired,
  emailInvalid: USERS.emailInvalid,
  emailTooLong: USERS.emailTooLong,
  roleIdInvalid: USERS.roleIdInvalid,
  roleUnknown: USERS.roleUnknown,
  managerIdInvalid: 'manager_id must be a user id',
  buddyIdInvalid: 'buddy_id must be a user id',
  managerUnknown: 'The manager must be an active user',
  buddyUnknown: 'The buddy must be an active user',
  alreadyAccepted: 'This invitation has already been accepted',
  alreadyRevoked: 'This invitation has been revoked',
  replaced: 'A newer invitation for this email replaced this one',
  statusInvalid: 'Status must be pending, accepted, expired or revoked',
  pageInvalid: USERS.pageInvalid,
  limitInvalid: USERS.limitInvalid,
  tooManyAttempts: 'Too many attempts. Please try again later.',
  // CSV import
  csvContentType: 'Send the file as Content-Type: text/csv',
  csvDryRunInvalid: 'dry_run must be true or false',
  csvEmpty: 'The file is empty',
  csvHeader: `The first line must be the header ${CSV_COLUMNS.join(',')}`,
  csvTooManyLines: `A file can hold at most ${INVITATION_LIMITS.importLinesMax} invitations`,
  csvTooManyRows: `A file can hold at most ${INVITATION_LIMITS.importRowsMax} lines, blank ones included: delete the empty rows`,
  csvRejected: 'The file has errors; nothing was imported',
  csvColumnCount: (found: number) => `Expected ${CSV_COLUMNS.length} fields, found ${found}`,
  // A spreadsheet's plain "CSV" is often Windows-1252: read as UTF-8, its accents become U+FFFD.
  csvNotUtf8: 'This line has characters that could not be read: save the file as "CSV UTF-8"',
  csvUnreadable: (reason: string) => `The file cannot be read as CSV: ${reason}`,
  csvDuplicate: (firstLine: number) => `This email is already on line ${firstLine}`,
  csvRoleUnknown: (role: string) => `Unknown role: ${role}`,
  csvRoleRequired: 'Role is required',
  csvManagerUnknown: (email: string) => `The manager ${email} is not an active user`,
  csvBuddyUnknown: (email: string) => `The buddy ${email} is not an active user`,
} as const;
