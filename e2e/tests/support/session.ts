import type { APIRequestContext, Page } from '@playwright/test';
import { urls } from '../../stack.mjs';

/**
 * The browser's `embark.*` keys the tests read or write, named as in shared-ui's STORAGE_KEYS (a
 * package boundary keeps the e2e suite from importing its source). The specs use these, never literals.
 */
export const STORAGE_KEYS = {
  authToken: 'embark.auth.token',
  authUser: 'embark.auth.user',
  authDebugLog: 'embark.auth.debugLog',
  appInitialised: 'embark.app.initialised',
  viewedDocuments: 'embark.documents.viewed',
} as const;

/** The demo accounts seeded into the e2e database (README, "The two commands"). */
export const DEMO = {
  admin: { email: 'admin@example.com', password: 'Admin12345' },
  employee: { email: 'employee@example.com', password: 'Employee12345' },
  /** Morgan: manages the demo employee, so owns tasks for hires and has a team. */
  manager: { email: 'manager@example.com', password: 'Manager12345' },
} as const;

export interface SignedIn {
  token: string;
  user: { id: number; name: string; email: string; role_id: number };
}

/** Signs in through the REST API (no 2FA) and returns the token and user. */
export async function apiSignIn(request: APIRequestContext, who: keyof typeof DEMO | { email: string; password: string }): Promise<SignedIn> {
  const credentials = typeof who === 'string' ? DEMO[who] : who;
  const res = await request.post(`${urls.gateway}/api/auth/login`, { data: credentials });
  if (res.status() !== 200) throw new Error(`sign-in failed for ${credentials.email}: ${res.status()} ${await res.text()}`);
  const body = (await res.json()) as Partial<SignedIn>;
  if (!body.token || !body.user) throw new Error(`sign-in for ${credentials.email} did not return a token (2FA enabled?)`);
  return body as SignedIn;
}

type StoredSessionArgs = readonly [typeof STORAGE_KEYS, string, string];

/** Runs in the page (Playwright sends its source), so it uses nothing from this module. */
function writeStoredSession([keys, token, user]: StoredSessionArgs): void {
  window.localStorage.setItem(keys.authToken, token);
  window.localStorage.setItem(keys.authUser, user);
}

function storedSessionArgs(session: SignedIn): StoredSessionArgs {
  return [STORAGE_KEYS, session.token, JSON.stringify(session.user)];
}

/** Puts a session into the page's storage before any script runs, as a returning user would have. */
export async function useSession(page: Page, session: SignedIn): Promise<void> {
  await page.addInitScript(writeStoredSession, storedSessionArgs(session));
}

/** Puts a session into the storage of the page's current origin once (a reload keeps it; signing out removes it for good). */
export async function storeSession(page: Page, session: SignedIn): Promise<void> {
  await page.evaluate(writeStoredSession, storedSessionArgs(session));
}

/** Signs in through the API and starts the page with that session. */
export async function signInAs(page: Page, who: keyof typeof DEMO): Promise<SignedIn> {
  const session = await apiSignIn(page.request, who);
  await useSession(page, session);
  return session;
}
