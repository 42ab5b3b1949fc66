/**
 * Every user-facing string of the product and of the portal chrome, in ONE place
 * (docs/product.md#messages). Screens and tests read these constants; never retype one elsewhere.
 */

export const BRAND = {
  name: 'Embark',
  /** Fallback document title. */
  defaultTitle: 'Embark — Onboarding Portal',
  tagline: 'Onboarding that new hires actually finish.',
  /** The footer year stays 2025 (docs/product.md#brand). */
  footerYear: 2025,
} as const;

/** The message for a failed call, by status (docs/product.md#errors). */
export const HTTP_ERROR_MESSAGES = {
  noResponse: 'Unable to connect to the server. Please check your internet connection.',
  unauthorized: 'Your session has expired. Please log in again.',
  forbidden: 'You do not have permission to perform this action.',
  notFound: 'The requested resource was not found.',
  badRequest: 'Please check your input and try again.',
  server: 'A server error occurred. Please try again later.',
  unexpected: 'An unexpected error occurred.',
  networkLost: 'Network connection lost. Please check your internet connection and try again.',
  timeout: 'Request timed out. Please try again.',
} as const;

/** Failures of each area (docs/product.md#errors). */
export const AREA_MESSAGES = {
  rolesLoad: 'Failed to load roles. Please refresh the page.',
  rolesFetch: 'Failed to fetch roles',
  roleAdd: 'Failed to add role',
  roleUpdate: 'Failed to update role',
  roleDelete: 'Failed to delete role',
  journalFetchAll: 'Failed to fetch journal entries',
  journalFetchOne: 'Failed to fetch journal entry',
  journalCreate: 'Failed to create journal entry',
  journalUpdate: 'Failed to update journal entry',
  journalDelete: 'Failed to delete journal entry',
  journalSearch: 'Failed to search journal entries',
  tagsFetch: 'Failed to fetch tags',
  dashboardLoad: 'Failed to load dashboard data. Please try again.',
  checklistLoad: 'Failed to load checklist. Please try again.',
  /** Contract wording, given in full here (older clients showed it cut short with '...'). */
  documentsCannotConnect: 'Cannot connect to server. Please check your connection and try again.',
  documentsServerError: (status: number) => `Server error (${status}). Please try again later.`,
  /** Contract wording, given in full here (older clients showed it cut short with '...'). */
  documentsEndpointNotFound: 'Documents API endpoint not found. Please contact support.',
  documentsUnableToLoad: (detail: string) => `Unable to load documents: ${detail}`,
  documentsRetrying: 'Having trouble loading documents, retrying...',
  documentsEmpty: 'No documents found for your role',
} as const;

/** Session and progress toasts (docs/product.md#sessions, #session-expiry, #progress). */
export const SESSION_MESSAGES = {
  loggedOut: 'You have been logged out successfully',
  expired: 'Your session has expired. Please log in again.',
  allTasksComplete: "Congratulations! You've completed all onboarding tasks!",
  /** While the stored session is checked, before anything renders. */
  checking: 'Checking your session…',
} as const;

/** Validation messages (docs/product.md#validation). */
export const VALIDATION_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: 'Email must be less than 254 characters',
  loginPasswordTooShort: 'Password must be at least 8 characters',
  registerPasswordWeak: 'Password must be at least 8 characters with letters and numbers',
  /** The gateway's 400 uses the same words. */
  passwordTooLong: 'Password must be less than 1024 characters',
  /** The gateway's 400 uses the same words. */
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be less than 100 characters',
  roleRequired: 'Please select a role',
  twoFactorCodeRequired: 'Please enter your authentication code',
  authenticatorCodeInvalid: 'Please enter a 6-digit code',
  backupCodeInvalid: 'Please enter an 8-character backup code',
  journalContentRequired: 'Content is required',
  journalContentTooLong: 'Content must be less than 10,000 characters',
  journalTitleTooLong: 'Title must be less than 200 characters',
  documentUrlInvalid: 'Invalid URL format',
  documentUrlMissing: 'No URL available for this document',
  popupBlocked: 'Popup blocked - please allow popups for this site',
} as const;

/** The generic error screen (docs/product.md#errors). */
export const ERROR_SCREEN_TEXT = {
  title: 'Something went wrong',
  message: 'An unexpected error occurred. Please try again.',
  reload: 'Reload Page',
  retry: 'Try Again',
  dashboard: 'Go to Dashboard',
} as const;

/** Portal chrome and placeholder screens (not contract wording, but kept with it). */
export const UI_TEXT = {
  loading: 'Loading…',
  mainNavigation: 'Main navigation',
  skipToContent: 'Skip to main content',
  notFoundTitle: 'Page not found',
  notFoundMessage: "We couldn't find the page you were looking for.",
  backHome: 'Back to the home page',
  backToDashboard: 'Back to your dashboard',
  configErrorTitle: 'Embark could not start',
  configErrorMessage:
    'The portal configuration (runtime-config.json) is missing or invalid. Please contact your administrator.',
  rolesHeading: 'Roles',
  rolesEmpty: 'No roles have been set up yet.',
  roleNoDescription: 'No description',
  /** Display role name when the role is unknown (docs/product.md#roles). */
  unknownRoleName: 'Front-Line Staff',
  /** A failed load's retry button (pages with other wording pass their own). */
  retry: 'Try Again',
} as const;

/** The `/app` layout: header, user menu, notifications, sidebar, breadcrumbs (docs/shell.md). */
export const SHELL_TEXT = {
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  userMenu: 'User menu',
  profileSettings: 'Profile Settings',
  signOut: 'Sign Out',
  notifications: 'Notifications',
  noNotifications: 'No notifications',
  noNotificationsHint: "You're all caught up. Updates about your tasks will appear here.",
  markAllRead: 'Mark all as read',
  markRead: 'Mark as read',
  unread: 'unread',
  breadcrumb: 'Breadcrumb',
  /** The first path segment `app` gives this crumb (docs/product.md#brand). */
  dashboardCrumb: 'Dashboard',
  comingSoon: 'coming soon',
  needHelpTitle: 'Need Help?',
  needHelpText: 'Questions about your onboarding? Your manager and HR team are happy to help.',
  needHelpLink: 'Read company policies',
  adminBadge: 'Admin',
  footerNote: 'Employee onboarding portal',
  toastRegion: 'Messages',
  dismissToast: 'Dismiss',
} as const;

/** Relative time wording (docs/product.md#notifications). */
export const RELATIVE_TIME_TEXT = {
  justNow: 'Just now',
  minutesAgo: (n: number) => `${n}m ago`,
  hoursAgo: (n: number) => `${n}h ago`,
  daysAgo: (n: number) => `${n}d ago`,
} as const;

/** `1 task`, `3 tasks`: counts in the task wording below read as English. */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** Display statuses of a task (docs/product.md#task-status). */
export const TASK_STATUS_TEXT = {
  completed: 'Completed',
  overdue: 'Overdue',
  dueToday: 'Due Today',
  dueSoon: 'Due Soon',
  pending: 'Pending',
} as const;

/** Due-date and completion-time wording, and the time estimates (docs/product.md#due-dates, #estimated-time). */
export const TASK_WORDING = {
  overdueBy: (days: number) => `Overdue by ${countOf(days, 'day')}`,
  dueToday: 'Due today',
  dueTomorrow: 'Due tomorrow',
  dueInDays: (days: number) => `Due in ${days} days`,
  completedJustNow: 'Completed just now',
  completedMinutesAgo: (n: number) => `Completed ${countOf(n, 'minute')} ago`,
  completedHoursAgo: (n: number) => `Completed ${countOf(n, 'hour')} ago`,
  completedDaysAgo: (n: number) => `Completed ${countOf(n, 'day')} ago`,
  completedOn: (date: string) => `Completed on ${date}`,
  /** On a task in the checklist and in the dashboard's upcoming tasks. */
  priorityBadge: (priority: string) => `${priority} priority`,
  /** Who does a task about the hire that is not theirs: 'Your manager (Dana Lee)', or the server's label alone. */
  owner: (label: string, name?: string | null) => (name ? `${label} (${name})` : label),
  /** The tasks about the hire that others do, beside the hire's own progress (docs/product.md#progress). */
  byYourTeam: (done: number, total: number) => `${done} of ${countOf(total, 'task')} by your team done`,
} as const;

/** Guidance message by percentage (docs/product.md#progress). */
export const GUIDANCE_TEXT = {
  complete: "Congratulations! You've completed your orientation!",
  notStarted: "Welcome! Let's get started with your orientation journey.",
  greatStart: (completed: number) => `Great start! You've completed ${countOf(completed, 'task')}. Keep up the momentum!`,
  excellentProgress: (remaining: number) => `You're making excellent progress! Only ${countOf(remaining, 'task')} remaining.`,
  halfway: (remaining: number) => `More than halfway there! Just ${countOf(remaining, 'task')} to go.`,
  almostFinished: (remaining: number) => `Almost finished! Only ${countOf(remaining, 'task')} left to complete your orientation.`,
} as const;

/** Task types and priorities as people read them. */
export const TASK_TYPE_TEXT = { form: 'Form', policy: 'Policy', sop: 'SOP', training: 'Training', meeting: 'Meeting' } as const;
/** The Sections page groups by type under these names (docs/product.md#sections). */
export const TASK_SECTION_TEXT = { form: 'Forms', policy: 'Policies', sop: 'SOPs', training: 'Trainings', meeting: 'Meetings' } as const;
export const TASK_PRIORITY_TEXT = { high: 'High', medium: 'Medium', low: 'Low' } as const;
/** Dashboard progress status (docs/product.md#progress). */
export const PROGRESS_STATUS_TEXT = { 'not-started': 'Not started', 'in-progress': 'In progress', completed: 'Completed' } as const;

/** The dashboard (docs/product.md#dashboard). */
export const DASHBOARD_TEXT = {
  title: 'Dashboard',
  greeting: (firstName: string) => `Welcome back, ${firstName}`,
  greetingAnonymous: 'Welcome back',
  lead: 'Your onboarding at a glance.',
  nextStepBadge: 'Your Next Step',
  defaultNextStepTitle: 'Continue Your Tasks',
  remaining: (n: number) => `${countOf(n, 'task')} remaining`,
  daysActive: (n: number) => `Day ${n + 1} of your onboarding`,
  /** Before the start date (docs/product.md#start-date): hires may sign in early. */
  startsIn: (n: number) => (n > 1 ? `Starts in ${n} days` : n === 1 ? 'Starts tomorrow' : 'Starts today'),
  orientationComplete: 'Orientation Complete!',
  viewCertificate: 'View Your Certificate',
  quickStatsHeading: 'Your progress',
  progressLabel: 'Onboarding Progress',
  completedLabel: 'Tasks Completed',
  remainingLabel: 'Tasks Remaining',
  overdueLabel: 'Overdue',
  trendLabel: 'On a roll: more than 5 tasks completed',
  ofTotal: (completed: number, total: number) => `${completed} of ${countOf(total, 'task')} completed`,
  upcomingHeading: 'Upcoming Tasks',
  viewChecklist: 'View all',
  viewChecklistLabel: 'View all tasks in your checklist',
  completeTask: 'Complete',
  completingTask: 'Completing…',
  completeTaskLabel: (title: string) => `Mark "${title}" as complete`,
  completeFailed: 'Could not complete the task. Please try again.',
  allCaughtUp: 'All caught up!',
  allCaughtUpHint: 'No open tasks right now.',
  estimated: (time: string) => `About ${time}`,
  recentHeading: 'Recent Activity',
  noRecentActivity: 'No recent activity yet',
  noRecentActivityHint: 'Tasks you complete will show up here.',
  quickActionsHeading: 'Quick Actions',
  addJournalEntry: 'Add Journal Entry',
  viewAllJournals: 'View All Journals',
  viewChecklistAction: 'View Checklist',
  browseDocuments: 'Browse Documents',
  viewSections: 'View Sections',
  updateProfile: 'Update Profile',
  loading: 'Loading your dashboard',
  retry: 'Try Again',
} as const;

/** The header's notifications (docs/product.md#notifications). Relative times: RELATIVE_TIME_TEXT. */
export const NOTIFICATIONS_TEXT = {
  taskCompleted: 'Task Completed',
  nextTask: 'Next Task',
  completedDescription: (title: string) => `You completed "${title}".`,
  /** A next task's title, with its due wording when it has one ('Due tomorrow'). */
  nextDescription: (title: string, due: string) => (due ? `${title} · ${due}` : title),
  /** A due date beyond the 'Due in N days' range, which the due wording gives as a bare date. */
  dueOn: (date: string) => `Due ${date}`,
  /** The bell's accessible name while something is unread. */
  bellUnread: (count: number) => `Notifications (${count} unread)`,
  loadFailed: 'Could not load your notifications.',
} as const;
