/**
 * The persistent auth debug log: the last 100 auth events (sign-in, sign-out,
 * session checks, expiry) kept in localStorage, so a support engineer can see what happened to a
 * session across reloads. Tokens appear only as a 20-character preview, never whole: the log sits
 * in storage any script on the origin can read, and a preview is enough to tell tokens apart.
 */
import { LIMITS } from './constants';
import { STORAGE_KEYS } from './storage';

export type AuthDebugValue = string | number | boolean | null;

export interface AuthDebugEntry {
  /** ISO 8601 time of the event. */
  at: string;
  /** What happened, e.g. `login.success`, `session.expired`. */
  event: string;
  /** First 20 characters of the token involved, if any. */
  tokenPreview?: string;
  details?: Record<string, AuthDebugValue>;
}

export interface AuthDebugEventOptions {
  /** The token involved; only its preview is stored. */
  token?: string | null;
  details?: Record<string, AuthDebugValue | undefined>;
}

type LogStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The last 20 characters of a token: enough to tell two tokens apart, useless to replay. Not the
 * first: every token of one server starts with the same encoded header, so those would all read alike.
 */
export function tokenPreview(token: string): string {
  return token.slice(-LIMITS.tokenPreviewChars);
}

// Detail keys whose values are credentials: they are previewed like the token, or dropped.
const SECRET_KEYS = /token|jwt|authorization/i;
const DROPPED_KEYS = /password|secret|code/i;

/** Appends an event, keeping the newest 100. Never throws: logging must not break signing in. */
export function logAuthEvent(event: string, options: AuthDebugEventOptions = {}, storage: LogStorage | undefined = defaultStorage()): void {
  if (!storage) return;
  try {
    const entry: AuthDebugEntry = { at: new Date().toISOString(), event };
    if (options.token) entry.tokenPreview = tokenPreview(options.token);
    const details = sanitise(options.details);
    if (details) entry.details = details;
    const entries = [...readAuthDebugLog(storage), entry].slice(-LIMITS.authDebugLogEntries);
    storage.setItem(STORAGE_KEYS.authDebugLog, JSON.stringify(entries));
  } catch {
    // Storage full or disabled: the log is a diagnostic aid, so drop the entry.
  }
}

/** The stored entries, oldest first; an unreadable log reads as empty. */
export function readAuthDebugLog(storage: Pick<Storage, 'getItem'> | undefined = defaultStorage()): AuthDebugEntry[] {
  try {
    const raw = storage?.getItem(STORAGE_KEYS.authDebugLog);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

export function clearAuthDebugLog(storage: LogStorage | undefined = defaultStorage()): void {
  try {
    storage?.removeItem(STORAGE_KEYS.authDebugLog);
  } catch {
    // nothing to clear
  }
}

function sanitise(details: AuthDebugEventOptions['details']): Record<string, AuthDebugValue> | undefined {
  if (!details) return undefined;
  const result: Record<string, AuthDebugValue> = {};
  for (const [key, value] of Object.entries(details)) {
    if (value === undefined || DROPPED_KEYS.test(key)) continue;
    result[key] = SECRET_KEYS.test(key) && typeof value === 'string' ? tokenPreview(value) : value;
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

function isEntry(value: unknown): value is AuthDebugEntry {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { at?: unknown }).at === 'string' &&
    typeof (value as { event?: unknown }).event === 'string'
  );
}

function defaultStorage(): LogStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
