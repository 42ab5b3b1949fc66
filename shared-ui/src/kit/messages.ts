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
  documentsServerError: (status: number) => `Server error (${status}). Please try again later.`,
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
