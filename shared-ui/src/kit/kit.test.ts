import { HTTP_ERROR_MESSAGES } from './messages';
import { messageForHttpFailure } from './http-errors';
import { progressTone } from './constants';
import { authHeaders, readAuthToken, STORAGE_KEYS } from './storage';
import { formatDocumentTitle } from './document-title';

describe('messageForHttpFailure (the message by status)', () => {
  it.each([
    [{}, HTTP_ERROR_MESSAGES.noResponse],
    [{ status: 0 }, HTTP_ERROR_MESSAGES.noResponse],
    [{ status: 401, error: 'jwt expired' }, 'Your session has expired. Please log in again.'],
    [{ status: 403 }, 'You do not have permission to perform this action.'],
    [{ status: 404 }, 'The requested resource was not found.'],
    [{ status: 500, error: 'stack…' }, 'A server error occurred. Please try again later.'],
    [{ status: 503 }, HTTP_ERROR_MESSAGES.server],
    [{ status: 418, error: 'I am a teapot' }, 'I am a teapot'],
    [{ status: 409 }, 'An unexpected error occurred.'],
    [{ timedOut: true, status: 0 }, 'Request timed out. Please try again.'],
    [{ offline: true }, 'Network connection lost. Please check your internet connection and try again.'],
  ])('%j → %s', (failure, expected) => {
    expect(messageForHttpFailure(failure)).toBe(expected);
  });

  it('joins the details of a 400, else uses the error text, else the default', () => {
    expect(messageForHttpFailure({ status: 400, details: ['Name is required', 'Email is invalid'], error: 'x' })).toBe(
      'Name is required, Email is invalid',
    );
    expect(messageForHttpFailure({ status: 400, details: [], error: 'Bad role' })).toBe('Bad role');
    expect(messageForHttpFailure({ status: 400, error: '  ' })).toBe('Please check your input and try again.');
  });
});

describe('progressTone', () => {
  it('uses the 100/75/50 thresholds', () => {
    expect([120, 100, 99, 75, 74.9, 50, 49, 0].map(progressTone)).toEqual([
      'complete',
      'complete',
      'good',
      'good',
      'warning',
      'warning',
      'danger',
      'danger',
    ]);
  });
});

describe('auth storage helpers', () => {
  it('reads the token under the kit key, ignoring blanks and storage errors', () => {
    const store = new Map<string, string>([[STORAGE_KEYS.authToken, 'abc']]);
    expect(readAuthToken({ getItem: (k) => store.get(k) ?? null })).toBe('abc');
    expect(readAuthToken({ getItem: () => ' ' })).toBeNull();
    expect(
      readAuthToken({
        getItem: () => {
          throw new Error('SecurityError');
        },
      }),
    ).toBeNull();
  });

  it('reads window.localStorage by default', () => {
    window.localStorage.setItem(STORAGE_KEYS.authToken, 'from-storage');
    expect(readAuthToken()).toBe('from-storage');
    window.localStorage.clear();
    expect(readAuthToken()).toBeNull();
  });

  it('builds a bearer header only when signed in', () => {
    expect(authHeaders('t0k')).toEqual({ Authorization: 'Bearer t0k' });
    expect(authHeaders(null)).toEqual({});
  });
});

describe('formatDocumentTitle', () => {
  it('suffixes the brand, or falls back to the product title', () => {
    expect(formatDocumentTitle('Dashboard')).toBe('Dashboard — Embark');
    expect(formatDocumentTitle('')).toBe('Embark — Onboarding Portal');
    expect(formatDocumentTitle()).toBe('Embark — Onboarding Portal');
  });
});
