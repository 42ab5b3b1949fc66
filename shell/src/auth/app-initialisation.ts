/**
 * After sign-in (and registration) the app initialises the user's data in sequence:
 * documents, navigation, checklist, journal, dashboard. Failures of journal, documents and dashboard
 * are tolerated; a checklist failure aborts and clears all state. A first-time user (no progress, and
 * no previous sign-in or an account under 24 hours old) gets a clean state first. Success leaves the
 * app-initialised marker (userId, timestamp, isFirstTimeUser, version 1.0) in localStorage; the
 * dashboard step is skipped when the same user's marker is under 5 minutes old.
 * See docs/product.md#initialisation.
 *
 * This module is the sequence and its rules only; what each step loads is `app-initialisers.ts`.
 * Pure apart from localStorage and the steps it is given, so the tests drive it with fakes.
 */
import { APP_INITIALISATION, currentTime, logAuthEvent, readAuthToken, STORAGE_KEYS, TIMING_MS, type SessionUser } from '@embark/shared-ui';

export const INITIALISATION_STEPS = ['documents', 'navigation', 'checklist', 'journal', 'dashboard'] as const;
export type InitialisationStep = (typeof INITIALISATION_STEPS)[number];

/**
 * The product names the tolerated failures (docs/product.md#initialisation). It says nothing of navigation; it is the user's own
 * route table (no request), and a portal that cannot build it cannot show anything, so like the
 * checklist it is required.
 */
export const TOLERATED_STEPS: ReadonlySet<InitialisationStep> = new Set<InitialisationStep>(['documents', 'journal', 'dashboard']);

/**
 * `sign-in`: right after sign-in or registration, before the user is let in.
 * `restore`: a reload with a stored session; runs behind the first page (nothing waits for it), so
 * the 5-minute dashboard skip has something to skip. It neither cleans up for first-time users nor
 * clears state on failure: the pages already on screen load and report their own data.
 *
 * In both modes a step whose request the server refuses (401/403: the session was revoked, e.g. the
 * account deactivated) stops the sequence, even a tolerated step: every later step would be refused
 * too. Who ends the session differs: on `sign-in` the user is not let in yet, so the steps report
 * nothing and the form shows the failure; on `restore` the steps report the refusal to the app's
 * session-expiry handler like any request of the signed-in area (toast, then /login).
 */
export type InitialisationMode = 'sign-in' | 'restore';

export interface AppInitialisers {
  /** What each step loads for `user`; a rejected promise is that step's failure. */
  steps: Record<InitialisationStep, (user: SessionUser) => Promise<void>>;
  /** Drops every piece of loaded user data held in memory (GraphQL cache, module caches); never the stored session. */
  resetState(): Promise<void>;
  /** Whether a step's failure is the server refusing the session (not a fault of that step's data). */
  isSessionRefusal(error: unknown): boolean;
}

/** The app-initialised marker: userId, timestamp, isFirstTimeUser, version 1.0. */
export interface AppInitialisedMarker {
  userId: number;
  /** Epoch milliseconds of the last initialisation that loaded the dashboard. */
  timestamp: number;
  isFirstTimeUser: boolean;
  version: typeof APP_INITIALISATION.markerVersion;
}

export type InitialisationOutcome =
  | {
      ok: true;
      firstTimeUser: boolean;
      completed: InitialisationStep[];
      /** Tolerated failures. */
      failed: InitialisationStep[];
      skipped: InitialisationStep[];
    }
  | {
      ok: false;
      /** The step that stopped the sequence: a required step that failed, or any refused step. */
      failedStep: InitialisationStep;
      error: unknown;
      /** The server refused the session (see InitialisationMode); false for any other failure. */
      sessionRefused: boolean;
      firstTimeUser: boolean;
      completed: InitialisationStep[];
      failed: InitialisationStep[];
    };

export interface InitialiseOptions {
  mode: InitialisationMode;
  /**
   * The token of the session this run belongs to (by default the stored one). The caller passes the
   * token it decided on: loading this module takes time, and the session may end meanwhile.
   */
  token?: string | null;
  now?: () => number;
  storage?: Storage | null;
}

function defaultStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function isMarker(value: unknown): value is AppInitialisedMarker {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.userId === 'number' &&
    typeof v.timestamp === 'number' &&
    Number.isFinite(v.timestamp) &&
    typeof v.isFirstTimeUser === 'boolean' &&
    v.version === APP_INITIALISATION.markerVersion
  );
}

/** The stored marker, or null when absent, unreadable or of another version. */
export function readInitialisedMarker(storage: Storage | null = defaultStorage()): AppInitialisedMarker | null {
  try {
    const raw = storage?.getItem(STORAGE_KEYS.appInitialised);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isMarker(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function writeMarker(marker: AppInitialisedMarker, storage: Storage | null): void {
  try {
    storage?.setItem(STORAGE_KEYS.appInitialised, JSON.stringify(marker));
  } catch {
    // Storage full or disabled: the next start simply initialises everything again.
  }
}

function removeKeys(storage: Storage | null, keys: readonly string[]): void {
  try {
    for (const key of keys) storage?.removeItem(key);
  } catch {
    // Nothing stored, or storage disabled: already clean.
  }
}

/** The client's clock, read where the kit reads it (relative-time.ts). */
const nowMs = (): number => currentTime().getTime();

function timeOf(value: string | null | undefined): number | null {
  if (!value) return null;
  const time = new Date(value).getTime();
  return Number.isFinite(time) ? time : null;
}

/**
 * A first-time user: no progress, and either no previous sign-in or an account under 24 hours old. The
 * server's sign-in answer already carries this sign-in's time in `last_login_at`, so "no previous
 * sign-in" shows as null only right after registration; a first sign-in is caught by the account age.
 */
export function isFirstTimeUser(user: Pick<SessionUser, 'completion_percentage' | 'last_login_at' | 'created_at'>, now: number = nowMs()): boolean {
  if (user.completion_percentage > 0) return false;
  if (user.last_login_at === null) return true;
  const created = timeOf(user.created_at);
  return created !== null && now - created < APP_INITIALISATION.firstTimeAccountAgeMs;
}

/** The dashboard is not initialised again within 5 minutes of the same user's last initialisation. */
export function dashboardRecentlyInitialised(marker: AppInitialisedMarker | null, userId: number, now: number): boolean {
  if (!marker || marker.userId !== userId) return false;
  const age = now - marker.timestamp;
  return age >= 0 && age < TIMING_MS.dashboardReinitSkip;
}

/** The error of a sequence that stopped because its session ended while it ran. */
export const SESSION_ENDED_DURING_INITIALISATION = 'The session ended during the initialisation';

function ended(step: InitialisationStep, firstTimeUser: boolean, completed: InitialisationStep[], failed: InitialisationStep[]): InitialisationOutcome {
  return { ok: false, failedStep: step, error: new Error(SESSION_ENDED_DURING_INITIALISATION), sessionRefused: true, firstTimeUser, completed, failed };
}

/**
 * Runs the initialisation sequence for `user`; never throws (the outcome says what happened). When
 * the session ends while it runs (sign-out, expiry, here or in another tab: the stored token is no
 * longer the one it started with), it stops at the next step quietly: the end of a session cleared
 * the user's data from storage, and a late marker or log entry would bring some back.
 */
export async function initialiseApp(
  user: SessionUser,
  initialisers: AppInitialisers,
  { mode, now = nowMs, storage = defaultStorage(), token = readAuthToken(storage ?? undefined) }: InitialiseOptions,
): Promise<InitialisationOutcome> {
  const sessionEnded = () => token === null || readAuthToken(storage ?? undefined) !== token;
  const firstTimeUser = isFirstTimeUser(user, now());
  // Already over before the first step: its end cleared the debug log, which must stay empty.
  if (sessionEnded()) return ended(INITIALISATION_STEPS[0], firstTimeUser, [], []);
  let marker = readInitialisedMarker(storage);
  logAuthEvent('init.start', { details: { mode, userId: user.id, firstTimeUser } });

  if (mode === 'sign-in' && firstTimeUser) {
    // A clean state first: nothing held in memory from before (cached data, module caches) or an
    // old marker may show up for someone who has just arrived. Stored per-user data (journal drafts,
    // viewed documents, notification read marks) is keyed by user, so it stays.
    await initialisers.resetState().catch((error: unknown) => logAuthEvent('init.reset_failed', { details: { error: String(error) } }));
    removeKeys(storage, [STORAGE_KEYS.appInitialised]);
    marker = null;
  }

  const skipDashboard = dashboardRecentlyInitialised(marker, user.id, now());
  const completed: InitialisationStep[] = [];
  const failed: InitialisationStep[] = [];
  const skipped: InitialisationStep[] = [];

  for (const step of INITIALISATION_STEPS) {
    if (step === 'dashboard' && skipDashboard) {
      skipped.push(step);
      continue;
    }
    let result: { ok: true } | { ok: false; error: unknown };
    try {
      await initialisers.steps[step](user);
      result = { ok: true };
    } catch (error) {
      result = { ok: false, error };
    }
    if (sessionEnded()) return ended(step, firstTimeUser, completed, failed);
    if (result.ok) {
      completed.push(step);
    } else {
      const { error } = result;
      const sessionRefused = initialisers.isSessionRefusal(error);
      if (TOLERATED_STEPS.has(step) && !sessionRefused) {
        failed.push(step);
        logAuthEvent('init.step_failed', { details: { step, tolerated: true, error: String(error) } });
        continue;
      }
      logAuthEvent('init.aborted', { details: { mode, step, sessionRefused, error: String(error) } });
      if (mode === 'sign-in') {
        // A checklist failure aborts and clears all state. The stored session stays, so
        // the refresh the error message asks for signs the user in with their data.
        await initialisers.resetState().catch(() => undefined);
        removeKeys(storage, [STORAGE_KEYS.appInitialised]);
      }
      return { ok: false, failedStep: step, error, sessionRefused, firstTimeUser, completed, failed };
    }
  }

  // The timestamp dates the dashboard's initialisation, so a skip never extends its own window.
  const timestamp = skipDashboard && marker ? marker.timestamp : now();
  writeMarker({ userId: user.id, timestamp, isFirstTimeUser: firstTimeUser, version: APP_INITIALISATION.markerVersion }, storage);
  logAuthEvent('init.done', { details: { mode, completed: completed.join(','), failed: failed.join(','), skipped: skipped.join(',') } });
  return { ok: true, firstTimeUser, completed, failed, skipped };
}
