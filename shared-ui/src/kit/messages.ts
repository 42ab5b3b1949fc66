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
