/**
 * Every user-facing string of the spec (§4, §5, §8) and of the portal chrome, in ONE place.
 * Screens and tests read these constants; never retype a spec string elsewhere.
 */

export const BRAND = {
  name: 'Embark',
  /** Fallback document title. */
  defaultTitle: 'Embark — Onboarding Portal',
  tagline: 'Onboarding that new hires actually finish.',
  /** The footer year stays 2025 (DESIGN §7.8). */
  footerYear: 2025,
} as const;

/** Spec §8, "By status". */
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

/** Spec §8, "Login". */
export const LOGIN_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many login attempts. Please try again later.',
  server: 'Server error. Please try again in a moment.',
  network: 'Network error. Please check your connection and try again.',
  initialisationFailed: 'Login successful but there was an issue loading your data. Please refresh the page.',
  failed: 'Login failed. Please try again.',
  invalidCode: 'Invalid authentication code',
  invalidBackupCode: 'Invalid backup code. Please check and try again.',
} as const;

/** Spec §8, "Registration", and the welcome toast (DESIGN §7.8). */
export const REGISTER_MESSAGES = {
  invalidData: 'Invalid registration data. Please check your inputs.',
  emailTaken: 'An account with this email already exists.',
  tooManyAttempts: 'Too many registration attempts. Please try again later.',
  server: 'Server error. Please try again in a moment.',
  network: 'Network error. Please check your connection and try again.',
  initialisationFailed: 'Registration successful but there was an issue loading your data. Please refresh the page.',
  refreshConfirm:
    'Your account was created successfully, but there was an issue loading your data. Would you like to refresh the page?',
  failed: 'Registration failed. Please try again.',
  welcome: (name: string) => `Welcome to Embark, ${name}! Your account has been created successfully.`,
} as const;

/** Spec §8, "Other areas". */
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
  /** Spec §8 'Cannot connect to server...', in full. */
  documentsCannotConnect: 'Cannot connect to server. Please check your connection and try again.',
  documentsServerError: (status: number) => `Server error (${status}). Please try again later.`,
  /** Spec §8 'Documents API endpoint not found...', in full. */
  documentsEndpointNotFound: 'Documents API endpoint not found. Please contact support.',
  documentsUnableToLoad: (detail: string) => `Unable to load documents: ${detail}`,
  documentsRetrying: 'Having trouble loading documents, retrying...',
  documentsEmpty: 'No documents found for your role',
} as const;

/** Spec §4 and §7: session and progress toasts. */
export const SESSION_MESSAGES = {
  loggedOut: 'You have been logged out successfully',
  expired: 'Your session has expired. Please log in again.',
  allTasksComplete: "Congratulations! You've completed all onboarding tasks!",
} as const;

/** Spec §5 validation messages. */
export const VALIDATION_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: 'Email must be less than 254 characters',
  loginPasswordTooShort: 'Password must be at least 8 characters',
  registerPasswordWeak: 'Password must be at least 8 characters with letters and numbers',
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

/** The generic error screen (spec §8 "General boundary message"; buttons per issue 2). */
export const ERROR_SCREEN_TEXT = {
  title: 'Something went wrong',
  message: 'An unexpected error occurred. Please try again.',
  reload: 'Reload Page',
  retry: 'Try Again',
  dashboard: 'Go to Dashboard',
} as const;

/** Portal chrome and placeholder screens (not spec strings, but kept with them). */
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
  /** Display role name when the role is unknown (spec §3). */
  unknownRoleName: 'Front-Line Staff',
} as const;

/** Spec §2 and §5: the sign-in, two-factor and registration screens (issue 3). */
export const AUTH_TEXT = {
  /** Not worded by the spec; the gateway's 400 uses the same words. */
  nameRequired: 'Name is required',
  welcomeBack: (name: string) => `Welcome back, ${name}!`,
  loginHeading: 'Welcome back',
  loginLead: 'Sign in to pick up your onboarding where you left off.',
  emailLabel: 'Email',
  passwordLabel: 'Password',
  signIn: 'Sign In',
  signingIn: 'Signing In...',
  noAccount: "Don't have an account?",
  createAccount: 'Create an account',
  twoFactorHeading: 'Two-factor authentication',
  twoFactorTotpLead: 'Enter the 6-digit code from your authenticator app.',
  twoFactorBackupLead: 'Enter one of the 8-character backup codes you saved when you turned on two-factor authentication.',
  authenticatorCodeLabel: 'Authentication code',
  backupCodeLabel: 'Backup code',
  useBackupCode: 'Use a backup code instead',
  useAuthenticator: 'Use your authenticator app instead',
  verify: 'Verify',
  verifying: 'Verifying...',
  backToLogin: 'Back to login',
  registerHeading: 'Join Our Team',
  registerLead: "Create your account and get the onboarding checklist for your role.",
  fullNameLabel: 'Full Name',
  passwordHint: 'Must be at least 8 characters with letters and numbers',
  roleLabel: 'Role',
  chooseRole: 'Choose your role',
  loadingRoles: 'Loading roles...',
  createAccountButton: 'Create Account',
  creatingAccount: 'Creating Account...',
  haveAccount: 'Already have an account?',
  signInLink: 'Sign in',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  checkingSession: 'Checking your session…',
} as const;

/** The security section of /app/profile: two-factor setup and management (issue 3 item 9). */
export const PROFILE_SECURITY_TEXT = {
  pageTitle: 'Profile',
  pageHeading: 'My Profile',
  pageLead: 'Your account details and sign-in security.',
  accountHeading: 'Account',
  nameLabel: 'Name',
  emailLabel: 'Email',
  securityHeading: 'Security',
  twoFactorHeading: 'Two-factor authentication',
  statusLoading: 'Loading two-factor status',
  statusEnabled: 'Enabled',
  statusDisabled: 'Not enabled',
  statusLoadFailed: 'Could not load your two-factor status.',
  retry: 'Retry',
  offLead: 'Add a second step to signing in: after your password, a code from an authenticator app on your phone.',
  onLead: 'Every sign-in asks for a code from your authenticator app, or one of your backup codes.',
  backupCodesRemaining: (count: number) => `${count} backup ${count === 1 ? 'code' : 'codes'} remaining`,
  setUp: 'Set up two-factor authentication',
  settingUp: 'Preparing...',
  scanStep: '1. Scan this QR code with your authenticator app',
  scanHelp: 'Google Authenticator, Microsoft Authenticator, 1Password, Authy and most password managers work.',
  qrAlt: 'QR code to add Embark to your authenticator app',
  manualKeyLabel: "Can't scan it? Enter this key manually:",
  confirmStep: '2. Enter the 6-digit code your app shows',
  confirmCodeLabel: 'Authentication code',
  enable: 'Turn on two-factor authentication',
  enabling: 'Turning on...',
  cancel: 'Cancel',
  enabledToast: 'Two-factor authentication is on',
  backupCodesHeading: 'Save your backup codes',
  backupCodesLead:
    'If you lose your phone, each of these codes signs you in once. Store them somewhere safe: they will not be shown again.',
  backupCodesListLabel: 'Backup codes',
  copyCodes: 'Copy codes',
  copiedToast: 'Backup codes copied to the clipboard',
  copyFailed: 'Could not copy the codes. Select them and copy them by hand.',
  downloadCodes: 'Download',
  backupCodesFileName: 'embark-backup-codes.txt',
  backupCodesFileHeader: 'Embark two-factor backup codes. Each code works once.',
  savedCodes: "I've saved my codes",
  regenerate: 'Regenerate backup codes',
  regenerateLead: 'Enter your password to replace your backup codes. The old codes stop working at once.',
  regenerateConfirm: 'Generate new codes',
  regenerating: 'Generating...',
  regeneratedToast: 'New backup codes generated',
  disable: 'Turn off two-factor authentication',
  disableLead: 'Enter your password to turn off two-factor authentication. Sign-ins will only ask for your password.',
  disableConfirm: 'Turn off',
  disabling: 'Turning off...',
  disabledToast: 'Two-factor authentication is off',
  passwordLabel: 'Current password',
  passwordRequired: 'Please enter your password',
} as const;

/** The `/app` layout: header, user menu, notifications, sidebar, breadcrumbs (spec §2, issue 4). */
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
  /** Spec §2: the first path segment `app` gives this crumb. */
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

/** Spec §4 "Notifications": relative time wording. */
export const RELATIVE_TIME_TEXT = {
  justNow: 'Just now',
  minutesAgo: (n: number) => `${n}m ago`,
  hoursAgo: (n: number) => `${n}h ago`,
  daysAgo: (n: number) => `${n}d ago`,
} as const;

/** The public landing page (spec §1). */
export const LANDING_TEXT = {
  demoPlaceholder: 'Interactive Demo Coming Soon',
  signIn: 'Sign in',
  getStarted: 'Get started',
  startTrial: 'Start your free trial',
  watchDemo: 'See how it works',
  footerPrivacy: 'Privacy',
  footerTerms: 'Terms',
  footerSupport: 'Support',
} as const;

/** The brand panel beside the sign-in and registration forms. */
export const AUTH_SCREEN_TEXT = {
  panelHeading: 'Your first weeks, mapped out.',
  panelPoints: [
    'A checklist made for your role, with due dates you can see',
    'Policies, SOPs and training documents in one place',
    'Progress you and your manager can follow',
  ],
  homeLinkLabel: 'Embark home',
} as const;

/** `1 task`, `3 tasks`: counts in the task wording below read as English. */
function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** Spec §4 display statuses of a task (issue 5). */
export const TASK_STATUS_TEXT = {
  completed: 'Completed',
  overdue: 'Overdue',
  dueToday: 'Due Today',
  dueSoon: 'Due Soon',
  pending: 'Pending',
} as const;

/** Spec §4 due-date and completion-time wording, and the §9 time estimates (issue 5). */
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
  estimate: (min: number, max: number) => `${min}-${max} minutes`,
} as const;

/** Spec §4 guidance message by percentage, as full sentences around the spec's phrases (issue 5). */
export const GUIDANCE_TEXT = {
  complete: "Congratulations! You've completed your orientation!",
  notStarted: "Welcome! Let's get started with your orientation journey.",
  greatStart: (completed: number) => `Great start! You've completed ${countOf(completed, 'task')}. Keep up the momentum!`,
  excellentProgress: (remaining: number) => `You're making excellent progress! Only ${countOf(remaining, 'task')} remaining.`,
  halfway: (remaining: number) => `More than halfway there! Just ${countOf(remaining, 'task')} to go.`,
  almostFinished: (remaining: number) => `Almost finished! Only ${countOf(remaining, 'task')} left to complete your orientation.`,
} as const;

/** Task types and priorities as people read them (issue 5; spec §3 values). */
export const TASK_TYPE_TEXT = { form: 'Form', policy: 'Policy', sop: 'SOP', training: 'Training', meeting: 'Meeting' } as const;
/** DESIGN §7.5: the Sections page groups by type under these names. */
export const TASK_SECTION_TEXT = { form: 'Forms', policy: 'Policies', sop: 'SOPs', training: 'Trainings', meeting: 'Meetings' } as const;
export const TASK_PRIORITY_TEXT = { high: 'High', medium: 'Medium', low: 'Low' } as const;
/** Spec §4 dashboard progress status. */
export const PROGRESS_STATUS_TEXT = { 'not-started': 'Not started', 'in-progress': 'In progress', completed: 'Completed' } as const;

/** The dashboard (spec §2 "Dashboard", issue 5). */
export const DASHBOARD_TEXT = {
  title: 'Dashboard',
  greeting: (firstName: string) => `Welcome back, ${firstName}`,
  greetingAnonymous: 'Welcome back',
  lead: 'Your onboarding at a glance.',
  nextStepBadge: 'Your Next Step',
  defaultNextStepTitle: 'Continue Your Tasks',
  remaining: (n: number) => `${countOf(n, 'task')} remaining`,
  daysActive: (n: number) => `Day ${n + 1} of your onboarding`,
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

/** The checklist, task detail and sections screens (spec §4/§9, issue 5). */
export const CHECKLIST_TEXT = {
  title: 'My Checklist',
  lead: 'Every task of your onboarding, in order. Filter to focus on what matters now.',
  filtersLabel: 'Filter tasks',
  statusFilter: 'Status',
  typeFilter: 'Type',
  dueFilter: 'Due date',
  priorityFilter: 'Priority',
  statusOptions: { all: 'All statuses', completed: 'Completed', pending: 'Pending', overdue: 'Overdue' },
  allTypes: 'All types',
  dueOptions: { all: 'Any due date', today: 'Due today', week: 'Due this week', overdue: 'Overdue' },
  allPriorities: 'All priorities',
  clearFilters: 'Clear filters',
  showing: (shown: number, total: number) => `Showing ${shown} of ${countOf(total, 'task')}`,
  listLabel: 'Checklist tasks',
  priorityBadge: (priority: string) => `${priority} priority`,
  emptyTitle: 'No tasks on your checklist yet',
  emptyHint: 'Tasks for your role will appear here once they are assigned.',
  noMatchTitle: 'No tasks match these filters',
  noMatchHint: 'Try another filter, or clear them to see every task.',
  loading: 'Loading your checklist',
  retry: 'Try Again',
  progressLabel: 'Checklist progress',
} as const;

export const TASK_DETAIL_TEXT = {
  title: 'Task Details',
  backToChecklist: 'Back to checklist',
  loading: 'Loading the task',
  retry: 'Try Again',
  notFoundTitle: 'Task not found',
  notFoundHint: "This task isn't on your checklist. It may have been removed from your role.",
  detailsLabel: 'Task details',
  noDescription: 'No description provided.',
  typeLabel: 'Type',
  priorityLabel: 'Priority',
  dueLabel: 'Due',
  estimateLabel: 'Estimated time',
  statusLabel: 'Status',
  documentsHeading: 'Linked documents',
  noDocuments: 'No documents are linked to this task yet.',
  openDocument: (title: string) => `${title} (opens in a new tab)`,
  noteLabel: 'Note',
  noteHint: 'Only you can see this note.',
  saveNote: 'Save note',
  savingNote: 'Saving…',
  noteSaved: 'Note saved',
  markComplete: 'Mark as complete',
  completing: 'Completing…',
  setBack: 'Set back to pending',
  settingBack: 'Setting back…',
  completedToast: (title: string) => `"${title}" is complete`,
  setBackToast: (title: string) => `"${title}" is pending again`,
  updateFailed: 'Could not update the task. Please try again.',
  writeReflection: 'Write a reflection',
  reflectionHint: 'Capture what you learned while it is fresh.',
} as const;

export const SECTIONS_TEXT = {
  title: 'Sections',
  lead: 'Your checklist grouped by kind of task, each with its own progress.',
  progressLabel: (section: string) => `${section} progress`,
  counts: (completed: number, total: number) => `${completed} of ${total} completed`,
  emptySection: 'No tasks in this section for your role.',
  viewTasks: (section: string) => `View ${section.toLowerCase()} in your checklist`,
  emptyTitle: 'No tasks on your checklist yet',
  retry: 'Try Again',
  loading: 'Loading your sections',
} as const;

/** The learning journal (spec §4 template wording; issue 6 screens). Errors are AREA_MESSAGES.journal*. */
export const JOURNAL_TEXT = {
  listTitle: 'My Journal',
  listLead: 'Your learning journal: reflections on tasks, trainings and meetings. Private unless you share it.',
  newEntry: 'New entry',
  newTitle: 'New Journal Entry',
  newLead: 'Write down what you learned while it is fresh.',
  editTitle: 'Edit Journal Entry',
  entryEyebrow: 'Journal entry',
  /** The page's heading until the entry's own title is known (loading, error, not found). */
  entryTitle: 'Journal Entry',
  backToJournal: 'Back to My Journal',
  loadingEntries: 'Loading journal entries',
  loadingEntry: 'Loading the journal entry',
  loadingTask: 'Loading the task',
  retry: 'Try Again',
  // Stats (spec §3 "Journal stats").
  statsLabel: 'Journal statistics',
  statsTotal: 'Entries',
  statsRecent: 'This week',
  statsTags: 'Tags',
  // Filters (spec §9: visibility all/private/shared, date ranges week/month/year, sort created/updated/title).
  filtersLabel: 'Search and filter entries',
  searchLabel: 'Search',
  searchPlaceholder: 'Search titles, tags and text',
  visibilityFilterLabel: 'Visibility',
  visibilityFilterOptions: { all: 'All entries', private: 'Private', shared: 'Shared' },
  dateRangeLabel: 'Written',
  dateRangeOptions: { any: 'Any time', week: 'In the past week', month: 'In the past month', year: 'In the past year' },
  tagFilterLabel: 'Tag',
  allTags: 'All tags',
  sortLabel: 'Sort by',
  sortOptions: {
    'created_at:desc': 'Newest first',
    'created_at:asc': 'Oldest first',
    'updated_at:desc': 'Recently updated',
    'title:asc': 'Title A–Z',
    'title:desc': 'Title Z–A',
  },
  clearFilters: 'Clear filters',
  resultsSummary: (from: number, to: number, total: number) => `Showing ${from}–${to} of ${total} ${total === 1 ? 'entry' : 'entries'}`,
  noResultsSummary: 'No entries to show',
  pagination: 'Pages',
  previousPage: 'Previous',
  nextPage: 'Next',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  entriesLabel: 'Journal entries',
  emptyTitle: 'No journal entries yet',
  emptyDescription: 'Reflect on a task you completed, a meeting or anything you learned this week.',
  writeFirst: 'Write your first entry',
  noMatchesTitle: 'No entries match',
  noMatchesDescription: 'Try other words, or clear the filters.',
  untitled: 'Untitled entry',
  createdAgo: (when: string) => `Written ${when}`,
  createdOn: (date: string) => `Written ${date}`,
  updatedOn: (date: string) => `Updated ${date}`,
  // Tags.
  popularTags: 'Popular tags',
  popularTagsHint: 'Select a tag to see its entries.',
  noTags: 'Tags you add to entries show up here.',
  /** Read after the tag's name (visually the count alone): 'onboarding, 5 entries'. */
  tagCountSuffix: (count: number) => `, ${count} ${count === 1 ? 'entry' : 'entries'}`,
  tagsListLabel: 'Tags',
  // Visibility.
  visibility: { private: 'Private', shared: 'Shared' },
  visibilityHelp: {
    private: 'Only you can read it.',
    shared: 'Administrators (HR and team leaders) can read it too.',
  },
  // Entry page.
  edit: 'Edit',
  delete: 'Delete',
  deleteConfirmTitle: 'Delete this entry?',
  deleteConfirmText: (title: string) => `"${title}" will be deleted for good. This cannot be undone.`,
  deleteConfirm: 'Delete entry',
  deleting: 'Deleting…',
  cancel: 'Cancel',
  deletedToast: 'Journal entry deleted',
  linkedTasks: 'Linked tasks',
  linkedDocuments: 'Linked documents',
  notFoundTitle: 'This journal entry could not be found',
  notFoundDescription: 'It may have been deleted, or it belongs to someone else.',
  // Editor.
  editorLabel: 'Journal entry',
  titleLabel: 'Title',
  titlePlaceholder: 'Give your entry a title',
  contentLabel: 'Entry',
  contentHint: 'Start a line with "## " for a heading and "- " for a list item.',
  tagsLabel: 'Tags',
  tagsHint: 'Separate tags with commas, e.g. onboarding, tools',
  visibilityLabel: 'Who can read it',
  linkedTaskLabel: 'Linked task',
  unlinkTask: (title: string) => `Remove the link to ${title}`,
  characterCount: (count: number, max: number) => `${count.toLocaleString('en-US')} / ${max.toLocaleString('en-US')}`,
  save: 'Save entry',
  saving: 'Saving…',
  savedToast: 'Journal entry saved',
  updatedToast: 'Journal entry updated',
  draftOffer: (when: string) => `You have an unsaved draft from ${when}.`,
  restoreDraft: 'Restore draft',
  discardDraft: 'Discard draft',
  draftSaved: (when: string) => `Draft saved ${when.toLowerCase()}`,
  draftUnavailable: 'Drafts cannot be saved in this browser.',
  taskLoadFailed: 'The task could not be loaded, so the entry starts blank.',
  // The template of an entry written from a completed task (spec §4 "Journal").
  templateTitle: (taskTitle: string) => `Reflection on: ${taskTitle}`,
  templateHeadings: ['What I learned', 'Key insights', 'How this relates to my role'],
  templateDocumentsHeading: 'Related documents',
} as const;

/** The header's notifications (spec §4 "Notifications", issue 5 item 9). Relative times: RELATIVE_TIME_TEXT. */
export const NOTIFICATIONS_TEXT = {
  taskCompleted: 'Task Completed',
  nextTask: 'Next Task',
  completedDescription: (title: string) => `You completed "${title}".`,
  /** A next task's title, with its due wording when it has one ('Due tomorrow'). */
  nextDescription: (title: string, due: string) => (due ? `${title} · ${due}` : title),
  /** A due date beyond the spec's 'Due in N days' range, which the due wording gives as a bare date. */
  dueOn: (date: string) => `Due ${date}`,
  /** The bell's accessible name while something is unread. */
  bellUnread: (count: number) => `Notifications (${count} unread)`,
  loadFailed: 'Could not load your notifications.',
} as const;

/** /app/profile beyond its security section (issue 5 item 8). */
export const PROFILE_TEXT = {
  pageLead: 'Your account, your onboarding progress and your sign-in security.',
  roleLabel: 'Role',
  startDateLabel: 'Start date',
  progressHeading: 'Onboarding progress',
  progressLabel: 'Onboarding progress',
  progressSummary: (completed: number, total: number) => `${completed} of ${countOf(total, 'task')} completed`,
  noChecklist: 'No onboarding checklist is assigned to your role.',
  certificateReadyTitle: 'Your certificate is ready',
  certificateReadyText: "You've completed every onboarding task. Congratulations!",
  viewCertificate: 'View your certificate',
  certificateLocked: (remaining: number) => `Complete the remaining ${countOf(remaining, 'task')} to earn your certificate.`,
  continueChecklist: 'Continue your checklist',
  loading: 'Loading your profile',
  loadFailed: 'Failed to load your profile. Please try again.',
  retry: 'Try Again',
} as const;

/** The completion certificate (DESIGN §7.7): name, role, completion date, printable. */
export const CERTIFICATE_TEXT = {
  pageTitle: 'Certificate',
  heading: 'Your certificate',
  lead: 'Proof that you completed your onboarding. Print it or save it as a PDF.',
  title: 'Certificate of Completion',
  certifies: 'This certifies that',
  completed: (brand: string) => `has successfully completed the ${brand} onboarding programme`,
  asRole: (role: string) => `as ${role}`,
  completedOnLabel: 'Completed on',
  startedOnLabel: 'Started on',
  tasksLabel: 'Tasks completed',
  issuedBy: (brand: string) => `${brand} Onboarding Team`,
  print: 'Print certificate',
  backToProfile: 'Back to profile',
  notYetTitle: 'Your certificate is not ready yet',
  notYetText: (remaining: number) => `You have ${countOf(remaining, 'task')} left. Finish your checklist to earn your certificate.`,
  noTasksText: 'There are no onboarding tasks for your role, so there is no certificate to earn.',
  progressLabel: 'Onboarding progress',
  goToChecklist: 'Go to my checklist',
  loading: 'Loading your certificate',
} as const;

/** After sign-in or registration, when the user's data could not be loaded (spec §8; issue 5 item 10). */
export const APP_INIT_TEXT = {
  heading: 'Signed in, but not quite ready',
  refreshPage: 'Refresh page',
  loading: 'Loading your data…',
} as const;

/** The document library (spec §3/§5/§9, issue 7). Load errors and the empty text are AREA_MESSAGES.documents*. */
export const DOCUMENTS_TEXT = {
  title: 'Documents',
  lead: 'Handbooks, policies, forms and guides for your role.',
  loading: 'Loading documents',
  retry: 'Try Again',
  progressLabel: 'Documents opened',
  progressCount: (viewed: number, total: number) => `${viewed} of ${countOf(total, 'document')} opened`,
  recentHeading: 'Recent documents',
  recentLead: 'The newest additions to your library.',
  recentListLabel: 'Recent documents',
  filtersLabel: 'Filter documents',
  searchLabel: 'Search',
  searchPlaceholder: 'Search titles and descriptions',
  categoryLabel: 'Category',
  allCategories: 'All categories',
  statusLabel: 'View status',
  statusOptions: { all: 'All documents', viewed: 'Viewed', unviewed: 'Not viewed yet' },
  sortLabel: 'Sort by',
  sortOptions: { name: 'Name (A–Z)', date: 'Newest first', modified: 'Recently updated', type: 'Type' },
  clearFilters: 'Clear filters',
  showing: (shown: number, total: number) => `Showing ${shown} of ${countOf(total, 'document')}`,
  listLabel: 'Documents',
  emptyHint: 'Documents for your role will appear here once HR adds them.',
  noMatchTitle: 'No documents match these filters',
  noMatchHint: 'Try another category or search, or clear the filters.',
  viewed: 'Viewed',
  notViewed: 'New',
  companyPolicy: 'Company policy',
  open: 'Open',
  openLabel: (title: string) => `Open ${title} (opens in a new tab)`,
  opensInNewTab: '(opens in a new tab)',
  noLink: 'No link yet',
  noDescription: 'No description provided.',
  added: (date: string) => `Added ${date}`,
  updated: (date: string) => `Updated ${date}`,
} as const;

/** The company policies page (DESIGN §7.6, issue 7). */
export const POLICIES_TEXT = {
  title: 'Company Policies',
  lead: 'The policies every employee reads and acknowledges.',
  loading: 'Loading company policies',
  loadFailed: 'Failed to load company policies. Please try again.',
  retry: 'Try Again',
  progressLabel: 'Policies acknowledged',
  progressCount: (acknowledged: number, total: number) => `${acknowledged} of ${countOf(total, 'policy', 'policies')} acknowledged`,
  emptyTitle: 'No company policies for your role yet',
  emptyHint: 'Policies you need to read and acknowledge will appear here.',
  listLabel: 'Company policies',
  version: (version: number) => `Version ${version}`,
  read: 'Read policy',
  readLabel: (title: string) => `Read policy: ${title} (opens in a new tab)`,
  acknowledge: 'Acknowledge',
  acknowledging: 'Acknowledging…',
  acknowledgeLabel: (title: string) => `Acknowledge ${title}`,
  acknowledgeHint: 'By acknowledging, you confirm you have read and understood this policy.',
  statusAcknowledged: 'Acknowledged',
  statusPending: 'Action needed',
  statusUpdated: 'Updated',
  acknowledgedOn: (when: string) => `Acknowledged on ${when}`,
  pending: 'Not acknowledged yet',
  updatedSince: (version: number, when: string) => `Updated since you acknowledged version ${version} on ${when}. Please review it and acknowledge again.`,
  acknowledgedToast: (title: string) => `You acknowledged "${title}"`,
  acknowledgeFailed: 'Could not record your acknowledgement. Please try again.',
} as const;
