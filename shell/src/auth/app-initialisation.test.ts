import { notifySessionEnded, STORAGE_KEYS, type SessionUser } from '@embark/shared-ui';
import {
  dashboardRecentlyInitialised,
  initialiseApp,
  INITIALISATION_STEPS,
  isFirstTimeUser,
  readInitialisedMarker,
  type AppInitialisers,
  type InitialisationMode,
  type InitialisationStep,
} from './app-initialisation';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const NOW = Date.parse('2026-03-10T12:00:00.000Z');

/** A returning user with progress: never first-time. */
const RETURNING: SessionUser = {
  id: 7,
  name: 'Rita Returning',
  email: 'rita@example.com',
  role_id: 1,
  completion_percentage: 40,
  last_login_at: new Date(NOW).toISOString(),
  created_at: new Date(NOW - 30 * 24 * HOUR).toISOString(),
  start_date: '2026-02-08',
};

/** Registered a minute ago: no progress, no sign-in before. */
const NEW_HIRE: SessionUser = { ...RETURNING, id: 8, completion_percentage: 0, last_login_at: null, created_at: new Date(NOW - MINUTE).toISOString() };

interface Fake extends AppInitialisers {
  /** Every call in order: step names, and 'reset'. */
  calls: string[];
}

/** Steps that succeed, except those given as failing; records the order of everything. */
function fakeInitialisers(failing: Partial<Record<InitialisationStep, Error>> = {}): Fake {
  const calls: string[] = [];
  const step = (name: InitialisationStep) =>
    jest.fn(async () => {
      calls.push(name);
      const error = failing[name];
      if (error) throw error;
    });
  return {
    calls,
    steps: {
      documents: step('documents'),
      navigation: step('navigation'),
      checklist: step('checklist'),
      journal: step('journal'),
      dashboard: step('dashboard'),
    },
    resetState: jest.fn(async () => {
      calls.push('reset');
    }),
    isSessionRefusal: (error) => error instanceof SessionRefused,
  };
}

/** What the real steps' refused requests stand for here (a 401/403 answer). */
class SessionRefused extends Error {}

const storage = () => window.localStorage;
const storedMarker = () => JSON.parse(storage().getItem(STORAGE_KEYS.appInitialised) ?? 'null') as unknown;
const at = (time: number) => () => time;

function putMarker(userId: number, timestamp: number, extra: Record<string, unknown> = {}) {
  storage().setItem(STORAGE_KEYS.appInitialised, JSON.stringify({ userId, timestamp, isFirstTimeUser: false, version: '1.0', ...extra }));
}

// Every run belongs to a signed-in session unless a test says otherwise.
beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem(STORAGE_KEYS.authToken, 'tok');
});

describe('the sequence', () => {
  it('runs documents, navigation, checklist, journal, dashboard, one after the other', async () => {
    const fake = fakeInitialisers();
    let running = 0;
    let overlapped = false;
    for (const name of INITIALISATION_STEPS) {
      const inner = fake.steps[name];
      fake.steps[name] = async (user) => {
        running += 1;
        if (running > 1) overlapped = true;
        await new Promise((resolve) => setTimeout(resolve, 1));
        await inner(user);
        running -= 1;
      };
    }
    const outcome = await initialiseApp(RETURNING, fake, { mode: 'sign-in', now: at(NOW) });
    expect(fake.calls).toEqual(['documents', 'navigation', 'checklist', 'journal', 'dashboard']);
    expect(overlapped).toBe(false);
    expect(outcome).toEqual({ ok: true, firstTimeUser: false, completed: [...INITIALISATION_STEPS], failed: [], skipped: [] });
  });

  it('passes the signed-in user to every step', async () => {
    const fake = fakeInitialisers();
    await initialiseApp(RETURNING, fake, { mode: 'sign-in', now: at(NOW) });
    for (const name of INITIALISATION_STEPS) expect(fake.steps[name]).toHaveBeenCalledWith(RETURNING);
  });

  it.each<[InitialisationStep[]]>([[['documents']], [['journal']], [['dashboard']], [['documents', 'journal', 'dashboard']]])(
    'tolerates failures of %p: the rest still runs and the marker is written',
    async (failing) => {
      const fake = fakeInitialisers(Object.fromEntries(failing.map((name) => [name, new Error(`${name} down`)])));
      const outcome = await initialiseApp(RETURNING, fake, { mode: 'sign-in', now: at(NOW) });
      expect(fake.calls).toEqual(['documents', 'navigation', 'checklist', 'journal', 'dashboard']);
      expect(outcome.ok).toBe(true);
      expect(outcome.failed).toEqual(failing);
      expect(fake.resetState).not.toHaveBeenCalled();
      expect(readInitialisedMarker()).toEqual({ userId: 7, timestamp: NOW, isFirstTimeUser: false, version: '1.0' });
    },
  );

  it('aborts on a checklist failure: journal and dashboard never run, all state is cleared, no marker', async () => {
    putMarker(7, NOW - 10 * MINUTE);
    const failure = new Error('checklist down');
    const fake = fakeInitialisers({ checklist: failure });
    const outcome = await initialiseApp(RETURNING, fake, { mode: 'sign-in', now: at(NOW) });
    expect(fake.calls).toEqual(['documents', 'navigation', 'checklist', 'reset']);
    expect(outcome).toEqual({ ok: false, failedStep: 'checklist', error: failure, sessionRefused: false, firstTimeUser: false, completed: ['documents', 'navigation'], failed: [] });
    expect(storage().getItem(STORAGE_KEYS.appInitialised)).toBeNull();
  });

  it('keeps the stored session when it aborts (the refresh the message asks for signs the user in)', async () => {
    storage().setItem(STORAGE_KEYS.authToken, 'tok');
    storage().setItem(STORAGE_KEYS.authUser, JSON.stringify(RETURNING));
    await initialiseApp(RETURNING, fakeInitialisers({ checklist: new Error('down') }), { mode: 'sign-in', now: at(NOW) });
    expect(storage().getItem(STORAGE_KEYS.authToken)).toBe('tok');
    expect(storage().getItem(STORAGE_KEYS.authUser)).not.toBeNull();
  });

  it('treats navigation as required too (the spec lists only the three tolerated failures)', async () => {
    const fake = fakeInitialisers({ navigation: new Error('no routes') });
    const outcome = await initialiseApp(RETURNING, fake, { mode: 'sign-in', now: at(NOW) });
    expect(outcome).toMatchObject({ ok: false, failedStep: 'navigation' });
    expect(fake.calls).toEqual(['documents', 'navigation', 'reset']);
  });

  it('still reports the abort when clearing the state fails as well', async () => {
    const fake = fakeInitialisers({ checklist: new Error('down') });
    fake.resetState = jest.fn(() => Promise.reject(new Error('cache gone')));
    await expect(initialiseApp(RETURNING, fake, { mode: 'sign-in', now: at(NOW) })).resolves.toMatchObject({ ok: false, failedStep: 'checklist' });
  });

  it('on a restored session, a checklist failure stops the sequence but clears nothing (the pages show their own errors)', async () => {
    putMarker(7, NOW - 10 * MINUTE);
    const fake = fakeInitialisers({ checklist: new Error('down') });
    const outcome = await initialiseApp(RETURNING, fake, { mode: 'restore', now: at(NOW) });
    expect(outcome).toMatchObject({ ok: false, failedStep: 'checklist' });
    expect(fake.calls).toEqual(['documents', 'navigation', 'checklist']);
    expect(readInitialisedMarker()).toMatchObject({ userId: 7, timestamp: NOW - 10 * MINUTE });
  });
});

describe('a refused session (401/403: revoked, e.g. the account was deactivated)', () => {
  it.each<InitialisationStep>(['documents', 'journal', 'dashboard'])('stops the sequence even at the tolerated %s step (every later step would be refused too)', async (step) => {
    const refusal = new SessionRefused('refused');
    const fake = fakeInitialisers({ [step]: refusal });
    const outcome = await initialiseApp(RETURNING, fake, { mode: 'restore', now: at(NOW) });
    const stoppedAt = INITIALISATION_STEPS.indexOf(step);
    expect(fake.calls).toEqual(INITIALISATION_STEPS.slice(0, stoppedAt + 1));
    expect(outcome).toMatchObject({ ok: false, failedStep: step, error: refusal, sessionRefused: true });
  });

  it('on a restored session clears nothing and writes no marker: ending the session is the expiry handler\'s', async () => {
    putMarker(7, NOW - 10 * MINUTE);
    storage().setItem(STORAGE_KEYS.authToken, 'tok');
    const fake = fakeInitialisers({ documents: new SessionRefused('refused') });
    await initialiseApp(RETURNING, fake, { mode: 'restore', now: at(NOW) });
    expect(fake.resetState).not.toHaveBeenCalled();
    expect(readInitialisedMarker()).toMatchObject({ timestamp: NOW - 10 * MINUTE });
    expect(storage().getItem(STORAGE_KEYS.authToken)).toBe('tok');
  });

  it('right after sign-in fails the initialisation like a required step (state cleared, no marker; the form reports it)', async () => {
    putMarker(7, NOW - 10 * MINUTE);
    const fake = fakeInitialisers({ journal: new SessionRefused('refused') });
    const outcome = await initialiseApp(RETURNING, fake, { mode: 'sign-in', now: at(NOW) });
    expect(fake.calls).toEqual(['documents', 'navigation', 'checklist', 'journal', 'reset']);
    expect(outcome).toMatchObject({ ok: false, failedStep: 'journal', sessionRefused: true });
    expect(storage().getItem(STORAGE_KEYS.appInitialised)).toBeNull();
  });
});

describe('a session that ends while the sequence runs (sign-out, expiry)', () => {
  it.each<InitialisationMode>(['restore', 'sign-in'])('on %s, already over when it starts (it ended while this code loaded), runs nothing and writes nothing', async (mode) => {
    window.localStorage.clear();
    const fake = fakeInitialisers();
    const outcome = await initialiseApp(RETURNING, fake, { mode, token: 'tok', now: at(NOW) });
    expect(fake.calls).toEqual([]);
    expect(outcome).toMatchObject({ ok: false, failedStep: 'documents', sessionRefused: true, error: new Error('The session ended during the initialisation') });
    expect(Object.keys(window.localStorage)).toEqual([]);
  });

  it('belongs to the session it was started for, not to one that replaced it meanwhile', async () => {
    window.localStorage.setItem(STORAGE_KEYS.authToken, 'another');
    const fake = fakeInitialisers();
    await expect(initialiseApp(RETURNING, fake, { mode: 'restore', token: 'tok', now: at(NOW) })).resolves.toMatchObject({ ok: false, sessionRefused: true });
    expect(fake.calls).toEqual([]);
    expect(storage().getItem(STORAGE_KEYS.authDebugLog)).toBeNull();
  });

  it.each<InitialisationMode>(['restore', 'sign-in'])('on %s stops at the next step and writes no marker and no log entry', async (mode) => {
    storage().setItem(STORAGE_KEYS.authToken, 'tok');
    const fake = fakeInitialisers();
    fake.steps.navigation = async () => {
      fake.calls.push('navigation');
      // What the end of a session leaves: nothing of the user.
      window.localStorage.clear();
    };
    const outcome = await initialiseApp(RETURNING, fake, { mode, now: at(NOW) });
    expect(fake.calls).toEqual(['documents', 'navigation']);
    expect(outcome).toMatchObject({ ok: false, failedStep: 'navigation', sessionRefused: true, error: new Error('The session ended during the initialisation') });
    expect(Object.keys(window.localStorage)).toEqual([]);
  });

  it("a first-time user's clean state (which drops caches as a session's end does) does not stop it", async () => {
    storage().setItem(STORAGE_KEYS.authToken, 'tok');
    const fake = fakeInitialisers();
    fake.resetState = async () => {
      fake.calls.push('reset');
      notifySessionEnded();
    };
    const outcome = await initialiseApp(NEW_HIRE, fake, { mode: 'sign-in', now: at(NOW) });
    expect(outcome.ok).toBe(true);
    expect(fake.calls).toEqual(['reset', ...INITIALISATION_STEPS]);
    expect(readInitialisedMarker()).toMatchObject({ userId: 8 });
  });
});

describe('first-time users', () => {
  it.each<[string, Partial<SessionUser>, boolean]>([
    ['no progress and never signed in', { completion_percentage: 0, last_login_at: null, created_at: new Date(NOW - 90 * 24 * HOUR).toISOString() }, true],
    ['no progress, signed in before, account under 24 h old', { completion_percentage: 0, last_login_at: new Date(NOW).toISOString(), created_at: new Date(NOW - 23 * HOUR - 59 * MINUTE).toISOString() }, true],
    ['no progress, account exactly 24 h old', { completion_percentage: 0, last_login_at: new Date(NOW).toISOString(), created_at: new Date(NOW - 24 * HOUR).toISOString() }, false],
    ['no progress, an old account signed in before', { completion_percentage: 0, last_login_at: new Date(NOW).toISOString(), created_at: new Date(NOW - 3 * 24 * HOUR).toISOString() }, false],
    ['progress, even on a brand-new account', { completion_percentage: 10, last_login_at: null, created_at: new Date(NOW - MINUTE).toISOString() }, false],
    ['no progress, unreadable creation time, signed in before', { completion_percentage: 0, last_login_at: new Date(NOW).toISOString(), created_at: 'not a date' }, false],
  ])('%s', (_case, fields, expected) => {
    expect(isFirstTimeUser({ ...RETURNING, ...fields }, NOW)).toBe(expected);
  });

  it('gets a clean state before anything loads: caches reset and the old marker removed; per-user data and the session stay', async () => {
    putMarker(99, NOW - MINUTE);
    storage().setItem(STORAGE_KEYS.viewedDocuments, '{"99":[1,2,3]}');
    storage().setItem(STORAGE_KEYS.authToken, 'tok');
    const fake = fakeInitialisers();
    const outcome = await initialiseApp(NEW_HIRE, fake, { mode: 'sign-in', now: at(NOW) });
    expect(fake.calls).toEqual(['reset', 'documents', 'navigation', 'checklist', 'journal', 'dashboard']);
    expect(storage().getItem(STORAGE_KEYS.viewedDocuments)).toBe('{"99":[1,2,3]}');
    expect(storage().getItem(STORAGE_KEYS.authToken)).toBe('tok');
    expect(outcome).toMatchObject({ ok: true, firstTimeUser: true });
    expect(storedMarker()).toEqual({ userId: 8, timestamp: NOW, isFirstTimeUser: true, version: '1.0' });
  });

  it('a returning user keeps their state (no reset)', async () => {
    const fake = fakeInitialisers();
    await initialiseApp(RETURNING, fake, { mode: 'sign-in', now: at(NOW) });
    expect(fake.resetState).not.toHaveBeenCalled();
  });

  it('a restored session never cleans up, first-time user or not', async () => {
    const fake = fakeInitialisers();
    const outcome = await initialiseApp(NEW_HIRE, fake, { mode: 'restore', now: at(NOW) });
    expect(fake.resetState).not.toHaveBeenCalled();
    expect(outcome).toMatchObject({ ok: true, firstTimeUser: true });
  });
});

describe('the app-initialised marker and the 5-minute dashboard skip', () => {
  it('is written after a successful initialisation with userId, timestamp, isFirstTimeUser and version 1.0', async () => {
    await initialiseApp(RETURNING, fakeInitialisers(), { mode: 'sign-in', now: at(NOW) });
    expect(storedMarker()).toEqual({ userId: 7, timestamp: NOW, isFirstTimeUser: false, version: '1.0' });
  });

  it.each([
    ['just now', true, 0],
    ['4 min 59 s ago', true, 5 * MINUTE - 1_000],
    ['exactly 5 min ago', false, 5 * MINUTE],
    ['an hour ago', false, HOUR],
  ])('the same user initialised %s: dashboard skipped %s', async (_when, skipped, age) => {
    putMarker(7, NOW - age);
    const fake = fakeInitialisers();
    const outcome = await initialiseApp(RETURNING, fake, { mode: 'restore', now: at(NOW) });
    expect(fake.steps.dashboard).toHaveBeenCalledTimes(skipped ? 0 : 1);
    expect(outcome).toMatchObject({ ok: true, skipped: skipped ? ['dashboard'] : [] });
    // A skip does not move the window: it still counts from the initialisation that loaded the dashboard.
    expect(storedMarker()).toMatchObject({ userId: 7, timestamp: skipped ? NOW - age : NOW });
  });

  it('never skips for another user, a marker of another version, or an unreadable marker', async () => {
    for (const marker of [
      JSON.stringify({ userId: 99, timestamp: NOW, isFirstTimeUser: false, version: '1.0' }),
      JSON.stringify({ userId: 7, timestamp: NOW, isFirstTimeUser: false, version: '0.9' }),
      '{not json',
    ]) {
      storage().setItem(STORAGE_KEYS.appInitialised, marker);
      const fake = fakeInitialisers();
      await initialiseApp(RETURNING, fake, { mode: 'restore', now: at(NOW) });
      expect(fake.steps.dashboard).toHaveBeenCalledTimes(1);
    }
  });

  it('a first-time user loads the dashboard even right after an earlier initialisation (the clean state drops the marker)', async () => {
    putMarker(8, NOW - MINUTE);
    const fake = fakeInitialisers();
    await initialiseApp(NEW_HIRE, fake, { mode: 'sign-in', now: at(NOW) });
    expect(fake.steps.dashboard).toHaveBeenCalledTimes(1);
  });

  it('dashboardRecentlyInitialised ignores a marker from the future (a changed clock)', () => {
    expect(dashboardRecentlyInitialised({ userId: 7, timestamp: NOW + MINUTE, isFirstTimeUser: false, version: '1.0' }, 7, NOW)).toBe(false);
    expect(dashboardRecentlyInitialised(null, 7, NOW)).toBe(false);
  });

  it('survives storage that refuses writes', async () => {
    const refusing = { getItem: (key: string) => (key === STORAGE_KEYS.authToken ? 'tok' : null), setItem: () => { throw new Error('full'); }, removeItem: () => undefined } as unknown as Storage;
    await expect(initialiseApp(RETURNING, fakeInitialisers(), { mode: 'sign-in', now: at(NOW), storage: refusing })).resolves.toMatchObject({ ok: true });
  });
});
