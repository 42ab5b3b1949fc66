// Against an older shell, whose shared-ui's replaceSessionToken stores the token and answers nothing.
import { readStoredSession, STORAGE_KEYS, type ApiClient } from '@embark/shared-ui';
import { createChangePasswordApi } from './change-password-api';

jest.mock('@embark/shared-ui', () => {
  const actual = jest.requireActual<typeof import('@embark/shared-ui')>('@embark/shared-ui');
  return {
    ...actual,
    replaceSessionToken: (token: string, reason: string): void => {
      actual.replaceSessionToken(token, reason);
    },
  };
});

it('keeps the session going and does not end the fresh token it stored', async () => {
  window.localStorage.setItem(STORAGE_KEYS.authToken, 'old-token');
  const post = jest.fn((_path: string, _body?: unknown, _options?: unknown) => Promise.resolve({ token: 'fresh-token' }));
  await createChangePasswordApi({ post } as unknown as ApiClient).changePassword('Employee12345', 'NewPassw0rd');
  expect(readStoredSession().token).toBe('fresh-token');
  expect(post).toHaveBeenCalledTimes(1);
});
