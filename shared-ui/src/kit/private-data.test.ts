import { logAuthEvent } from './auth-debug-log';
import { clearPrivateBrowserData, clearPrivateBrowserDataOf, readKeepDrafts, writeKeepDrafts } from './private-data';

function keys(storage: Storage): string[] {
  return Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? '').sort();
}

/** What a user's session leaves in storage: a journal draft and read marks. */
function fillSessionOf(userId: number): void {
  window.localStorage.setItem(`embark.journal.drafts.${userId}`, JSON.stringify({ new: { content: `secret of ${userId}` } }));
  window.localStorage.setItem(`embark.notifications.read.${userId}`, JSON.stringify(['overdue-3']));
}

/** The stored session of a signed-in user, with the debug log it writes. */
function storeSignedIn(userId: number): void {
  window.localStorage.setItem('embark.auth.token', `tok-${userId}`);
  window.localStorage.setItem('embark.auth.user', `{"id":${userId}}`);
  window.localStorage.setItem('embark.app.initialised', `{"userId":${userId}}`);
  logAuthEvent('session.established', { token: 'tok-abcdefghijklmnopqrstuvwxyz' });
}

describe('the "Keep drafts on this device" choice', () => {
  beforeEach(() => window.localStorage.clear());

  it('is off until the user turns it on, per user', () => {
    expect(readKeepDrafts(7)).toBe(false);
    writeKeepDrafts(7, true);
    expect(readKeepDrafts(7)).toBe(true);
    expect(readKeepDrafts(8)).toBe(false);
    expect(window.localStorage.getItem('embark.prefs.keepDrafts.7')).toBe('true');
  });

  it('turned off leaves no key behind', () => {
    writeKeepDrafts(7, true);
    writeKeepDrafts(7, false);
    expect(readKeepDrafts(7)).toBe(false);
    expect(keys(window.localStorage)).toEqual([]);
  });

  it('reads anything but the stored "true" as off', () => {
    window.localStorage.setItem('embark.prefs.keepDrafts.7', '1');
    expect(readKeepDrafts(7)).toBe(false);
  });
});

describe('clearing private browser data at the end of a session', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it('removes drafts, viewed marks, read marks, the debug log and the session keys', () => {
    fillSessionOf(7);
    window.localStorage.setItem('embark.documents.viewed', JSON.stringify({ 7: [3, 1] }));
    storeSignedIn(7);
    window.localStorage.setItem('other.app', 'theirs');

    clearPrivateBrowserData(7);

    expect(keys(window.localStorage)).toEqual(['other.app']);
  });

  it('removes embark keys it does not know, from sessionStorage too', () => {
    window.localStorage.setItem('embark.future.thing', 'private by default');
    window.sessionStorage.setItem('embark.journal.drafts.7', '{}');
    window.sessionStorage.setItem('embark.auth.debugLog', '[]');
    window.sessionStorage.setItem('unrelated', 'x');

    clearPrivateBrowserData(7);

    expect(keys(window.localStorage)).toEqual([]);
    expect(keys(window.sessionStorage)).toEqual(['unrelated']);
  });

  it('keeps drafts and viewed and read marks of a user who chose to keep them; the debug log still goes', () => {
    writeKeepDrafts(7, true);
    fillSessionOf(7);
    window.localStorage.setItem('embark.documents.viewed', JSON.stringify({ 7: [3, 1], 8: [2] }));
    logAuthEvent('logout.start');

    clearPrivateBrowserData(7);

    expect(keys(window.localStorage)).toEqual([
      'embark.documents.viewed',
      'embark.journal.drafts.7',
      'embark.notifications.read.7',
      'embark.prefs.keepDrafts.7',
    ]);
    expect(JSON.parse(window.localStorage.getItem('embark.documents.viewed') ?? 'null')).toEqual({ 7: [3, 1] });
    expect(window.localStorage.getItem('embark.journal.drafts.7')).toContain('secret of 7');
  });

  it("also sweeps another user's leftovers, unless that user keeps theirs", () => {
    fillSessionOf(8);
    fillSessionOf(9);
    writeKeepDrafts(9, true);
    window.localStorage.setItem('embark.documents.viewed', JSON.stringify({ 7: [1], 8: [2], 9: [4] }));

    clearPrivateBrowserData(null);

    expect(keys(window.localStorage)).toEqual(['embark.documents.viewed', 'embark.journal.drafts.9', 'embark.notifications.read.9', 'embark.prefs.keepDrafts.9']);
    expect(JSON.parse(window.localStorage.getItem('embark.documents.viewed') ?? 'null')).toEqual({ 9: [4] });
  });

  it('removes viewed marks it cannot read, and per-user keys with a malformed user id', () => {
    window.localStorage.setItem('embark.documents.viewed', 'not json');
    window.localStorage.setItem('embark.journal.drafts.07', '{}');
    window.localStorage.setItem('embark.journal.drafts.', '{}');
    writeKeepDrafts(7, true);

    clearPrivateBrowserData(7);

    expect(keys(window.localStorage)).toEqual(['embark.prefs.keepDrafts.7']);
  });

  it('never throws when storage refuses', () => {
    const spy = jest.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    window.localStorage.setItem('embark.auth.token', 'tok');
    expect(() => clearPrivateBrowserData(7)).not.toThrow();
    spy.mockRestore();
  });
});

describe("clearing one user's private data while another user's session stays", () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it("removes that user's drafts, read and viewed marks, the debug log and this tab's session keys; the other session stays", () => {
    fillSessionOf(7);
    fillSessionOf(8);
    window.localStorage.setItem('embark.documents.viewed', JSON.stringify({ 7: [1], 8: [2] }));
    storeSignedIn(8);
    window.sessionStorage.setItem('embark.journal.drafts.7', '{}');

    clearPrivateBrowserDataOf(7);

    expect(keys(window.localStorage)).toEqual([
      'embark.app.initialised',
      'embark.auth.token',
      'embark.auth.user',
      'embark.documents.viewed',
      'embark.journal.drafts.8',
      'embark.notifications.read.8',
    ]);
    expect(JSON.parse(window.localStorage.getItem('embark.documents.viewed') ?? 'null')).toEqual({ 8: [2] });
    expect(keys(window.sessionStorage)).toEqual([]);
  });

  it('keeps them for a user who keeps drafts on this device; the debug log still goes', () => {
    fillSessionOf(7);
    writeKeepDrafts(7, true);
    window.localStorage.setItem('embark.documents.viewed', JSON.stringify({ 7: [1] }));
    logAuthEvent('logout.start', { token: 'tok-7-abcdefghijklmnopqrstuvwxyz' });

    clearPrivateBrowserDataOf(7);

    expect(keys(window.localStorage)).toEqual(['embark.documents.viewed', 'embark.journal.drafts.7', 'embark.notifications.read.7', 'embark.prefs.keepDrafts.7']);
  });

  it("takes the ended user's initialisation marker and keys nobody declared, not the stored session", () => {
    fillSessionOf(7);
    storeSignedIn(8);
    // The other tab has stored its session but not yet its own marker.
    window.localStorage.setItem('embark.app.initialised', '{"userId":7}');
    window.localStorage.setItem('embark.future.thing', 'private by default');

    clearPrivateBrowserDataOf(7);

    expect(keys(window.localStorage)).toEqual(['embark.auth.token', 'embark.auth.user']);
  });

  it("without a known user, takes the debug log and this tab's session keys, and nobody's per-user keys", () => {
    fillSessionOf(8);
    storeSignedIn(8);
    window.sessionStorage.setItem('embark.journal.drafts.7', '{}');

    clearPrivateBrowserDataOf(null);

    expect(keys(window.localStorage)).toEqual(['embark.app.initialised', 'embark.auth.token', 'embark.auth.user', 'embark.journal.drafts.8', 'embark.notifications.read.8']);
    expect(keys(window.sessionStorage)).toEqual([]);
  });
});

