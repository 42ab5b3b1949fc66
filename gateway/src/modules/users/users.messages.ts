import { formatDay } from '../../shared/dates';

/*
 * The words and limits of user records and their administration
 * (docs/product.md#admin). Name and email use the registration's words, so a
 * form shows the same message wherever a user's name or email is typed.
 */
export const USER_MESSAGES = {
  invalidId: 'Invalid user id',
  notFound: 'User not found',
} as const;

export const USER_ADMIN_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be less than 100 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: 'Email must be less than 254 characters',
  duplicateEmail: 'An account with this email already exists.',
  emailInvited: 'A pending invitation holds this email. Revoke the invitation first, or let the hire accept it.',
  roleIdInvalid: 'role_id must be a role id',
  roleUnknown: 'Unknown role',
  startDateInvalid: 'Start date must be a date (YYYY-MM-DD)',
  startDateOutOfRange: 'Start date must be between 2000-01-01 and 2100-12-31',
  noChanges: 'Nothing to change: give name, email, role_id, start_date, manager_id or buddy_id',
  cannotDeactivateSelf: 'You cannot deactivate your own account',
  cannotDemoteSelf: 'You cannot remove your own administrator role',
  twoFactorNotEnabled: 'Two-factor authentication is not enabled for this user',
  cannotResetOwnTwoFactor: 'Change your own two-factor authentication from your profile',
  userIdsInvalid: 'user_ids must be a list of 1 to 1000 user ids',
  unknownUsers: (ids: readonly number[]) => `Unknown user${ids.length === 1 ? '' : 's'}: ${ids.join(', ')}`,
  searchInvalid: 'Search must be text of at most 200 characters',
  sortInvalid: 'Sort must be name, email, role, start_date, progress or last_login_at',
  orderInvalid: 'Order must be asc or desc',
  statusInvalid: 'Status must be all, active or inactive',
  roleFilterInvalid: 'Invalid role id',
  pageInvalid: 'Page must be a positive integer',
  limitInvalid: 'Limit must be between 1 and 100',
  managerIdInvalid: 'manager_id must be a user id or null',
  buddyIdInvalid: 'buddy_id must be a user id or null',
  reonboardInvalid: 'reonboard must be true or false',
  // The people around a hire (docs/product.md#admin).
  ownManager: 'A user cannot be their own manager',
  ownBuddy: 'A user cannot be their own buddy',
  managerLoop: 'This manager reports to this user: manager chains cannot loop',
  managerUnknown: 'Manager not found',
  buddyUnknown: 'Buddy not found',
} as const;

/** What a user whose role changed is told, in the app and by mail (docs/product.md#admin). */
export const CHECKLIST_CHANGED_NOTICE = {
  title: 'Your checklist changed',
  link: '/app/checklist',
  body: (roleName: string, restartedOn: string | null) =>
    restartedOn === null
      ? `Your role is now ${roleName}, and your checklist has its tasks.`
      : `Your role is now ${roleName}. Its new tasks are due counting from ${formatDay(restartedOn)}.`,
} as const;

export const USER_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  searchMax: 200,
  pageSizeDefault: 20,
  pageSizeMax: 100,
  /** Start dates outside this range are typing mistakes, not hires. */
  startDateMin: '2000-01-01',
  startDateMax: '2100-12-31',
} as const;

export const USER_SORTS = ['name', 'email', 'role', 'start_date', 'progress', 'last_login_at'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const USER_STATUSES = ['all', 'active', 'inactive'] as const;
export type UserStatusFilter = (typeof USER_STATUSES)[number];
