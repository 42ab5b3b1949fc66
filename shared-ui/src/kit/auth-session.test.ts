import { readAuthDebugLog } from './auth-debug-log';
import {
  clearStoredSession,
  endsSession,
  endStoredSession,
  notifySessionEnded,
  notifySessionExpired,
  onSessionEnded,
  readStoredSession,
  replaceSessionToken,
  setSessionExpiryHandler,
  storeSession,
} from './auth-session';
import { writeKeepDrafts } from './private-data';
import { STORAGE_KEYS } from './storage';

const USER = {
  id: 7,
  name: 'Ada',
  email: 'ada@example.com',
  role_id: 1,
  completion_percentage: 0,
  last_login_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  start_date: '2026-01-01',
};

describe('stored session', () => {
  beforeEach(() => window.localStorage.clear());

  it('stores, reads and clears the token and user', () => {
    storeSession('tok-1', USER);
    window.localStorage.setItem(STORAGE_KEYS.appInitialised, '{}');
    expect(readStoredSession()).toEqual({ token: 'tok-1', user: USER });
    clearStoredSession();
    expect(readStoredSession()).toEqual({ token: null, user: null });
    expect(window.localStorage.getItem(STORAGE_KEYS.appInitialised)).toBeNull();
  });

  it('keeps the session for this page when the browser refuses storage (site data blocked)', () => {
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    const spies = [jest.spyOn(Storage.prototype, 'setItem').mockImplementation(blocked), jest.spyOn(Storage.prototype, 'getItem').mockImplementation(blocked), jest.spyOn(Storage.prototype, 'removeItem').mockImplementation(blocked)];
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      storeSession('tok-page', USER);
      expect(readStoredSession()).toEqual({ token: 'tok-page', user: USER });
      expect(replaceSessionToken('tok-renewed', 'password.change', 'tok-page')).toBe(true);
      expect(readStoredSession().token).toBe('tok-renewed');
      clearStoredSession();
      expect(readStoredSession()).toEqual({ token: null, user: null });
    } finally {
      for (const spy of spies) spy.mockRestore();
      warn.mockRestore();
    }
    // Storage back: what it holds is read again.
    storeSession('tok-stored', USER);
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('tok-stored');
    expect(readStoredSession().token).toBe('tok-stored');
  });

  it('ignores a stored user that is not shaped like one', () => {
    window.localStorage.setItem(STORAGE_KEYS.authUser, JSON.stringify({ id: '7' }));
    expect(readStoredSession().user).toBeNull();
    window.localStorage.setItem(STORAGE_KEYS.authUser, '{broken');
    expect(readStoredSession().user).toBeNull();
  });

  it('replaces the token after a two-factor change and logs only a preview', () => {
    storeSession('old-token', USER);
    const fresh = 'fresh-token-0123456789-abcdefghijklmnopqrstuvwxyz';
    replaceSessionToken(fresh, '2fa.enable');
    expect(readStoredSession().token).toBe(fresh);
    const last = readAuthDebugLog().at(-1);
    expect(last?.event).toBe('session.token_replaced');
    expect(last?.tokenPreview).toBe(fresh.slice(-20));
  });

  it('stores a fresh token only while this browser still holds the one the change was sent with', () => {
    storeSession('old-token', USER);
    expect(replaceSessionToken('fresh-1', 'password.change', 'old-token')).toBe(true);
    expect(readStoredSession().token).toBe('fresh-1');

    // Signed out while the change was under way: nothing comes back, not even a log entry.
    endStoredSession();
    const logged = readAuthDebugLog().length;
    expect(replaceSessionToken('fresh-2', 'password.change', 'fresh-1')).toBe(false);
    expect(readStoredSession()).toEqual({ token: null, user: null });
    expect(readAuthDebugLog()).toHaveLength(logged);

    // Another user signed in meanwhile: their session stays.
    storeSession('someone-else', { ...USER, id: 8 });
    expect(replaceSessionToken('fresh-3', '2fa.disable', 'fresh-1')).toBe(false);
    expect(readStoredSession().token).toBe('someone-else');
  });
});

describe('session hooks', () => {
  beforeEach(() => window.localStorage.clear());

  it('hands an expiry to the installed handler, and removes it again', () => {
    const handler = jest.fn();
    const remove = setSessionExpiryHandler(handler);
    notifySessionExpired({ source: 'rest', status: 401 });
    expect(handler).toHaveBeenCalledWith({ source: 'rest', status: 401 });
    remove();
    storeSession('tok', USER);
    notifySessionExpired({ source: 'graphql', code: 'UNAUTHENTICATED' });
    expect(handler).toHaveBeenCalledTimes(1);
    // Without a handler the stored session is still cleared.
    expect(readStoredSession()).toEqual({ token: null, user: null });
  });

  it('does not remove a newer handler when an older one unregisters', () => {
    const first = jest.fn();
    const second = jest.fn();
    const removeFirst = setSessionExpiryHandler(first);
    const removeSecond = setSessionExpiryHandler(second);
    removeFirst();
    notifySessionExpired({ source: 'rest', status: 403 });
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
    removeSecond();
  });

  it('tells session-ended listeners, even when one of them fails', () => {
    const errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const good = jest.fn();
    const offBad = onSessionEnded(() => {
      throw new Error('bad listener');
    });
    const offGood = onSessionEnded(good);
    notifySessionEnded();
    expect(good).toHaveBeenCalledTimes(1);
    expect(errorSpy).toHaveBeenCalled();
    offBad();
    offGood();
    notifySessionEnded();
    expect(good).toHaveBeenCalledTimes(1);
  });
});

describe('ending a session', () => {
  beforeEach(() => window.localStorage.clear());

  it.each([
    [401, true],
    [403, true],
    [400, false],
    [404, false],
    [429, false],
    [500, false],
    [0, false],
  ])('a %i answer ends the session: %s', (status, expected) => {
    expect(endsSession(status)).toBe(expected);
  });

  it('endStoredSession clears the stored session and runs every session-ended listener', () => {
    storeSession('tok', USER);
    const listener = jest.fn();
    const off = onSessionEnded(listener);
    endStoredSession();
    off();
    expect(readStoredSession()).toEqual({ token: null, user: null });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("endStoredSession removes the user's drafts, viewed marks and the debug log", () => {
    storeSession('tok', USER);
    window.localStorage.setItem('embark.journal.drafts.7', '{"new":{"content":"my worries"}}');
    window.localStorage.setItem('embark.documents.viewed', '{"7":[4]}');
    endStoredSession();
    expect(Object.keys(window.localStorage)).toEqual([]);
  });

  it('endStoredSession keeps drafts and viewed marks of a user who keeps drafts on this device, never the debug log', () => {
    storeSession('tok', USER);
    writeKeepDrafts(7, true);
    window.localStorage.setItem('embark.journal.drafts.7', '{"new":{"content":"my worries"}}');
    window.localStorage.setItem('embark.documents.viewed', '{"7":[4]}');
    endStoredSession();
    expect(Object.keys(window.localStorage).sort()).toEqual(['embark.documents.viewed', 'embark.journal.drafts.7', 'embark.prefs.keepDrafts.7']);
    expect(readAuthDebugLog()).toEqual([]);
  });

  it('an expiry with no handler installed clears private data too', () => {
    storeSession('tok', USER);
    window.localStorage.setItem('embark.journal.drafts.7', '{"new":{"content":"my worries"}}');
    notifySessionExpired({ source: 'rest', status: 401 });
    expect(Object.keys(window.localStorage)).toEqual([]);
  });
});
