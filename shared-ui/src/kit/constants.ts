/** The product's constants, limits and delays (docs/product.md). One place; screens and tests read these. */

export const ADMIN_ROLE_ID = 4;

export const LIMITS = {
  nameMax: 100,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 1024,
  journalPreviewChars: 150,
  journalContentMax: 10_000,
  journalTitleMax: 200,
  popularTagsDefault: 10,
  authDebugLogEntries: 100,
  tokenPreviewChars: 20,
} as const;

export const TIMING_MS = {
  httpTimeout: 10_000,
  retryPause: 100,
  checklistCacheRefresh: 30 * 60 * 1000,
  dashboardReinitSkip: 5 * 60 * 1000,
  taskCompletionDelay: 800,
  rolesWaitPoll: 50,
  sessionExpiredRedirect: 100,
  refreshOfferDelay: 2_000,
  toastDefault: 5_000,
  toastError: 8_000,
  toastWarning: 6_000,
  toastInfo: 5_000,
  toastSuccess: 5_000,
} as const;

export const DASHBOARD = {
  tasksShown: 3,
  activitiesShown: 3,
  defaultMaxItems: 5,
  upcomingWindowDays: 7,
  notificationsMax: 3,
  trendIconMinCompleted: 5,
} as const;

/** Progress colour thresholds (percent). */
export const PROGRESS_THRESHOLDS = { complete: 100, good: 75, warning: 50 } as const;

export type ProgressTone = 'complete' | 'good' | 'warning' | 'danger';

/** Complete at 100 or more, good at 75 or more, warning at 50 or more, else danger (docs/product.md#progress). */
export function progressTone(percent: number): ProgressTone {
  if (percent >= PROGRESS_THRESHOLDS.complete) return 'complete';
  if (percent >= PROGRESS_THRESHOLDS.good) return 'good';
  if (percent >= PROGRESS_THRESHOLDS.warning) return 'warning';
  return 'danger';
}

export const SIDEBAR_AUTO_CLOSE_WIDTH_PX = 1025;

export type TaskType = 'form' | 'policy' | 'sop' | 'training' | 'meeting';

export const DOCUMENTS = {
  recentCount: 5,
  retries: 3,
  backoffMs: [1_000, 2_000, 4_000],
  backoffCapMs: 10_000,
} as const;

export const PRICING = { dollarsPerSeatPerMonth: 2, trialDays: 7 } as const;

/**
 * Task rules (docs/product.md#urgency, read by kit/task-rules.ts): urgency windows in whole days left until
 * the due date (the server's count), the guidance bands in percent, and how
 * long completion times read as 'N days ago' before they read as a date.
 */
export const TASK_URGENCY_DAYS = { dueSoon: 2, dueWeek: 7 } as const;
export const GUIDANCE_THRESHOLDS = { greatStart: 25, excellentProgress: 50, halfway: 75 } as const;
export const COMPLETION_WORDING_MAX_DAYS = 7;
/** The due-date filter 'week' of the checklist: due from today up to this many days ahead. */
export const CHECKLIST_DUE_WEEK_DAYS = 7;

/**
 * After sign-in (docs/product.md#initialisation): the app-initialised marker's version, and how young an
 * account still counts as a first-time user's (with no progress). The 5-minute dashboard skip is
 * TIMING_MS.dashboardReinitSkip; the refresh offer after a failed initialisation, TIMING_MS.refreshOfferDelay.
 */
export const APP_INITIALISATION = {
  markerVersion: '1.0',
  firstTimeAccountAgeMs: 24 * 60 * 60 * 1000,
} as const;

/**
 * The header's notifications (docs/product.md#notifications; at most DASHBOARD.notificationsMax): how many read ids are
 * remembered per user, and how often navigating refetches the checklist they are derived from.
 */
export const NOTIFICATIONS = {
  readIdsKept: 50,
  refetchMinIntervalMs: 30_000,
} as const;
