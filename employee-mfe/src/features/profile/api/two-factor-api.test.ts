import { readStoredSession, STORAGE_KEYS, type ApiClient } from '@embark/shared-ui';
import { createTwoFactorApi } from './two-factor-api';

function clientAnswering(answer: unknown) {
  const post = jest.fn((_path: string, _body?: unknown) => Promise.resolve(answer));
  const client = { post, get: jest.fn(), put: jest.fn(), patch: jest.fn(), delete: jest.fn(), request: jest.fn() } as unknown as ApiClient;
  return { client, post };
}

describe('two-factor api', () => {
  beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.authToken, 'old-token'));

  it('enables with the code and the password and keeps the session with the fresh token', async () => {
    const { client, post } = clientAnswering({ enabled: true, backupCodes: ['a'], token: 'fresh-token' });
    await expect(createTwoFactorApi(client).enable('123456', 'Employee12345')).resolves.toEqual(['a']);
    expect(post).toHaveBeenCalledWith('/auth/2fa/enable', { token: '123456', password: 'Employee12345' });
    expect(readStoredSession().token).toBe('fresh-token');
  });

  it('disables and regenerates with the password, swapping the token', async () => {
    const first = clientAnswering({ enabled: false, token: 't2' });
    await createTwoFactorApi(first.client).disable('pw');
    expect(first.post).toHaveBeenCalledWith('/auth/2fa/disable', { password: 'pw' });
    expect(readStoredSession().token).toBe('t2');
    const second = clientAnswering({ backupCodes: ['b'] });
    await expect(createTwoFactorApi(second.client).regenerateBackupCodes('pw')).resolves.toEqual(['b']);
    expect(second.post).toHaveBeenCalledWith('/auth/2fa/backup-codes/regenerate', { password: 'pw' });
    expect(readStoredSession().token).toBe('t2');
  });

  it('a session another user took over meanwhile is left alone; the fresh token is ended on the server', async () => {
    const post = jest.fn((path: string, _body?: unknown, _options?: unknown) => {
      if (path === '/auth/logout') return Promise.reject(new Error('offline'));
      window.localStorage.setItem(STORAGE_KEYS.authToken, 'someone-else');
      return Promise.resolve({ backupCodes: ['c'], token: 'fresh-token' });
    });
    const client = { post } as unknown as ApiClient;
    // A failed logout is not the change's failure: the codes still show.
    await expect(createTwoFactorApi(client).regenerateBackupCodes('pw')).resolves.toEqual(['c']);
    expect(readStoredSession().token).toBe('someone-else');
    expect(post).toHaveBeenLastCalledWith('/auth/logout', undefined, { headers: { Authorization: 'Bearer fresh-token' }, reportSessionExpiry: false });
  });
});
