// The session controller on its own: no React, no router; the environment is a set of spies.
import { ApiError, notifySessionExpired, onSessionEnded, readAuthDebugLog, STORAGE_KEYS, writeKeepDrafts, type SessionUser } from '@embark/shared-ui';
import { SessionController, type AuthState } from './session-controller';
import { ADMIN, EMPLOYEE, fakeAuthApi, fakeInitialisation, fakeToasts, type FakeAuthApi, type FakeInitialisation } from './test-utils';

const TOKEN = 'header.payload.signature-0123456789abcdefghijklmnopqrstuvwxyz';

function storeSession(token: string, user: SessionUser) {
  window.localStorage.setItem(STORAGE_KEYS.authToken, token);
  window.localStorage.setItem(STORAGE_KEYS.authUser, JSON.stringify(user));
}

interface Setup {
  path?: string;
  api?: FakeAuthApi;
  initialise?: FakeInitialisation;
  navigate?: jest.Mock<void, [string]>;
}

function setup({ path = '/app/dashboard', api = fakeAuthApi(), initialise = fakeInitialisation(), navigate = jest.fn() }: Setup = {}) {
  const env = { path, navigate, hardRedirect: jest.fn<void, [string]>(), toasts: fakeToasts() };
  const controller = new SessionController({
    api,
    initialise,
    env: {
      navigate: (to) => {
        env.navigate(to);
        env.path = to;
      },
      hardRedirect: env.hardRedirect,
      toasts: () => env.toasts,
      renderedPath: () => env.path,
    },
  });
  const states: AuthState[] = [];
  controller.subscribe((state) => states.push(state));
  return { controller, api, initialise, env, states };
}

/** What a signed-in user leaves in storage: a journal draft, a viewed document, a read notification. */
function fillPrivateData(userId: number) {
  window.localStorage.setItem(`${STORAGE_KEYS.journalDraftPrefix}${userId}`, '{"new":{"content":"first week worries"}}');
  window.localStorage.setItem(STORAGE_KEYS.viewedDocuments, JSON.stringify({ [userId]: [4] }));
  window.localStorage.setItem(`${STORAGE_KEYS.notificationsReadPrefix}${userId}`, '["overdue-4"]');
}

function embarkKeys(): string[] {
  return Object.keys(window.localStorage)
    .filter((key) => key.startsWith('embark.'))
    .sort();
}

/** Lets the pending promise callbacks run (fake timers leave microtasks alone). */
const settle = () => jest.advanceTimersByTimeAsync(0);

let stops: Array<() => void> = [];
function started(s: ReturnType<typeof setup>) {
  stops.push(s.controller.start());
  return s;
}

beforeEach(() => {
  window.localStorage.clear();
  jest.useFakeTimers();
});
afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
  jest.useRealTimers();
});

describe('start', () => {
  it('is uninitialised until the stored token is checked', async () => {
    storeSession(TOKEN, { ...EMPLOYEE, name: 'Stale Name' });
    const api = fakeAuthApi();
    api.currentUser.mockResolvedValue(EMPLOYEE);
    const { controller, states } = setup({ api });
    expect(controller.getState()).toEqual({ status: 'uninitialised', user: null });
    stops.push(controller.start());
    await settle();
    expect(states).toEqual([{ status: 'authenticated', user: EMPLOYEE }]);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.authUser) ?? '{}').name).toBe('Erin Employee');
  });

  it('starts anonymous without a stored token, without asking the server', async () => {
    const { controller, api } = started(setup());
    await settle();
    expect(controller.getState().status).toBe('anonymous');
    expect(api.currentUser).not.toHaveBeenCalled();
  });

  it('says the session expired when a refused token was opening the app, and not on the landing page', async () => {
    storeSession(TOKEN, EMPLOYEE);
    const api = fakeAuthApi();
    api.currentUser.mockRejectedValue(new ApiError({ status: 401 }));
    const inApp = started(setup({ api }));
    await settle();
    expect(inApp.controller.getState().status).toBe('anonymous');
    expect(inApp.env.toasts.error).toHaveBeenCalledWith('Your session has expired. Please log in again.');
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();

    storeSession(TOKEN, EMPLOYEE);
    const landing = started(setup({ api, path: '/' }));
    await settle();
    expect(landing.controller.getState().status).toBe('anonymous');
    expect(landing.env.toasts.error).not.toHaveBeenCalled();
  });

  it('removes the private data of a stored session the server refuses', async () => {
    storeSession(TOKEN, EMPLOYEE);
    fillPrivateData(EMPLOYEE.id);
    const api = fakeAuthApi();
    api.currentUser.mockRejectedValue(new ApiError({ status: 401 }));
    started(setup({ api, path: '/' }));
    await settle();
    expect(embarkKeys()).toEqual([]);
  });

  it('sweeps private data left with nobody signed in (a draft saved after its session ended)', async () => {
    fillPrivateData(EMPLOYEE.id);
    started(setup({ path: '/' }));
    await settle();
    // What is left is the debug log's 'session.none', which names no one.
    expect(embarkKeys()).toEqual([STORAGE_KEYS.authDebugLog]);
    expect(readAuthDebugLog().map((entry) => entry.event)).toEqual(['session.none']);
  });

  it('a sign-out in another tab while the token is checked: signed out, and the user is not written back', async () => {
    storeSession(TOKEN, EMPLOYEE);
    const api = fakeAuthApi();
    api.currentUser.mockImplementation(async () => {
      window.localStorage.removeItem(STORAGE_KEYS.authToken);
      window.localStorage.removeItem(STORAGE_KEYS.authUser);
      return EMPLOYEE;
    });
    const { controller } = started(setup({ api }));
    await settle();
    expect(controller.getState().status).toBe('anonymous');
    expect(embarkKeys()).toEqual([STORAGE_KEYS.authDebugLog]);
    expect(readAuthDebugLog().at(-1)?.event).toBe('session.none');
  });

  it('a sign-in as someone else in another tab while the token is checked: checks again, and shows the new user', async () => {
    storeSession(TOKEN, EMPLOYEE);
    const api = fakeAuthApi();
    api.currentUser
      .mockImplementationOnce(async () => {
        storeSession('other-token', ADMIN);
        // The first user's token is refused by then: that must not end the new session.
        throw new ApiError({ status: 401 });
      })
      .mockResolvedValueOnce(ADMIN);
    const { controller, env } = started(setup({ api }));
    await settle();
    expect(api.currentUser).toHaveBeenCalledTimes(2);
    expect(controller.getState()).toEqual({ status: 'authenticated', user: ADMIN });
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('other-token');
    expect(env.toasts.error).not.toHaveBeenCalled();
  });

  it('keeps the stored user when the server cannot be reached', async () => {
    storeSession(TOKEN, ADMIN);
    const api = fakeAuthApi();
    api.currentUser.mockRejectedValue(new ApiError({ status: 0 }));
    const { controller } = started(setup({ api }));
    await settle();
    expect(controller.getState()).toEqual({ status: 'authenticated', user: ADMIN });
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe(TOKEN);
  });

  it('ignores a check that answers after stop', async () => {
    storeSession(TOKEN, EMPLOYEE);
    const api = fakeAuthApi();
    let answer: (user: SessionUser) => void = () => undefined;
    api.currentUser.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { controller, states } = setup({ api });
    const stop = controller.start();
    stop();
    answer(EMPLOYEE);
    await settle();
    expect(states).toEqual([]);
    expect(controller.getState().status).toBe('uninitialised');
  });

  it("re-initialises a restored session's data once the first page had its turn", async () => {
    storeSession(TOKEN, EMPLOYEE);
    const api = fakeAuthApi();
    api.currentUser.mockResolvedValue(EMPLOYEE);
    const { initialise } = started(setup({ api }));
    await settle();
    await jest.advanceTimersByTimeAsync(1_999);
    expect(initialise).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(initialise).toHaveBeenCalledWith(EMPLOYEE, 'restore', TOKEN);
  });

  it('skips that re-initialisation when the session changed meanwhile', async () => {
    storeSession(TOKEN, EMPLOYEE);
    const api = fakeAuthApi();
    api.currentUser.mockResolvedValue(EMPLOYEE);
    const { initialise } = started(setup({ api }));
    await settle();
    window.localStorage.removeItem(STORAGE_KEYS.authToken);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(initialise).not.toHaveBeenCalled();
  });
});

async function signedIn(path = '/app/dashboard') {
  storeSession(TOKEN, EMPLOYEE);
  const api = fakeAuthApi();
  api.currentUser.mockResolvedValue(EMPLOYEE);
  const s = started(setup({ api, path }));
  await settle();
  expect(s.controller.getState().status).toBe('authenticated');
  return s;
}

describe('session expiry', () => {
  it('clears the session and toasts at once, then signs out and goes to /login after 100 ms', async () => {
    const { controller, env } = await signedIn();
    notifySessionExpired({ source: 'rest', status: 401, token: TOKEN });
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(env.toasts.error).toHaveBeenCalledWith('Your session has expired. Please log in again.');
    expect(controller.getState().status).toBe('authenticated');
    await jest.advanceTimersByTimeAsync(99);
    expect(env.navigate).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(controller.getState().status).toBe('anonymous');
    expect(env.navigate).toHaveBeenCalledWith('/login');
  });

  it('a sign-in in another tab during those 100 ms is followed, not sent to /login', async () => {
    const { controller, env } = await signedIn();
    notifySessionExpired({ source: 'rest', status: 401, token: TOKEN });
    await jest.advanceTimersByTimeAsync(50);
    storeSession('other-token', ADMIN);
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.authUser }));
    await jest.advanceTimersByTimeAsync(100);
    expect(controller.getState()).toEqual({ status: 'authenticated', user: ADMIN });
    expect(env.navigate).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('other-token');
    // The next refusal of that session is handled again.
    notifySessionExpired({ source: 'rest', status: 401, token: 'other-token' });
    await jest.advanceTimersByTimeAsync(100);
    expect(controller.getState().status).toBe('anonymous');
    expect(env.navigate).toHaveBeenCalledWith('/login');
  });

  it("removes the user's private data at once, unless they keep drafts on this device", async () => {
    await signedIn();
    fillPrivateData(EMPLOYEE.id);
    notifySessionExpired({ source: 'graphql', code: 'UNAUTHENTICATED', token: TOKEN });
    expect(embarkKeys()).toEqual([]);

    window.localStorage.clear();
    await signedIn();
    writeKeepDrafts(EMPLOYEE.id, true);
    fillPrivateData(EMPLOYEE.id);
    notifySessionExpired({ source: 'rest', status: 401, token: TOKEN });
    expect(embarkKeys()).toEqual(['embark.documents.viewed', 'embark.journal.drafts.2', 'embark.notifications.read.2', 'embark.prefs.keepDrafts.2']);
  });

  it('reports several refused requests once and ignores an older token', async () => {
    const { env } = await signedIn();
    notifySessionExpired({ source: 'rest', status: 401, token: 'an-older-token' });
    expect(env.toasts.error).not.toHaveBeenCalled();
    notifySessionExpired({ source: 'rest', status: 401, token: TOKEN });
    notifySessionExpired({ source: 'graphql', code: 'UNAUTHENTICATED' });
    expect(env.toasts.error).toHaveBeenCalledTimes(1);
  });

  it('signs out quietly on the sign-in form', async () => {
    const { controller, env } = await signedIn('/login');
    notifySessionExpired({ source: 'graphql', code: 'UNAUTHENTICATED', token: TOKEN });
    expect(controller.getState().status).toBe('anonymous');
    await jest.advanceTimersByTimeAsync(200);
    expect(env.toasts.error).not.toHaveBeenCalled();
    expect(env.navigate).not.toHaveBeenCalled();
  });

  it('loads /login for real when client-side navigation throws', async () => {
    const navigate = jest.fn<void, [string]>(() => {
      throw new Error('router gone');
    });
    storeSession(TOKEN, EMPLOYEE);
    const api = fakeAuthApi();
    api.currentUser.mockResolvedValue(EMPLOYEE);
    const { env } = started(setup({ api, navigate }));
    await settle();
    notifySessionExpired({ source: 'rest', status: 403, token: TOKEN });
    await jest.advanceTimersByTimeAsync(100);
    expect(env.hardRedirect).toHaveBeenCalledWith('/login');
    // The expiry cleared the debug log with the session: the failed navigation is not logged after it.
    expect(window.localStorage.getItem(STORAGE_KEYS.authDebugLog)).toBeNull();
  });

  it('expires the session when refreshing the user is refused', async () => {
    const { controller, api, env } = await signedIn();
    api.currentUser.mockRejectedValue(new ApiError({ status: 401 }));
    await controller.refreshUser();
    await jest.advanceTimersByTimeAsync(100);
    expect(env.toasts.error).toHaveBeenCalledWith('Your session has expired. Please log in again.');
    expect(controller.getState().status).toBe('anonymous');
  });

  it('passes other refresh failures on and keeps the session', async () => {
    const { controller, api } = await signedIn();
    api.currentUser.mockRejectedValue(new ApiError({ status: 500 }));
    await expect(controller.refreshUser()).rejects.toBeInstanceOf(ApiError);
    expect(controller.getState().status).toBe('authenticated');
  });

  it('a refresh answered after a sign-out elsewhere writes nothing back', async () => {
    const { controller, api } = await signedIn();
    api.currentUser.mockImplementation(async () => {
      window.localStorage.removeItem(STORAGE_KEYS.authToken);
      window.localStorage.removeItem(STORAGE_KEYS.authUser);
      return { ...EMPLOYEE, completion_percentage: 50 };
    });
    await controller.refreshUser();
    expect(window.localStorage.getItem(STORAGE_KEYS.authUser)).toBeNull();
    expect(controller.getState().user?.completion_percentage).not.toBe(50);
  });

  it('a refresh answered after the same user renewed the token (a password change) still takes the user', async () => {
    const { controller, api } = await signedIn();
    api.currentUser.mockImplementation(async () => {
      window.localStorage.setItem(STORAGE_KEYS.authToken, 'renewed-token');
      return { ...EMPLOYEE, completion_percentage: 50 };
    });
    await controller.refreshUser();
    expect(controller.getState().user?.completion_percentage).toBe(50);
  });

  it('refreshing takes the new user', async () => {
    const { controller, api } = await signedIn();
    api.currentUser.mockResolvedValue({ ...EMPLOYEE, completion_percentage: 50 });
    await controller.refreshUser();
    expect(controller.getState().user?.completion_percentage).toBe(50);
  });
});

describe('other tabs', () => {
  it("a sign-out in another tab ends the session here too: listeners run and private data goes", async () => {
    const { controller } = await signedIn();
    const ended = jest.fn();
    const off = onSessionEnded(ended);
    window.localStorage.removeItem(STORAGE_KEYS.authToken);
    // What the other tab's own sweep missed, or an editor here wrote since.
    fillPrivateData(EMPLOYEE.id);
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.authToken }));
    off();
    expect(controller.getState().status).toBe('anonymous');
    expect(ended).toHaveBeenCalledTimes(1);
    expect(embarkKeys()).toEqual([]);
  });

  it('follows a sign-out and a sign-in made in another tab', async () => {
    const { controller } = await signedIn();
    window.localStorage.removeItem(STORAGE_KEYS.authToken);
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.authToken }));
    expect(controller.getState().status).toBe('anonymous');
    storeSession(TOKEN, ADMIN);
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.authUser }));
    expect(controller.getState()).toEqual({ status: 'authenticated', user: ADMIN });
  });

  it("another user signed in while this tab was frozen: the first user's session ends here before the new one shows", async () => {
    const { controller } = await signedIn();
    const seen: Array<string | undefined> = [];
    const off = onSessionEnded(() => seen.push(controller.getState().user?.name));
    storeSession('other-token', ADMIN);
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.authToken }));
    off();
    // The caches and editors heard of the end while the first user was still the one shown.
    expect(seen).toEqual([EMPLOYEE.name]);
    expect(controller.getState()).toEqual({ status: 'authenticated', user: ADMIN });
  });

  it('a page restored from the back/forward cache follows what changed while it was away', async () => {
    const { controller } = await signedIn();
    const ended = jest.fn();
    const off = onSessionEnded(ended);
    window.localStorage.removeItem(STORAGE_KEYS.authToken);
    window.localStorage.removeItem(STORAGE_KEYS.authUser);
    // No storage event reaches a page in the back/forward cache; a fresh load (not persisted) is left to start.
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    expect(controller.getState().status).toBe('authenticated');
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    off();
    expect(controller.getState().status).toBe('anonymous');
    expect(ended).toHaveBeenCalledTimes(1);
  });
});

describe('logout', () => {
  it('calls the server, clears everything, goes to /login and says so', async () => {
    const { controller, api, env } = await signedIn();
    window.localStorage.setItem(STORAGE_KEYS.appInitialised, '{"userId":2}');
    await controller.logout();
    expect(api.signOut).toHaveBeenCalledTimes(1);
    expect(controller.getState().status).toBe('anonymous');
    expect(env.navigate).toHaveBeenCalledWith('/login');
    expect(env.toasts.success).toHaveBeenCalledWith('You have been logged out successfully');
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.appInitialised)).toBeNull();
    await jest.advanceTimersByTimeAsync(150);
    expect(env.hardRedirect).not.toHaveBeenCalled();
    // The session's debug log went with it.
    expect(readAuthDebugLog()).toEqual([]);
  });

  it('says only that the user logged out when requests still in flight are refused meanwhile', async () => {
    const { controller, api, env } = await signedIn();
    api.signOut.mockImplementation(async () => {
      // The server has ended the session; a poll sent before the sign-out answers 401.
      notifySessionExpired({ source: 'graphql', status: 401, token: TOKEN });
    });
    await controller.logout();
    await jest.advanceTimersByTimeAsync(150);
    expect(env.toasts.error).not.toHaveBeenCalled();
    expect(env.toasts.success).toHaveBeenCalledWith('You have been logged out successfully');
    expect(env.navigate).toHaveBeenCalledTimes(1);
    expect(controller.getState().status).toBe('anonymous');
    // A later session's expiry is announced again.
    env.path = '/app/dashboard';
    storeSession(TOKEN, EMPLOYEE);
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.authToken }));
    notifySessionExpired({ source: 'rest', status: 401, token: TOKEN });
    expect(env.toasts.error).toHaveBeenCalledWith('Your session has expired. Please log in again.');
  });

  it("removes the user's drafts, viewed marks and read marks", async () => {
    const { controller } = await signedIn();
    fillPrivateData(EMPLOYEE.id);
    await controller.logout();
    expect(embarkKeys()).toEqual([]);
  });

  it('keeps drafts and marks when the user keeps drafts on this device; the debug log still goes', async () => {
    const { controller } = await signedIn();
    writeKeepDrafts(EMPLOYEE.id, true);
    fillPrivateData(EMPLOYEE.id);
    await controller.logout();
    expect(embarkKeys()).toEqual(['embark.documents.viewed', 'embark.journal.drafts.2', 'embark.notifications.read.2', 'embark.prefs.keepDrafts.2']);
  });

  it('also ends the renewed token a password change stored while the sign-out was under way', async () => {
    const { controller, api } = await signedIn();
    const sentWith: Array<string | null> = [];
    api.signOut.mockImplementation(async () => {
      sentWith.push(window.localStorage.getItem(STORAGE_KEYS.authToken));
      // The change's answer arrives first, while the original token is still the stored one.
      if (sentWith.length === 1) window.localStorage.setItem(STORAGE_KEYS.authToken, 'renewed-token');
    });
    await controller.logout();
    expect(sentWith).toEqual([TOKEN, 'renewed-token']);
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it('leaves alone a session another user signed in meanwhile, in another tab, and follows it', async () => {
    const { controller, api, env } = await signedIn();
    fillPrivateData(EMPLOYEE.id);
    window.localStorage.setItem(`${STORAGE_KEYS.journalDraftPrefix}${ADMIN.id}`, '{"new":{"content":"their draft"}}');
    window.localStorage.setItem(`${STORAGE_KEYS.notificationsReadPrefix}${ADMIN.id}`, '["next:9"]');
    window.localStorage.setItem(STORAGE_KEYS.viewedDocuments, JSON.stringify({ [EMPLOYEE.id]: [4], [ADMIN.id]: [9] }));
    const ended = jest.fn();
    const unsubscribe = onSessionEnded(ended);
    api.signOut.mockImplementation(async () => {
      storeSession('other-token', ADMIN);
    });
    await controller.logout();
    unsubscribe();
    expect(api.signOut).toHaveBeenCalledTimes(1);
    // Their session and their private data stay: clearing shared storage would sign them out too.
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('other-token');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.authUser) ?? 'null')).toEqual(ADMIN);
    expect(window.localStorage.getItem(`${STORAGE_KEYS.journalDraftPrefix}${ADMIN.id}`)).not.toBeNull();
    expect(window.localStorage.getItem(`${STORAGE_KEYS.notificationsReadPrefix}${ADMIN.id}`)).toBe('["next:9"]');
    // The signed-out user's own private data goes, as at any sign-out.
    expect(window.localStorage.getItem(`${STORAGE_KEYS.journalDraftPrefix}${EMPLOYEE.id}`)).toBeNull();
    expect(window.localStorage.getItem(`${STORAGE_KEYS.notificationsReadPrefix}${EMPLOYEE.id}`)).toBeNull();
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.viewedDocuments) ?? 'null')).toEqual({ [ADMIN.id]: [9] });
    expect(readAuthDebugLog()).toEqual([]);
    // This tab shows them, as any tab does after a sign-in elsewhere; this user's caches went.
    expect(controller.getState()).toEqual({ status: 'authenticated', user: ADMIN });
    expect(ended).toHaveBeenCalled();
    expect(env.navigate).toHaveBeenLastCalledWith('/app/admin');
    expect(env.toasts.success).toHaveBeenCalledWith('You have been logged out successfully');
    await jest.advanceTimersByTimeAsync(150);
    expect(env.hardRedirect).not.toHaveBeenCalled();
  });

  it('still signs out when the server call fails', async () => {
    const { controller, api, env } = await signedIn();
    api.signOut.mockRejectedValue(new ApiError({ status: 0 }));
    await controller.logout();
    expect(controller.getState().status).toBe('anonymous');
    expect(env.toasts.success).toHaveBeenCalledWith('You have been logged out successfully');
  });

  it('loads /login for real when the router did not get there', async () => {
    const s = await signedIn();
    s.env.navigate.mockImplementation(() => undefined);
    // The router "navigated" but the rendered path stayed.
    const stuck = new SessionController({
      api: s.api,
      initialise: s.initialise,
      env: { navigate: s.env.navigate, hardRedirect: s.env.hardRedirect, toasts: () => s.env.toasts, renderedPath: () => '/app/dashboard' },
    });
    await stuck.logout();
    await jest.advanceTimersByTimeAsync(100);
    expect(s.env.hardRedirect).toHaveBeenCalledWith('/login');
    // Nothing is logged after the clear, not even the failed navigation.
    expect(window.localStorage.getItem(STORAGE_KEYS.authDebugLog)).toBeNull();
  });

  it('loads /login for real when client-side navigation throws, logging nothing after the clear', async () => {
    const navigate = jest.fn<void, [string]>(() => {
      throw new Error('router gone');
    });
    storeSession(TOKEN, EMPLOYEE);
    const api = fakeAuthApi();
    api.currentUser.mockResolvedValue(EMPLOYEE);
    const { controller, env } = started(setup({ api, navigate }));
    await settle();
    await controller.logout();
    expect(env.hardRedirect).toHaveBeenCalledWith('/login');
    await jest.advanceTimersByTimeAsync(150);
    expect(window.localStorage.getItem(STORAGE_KEYS.authDebugLog)).toBeNull();
  });
});

describe('establishSession', () => {
  it('stores the session, initialises the data, then signs in, lands and welcomes together', async () => {
    const { controller, initialise, env, states } = started(setup({ path: '/login' }));
    await settle();
    const done = controller.establishSession({ token: TOKEN, user: ADMIN }, 'Welcome back, Ada Admin!');
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe(TOKEN);
    await jest.advanceTimersByTimeAsync(74);
    expect(initialise).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toEqual({ ok: true });
    expect(initialise).toHaveBeenCalledWith(ADMIN, 'sign-in', TOKEN);
    expect(states.at(-1)).toEqual({ status: 'authenticated', user: ADMIN });
    expect(env.navigate).toHaveBeenCalledWith('/app/admin');
    expect(env.toasts.success).toHaveBeenCalledWith('Welcome back, Ada Admin!');
  });

  it('stays signed out, keeping the stored session, when a required step fails', async () => {
    const initialise = fakeInitialisation({ ok: false, failedStep: 'checklist', error: new Error('x'), sessionRefused: false, firstTimeUser: false, completed: [], failed: ['checklist'] });
    const { controller, env } = started(setup({ path: '/login', initialise }));
    await settle();
    const done = controller.establishSession({ token: TOKEN, user: EMPLOYEE }, 'Welcome');
    await jest.advanceTimersByTimeAsync(75);
    await expect(done).resolves.toEqual({ ok: false, failedStep: 'checklist', sessionRefused: false });
    expect(controller.getState().status).toBe('anonymous');
    expect(env.navigate).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe(TOKEN);
  });

  it('drops a session the server refused at once and says it expired', async () => {
    const initialise = fakeInitialisation({ ok: false, failedStep: 'documents', error: new Error('x'), sessionRefused: true, firstTimeUser: false, completed: [], failed: ['documents'] });
    const { controller, env } = started(setup({ path: '/login', initialise }));
    await settle();
    const done = controller.establishSession({ token: TOKEN, user: EMPLOYEE }, 'Welcome');
    await jest.advanceTimersByTimeAsync(75);
    await expect(done).resolves.toEqual({ ok: false, failedStep: 'documents', sessionRefused: true });
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(env.toasts.error).toHaveBeenCalledWith('Your session has expired. Please log in again.');
  });

  it("leaves alone the session another tab signed in while this sign-in's initialisation ran", async () => {
    const initialise = fakeInitialisation({ ok: false, failedStep: 'documents', error: new Error('x'), sessionRefused: true, firstTimeUser: false, completed: [], failed: [] });
    initialise.mockImplementationOnce(async () => {
      // Another tab signs in meanwhile: the stored session is now its own.
      storeSession('other-tab-token', ADMIN);
      return { ok: false, failedStep: 'documents', error: new Error('x'), sessionRefused: true, firstTimeUser: false, completed: [], failed: [] };
    });
    const { controller, env } = started(setup({ path: '/login', initialise }));
    await settle();
    const done = controller.establishSession({ token: TOKEN, user: EMPLOYEE }, 'Welcome');
    await jest.advanceTimersByTimeAsync(75);
    await expect(done).resolves.toMatchObject({ ok: false, sessionRefused: true });
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('other-tab-token');
    expect(env.toasts.error).not.toHaveBeenCalled();
  });
});
