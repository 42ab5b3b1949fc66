// The wording of the landing page, the sign-in, two-factor and registration screens (their
// labels and the messages of their failures) and the after-sign-in failure, with every other
// string in shared-ui's kit (one place for every string: docs/product.md#messages). Deliberately
// NOT re-exported from the package index: the index is the shared singleton that every page loads
// whole, so these screens import it through its own subpath,
//   import { ... } from '@embark/shared-ui/page-text/auth';
// and only their chunks carry it (docs/bundles.md: JS to reach the dashboard).

/** The public landing page (docs/product.md#brand). */
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

/** After sign-in or registration, when the user's data could not be loaded (docs/product.md#initialisation). */
export const APP_INIT_TEXT = {
  heading: 'Signed in, but not quite ready',
  refreshPage: 'Refresh page',
  loading: 'Loading your data…',
} as const;

/** Sign-in failures (docs/product.md#sessions). */
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

/** Registration failures and the welcome toast (docs/product.md#registration). */
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

/** The sign-in, two-factor and registration screens (docs/product.md#sessions, #two-factor, #registration). */
export const AUTH_TEXT = {
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
} as const;

/** Who may register, shown up front on /register (docs/product.md#registration). The gateway refuses with the same words. */
export const REGISTRATION_POLICY_TEXT = {
  inviteOnly: 'Registration is by invitation only',
  inviteOnlyHelp: 'Ask your administrator or HR team to send you an invitation. Already have an account? Sign in instead.',
  domainsOnly: 'Registration is limited to company email addresses',
  allowedDomains: (domains: readonly string[]) => `Use an email address at ${domains.join(', ')}.`,
  checking: 'Checking who can register…',
} as const;

/** `/accept-invite`, `/forgot-password`, `/reset-password` and the sign-in screen's way to them (docs/product.md#passwords). */
export const ACCOUNT_TEXT = {
  forgotPasswordLink: 'Forgot password?',

  acceptHeading: 'Accept Invitation',
  acceptLoading: 'Loading your invitation…',
  acceptWelcome: (name: string) => `Welcome, ${name}!`,
  acceptLead: (role: string) => `You have been invited to join Embark as ${role}. Choose a password to create your account.`,
  acceptEmailLabel: 'Your email',
  acceptInvalid: 'This invitation link is invalid or has expired',
  acceptInvalidHelp: 'It may have been used already, revoked or replaced by a newer one. Ask your administrator for a new invitation, or sign in if you already have an account.',
  acceptLoadFailed: 'We could not load your invitation. Please try again.',
  goToSignIn: 'Go to sign in',

  forgotHeading: 'Forgot Password',
  forgotLead: "Enter your account's email address and we'll send you a link to choose a new password.",
  sendResetLink: 'Send reset link',
  sendingResetLink: 'Sending...',
  forgotSent: 'If an account exists for that email address, we have sent a link to reset its password. The link is valid for 1 hour.',
  tooManyRequests: 'Too many requests. Please try again later.',

  resetHeading: 'Reset Password',
  resetLead: 'Choose a new password for your account.',
  newPasswordLabel: 'New password',
  confirmPasswordLabel: 'Confirm new password',
  setNewPassword: 'Set new password',
  settingNewPassword: 'Saving...',
  resetInvalid: 'This reset link is invalid or has expired',
  requestNewLink: 'Request a new link',
  resetDone: 'Your password has been reset. Sign in with your new password.',
  backToSignIn: 'Back to sign in',
} as const;
