// The wording of the profile, its security section and the certificate, with every other string in shared-ui's kit
// (one place for every string: docs/product.md#messages). Deliberately NOT re-exported from the package index: the
// index is the shared singleton that every page loads whole, so pages import it through its own subpath,
//   import { ... } from '@embark/shared-ui/page-text/profile';
// and only the chunks that show these screens carry it (docs/bundles.md: JS to reach the dashboard).
import { countOf } from '@embark/shared-ui';

/** /app/profile beyond its security section (docs/profile-notifications-init.md). */
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

/** The security section of /app/profile: two-factor setup and management (docs/product.md#two-factor). */
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
  /** The gateway's words for a wrong password: shown on the password field. */
  passwordWrong: 'Incorrect password',
  enablePasswordHint: 'Turning on two-factor authentication needs your password too.',
} as const;

/** Profile → Security → Active sessions: every device signed in to the account (docs/product.md#sessions). */
export const SESSIONS_TEXT = {
  heading: 'Active sessions',
  lead: 'The devices signed in to your account. Sign out any you do not recognise.',
  loading: 'Loading your sessions',
  loadFailed: 'Could not load your sessions.',
  retry: 'Retry',
  listLabel: 'Signed-in devices',
  thisDevice: 'This device',
  onlyThisDevice: 'You are not signed in anywhere else.',
  otherCount: (count: number) => `Also signed in on ${countOf(count, 'other device')}.`,
  unknownDevice: 'Unknown device',
  /** "Chrome on Linux" (either part alone when the other is unknown). */
  browserOnOs: (browser: string, os: string) => `${browser} on ${os}`,
  placeLabel: 'IP address',
  unknownPlace: 'Unknown',
  lastSeenLabel: 'Last active',
  signedInLabel: 'Signed in',
  signOut: 'Sign out',
  signOutLabel: (device: string, place: string) => `Sign out ${device} (${place})`,
  signingOut: 'Signing out...',
  signedOutToast: (device: string) => `Signed out ${device}`,
  alreadyEndedToast: 'That session had already ended',
  signOutFailed: 'Could not sign out that session. Please try again.',
  signOutOthers: 'Sign out everywhere else',
  signingOutOthers: 'Signing out...',
  signedOutOthersToast: (count: number) => (count === 0 ? 'No other sessions were signed in' : `Signed out ${countOf(count, 'other session')}`),
  signOutOthersFailed: 'Could not sign out your other sessions. Please try again.',
} as const;

/**
 * Profile → Security → Password (docs/product.md#passwords). The new-password fields use the sign-in screens' words
 * (ACCOUNT_TEXT and AUTH_TEXT in page-text/auth), so the rule reads the same everywhere.
 */
export const CHANGE_PASSWORD_TEXT = {
  heading: 'Password',
  lead: 'Change the password you sign in with. Your other devices are signed out when you do.',
  open: 'Change password',
  submit: 'Change password',
  submitting: 'Changing...',
  currentRequired: 'Please enter your current password',
  /** The gateway's words for a wrong current password: shown on that field. */
  currentWrong: 'Current password is incorrect',
  changedToast: 'Your password has been changed',
} as const;

/** The completion certificate: name, role, completion date, printable (docs/product.md#certificate). */
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

/** /app/profile/notifications, which every reminder mail links to (docs/product.md#notifications). */
export const NOTIFICATION_PREFERENCES_TEXT = {
  title: 'Notification preferences',
  lead: 'Choose which reminders Embark emails you.',
  heading: 'Email reminders',
  digestLabel: 'Email me a daily digest of tasks due soon or overdue',
  digestHint: 'One email on a working day, listing the tasks you own that are due within 2 working days or overdue.',
  escalationsNote:
    "Escalations can't be turned off: when a new hire's task is several working days overdue, their manager (or HR) is always told.",
  loading: 'Loading your notification preferences',
  loadFailed: 'Could not load your notification preferences.',
  retry: 'Try Again',
  digestOn: 'Daily digest turned on',
  digestOff: 'Daily digest turned off',
  saveFailed: 'Could not save your preference. Please try again.',
  backToProfile: 'Back to profile',
  /** The profile's card that links here. */
  profileHeading: 'Notifications',
  profileLink: 'Notification preferences',
  profileLinkHint: 'Choose whether Embark emails you a daily digest.',
} as const;
