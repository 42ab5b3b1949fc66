import { clearAuthDebugLog, logAuthEvent, readAuthDebugLog, tokenPreview } from './auth-debug-log';
import { LIMITS } from './constants';
import { STORAGE_KEYS } from './storage';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJlLXRoYXQtaXMtbG9uZw';

describe('auth debug log', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps entries in localStorage under the kit key, oldest first', () => {
    logAuthEvent('login.attempt', { details: { email: 'a@example.com' } });
    logAuthEvent('login.success', { token: TOKEN });
    const entries = readAuthDebugLog();
    expect(entries.map((e) => e.event)).toEqual(['login.attempt', 'login.success']);
    expect(entries[0]?.details).toEqual({ email: 'a@example.com' });
    expect(Date.parse(entries[0]?.at ?? '')).not.toBeNaN();
    expect(window.localStorage.getItem(STORAGE_KEYS.authDebugLog)).toContain('login.success');
  });

  it('keeps only the newest 100 entries', () => {
    for (let i = 0; i < 130; i += 1) logAuthEvent(`event.${i}`);
    const entries = readAuthDebugLog();
    expect(entries).toHaveLength(LIMITS.authDebugLogEntries);
    expect(entries).toHaveLength(100);
    expect(entries[0]?.event).toBe('event.30');
    expect(entries[99]?.event).toBe('event.129');
  });

  it('tells apart two tokens of one server, which share their first characters (the encoded header)', () => {
    const header = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9';
    expect(tokenPreview(`${header}.eyJzdWIiOiIxIn0.first-signature-abcdefghij`)).not.toBe(tokenPreview(`${header}.eyJzdWIiOiIxIn0.other-signature-klmnopqrst`));
  });

  it('stores a 20-character token preview and never the whole token', () => {
    logAuthEvent('login.success', { token: TOKEN, details: { token: TOKEN, authorization: `Bearer ${TOKEN}`, password: 'hunter22', code: '123456' } });
    const [entry] = readAuthDebugLog();
    expect(entry?.tokenPreview).toBe(TOKEN.slice(-20));
    expect(entry?.tokenPreview).toHaveLength(20);
    expect(tokenPreview(TOKEN)).toHaveLength(20);
    expect(entry?.details).toEqual({ token: TOKEN.slice(-20), authorization: TOKEN.slice(-20) });
    const raw = window.localStorage.getItem(STORAGE_KEYS.authDebugLog) ?? '';
    expect(raw).not.toContain(TOKEN);
    expect(raw).not.toContain('hunter22');
    expect(raw).not.toContain('123456');
  });

  it('reads a corrupt log as empty and starts over', () => {
    window.localStorage.setItem(STORAGE_KEYS.authDebugLog, '{not json');
    expect(readAuthDebugLog()).toEqual([]);
    logAuthEvent('session.check');
    expect(readAuthDebugLog()).toHaveLength(1);
    window.localStorage.setItem(STORAGE_KEYS.authDebugLog, JSON.stringify([{ at: 'x', event: 'ok' }, 42, { event: 'no time' }]));
    expect(readAuthDebugLog()).toEqual([{ at: 'x', event: 'ok' }]);
  });

  it('never throws when storage fails', () => {
    const failing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => logAuthEvent('x', {}, failing)).not.toThrow();
    expect(readAuthDebugLog(failing)).toEqual([]);
    expect(() => clearAuthDebugLog(failing)).not.toThrow();
  });

  it('can be cleared', () => {
    logAuthEvent('x');
    clearAuthDebugLog();
    expect(readAuthDebugLog()).toEqual([]);
  });
});
